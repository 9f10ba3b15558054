// The account list's get_cari answer arrives compressed from the gateway (issue 10) and the page shows the
// same accounts and balances as the uncompressed dataset (numbers computed from the demo ERP's data).
import { dataset, SPECIAL_ACCOUNTS, account, trBalance } from './data';
import { expect, test } from './fixtures';
import { column, readGrid } from './table';

test('the get_cari answer is compressed on the wire and the list shows the same numbers', async ({ page }) => {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/erp/get_cari');
  await page.goto('/accounts');
  const res = await answer;
  expect(res.status()).toBe(200);
  expect((await res.allHeaders())['content-encoding']).toMatch(/^(br|gzip)$/);
  const raw = Buffer.byteLength(await res.text(), 'utf8'); // decoded by the browser
  const wire = (await res.request().sizes()).responseBodySize; // bytes as they came over the network
  expect(wire).toBeGreaterThan(0);
  expect(wire).toBeLessThan(raw / 3);

  await expect(page.getByRole('status').filter({ hasText: 'satır' })).toHaveText(`${dataset.accounts.length} satır`);
  const igdir = account(SPECIAL_ACCOUNTS.igdirUpper);
  await page.getByLabel('Cari ara').fill(igdir.id);
  const grid = page.getByRole('grid', { name: 'Cari listesi' });
  await expect(grid.getByRole('row').filter({ hasText: igdir.name }).first()).toBeVisible();
  const shown = await readGrid(grid);
  expect(column(shown, 'Bakiye')).toContain(trBalance(igdir.balance));
});
