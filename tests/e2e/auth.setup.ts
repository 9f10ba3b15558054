// Logs in once per run through the real form and saves the session cookie (storageState)
// for the journeys that start logged in.
import { authFile } from './env';
import { expect, login, test } from './fixtures';

test('log in once and keep the session', async ({ page }) => {
  await page.goto('/login');
  await login(page, 'demo', 'demo');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.context().storageState({ path: authFile });
});
