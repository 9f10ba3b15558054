// Documents that are sent (issue 25): the statement printed through Chromium's own PDF and its
// "PDF indir" file, both read back with pdftotext. Every page says whose document it is (our company,
// the title, the account, the period, "Sayfa n / N"); pages carry Σ borç / Σ alacak / the balance to
// the next page (nakli yekün) and the grand total is printed once, at the end. Figures from the dataset.
import { copyFileSync, mkdirSync } from 'node:fs';
import { account, SPECIAL_ACCOUNTS, sum, trMoney } from './data';
import { e2e } from './env';
import { expect, test } from './fixtures';
import { isA4, pdfText, printToPdf, type PdfText } from './pdf';

const MONEY = /-?\d{1,3}(?:\.\d{3})*,\d{2}/g;
const acc = account(SPECIAL_ACCOUNTS.large);
const FROM = '2025-01-01';
const TO = '2026-12-31';
const path = `/accounts/${acc.id}?from=${FROM}&to=${TO}`;
const before = acc.lines.filter((l) => l.date < FROM);
const inRange = acc.lines.filter((l) => l.date >= FROM && l.date <= TO);
const totalDebit = sum([...before, ...inRange].map((l) => l.debit));
const totalCredit = sum([...before, ...inRange].map((l) => l.credit));
const balanceText = (m: number) => (m > 0 ? `${trMoney(m)} B` : m < 0 ? `${trMoney(-m)} A` : trMoney(0));

/** Keeps a copy of a PDF for the people who look at it (test-results/documents/). */
function keep(file: string, name: string): void {
  mkdirSync('test-results/documents', { recursive: true });
  copyFileSync(file, `test-results/documents/${e2e.mode}-${name}.pdf`);
}

function checkStatementPages(pdf: PdfText): void {
  const n = pdf.pages.length;
  expect(n, 'a statement of this length takes more than one page').toBeGreaterThan(1);
  pdf.pages.forEach((page, i) => {
    const flat = page.replace(/\s+/g, ' ');
    const where = `page ${i + 1}`;
    expect(flat.includes(e2e.companyTitle), `${where}: our company`).toBe(true);
    expect(flat.includes('Cari Hesap Ekstresi'), `${where}: the title`).toBe(true);
    expect(flat.includes(`Cari: ${acc.id} · ${acc.name}`), `${where}: the account`).toBe(true);
    expect(flat.includes('01.01.2025 – 31.12.2026'), `${where}: the period`).toBe(true);
    expect(flat.includes(`Sayfa ${i + 1} / ${n}`), `${where}: its number`).toBe(true);
    expect(flat.includes('Nakli yekün (önceki sayfadan)'), `${where}: carried in`).toBe(i > 0);
    expect(flat.includes('Nakli yekün (sonraki sayfaya)'), `${where}: carried out`).toBe(i < n - 1);
    expect(flat.includes('Genel toplam'), `${where}: grand total only at the end`).toBe(i === n - 1);
  });
  const figures = (page: string, label: string) => {
    const line = page.split('\n').find((l) => l.includes(label));
    return line ? [...line.matchAll(MONEY)].map((m) => m[0]) : [];
  };
  // Page 1 carries Σ of the rows it printed: the devir row and its dated lines, counted on the page.
  const rowsOnFirst = pdf.pages[0]!.split('\n').filter((l) => /^\s*\d\d\.\d\d\.\d{4}\s/.test(l)).length;
  const printed = inRange.slice(0, rowsOnFirst);
  const out1 = figures(pdf.pages[0]!, 'sonraki sayfaya');
  expect(out1.slice(0, 2)).toEqual([trMoney(sum([...before, ...printed].map((l) => l.debit))), trMoney(sum([...before, ...printed].map((l) => l.credit)))]);
  const balance1 = sum([...before, ...printed].map((l) => l.debit - l.credit));
  expect(out1[2]).toBe(trMoney(Math.abs(balance1)));
  // Each page starts with what the page before carried out.
  for (let i = 1; i < pdf.pages.length; i++) expect(figures(pdf.pages[i]!, 'önceki sayfadan')).toEqual(figures(pdf.pages[i - 1]!, 'sonraki sayfaya'));
  // The grand total, once: Σ borç, Σ alacak, the closing balance.
  const grand = pdf.pages.at(-1)!.split('\n').find((l) => l.includes('Genel toplam'))!;
  expect([...grand.matchAll(MONEY)].map((m) => m[0])).toEqual([trMoney(totalDebit), trMoney(totalCredit), trMoney(Math.abs(totalDebit - totalCredit))]);
  expect(grand).toContain(balanceText(totalDebit - totalCredit));
  expect(pdf.flat.split('Genel toplam').length - 1).toBe(1);
  // Every line's document number is on paper.
  for (const l of inRange) expect(pdf.flat.includes(l.documentNo), l.documentNo).toBe(true);
  for (const size of pdf.sizes) expect(isA4(size)).toBeTruthy();
}

test.describe('statement as a document', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('printed: every page with our company, the account, the period and "Sayfa n / N"; nakli yekün; the grand total once', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(path);
    await expect(page.getByTestId('sum-balance')).toBeVisible();
    const pdf = await printToPdf(page, 'statement');
    keep(pdf.file, 'statement-print');
    checkStatementPages(pdf);
    // The app's name is not the header: our company is.
    expect(pdf.flat.includes('Cari Ekran')).toBe(false);
  });

  test('"PDF indir": a real A4 PDF with selectable Turkish text, named after the account and the period, the same pages as the print', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(path);
    await expect(page.getByTestId('sum-balance')).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF indir' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${acc.name} - Ekstre - 01.01.2025-31.12.2026.pdf`);
    const file = (await download.path())!;
    keep(file, 'statement-download');
    const pdf = pdfText(file);
    checkStatementPages(pdf);
    // Turkish letters come out as letters (an embedded font that has them), not boxes or "?".
    expect(pdf.flat).toContain('Mağazaları');
    expect(pdf.flat).toContain('Nakli yekün');
    const printed = await printToPdf(page, 'statement-again');
    expect(pdf.pages.length).toBe(printed.pages.length);
  });
});
