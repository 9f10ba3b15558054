// Login, deep links and logout in a real browser, starting with no session.
import { account, LOGIN_FAILED_MESSAGE, SPECIAL_ACCOUNTS } from './data';
import { checkPage, expect, login, test } from './fixtures';

test.use({ storageState: { cookies: [], origins: [] } });

test('wrong password shows the one failed-login message (never the ERP’s own text), then the right password logs in', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Giriş' })).toBeVisible();
  await checkPage(page, 'login');

  await login(page, 'muhasebe', 'yanlis-sifre');
  // The gateway's one message for every failed login: the demo ERP's own text (with its "!") is not passed on.
  await expect(page.getByRole('alert')).toHaveText(LOGIN_FAILED_MESSAGE);
  await expect(page).toHaveURL(/\/login$/);
  await checkPage(page, 'login-wrong-password');

  await page.getByLabel('Şifre', { exact: true }).fill('Mali2026!');
  await page.getByRole('button', { name: 'Giriş yap' }).click();
  // After login: the Özet home page.
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('heading', { level: 1, name: 'Özet' })).toBeVisible();
  await expect(page.getByText('Ayşe', { exact: false }).first()).toBeVisible();
});

test('a protected deep link goes to login and, after login, back to that link', async ({ page }) => {
  const target = account(SPECIAL_ACCOUNTS.quoted);
  const deepLink = `/accounts/${target.id}`;
  await page.goto(deepLink);
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('next') === deepLink);
  await login(page);
  await expect(page).toHaveURL((url) => url.pathname === deepLink);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(target.name);
});

test('logout, then Back shows no account data; the old cookie is dead', async ({ page, context, baseURL }) => {
  const known = account(SPECIAL_ACCOUNTS.quoted);
  await page.goto('/login');
  await login(page);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Cariler' }).click();
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByText(known.name).first()).toBeVisible();
  const cookieHeader = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  expect(cookieHeader).not.toBe('');

  await page.getByRole('button', { name: 'Çıkış' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1, name: 'Giriş' })).toBeVisible();

  await page.goBack();
  // Back lands on the login page again (the server has no session), and no account is shown.
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1, name: 'Giriş' })).toBeVisible();
  await expect(page.getByText(known.name)).toHaveCount(0);

  // The browser has no session any more, and the data cannot be fetched.
  const after = await page.evaluate(async () => {
    const s = await fetch('/api/session', { headers: { 'x-app-request': '1' } });
    const erp = await fetch('/api/erp/get_cari', {
      method: 'POST',
      headers: { 'x-app-request': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ firma_ismi: '' }),
    });
    return { session: (await s.json()) as { user: unknown }, erpStatus: erp.status };
  });
  expect(after.session.user ?? null).toBeNull();
  expect(after.erpStatus).toBe(401);

  // A copy of the old cookie (e.g. taken before logout) is refused too.
  const replay = await fetch(`${baseURL}/api/erp/get_cari`, {
    method: 'POST',
    headers: { cookie: cookieHeader, 'x-app-request': '1', 'content-type': 'application/json', origin: baseURL! },
    body: JSON.stringify({ firma_ismi: '' }),
  });
  await replay.arrayBuffer();
  expect(replay.status).toBe(401);
});
