// Aging by company name: bucket totals checked against the demo dataset, with the chart.
import { agingOf } from '../../server/demo-erp/dataset';
import { dataset, foldIndependently, sum, trBalance } from './data';
import { checkPage, expect, test } from './fixtures';
import { gridLayoutProblems } from './table';

test('aging for “ığdır”: bucket totals and the stacked-bar chart', async ({ page }) => {
  // The demo ERP lists accounts with a non-zero balance whose name matches (Turkish folding).
  const matched = dataset.accounts.filter((a) => a.balance !== 0 && foldIndependently(a.name).includes('igdir'));
  expect(matched.length).toBe(2);
  const agings = matched.map((a) => agingOf(a.lines, dataset.today));
  const order = ['notDue', 'd0_30', 'd31_60', 'd61_90', 'd91_120', 'd120plus'] as const;
  const bucketSums = order.map((b) => sum(agings.map((x) => x.buckets[b])));
  const grandTotal = sum(matched.map((a) => a.balance));
  expect(sum(bucketSums)).toBe(grandTotal);

  await page.goto('/aging');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yaşlandırma');
  await page.getByLabel('Firma adı').fill('ığdır');
  await page.getByRole('button', { name: 'Ara', exact: true }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('firma') === 'ığdır');

  const grid = page.getByRole('grid', { name: 'Yaşlandırma (ERP)' });
  await expect(page.getByRole('status').filter({ hasText: 'satır' })).toHaveText(`${matched.length} satır`);
  for (const a of matched) await expect(grid.getByRole('link', { name: a.name, exact: true })).toBeVisible();
  expect(await gridLayoutProblems(grid)).toEqual([]);

  // Receivables and payables apart (issue 22): both ığdır accounts are borçlu, so they are the
  // receivables summary.
  expect(matched.every((a) => a.balance > 0)).toBe(true);
  const summary = page.getByRole('region', { name: 'Vade dilimi toplamları (ERP): Borçlu (alacaklarımız)' });
  // Balances the way the whole app shows them ("1.234,56 B" / "A"); then overdue (every bucket but
  // "not yet due") and the total.
  const overdue = sum(bucketSums.slice(1));
  await expect(summary.locator('dd')).toHaveText([...bucketSums.map(trBalance), trBalance(overdue), trBalance(grandTotal)]);

  // The chart: one bar per company and one for the total, drawn with a real size. Below 1600 px
  // the per-company bar column waits in the column chooser (the table fits without scrolling sideways).
  await expect(grid.getByRole('img')).toHaveCount(0);
  await page.getByRole('button', { name: /^Sütunlar/ }).click();
  await page.getByRole('group', { name: 'Sütunlar' }).getByRole('checkbox', { name: 'Dağılım' }).check();
  await page.keyboard.press('Escape');
  for (const a of matched) {
    const bar = grid.getByRole('img', { name: new RegExp(`^${a.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:`) });
    await expect(bar).toBeVisible();
    const box = await bar.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(20);
  }
  await expect(summary.getByRole('img', { name: /^Vade dilimi toplamları \(ERP\): Borçlu/ })).toBeVisible();
  await checkPage(page, 'aging');
});
