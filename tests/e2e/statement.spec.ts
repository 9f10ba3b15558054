// The account statement with a date range: the devir (opening) row and the running balance are
// checked against numbers computed straight from the demo dataset; then the print view.
import { account, SPECIAL_ACCOUNTS, sum, trBalance, trDate, trMoney } from './data';
import { checkPage, expect, test } from './fixtures';
import { column, cutCells, gridLayoutProblems, readGrid } from './table';

const FROM = '2025-06-01';
const TO = '2025-12-31';

test('statement with a date range: opening row, running balance, totals; print view', async ({ page }) => {
  const acc = account(SPECIAL_ACCOUNTS.quoted);
  const before = acc.lines.filter((l) => l.date < FROM);
  const inRange = acc.lines.filter((l) => l.date >= FROM && l.date <= TO);
  // A meaningful range has lines on both sides of FROM.
  expect(before.length).toBeGreaterThan(0);
  expect(inRange.length).toBeGreaterThan(2);
  const openingDebit = sum(before.map((l) => l.debit));
  const openingCredit = sum(before.map((l) => l.credit));
  let running = openingDebit - openingCredit;
  const expectedBalances = [trBalance(running)];
  for (const l of inRange) {
    running += l.debit - l.credit;
    expectedBalances.push(trBalance(running));
  }
  const closing = running;

  await page.goto(`/accounts/${acc.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(acc.name);
  const grid = page.getByRole('grid', { name: 'Ekstre satırları' });
  await expect(page.getByRole('status').filter({ hasText: 'satır' })).toHaveText(`${acc.lines.length} satır`);
  await checkPage(page, 'statement');

  // Typed the Turkish way (gg.aa.yyyy); a date box commits on Enter.
  await page.getByRole('textbox', { name: 'Başlangıç', exact: true }).fill(trDate(FROM));
  await page.getByRole('textbox', { name: 'Başlangıç', exact: true }).press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('from') === FROM);
  await page.getByRole('textbox', { name: 'Bitiş', exact: true }).fill(trDate(TO));
  await page.getByRole('textbox', { name: 'Bitiş', exact: true }).press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('from') === FROM && url.searchParams.get('to') === TO);
  await expect(page.getByTestId('statement-range')).toHaveText(`${trDate(FROM)} – ${trDate(TO)}`);
  // The devir row + every line of the range.
  await expect(page.getByRole('status').filter({ hasText: 'satır' })).toHaveText(`${inRange.length + 1} satır`);

  const shown = await readGrid(grid);
  const types = column(shown, 'İşlem Türü');
  expect(types[0]).toBe(`${trDate(FROM)} öncesi devir`);
  // The devir label is shown in full (not "01.06.2025 önces…"); headers are not cut either.
  expect(await cutCells(grid, 'tbody tr.statement-row--opening')).toEqual([]);
  expect(await gridLayoutProblems(grid)).toEqual([]);
  expect(types.slice(1)).toEqual(inRange.map((l) => l.type));
  expect(column(shown, 'İşlem Tarihi').slice(1)).toEqual(inRange.map((l) => trDate(l.date)));
  expect(column(shown, 'Borç')).toEqual([trMoney(openingDebit), ...inRange.map((l) => (l.debit ? trMoney(l.debit) : ''))]);
  expect(column(shown, 'Alacak')).toEqual([trMoney(openingCredit), ...inRange.map((l) => (l.credit ? trMoney(l.credit) : ''))]);
  expect(column(shown, 'Bakiye')).toEqual(expectedBalances);

  // Summary: Σ borç / Σ alacak include the devir row, so their difference is the closing balance.
  await expect(page.getByTestId('sum-debit')).toHaveText(trMoney(openingDebit + sum(inRange.map((l) => l.debit))));
  await expect(page.getByTestId('sum-credit')).toHaveText(trMoney(openingCredit + sum(inRange.map((l) => l.credit))));
  await expect(page.getByTestId('sum-balance')).toHaveText(trBalance(closing));
  await checkPage(page, 'statement-range');

  // Print media: no navigation or controls, and the on-screen grid gives way to the printed document
  // (what that says — our company, the account, the period, every row, page numbers, nakli yekün — is
  // read from Chromium's own PDF in documents.spec.ts).
  // The browser's print (Ctrl+P) fires beforeprint first; that is when the document is made.
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('print-document')).toBeVisible();
  await expect(page.getByTestId('print-document')).toContainText(`${trDate(FROM)} – ${trDate(TO)}`);
  await expect(page.getByRole('navigation', { name: 'Ana menü' })).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Başlangıç', exact: true })).toBeHidden();
  await expect(grid).toBeHidden();
  await checkPage(page, 'statement-print', { a11y: false });
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(grid).toBeVisible();
});
