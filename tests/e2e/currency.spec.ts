// A USD account end to end in the browser: the list says USD, the statement shows the currency columns and a
// USD running balance beside the TL one, USD totals; the FIFO aging ages it in USD. Figures summed here from
// the demo dataset, per currency, in minor units.
import { dataset, sum, trBalance, trMoney } from './data';
import { checkPage, expect, test } from './fixtures';

const usd = dataset.accounts.find((a) => a.currency === 'USD' && a.lines.some((l) => l.currency === 'TL'))!;
const usdLines = usd.lines.filter((l) => l.currency === 'USD');
const usdBalance = sum(usdLines.map((l) => (l.debit > 0 ? l.currencyAmount! : -l.currencyAmount!)));

test('a USD account: list, statement with a USD running balance and totals, FIFO aging in USD', async ({ page }) => {
  await page.goto(`/accounts?q=${encodeURIComponent(usd.name)}`);
  const link = page.getByRole('link', { name: usd.name });
  await expect(link).toBeVisible();
  await expect(page.getByRole('row').filter({ has: link })).toContainText('USD');

  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(usd.name);
  const grid = page.getByRole('grid', { name: 'Ekstre satırları' });
  await expect(grid.getByRole('columnheader', { name: 'Bakiye (USD)' })).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: 'Döviz Tutarı' })).toBeVisible();
  await expect(page.getByTestId('fx-total-USD')).toContainText(`${trMoney(Math.abs(usdBalance))} USD ${usdBalance > 0 ? 'B' : 'A'}`);
  await expect(page.getByTestId('sum-balance')).toHaveText(trBalance(usd.balance));
  await checkPage(page, 'statement-usd');

  await page.goto(`/aging?firma=&cari=${usd.id}&asOf=2026-11-15`);
  const panel = page.getByRole('region', { name: /Ekstreden yaşlandırma \(FIFO\)/ });
  const buckets = panel.getByRole('grid', { name: 'Dilimler' });
  await expect(buckets.getByRole('columnheader', { name: 'Ekstreden (FIFO, USD)' })).toBeVisible();
  await expect(buckets.locator('tfoot')).toContainText(trBalance(usdBalance)); // B/A side, like every balance
  await expect(panel).toContainText('Bu yaşlandırma USD cinsinden');
  await checkPage(page, 'aging-usd');
});
