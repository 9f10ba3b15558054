/**
 * The app shell: protected layout, navigation, logout, not-found, route errors, session expiry,
 * titles and focus — the real routes against the real gateway + demo ERP (tests/harness).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fetchErp } from '../../src/api/erp-call';
import { agingListCall } from '../../src/contract/erp';
import { UnauthenticatedError } from '../../src/domain/errors';
import { recordOpened, togglePinned } from '../../src/lib/account-shortcuts';
import { actUntil, mswServer, renderApp, type DemoShape } from '../harness';

const SHAPES: DemoShape[] = ['wex']; // one UI pass; every answer shape is read in tests/reader/shapes.test.ts

describe.each(SHAPES)('shell (ERP shape %s)', (shape) => {
  it('asks the server for the session: without one, every protected page goes to /login?next=…', async () => {
    const app = await renderApp('/invoices?no=F-1&firma=abc', { shape });
    await screen.findByRole('heading', { level: 1, name: 'Giriş' });
    expect(app.path()).toBe(`/login?next=${encodeURIComponent('/invoices?no=F-1&firma=abc')}`);
    expect(app.env.calls).toContain('GET /api/session');
    expect(app.env.calls.filter((c) => c.startsWith('POST /api/erp/'))).toEqual([]);
  });

  it('logs out: back to /login, header gone, Back and /accounts show no data but the login page', async () => {
    const app = await renderApp('/accounts', { shape, loggedIn: true });
    const header = await screen.findByRole('banner');
    // The account list has loaded: its data is in the cache before logout.
    await waitFor(() => expect(app.env.calls).toContain('POST /api/erp/get_cari'));
    await waitFor(() =>
      expect(
        app.queryClient
          .getQueryCache()
          .getAll()
          .some((q) => q.queryKey[0] === 'accounts' && q.state.status === 'success'),
      ).toBe(true),
    );
    await app.user.click(within(header).getByRole('button', { name: 'Çıkış' }));

    await screen.findByRole('heading', { level: 1, name: 'Giriş' });
    expect(app.path()).toBe('/login');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(app.env.calls).toContain('DELETE /api/session');
    expect(
      app.queryClient
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.data !== undefined && q.queryKey[0] !== 'config'),
    ).toEqual([]);

    // Back: the protected layout asks the server again and is refused.
    await actUntil(app, () => app.router.navigate(-1));
    expect(app.path()).toBe('/login?next=%2Faccounts');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Cariler' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();

    await actUntil(app, () => app.router.navigate('/accounts'));
    expect(app.path()).toBe('/login?next=%2Faccounts');
    expect(screen.getByRole('heading', { level: 1, name: 'Giriş' })).toBeInTheDocument();
  });
});

describe('logout and the browser’s storage', () => {
  it('forgets the pinned and recently opened account names', async () => {
    togglePinned({ id: '1005', name: 'PİNLİ FİRMA A.Ş.' });
    recordOpened({ id: '1007', name: 'SON AÇILAN LTD.' });
    const KEY = 'cari-ekran.account-shortcuts.v1';
    expect(localStorage.getItem(KEY)).toContain('PİNLİ FİRMA A.Ş.');

    const app = await renderApp('/accounts', { loggedIn: true });
    const header = await screen.findByRole('banner');
    // The pinned shortcut is shown (with the account's current name once the list is loaded).
    const pinnedNav = await screen.findByRole('navigation', { name: 'Sabitlenenler' });
    expect(within(pinnedNav).getByRole('link')).toHaveAttribute('href', '/accounts/1005');
    await app.user.click(within(header).getByRole('button', { name: 'Çıkış' }));
    await screen.findByRole('heading', { level: 1, name: 'Giriş' });

    expect(localStorage.getItem(KEY)).toBeNull();
    expect(Object.keys(localStorage).filter((k) => k.includes('shortcut'))).toEqual([]);
    expect(JSON.stringify({ ...localStorage })).not.toMatch(/PİNLİ|SON AÇILAN/);
  });

  it('forgets the column choices (column chooser) of every table', async () => {
    const app = await renderApp('/accounts', { loggedIn: true });
    const header = await screen.findByRole('banner');
    await screen.findByRole('grid', { name: 'Cari listesi' });
    await app.user.click(screen.getByRole('button', { name: 'Sütunlar' }));
    await app.user.click(within(screen.getByRole('group', { name: 'Sütunlar' })).getByRole('checkbox', { name: 'Kategori' }));
    expect(screen.queryByRole('columnheader', { name: /Kategori/ })).toBeNull();
    expect(localStorage.getItem('cari-ekran.columns.v1.accounts')).toContain('category');

    await app.user.click(within(header).getByRole('button', { name: 'Çıkış' }));
    await screen.findByRole('heading', { level: 1, name: 'Giriş' });
    expect(Object.keys(localStorage).filter((k) => k.startsWith('cari-ekran.columns.'))).toEqual([]);
  });
});

describe('shell', () => {
  it('has a skip link, landmarks, navigation with the current page marked, and the user name', async () => {
    await renderApp('/aging', { loggedIn: true });
    const header = await screen.findByRole('banner');
    expect(header).toHaveClass('no-print');
    const nav = within(header).getByRole('navigation', { name: 'Ana menü' });
    expect(within(nav).getByRole('link', { name: 'Yaşlandırma' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Cariler' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Faturalar' })).toHaveAttribute('href', '/invoices');
    expect(within(header).getByText(DEMO_NAME)).toBeInTheDocument();
    // Where a narrow window hides the name (styles.css), the button's tooltip still says who is signed in.
    expect(within(header).getByRole('button', { name: 'Çıkış' })).toHaveAttribute('title', `Oturum açan kullanıcı: ${DEMO_NAME}`);
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    const skip = screen.getByRole('link', { name: 'İçeriğe geç' });
    expect(skip).toHaveAttribute('href', '#main');
    expect(document.title).toBe('Yaşlandırma — Cari Ekran');
  });

  it('marks Cariler as current on an account statement', async () => {
    await renderApp('/accounts/1', { loggedIn: true });
    const nav = await screen.findByRole('navigation', { name: 'Ana menü' });
    expect(within(nav).getByRole('link', { name: 'Cariler' })).toHaveAttribute('aria-current', 'page');
  });

  it('/ is the Özet page, first in the menu', async () => {
    const app = await renderApp('/', { loggedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Özet' });
    expect(app.path()).toBe('/');
    expect(document.title).toBe('Özet — Cari Ekran');
    const nav = screen.getByRole('navigation', { name: 'Ana menü' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Özet', 'Cariler', 'Yaşlandırma', 'Faturalar', 'Mutabakat', 'Ba/Bs', 'Tahsilat']);
    expect(within(nav).getByRole('link', { name: 'Özet' })).toHaveAttribute('aria-current', 'page');
  });

  it('navigating by the menu updates the title and moves focus to the page heading', async () => {
    const app = await renderApp('/accounts', { loggedIn: true });
    const nav = await screen.findByRole('navigation', { name: 'Ana menü' });
    await app.user.click(within(nav).getByRole('link', { name: 'Faturalar' }));

    await waitFor(() => expect(app.path()).toBe('/invoices'));
    await waitFor(() => expect(document.title).toBe('Faturalar — Cari Ekran'));
    const h1 = within(screen.getByRole('main')).getByRole('heading', { level: 1 });
    await waitFor(() => expect(h1).toHaveFocus());
    expect(within(nav).getByRole('link', { name: 'Faturalar' })).toHaveAttribute('aria-current', 'page');
  });

  it("a page whose title is not among the first screen's messages still gets it (read when its code is in)", async () => {
    // "Mutabakat mektupları" lives in the letter messages, which /login's bundle does not carry.
    await renderApp('/mutabakat', { loggedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Mutabakat mektupları' });
    expect(document.title).toBe('Mutabakat mektupları — Cari Ekran');
  });

  it('shows a not-found page inside the shell for an unknown address', async () => {
    await renderApp('/boyle-bir-sayfa-yok', { loggedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sayfa bulunamadı' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cariler sayfasına git' })).toHaveAttribute('href', '/accounts');
    expect(document.title).toBe('Sayfa bulunamadı — Cari Ekran');
  });

  it('shows a plain message with retry when the app cannot start, and recovers on retry', async () => {
    mswServer.use(
      http.get(
        '*/api/config',
        () => new HttpResponse('<html><body>Internal Server Error at Foo.cfc line 12</body></html>', { status: 500, headers: { 'content-type': 'text/html' } }),
        { once: true },
      ),
    );
    const app = await renderApp('/accounts', { loggedIn: true });

    expect(await screen.findByRole('heading', { level: 1, name: 'Bir sorun oluştu' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).not.toMatch(/<|html|Foo\.cfc|Error at|\[object Object\]|undefined/);
    expect(alert.textContent?.trim()).not.toBe('');
    expect(screen.getByRole('button', { name: 'Geri dön' })).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(app.path()).toBe('/accounts');
  });

  it('an expired session during work goes to /login?next=<page> with a notice, and back after login', async () => {
    const app = await renderApp('/aging?firma=abc', { loggedIn: true });
    await screen.findByRole('banner');
    // The server forgets the session (idle time-out, restart): the next data call gets 401.
    app.env.jar.clear();
    let failure: unknown;
    await actUntil(
      app,
      () => app.queryClient.fetchQuery({ queryKey: ['probe', 'erp'], queryFn: () => fetchErp(agingListCall('abc')) }).catch((e: unknown) => (failure = e)),
      () => app.router.state.location.pathname === '/login',
    );
    expect(failure).toBeInstanceOf(UnauthenticatedError);

    await screen.findByRole('heading', { level: 1, name: 'Giriş' });
    expect(app.path()).toBe(`/login?next=${encodeURIComponent('/aging?firma=abc')}`);
    expect(screen.getByText('Oturumunuzun süresi doldu. Lütfen yeniden giriş yapın.')).toBeInTheDocument();
    expect(app.queryClient.getQueryData(['probe', 'erp'])).toBeUndefined();

    await app.user.type(screen.getByLabelText('Kullanıcı adı'), 'demo');
    await app.user.type(screen.getByLabelText('Şifre'), 'demo');
    await app.user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    await screen.findByRole('banner');
    expect(app.path()).toBe('/aging?firma=abc');
  });
});

// The display name the demo ERP's get_user returns for "demo" (server/demo-erp dataset).
const DEMO_NAME = 'Demo Kullanıcı';
