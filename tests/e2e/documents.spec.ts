// Documents that are sent (issue 25): the statement printed through Chromium's own PDF and its
// "PDF indir" file, both read back with pdftotext. Every page says whose document it is (our company,
// the title, the account, the period, "Sayfa n / N"); pages carry Σ borç / Σ alacak / the balance to
// the next page (nakli yekün) and the grand total is printed once, at the end. Figures from the dataset.
import { copyFileSync, mkdirSync } from 'node:fs';
import { account, dataset, SPECIAL_ACCOUNTS, sum, trMoney } from './data';
import { e2e } from './env';
import { expect, test } from './fixtures';
import { footRoom, isA4, pdfText, printToPdf, type PdfText } from './pdf';

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
  const grand = pdf.pages
    .at(-1)!
    .split('\n')
    .find((l) => l.includes('Genel toplam'))!;
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
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(acc.name);
    const pdf = await printToPdf(page, 'statement');
    keep(pdf.file, 'statement-print');
    checkStatementPages(pdf);
    // The app's name is not the header: our company is.
    expect(pdf.flat.includes('Cari Ekran')).toBe(false);
    // Pages filled to their foot: under each page's last line (its nakli yekün row) less room than one
    // more row takes (12,75 pt) + the 5 pt the paginator keeps free + that row's own 3 pt under its text
    // (it left 28 and 40 pt before). None overflows: an overflowing page would have spilled onto a
    // page without its head, and every page has its "Sayfa n / N" (checkStatementPages).
    const room = footRoom(pdf.file);
    expect(
      room.slice(0, -1).every((r) => r >= 0 && r < 21),
      `room under the last line of each full page: ${room.map((r) => r.toFixed(1)).join(', ')} pt`,
    ).toBe(true);
  });

  test('"PDF indir": a real A4 PDF with selectable Turkish text, named after the account and the period, the same pages as the print', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(path);
    await expect(page.getByTestId('sum-balance')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(acc.name);
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

/** Every page's head: our company, the title, the account (when there is one), the date, "Sayfa n / N". */
function checkHeads(pdf: PdfText, title: string, account: string | null, date: string): void {
  const n = pdf.pages.length;
  pdf.pages.forEach((page, i) => {
    const flat = page.replace(/\s+/g, ' ');
    const where = `page ${i + 1}`;
    expect(flat.includes(e2e.companyTitle), `${where}: our company`).toBe(true);
    expect(flat.includes(title), `${where}: the title`).toBe(true);
    if (account) expect(flat.includes(account), `${where}: the account`).toBe(true);
    expect(flat.includes(date), `${where}: the date`).toBe(true);
    expect(flat.includes(`Sayfa ${i + 1} / ${n}`), `${where}: its number`).toBe(true);
    expect(flat.includes('Nakli yekün (önceki sayfadan)'), `${where}: carried in`).toBe(i > 0);
    expect(flat.includes('Nakli yekün (sonraki sayfaya)'), `${where}: carried out`).toBe(i < n - 1);
  });
  expect(pdf.flat.split('Genel toplam').length - 1, 'the grand total once').toBe(1);
  expect(pdf.pages.at(-1)!.includes('Genel toplam'), 'the grand total on the last page').toBe(true);
  for (const size of pdf.sizes) expect(isA4(size)).toBeTruthy();
}

/** The money figures on a page's line that has `label`. */
function figuresOn(page: string, label: string): string[] {
  const line = page.split('\n').find((l) => l.includes(label));
  return line ? [...line.matchAll(MONEY)].map((m) => m[0]) : [];
}

// Open items of 1003 (a customer with many small invoices: 0,10 and 0,20) as of 15.11.2026 (the demo's
// today, a day that has come: a later one would be taken as today), worked
// out here by FIFO from the dataset: every payment closes the earliest-due invoices first; what is
// left open is the balance.
const OI = account(SPECIAL_ACCOUNTS.floatTrap);
const OI_AS_OF = '2026-11-15';
const oiLines = OI.lines.filter((l) => l.date <= OI_AS_OF);
const oiOpen = (() => {
  const debits = oiLines.filter((l) => l.debit > 0).sort((a, b) => (a.dueDate ?? a.date).localeCompare(b.dueDate ?? b.date));
  let paid = sum(oiLines.map((l) => l.credit));
  const open: { amount: number; remaining: number; documentNo: string }[] = [];
  for (const d of debits) {
    const used = Math.min(paid, d.debit);
    paid -= used;
    if (d.debit - used > 0) open.push({ amount: d.debit, remaining: d.debit - used, documentNo: d.documentNo });
  }
  return open;
})();

test.describe('open items as a document', () => {
  test.use({ viewport: { width: 1366, height: 768 } });
  const oiPath = `/accounts/${OI.id}/acik-kalemler?asOf=${OI_AS_OF}`;
  const check = (pdf: PdfText) => {
    checkHeads(pdf, 'Açık Kalemler Ekstresi', `Cari: ${OI.id} · ${OI.name}`, 'Tarih: 15.11.2026');
    // Σ açık kalan = the balance as of the date (4,60: a float sum of 0,10s and 0,20s drifts; kuruş do not).
    const balance = sum(oiLines.map((l) => l.debit - l.credit));
    expect(trMoney(balance)).toBe('4,60');
    expect(sum(oiOpen.map((o) => o.remaining))).toBe(balance);
    expect(figuresOn(pdf.pages.at(-1)!, 'Genel toplam')).toEqual([trMoney(sum(oiOpen.map((o) => o.amount))), trMoney(balance)]);
    // Every open item on paper, one row each (rows start with their date).
    const rows = pdf.pages.flatMap((p) => p.split('\n').filter((l) => /^\s*\d\d\.\d\d\.\d{4}\s/.test(l)));
    expect(rows.length).toBe(oiOpen.length);
    for (const o of oiOpen) expect(pdf.flat.includes(o.documentNo), o.documentNo).toBe(true);
  };

  test('printed: our company, the account and the date on the page, "Sayfa 1 / 1", Σ açık kalan = the balance once', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(oiPath);
    await expect(page.getByTestId('open-items-sum')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(OI.name);
    const pdf = await printToPdf(page, 'open-items');
    keep(pdf.file, 'open-items-print');
    check(pdf);
    // The screen's controls are not on paper.
    expect(pdf.flat.includes('PDF indir')).toBe(false);
  });

  test('"PDF indir": the same document as a file named after the account and the date', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(oiPath);
    await expect(page.getByTestId('open-items-sum')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(OI.name);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF indir' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${OI.name} - Açık Kalemler - 15.11.2026.pdf`);
    const file = (await download.path())!;
    keep(file, 'open-items-download');
    const pdf = pdfText(file);
    check(pdf);
    expect(pdf.flat).toContain('Kuruşçu Kırtasiye');
    const printed = await printToPdf(page, 'open-items-again');
    expect(pdf.pages.length).toBe(printed.pages.length);
  });
});

// Vade farkı of the busiest customer (1000) as of 15.11.2026 at the legal default (kanuni faiz at the
// rate in force each day): a sheet of more than one page. What each page carries is checked against the
// rows printed above it; KDV is once, on the total (above the table), not a column.
test.describe('vade farkı as a document', () => {
  test.use({ viewport: { width: 1366, height: 768 } });
  const LI = account(SPECIAL_ACCOUNTS.large);
  const liPath = `/accounts/${LI.id}/vade-farki?asOf=2026-11-15`;

  const check = (pdf: PdfText, total: string) => {
    expect(pdf.pages.length, 'more than one page').toBeGreaterThan(1);
    checkHeads(pdf, 'Vade Farkı Hesabı', `Cari: ${LI.id} · ${LI.name}`, 'Tarih: 15.11.2026');
    // Σ vade farkı carried out of each page = what the page carried in + its rows' figures (each
    // row's last amount), added here in kuruş.
    const kurus = (s: string) => Number(s.replace(/\./g, '').replace(',', ''));
    let carried = 0;
    pdf.pages.forEach((page, i) => {
      const rows = page
        .split('\n')
        .filter((l) => /^\s*\d\d\.\d\d\.\d{4}\s/.test(l))
        .map((l) => [...l.matchAll(MONEY)].map((m) => kurus(m[0])));
      const sum = rows.reduce((acc, r) => acc + r.at(-1)!, carried);
      if (i > 0) expect(figuresOn(page, 'önceki sayfadan').map(kurus), `page ${i + 1} carried in`).toEqual([carried]);
      if (i < pdf.pages.length - 1) expect(figuresOn(page, 'sonraki sayfaya').map(kurus), `page ${i + 1} carried out`).toEqual([sum]);
      else expect(figuresOn(page, 'Genel toplam').map(kurus), 'the grand total').toEqual([sum]);
      carried = sum;
    });
    expect(figuresOn(pdf.pages.at(-1)!, 'Genel toplam')).toEqual([total]);
    // KDV 20 % once, on the total, rounded half up to the kuruş.
    const vat = Math.floor((kurus(total) * 20 + 50) / 100);
    expect(pdf.flat).toContain(`Vade farkı ${total} TL + KDV ${trMoney(vat)} TL`);
  };

  test('printed and "PDF indir": every page with its head, Σ vade farkı carried from page to page, the total once, KDV on the total', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto(liPath);
    await expect(page.getByTestId('late-interest-total')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(LI.name);
    const total = (await page.getByTestId('late-interest-total').innerText()).trim();
    const printed = await printToPdf(page, 'late-interest');
    keep(printed.file, 'late-interest-print');
    check(printed, total);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF indir' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${LI.name} - Vade Farkı - 15.11.2026.pdf`);
    const file = (await download.path())!;
    keep(file, 'late-interest-download');
    const pdf = pdfText(file);
    check(pdf, total);
    expect(pdf.pages.length).toBe(printed.pages.length);
  });
});

// The aging list (get_yaslandirma: every account with a balance; TOPLAM = its balance) printed: a
// landscape document of several pages; the TOPLAM column's grand total = Σ of the dataset's balances.
test.describe('aging list as a document', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('printed: every page with our company, the title, the date and "Sayfa n / N"; Σ of each bucket carried; the totals once', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/aging?firma=');
    await expect(page.getByRole('status').filter({ hasText: /satır/ }).last()).toBeVisible();
    const pdf = await printToPdf(page, 'aging');
    keep(pdf.file, 'aging-print');
    expect(pdf.pages.length, 'more than one page').toBeGreaterThan(1);
    // Today in Istanbul, the business's (and the browser's, playwright.config.ts) time zone — not this
    // machine's: between 21:00 and 24:00 UTC they are different days.
    const date = new Intl.DateTimeFormat('tr-TR', { timeZone: 'Europe/Istanbul', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
    checkHeads(pdf, 'Yaşlandırma Raporu', null, `Tarih: ${date}`);
    for (const size of pdf.sizes) expect(isA4(size)).toBe('landscape');
    // Each page starts with what the one before carried out.
    for (let i = 1; i < pdf.pages.length; i++) expect(figuresOn(pdf.pages[i]!, 'önceki sayfadan')).toEqual(figuresOn(pdf.pages[i - 1]!, 'sonraki sayfaya'));
    // The grand total's last figure is TOPLAM: Σ of every account's balance, with its side.
    const total = sum(dataset.accounts.map((a) => a.balance));
    const grand = pdf.pages
      .at(-1)!
      .split('\n')
      .find((l) => l.includes('Genel toplam'))!;
    expect(grand.trim().endsWith(balanceText(total)), grand).toBe(true);
  });
});

// The bulk mutabakat letters as one PDF: the accounts in Ankara as of 30.06.2026 (each one's statement
// read first), one letter each — counted in the file — and one letter's balance worked out from the
// dataset: Σ borç − Σ alacak of its lines up to and including that day.
test.describe('bulk mutabakat letters as one PDF', () => {
  test.use({ viewport: { width: 1366, height: 768 } });
  const AS_OF = '2026-06-30';
  const ankara = dataset.accounts.filter((a) => a.province.toLocaleLowerCase('tr-TR') === 'ankara');

  test('"PDF indir": one file with a letter for every account shown, each with its balance at the date', async ({ page }) => {
    test.setTimeout(180_000);
    expect(ankara.length).toBeGreaterThan(5);
    await page.goto(`/mutabakat?province=Ankara&asOf=${AS_OF}`);
    await page.getByRole('button', { name: `Ekstreleri al (${ankara.length} cari)` }).click();
    await expect(page.getByText(`${ankara.length} / ${ankara.length} ekstre`)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: `Yazdır (${ankara.length} mektup)` })).toBeEnabled();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF indir' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Mutabakat Mektupları - 30.06.2026.pdf');
    const file = (await download.path())!;
    keep(file, 'letters-download');
    const pdf = pdfText(file);
    // One letter per account, each with its own reply slip, each from a new page.
    const letters = pdf.flat.split('Cari kodu: ').slice(1);
    expect(letters.length).toBe(ankara.length);
    expect(pdf.flat.split('Cevap formu').length - 1).toBe(ankara.length);
    expect(pdf.pages.length).toBeGreaterThanOrEqual(ankara.length);
    // (ColdFusion's answers — the mobius shape — carry numeric ids as numbers: "000101" reads 101.)
    const idOf = (id: string) => id.replace(/^0+(?=\d)/, '');
    expect(letters.map((l) => idOf(l.split(' ')[0]!)).sort()).toEqual(ankara.map((a) => idOf(a.id)).sort());
    // A TL customer's letter: its balance at 30.06.2026 from the dataset, in the letter's sentence.
    const customer = ankara.find((a) => !a.currency && sum(a.lines.filter((l) => l.date <= AS_OF).map((l) => l.debit - l.credit)) > 0)!;
    const balance = sum(customer.lines.filter((l) => l.date <= AS_OF).map((l) => l.debit - l.credit));
    const letter = letters.find((l) => l.startsWith(`${customer.id} `))!;
    expect(letter).toContain(`Şirketimiz kayıtlarında cari hesabınız 30.06.2026 tarihi itibarıyla ${trMoney(balance)} TL borç bakiyesi vermektedir.`);
    expect(pdf.flat).toContain(customer.name);
    // A foreign-currency account's letter states its balance in its currency (the USD/EUR Σ of its
    // lines up to the date), the TL figure beside it — as the printed letter does; no raw {placeholder}.
    const foreign = ankara.find((a) => a.currency)!;
    const fxLines = foreign.lines.filter((l) => l.date <= AS_OF && l.currency === foreign.currency);
    const fx = sum(fxLines.map((l) => (l.debit > 0 ? l.currencyAmount! : -l.currencyAmount!)));
    const tlBalance = sum(foreign.lines.filter((l) => l.date <= AS_OF).map((l) => l.debit - l.credit));
    const sideOf = (m: number) => (m > 0 ? 'borç' : 'alacak');
    const fxLetter = letters.find((l) => l.startsWith(`${foreign.id} `))!;
    expect(fxLetter).toContain(
      `30.06.2026 tarihi itibarıyla ${trMoney(Math.abs(fx))} ${foreign.currency} ${sideOf(fx)} bakiyesi vermektedir (ERP kayıtlarındaki TL karşılığı: ${trMoney(Math.abs(tlBalance))} TL ${sideOf(tlBalance)}).`,
    );
    expect(fxLetter).toContain(`Bildirdiğiniz ${trMoney(Math.abs(fx))} ${foreign.currency} ${sideOf(fx)} bakiyesi`);
    expect(pdf.flat.match(/\{\w+\}/g), 'raw placeholders').toBeNull();
    for (const size of pdf.sizes) expect(isA4(size)).toBe('portrait');
  });
});
