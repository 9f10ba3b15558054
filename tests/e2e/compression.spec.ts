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
  // The page reads the answer as a stream (and may take over a request sent before its code was
  // in), so DevTools may no longer hold the body: the sizes come from the page's own resource
  // timing entry (bytes on the wire, and decoded) and from the same answer asked uncompressed.
  await expect(page.getByRole('status').filter({ hasText: 'satır' })).toHaveText(`${dataset.accounts.length} satır`);
  const sizes = (await page.evaluate(() => {
    const e = performance.getEntriesByType('resource').find((r) => new URL(r.name).pathname === '/api/erp/get_cari') as PerformanceResourceTiming | undefined;
    return e ? { wire: e.encodedBodySize, decoded: e.decodedBodySize } : null;
  }))!;
  const plain = await page.request.post('/api/erp/get_cari', { headers: { 'x-app-request': '1', 'accept-encoding': 'identity' }, data: { firma_ismi: '' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  const raw = (await plain.body()).byteLength;
  expect(sizes.decoded).toBe(raw); // the same answer, decoded by the browser
  expect(sizes.wire).toBeGreaterThan(0);
  expect(sizes.wire).toBeLessThan(raw / 3);

  await expect(page.getByRole('status').filter({ hasText: 'satır' })).toHaveText(`${dataset.accounts.length} satır`);
  const igdir = account(SPECIAL_ACCOUNTS.igdirUpper);
  await page.getByLabel('Cari ara').fill(igdir.id);
  const grid = page.getByRole('grid', { name: 'Cari listesi' });
  await expect(grid.getByRole('row').filter({ hasText: igdir.name }).first()).toBeVisible();
  const shown = await readGrid(grid);
  expect(column(shown, 'Bakiye')).toContain(trBalance(igdir.balance));
});
