import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NavLink, Outlet, useLoaderData, useNavigate, useNavigation } from 'react-router-dom';
import { logout } from '../api/session';
import { clearShortcuts } from '../lib/account-shortcuts';
// Straight from its module: the table itself (react-table, virtualizer) is not part of the first screen.
import { clearColumnPrefs } from '../components/data-table/column-store';
import { t } from '../i18n';
import { QuickInvoiceBox } from '../features/invoices/quick-invoice-box';
import type { SessionUser } from '../domain/erp-types';

const NAV = [
  { to: '/', label: () => t('common.nav.overview') },
  { to: '/accounts', label: () => t('common.nav.accounts') },
  { to: '/aging', label: () => t('common.nav.aging') },
  { to: '/invoices', label: () => t('common.nav.invoices') },
  { to: '/mutabakat/donemler', label: () => t('mut.nav') },
  { to: '/babs', label: () => t('babs.nav') },
  { to: '/tahsilat', label: () => t('col.nav') },
] as const;

/** The protected layout: skip link, header (app name, navigation, quick invoice box, user, Çıkış), main. */
export function AppShell() {
  const { user } = useLoaderData() as { user: SessionUser };
  const navigation = useNavigation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [loggingOut, setLoggingOut] = useState(false);
  const [logoutFailed, setLogoutFailed] = useState(false);

  async function onLogout() {
    setLoggingOut(true);
    setLogoutFailed(false);
    try {
      await logout();
    } catch {
      setLoggingOut(false);
      setLogoutFailed(true);
      return;
    }
    // Leave the protected pages first (their data observers unmount), then drop every cached
    // answer: going Back shows nothing until the server confirms a session again.
    await navigate('/login');
    queryClient.clear();
    clearShortcuts();
    clearColumnPrefs();
  }

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header className="app-header no-print">
        <div className="app-header__inner">
          <NavLink to="/" className="app-header__brand">
            {t('common.appName')}
          </NavLink>
          <nav aria-label={t('common.nav.label')} className="app-nav">
            <ul>
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === '/'}>
                    {item.label()}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="app-header__quick">
            <QuickInvoiceBox />
          </div>
          <div className="app-header__user">
            <span className="app-header__user-name">
              <span className="visually-hidden">{t('common.user.label')}: </span>
              {user.name || user.userName}
            </span>
            <button
              type="button"
              className="button button--ghost"
              onClick={onLogout}
              disabled={loggingOut}
              title={`${t('common.user.label')}: ${user.name || user.userName}`}
            >
              {loggingOut ? t('common.logout.pending') : t('common.logout')}
            </button>
          </div>
        </div>
        {logoutFailed && (
          <p role="alert" className="app-header__alert">
            {t('common.logout.failed')}
          </p>
        )}
      </header>
      <div className={navigation.state === 'loading' ? 'nav-progress nav-progress--active' : 'nav-progress'} aria-hidden="true" />
      <main id="main" tabIndex={-1} className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
