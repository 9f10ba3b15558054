/**
 * Login flows through the real routes, the real gateway and the demo ERP (tests/harness),
 * in two answer shapes of the ERP.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configQuery } from '../../src/api/session';
import { mswServer, renderApp, setDemoFail, type DemoShape } from '../harness';

const SHAPES: DemoShape[] = ['wex']; // one UI pass; every answer shape is read in tests/reader/shapes.test.ts

async function fillLogin(user: import('../harness').RenderedApp['user'], userName: string, password: string) {
  await user.type(await screen.findByLabelText('Kullanıcı adı'), userName);
  await user.type(screen.getByLabelText('Şifre'), password);
  await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
}

// Issue 23: opening the app without a session sent get_cari and get_yaslandirma (the route's early
// calls), which came back 401 into the console and the gateway's audit log.
describe('before the login', () => {
  it('opening Özet, the list or a statement link without a session sends nothing to the ERP; after the login Özet asks for its two lists', async () => {
    const erpCalls: string[] = [];
    const record = ({ request }: { request: Request }) => {
      const path = new URL(request.url).pathname;
      if (path.startsWith('/api/erp/')) erpCalls.push(path);
    };
    mswServer.events.on('request:start', record);
    try {
      for (const path of ['/accounts', '/accounts/1000']) {
        await renderApp(path);
        expect(await screen.findByRole('heading', { level: 1, name: 'Giriş' })).toBeInTheDocument();
        cleanup();
      }
      const app = await renderApp('/');
      expect(await screen.findByRole('heading', { level: 1, name: 'Giriş' })).toBeInTheDocument();
      expect(erpCalls).toEqual([]);

      await fillLogin(app.user, 'demo', 'demo');
      expect(await screen.findByRole('heading', { level: 1, name: 'Özet' })).toBeInTheDocument();
      await waitFor(() => expect([...erpCalls].sort()).toEqual(['/api/erp/get_cari', '/api/erp/get_yaslandirma']));
    } finally {
      mswServer.events.removeListener('request:start', record);
    }
  });
});

describe.each(SHAPES)('login (ERP shape %s)', (shape) => {
  it('logs in and lands on Özet (/) with the user in the header', async () => {
    const app = await renderApp('/login', { shape });
    expect(await screen.findByRole('heading', { level: 1, name: 'Giriş' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();

    await fillLogin(app.user, 'muhasebe', 'Mali2026!');

    const header = await screen.findByRole('banner');
    expect(app.path()).toBe('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Özet' })).toBeInTheDocument();
    expect(within(header).getByText(MUHASEBE_NAME)).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Çıkış' })).toBeInTheDocument();
  });

  it('the login page starts in the user-name box; Ctrl+K pressed right after "Giriş yap" focuses the invoice box once it is there (issue 25)', async () => {
    const app = await renderApp('/login', { shape });
    const userBox = await screen.findByLabelText('Kullanıcı adı');
    await waitFor(() => expect(userBox).toHaveFocus());
    await app.user.keyboard('muhasebe');
    await app.user.type(screen.getByLabelText('Şifre'), 'Mali2026!');
    await app.user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    // Pressed before the app's header (and its invoice box) exists.
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    await app.user.keyboard('{Control>}k{/Control}');
    // Generous waits: the login's answer and the app's header take their time on a busy machine.
    const box = await screen.findByRole('searchbox', { name: 'Fatura no ile aç' }, { timeout: 15_000 });
    await screen.findByRole('heading', { level: 1, name: 'Özet' }, { timeout: 15_000 });
    await waitFor(() => expect(box).toHaveFocus(), { timeout: 5000 });
  });

  it('shows the one failed-login message (never the ERP’s own text) for a wrong user password and stays on /login', async () => {
    const app = await renderApp('/login', { shape });
    await fillLogin(app.user, 'demo', 'yanlis-sifre');

    expect(await screen.findByRole('alert')).toHaveTextContent('Kullanıcı adı veya şifre hatalı.');
    expect(app.path()).toBe('/login');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    // The form is usable again.
    expect(screen.getByRole('button', { name: 'Giriş yap' })).toBeEnabled();
  });

  it('explains a wrong ERP API password in plain words, without the raw answer or the password', async () => {
    const app = await renderApp('/login', { shape, wrongApiPassword: true });
    await fillLogin(app.user, 'demo', 'demo');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/ERP sunucusu erişimi reddetti/);
    expect(alert.textContent).toMatch(/sistem yöneticinize/);
    expect(alert.textContent).not.toMatch(/Kullanıcı adı veya şifre hatalı/);
    expect(document.body.textContent).not.toContain(app.env.apiPassword);
    expect(app.path()).toBe('/login');
  });

  it.each([
    ['html500', /ERP sunucusu hata verdi \(HTTP 500\)/],
    ['html200', /ERP’den okunamayan bir yanıt geldi/],
  ] as const)('shows an ERP HTML error page (%s) as a clear message, not HTML', async (fail, expected) => {
    const app = await renderApp('/login', { shape, fail });
    await fillLogin(app.user, 'demo', 'demo');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(expected);
    expect(alert.textContent).not.toMatch(/<|html|DOCTYPE|undefined|\[object Object\]/i);
    expect(app.path()).toBe('/login');
  });

  it('goes back to the deep link after login (/accounts?q=abc)', async () => {
    const app = await renderApp('/accounts?q=abc', { shape });

    await screen.findByRole('heading', { level: 1, name: 'Giriş' });
    expect(app.path()).toBe('/login?next=%2Faccounts%3Fq%3Dabc');

    await fillLogin(app.user, 'demo', 'demo');
    await screen.findByRole('banner');
    expect(app.path()).toBe('/accounts?q=abc');
  });
});

describe('login page', () => {
  it('never follows a next that leaves the site', async () => {
    const app = await renderApp('/login?next=%2F%2Fevil.example%2Faccounts');
    await fillLogin(app.user, 'demo', 'demo');
    await screen.findByRole('banner');
    expect(app.path()).toBe('/');
  });

  it('shows the demo box with the demo credentials in demo mode, and its button fills the form', async () => {
    const app = await renderApp('/login', { demo: true });
    expect(await screen.findByText('Demo modu — örnek verilerle çalışıyorsunuz')).toBeInTheDocument();
    expect(screen.getByText('Kullanıcı: muhasebe · Şifre: Mali2026!')).toBeInTheDocument();
    expect(screen.getByText('Kullanıcı: demo · Şifre: demo')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'muhasebe bilgilerini doldur' }));
    expect(screen.getByLabelText('Kullanıcı adı')).toHaveValue('muhasebe');
    expect(screen.getByLabelText('Şifre')).toHaveValue('Mali2026!');
    await app.user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    expect(within(await screen.findByRole('banner')).getByText(MUHASEBE_NAME)).toBeInTheDocument();
  });

  it('shows no demo box and no demo password outside demo mode', async () => {
    const app = await renderApp('/login', { demo: false });
    await screen.findByRole('heading', { level: 1, name: 'Giriş' });
    // The /api/config answer has been read (it says: not demo) before asserting absence.
    await waitFor(() => expect(app.queryClient.getQueryData(configQuery.queryKey)).toMatchObject({ demo: false }));
    expect(screen.getByLabelText('Kullanıcı adı')).toBeEnabled();
    expect(screen.queryByText(/Demo modu/)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain('Mali2026!');
  });

  it('tells the user how long to wait after too many failed attempts (429)', async () => {
    const app = await renderApp('/login', { gateway: { loginLimit: { perUserAddress: 2 } } });
    const userName = await screen.findByLabelText('Kullanıcı adı');
    await app.user.type(userName, 'demo');
    const password = screen.getByLabelText('Şifre');
    for (let i = 0; i < 2; i++) {
      await app.user.clear(password);
      await app.user.type(password, `yanlis-${i}`);
      await app.user.click(screen.getByRole('button', { name: 'Giriş yap' }));
      await screen.findByText('Kullanıcı adı veya şifre hatalı.');
    }
    await app.user.clear(password);
    await app.user.type(password, 'demo');
    await app.user.click(screen.getByRole('button', { name: 'Giriş yap' }));

    const alert = await screen.findByText(/saniye sonra tekrar deneyin/);
    const seconds = Number(/(\d+) saniye/.exec(alert.textContent ?? '')?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(app.path()).toBe('/login');
  });

  it('disables the button while the login is on its way, then explains an ERP time-out', async () => {
    const app = await renderApp('/login', { gateway: { erpTimeoutMs: 300 } });
    await app.user.type(await screen.findByLabelText('Kullanıcı adı'), 'demo');
    await app.user.type(screen.getByLabelText('Şifre'), 'demo');
    setDemoFail('hang');
    await app.user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    expect(await screen.findByRole('button', { name: 'Giriş yapılıyor…' })).toBeDisabled();

    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toMatch(/zamanında yanıt vermedi|zaman aşımı/i);
    expect(screen.getByRole('button', { name: 'Giriş yap' })).toBeEnabled();
    expect(app.path()).toBe('/login');
  });

  it('sends a user who is already logged in from /login to Özet (/)', async () => {
    const app = await renderApp('/login', { loggedIn: true });
    await screen.findByRole('banner');
    expect(app.path()).toBe('/');
  });
});

// The display name the demo ERP's get_user returns for "muhasebe" (server/demo-erp dataset).
const MUHASEBE_NAME = 'Ayşe Yıldırım';

describe('Workcube’s own refusals, each said plainly (wex.cfm: empty 401, 404 "Wex not found…", 404 "Wex method not found!")', () => {
  it('a wrong ERP_SERVICE: the login says the service name is wrong, not "wrong password"', async () => {
    const app = await renderApp('/login', { shape: 'mobius', gateway: { erpService: 'mobiusmuss' } });
    await fillLogin(app.user, 'demo', 'demo');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/servisi tanımıyor/);
    expect(alert.textContent).toMatch(/ERP_SERVICE/);
    expect(alert.textContent).not.toMatch(/şifre|HTTP 404\)\. Lütfen biraz sonra/);
    expect(app.path()).toBe('/login');
  });

  it('an operation this installation has not deployed: the page says so (not "try again later")', async () => {
    await renderApp('/aging', { loggedIn: true, shape: 'mobius', demoErp: { undeployed: ['get_yaslandirma'] } });
    const alert = await screen.findByText(/işlem bu Workcube kurulumunda yüklü değil/);
    expect(alert.textContent).toMatch(/Wex method not found!/);
    expect(document.body.textContent).not.toMatch(/biraz sonra tekrar deneyin/);
  });
});
