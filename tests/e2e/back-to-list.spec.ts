// "← Cari listesine dön" returns to the list the user came from (issue 35 item 2): the search, filters
// and sort they had, not the whole list.
import { dataset, foldIndependently } from './data';
import { expect, test } from './fixtures';

const total = dataset.accounts.length;

test('“← Cari listesine dön” keeps the search the account was opened from', async ({ page }) => {
  await page.goto('/accounts');
  const status = page.getByRole('status').filter({ hasText: 'satır' });
  await expect(status).toHaveText(`${total} satır`);
  await page.getByLabel('Cari ara').fill('iğdır');
  const expected = dataset.accounts.filter((a) => foldIndependently(`${a.id} ${a.name} ${a.province} ${a.district}`).includes('igdir'));
  expect(expected.length).toBeGreaterThan(1);
  await expect(status).toHaveText(`${total} satırdan ${expected.length} gösteriliyor`);

  const grid = page.getByRole('grid', { name: 'Cari listesi' });
  await grid.getByRole('link', { name: /^İĞDIR Tarım/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/accounts/1004');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('İĞDIR Tarım');
  // The statement has settled (its table is there) before going back.
  await expect(page.getByRole('grid').first()).toBeVisible();

  await page.getByRole('link', { name: '← Cari listesine dön' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/accounts' && url.searchParams.get('q') === 'iğdır');
  await expect(page.getByLabel('Cari ara')).toHaveValue('iğdır');
  await expect(status).toHaveText(`${total} satırdan ${expected.length} gösteriliyor`);

  // After changing the statement's date range (the page rewrites its URL) the link still knows the list.
  await grid.getByRole('link', { name: /^İĞDIR Tarım/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/accounts/1004');
  await page.getByRole('grid').first().waitFor();
  await page.getByRole('textbox', { name: 'Başlangıç', exact: true }).fill('01.01.2026');
  await page.getByRole('textbox', { name: 'Başlangıç', exact: true }).press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('from') === '2026-01-01');
  // And through the account's other pages: Açık kalemler (its as-of date changed), back to the statement.
  await page.getByRole('link', { name: 'Açık kalemler', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/accounts/1004/acik-kalemler');
  await page.getByRole('textbox', { name: 'Tarih itibarıyla', exact: true }).fill('30.06.2026');
  await page.getByRole('textbox', { name: 'Tarih itibarıyla', exact: true }).press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('asOf') === '2026-06-30');
  await page.getByRole('link', { name: '← Ekstreye dön' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/accounts/1004');
  await page.getByRole('link', { name: '← Cari listesine dön' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/accounts' && url.searchParams.get('q') === 'iğdır');
  await expect(status).toHaveText(`${total} satırdan ${expected.length} gösteriliyor`);
});
