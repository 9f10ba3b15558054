import { Link } from 'react-router-dom';
import type { Account } from '../../domain/erp-types';
import { t } from '../../i18n';
import { useAccountShortcuts, type AccountRef } from '../../lib/account-shortcuts';
import { BalanceText } from '../balance';
import './shortcuts.css';

/** Pinned and recently opened accounts (kept in this browser), above the list. */
export function ShortcutsBar({ byId, linkState }: { byId: ReadonlyMap<string, Account>; linkState: unknown }) {
  const { pinned, recent } = useAccountShortcuts();
  if (pinned.length === 0 && recent.length === 0) return null;
  const group = (id: string, title: string, refs: AccountRef[]) =>
    refs.length > 0 && (
      <nav className="shortcuts__group" aria-labelledby={id}>
        <h2 id={id} className="shortcuts__title">
          {title}
        </h2>
        <ul className="shortcuts__list">
          {refs.map((r) => {
            const account = byId.get(r.id);
            return (
              <li key={r.id} className="shortcut">
                <Link to={`/accounts/${encodeURIComponent(r.id)}`} state={linkState} className="shortcut__link">
                  {account?.name ?? r.name}
                </Link>
                {account?.balance != null && (
                  <span className="shortcut__balance num">
                    <BalanceText minor={account.balance} />
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
    );
  return (
    <div className="shortcuts">
      {group('shortcuts-pinned', t('accounts.shortcuts.pinned'), pinned)}
      {group('shortcuts-recent', t('accounts.shortcuts.recent'), recent)}
    </div>
  );
}
