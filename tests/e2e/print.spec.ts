// Printed lists are documents (issue 25): printed through Chromium's own PDF and read back with
// pdftotext — every visible column that matters is on paper (the company name above all; it was 0 px
// wide), nothing cut ("Hesapl"), a column the user hid stays hidden, A4 pages turned as the table needs.
import { dataset } from './data';
import { expect, test } from './fixtures';
import { isA4, printToPdf } from './pdf';
import { e2e } from './env';

const fold = (s: string) => s.replace(/\s+/g, ' ').trim();

test.describe('printed lists', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('Cariler → print: every account with its name and balance, on A4', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/accounts');
    await expect(page.getByRole('status').filter({ hasText: /satır/ }).last()).toBeVisible();
    const pdf = await printToPdf(page, 'accounts');
    expect(pdf.flat.includes('Firma Adı'), 'header "Firma Adı" on paper').toBe(true);
    // Every account of the dataset by its id, and its name — names longer than a line may wrap
    // between words, so the name is looked for word by word in the text of its page.
    const accounts = dataset.accounts;
    // A document of its own: our company and what it is on top, every page numbered.
    expect(pdf.pages[0]!.includes(e2e.companyTitle), 'company title on page 1').toBe(true);
    expect(pdf.pages[0]!.includes('Cari Listesi'), 'document title on page 1').toBe(true);
    pdf.pages.forEach((p, i) => expect(p.includes(`Sayfa ${i + 1} / ${pdf.pages.length}`), `page number on page ${i + 1}`).toBe(true));
    // The totals row once, at the end — not at every page's foot.
    expect(pdf.pages.filter((p) => /Toplam\s+\d[\d.]* cari/.test(p)).length, 'pages with the totals row').toBe(1);
    expect(/Toplam\s+\d[\d.]* cari/.test(pdf.pages.at(-1)!)).toBe(true);
    const missing = accounts.filter((a) => !pdf.flat.includes(fold(a.name)) && !a.name.split(/\s+/).every((w) => pdf.flat.includes(w)));
    expect(missing.map((a) => a.name).slice(0, 5)).toEqual([]);
    for (const size of pdf.sizes) expect(isA4(size)).toBeTruthy();
  });

  test('invoice list → print: invoice numbers with their company names; the column chooser is obeyed', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/invoices?no=417&firma=');
    await expect(page.getByRole('status').filter({ hasText: /satır/ }).last()).toBeVisible();
    const by417 = dataset.invoices.filter((i) => i.number.endsWith('417'));
    // Hide "Vade Tarihi" in the column chooser: the print leaves it out too.
    await page.getByRole('button', { name: /Sütunlar/ }).click();
    await page.getByRole('checkbox', { name: /Vade Tarihi/ }).uncheck();
    await page.keyboard.press('Escape');
    const pdf = await printToPdf(page, 'invoices');
    expect(pdf.flat.includes('Firma Adı'), 'header "Firma Adı" on paper').toBe(true);
    expect(pdf.flat.includes('Vade Tarihi'), 'a hidden column on paper').toBe(false);
    for (const inv of by417) {
      expect(pdf.flat.includes(inv.number), inv.number).toBe(true);
      for (const w of inv.accountName.split(/\s+/)) expect(pdf.flat.includes(w), inv.accountName).toBe(true);
    }
    for (const size of pdf.sizes) expect(isA4(size)).toBeTruthy();
  });

  test('aging → print: names whole, every bucket header whole, no "Hesapla" buttons on paper; landscape when wide', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/aging?firma=');
    await expect(page.getByRole('status').filter({ hasText: /satır/ }).last()).toBeVisible();
    // The data columns (those that sort); the action columns are buttons and do not print.
    const headers = await page
      .getByRole('grid', { name: /Yaşlandırma/ })
      .locator('th:has(.dt-sort)')
      .allInnerTexts();
    const pdf = await printToPdf(page, 'aging');
    expect(/Hesapl/.test(pdf.flat), 'a "Hesapla" button on paper').toBe(false);
    for (const h of headers.map((x) => fold(x.replace(/[↕▲▼]/g, ''))).filter((h) => h && h !== 'Dağılım')) {
      for (const w of h.split(' ')) expect(pdf.flat.includes(w), `header ${h}`).toBe(true);
    }
    // get_yaslandirma lists the accounts with a balance (server/demo-erp/service.ts).
    const names = [...new Set(dataset.accounts.filter((a) => a.balance !== 0).map((a) => a.name))].slice(0, 40);
    for (const n of names) for (const w of n.split(/\s+/)) expect(pdf.flat.includes(w), `name ${n}`).toBe(true);
    for (const size of pdf.sizes) expect(isA4(size)).toBeTruthy();
  });
});
