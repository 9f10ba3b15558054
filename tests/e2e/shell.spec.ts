// The app shell: an unknown address inside the app, and the keyboard's first stop.
import { checkPage, expect, test } from './fixtures';

test('an unknown address shows “Sayfa bulunamadı” inside the shell, with the menu still there', async ({ page }) => {
  await page.goto('/boyle-bir-sayfa-yok');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sayfa bulunamadı');
  await expect(page.getByRole('navigation', { name: 'Ana menü' })).toBeVisible();
  await checkPage(page, 'not-found');
  await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Cariler' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cariler');
});

test('the first Tab reaches “İçeriğe geç”, which moves focus to the page content', async ({ page }) => {
  await page.goto('/aging');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yaşlandırma');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'İçeriğe geç' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});
