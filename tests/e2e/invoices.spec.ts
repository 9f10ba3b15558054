// Invoice search from the header box and the invoice detail, checked against the demo dataset.
import { dataset, sum, trMoney } from './data';
import { checkPage, expect, test } from './fixtures';
import { column, gridLayoutProblems, readGrid } from './table';
import { e2e } from './env';

/** The mobius shape sends what the vendor documents: lines without a VAT amount, a header without totals. */
const mobius = e2e.shape === 'mobius';

test('header box: trailing digits list the matching invoices; a row opens the detail', async ({ page }) => {
  // Pick a trailing part that several invoice numbers share.
  const suffix = '0140';
  const matches = dataset.invoices.filter((i) => i.number.toLowerCase().endsWith(suffix));
  expect(matches.length).toBeGreaterThan(1);

  await page.goto('/accounts');
  await expect(page.getByRole('status').filter({ hasText: 'satır' })).toHaveText(`${dataset.accounts.length} satır`);
  await page.keyboard.press('Control+k');
  const box = page.getByRole('searchbox', { name: 'Fatura no ile aç' });
  await expect(box).toBeFocused();
  await box.fill(suffix);
  await box.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/invoices' && url.searchParams.get('no') === suffix);

  const grid = page.getByRole('grid', { name: 'Fatura listesi' });
  await expect(page.getByRole('status').filter({ hasText: 'satır' })).toHaveText(`${matches.length} satır`);
  const shown = await readGrid(grid);
  expect(column(shown, 'Fatura No').sort()).toEqual(matches.map((i) => i.number).sort());
  expect(await gridLayoutProblems(grid)).toEqual([]);
  await checkPage(page, 'invoice-search');

  const pick = matches[0]!;
  await grid.getByRole('link', { name: pick.number }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/invoices/${pick.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Fatura ${pick.number}`);
  await page.getByRole('link', { name: '← Fatura aramasına dön' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/invoices' && url.searchParams.get('no') === suffix);
});

test('header box: an exact number opens the invoice detail with its lines and totals', async ({ page }) => {
  // An invoice with several lines and more than one VAT rate.
  const inv = dataset.invoices.find((i) => i.lines.length >= 3 && new Set(i.lines.map((l) => l.vatRate)).size > 1);
  if (!inv) throw new Error('dataset has no multi-rate invoice');
  expect(sum(inv.lines.map((l) => l.total))).toBe(inv.total);

  await page.goto('/aging');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yaşlandırma');
  await page.getByRole('searchbox', { name: 'Fatura no ile aç' }).fill(inv.number);
  await page.getByRole('searchbox', { name: 'Fatura no ile aç' }).press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === `/invoices/${inv.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Fatura ${inv.number}`);

  const lines = page.getByRole('grid', { name: 'Fatura satırları' });
  // Header names depend on the ERP's keys (they differ per answer shape); the cells do not.
  const shown = await readGrid(lines);
  expect(shown.rows).toHaveLength(inv.lines.length);
  inv.lines.forEach((l, i) => {
    const cells = [l.productCode, l.productName, trMoney(l.unitPrice), trMoney(l.net), trMoney(l.total)];
    expect(shown.rows[i]).toEqual(expect.arrayContaining(mobius ? cells : [...cells, trMoney(l.vat)]));
  });

  const totals = page.locator('.invoice-totals');
  await expect(totals.getByRole('row', { name: /Vergiler Dahil Toplam/ })).toContainText(`${trMoney(inv.total)} TL`);
  await expect(totals.getByRole('row', { name: /Hesaplanan KDV Toplamı/ })).toContainText(`${trMoney(inv.vat)} TL`);
  await expect(totals.getByRole('row', { name: /Mal\/Hizmet Toplamı/ })).toContainText(`${trMoney(inv.net)} TL`);
  // The lines' totals row reads "Toplam" whole, never "Topla…".
  const footLabel = lines.locator('tfoot td').first();
  await expect(footLabel).toHaveText('Toplam');
  // The word ends before the first cell that holds a sum, and is not clipped with "…".
  const fits = await footLabel.evaluate((td) => {
    const text = td.firstElementChild!.getBoundingClientRect();
    const sums = Array.from(td.parentElement!.children)
      .slice(1)
      .filter((c) => c.textContent!.trim() !== '');
    const firstSum = sums[0]!.getBoundingClientRect();
    const style = getComputedStyle(td);
    return text.right <= firstSum.left + 1 && (style.overflow === 'visible' || text.right <= td.getBoundingClientRect().right);
  });
  expect(fits).toBe(true);
  // The company opens its statement: by its id, or (mobius: only "Cari", the name) found by name.
  await expect(page.getByRole('region', { name: 'Fatura bilgileri' }).getByRole('link', { name: inv.accountName })).toHaveAttribute(
    'href',
    `/accounts/${inv.accountId}`,
  );
  await expect(page.getByText(/faturadaki toplamdan .* farklı/)).toHaveCount(0);
  await checkPage(page, 'invoice-detail');

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Ana menü' })).toBeHidden();
  await checkPage(page, 'invoice-detail-print', { a11y: false });
  await page.emulateMedia({ media: 'screen' });
});
