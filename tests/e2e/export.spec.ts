// "Excel indir" in a real browser: the download is read with an independent reader (exceljs) and
// checked against the demo dataset. The whole invoice list (3,000+ rows) makes a sheet big enough that
// the zip runs in a Web Worker — in the prod run under the production Content-Security-Policy.
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { dataset } from './data';
import { e2e } from './env';
import { checkPage, expect, test } from './fixtures';

const utc = (iso: string) => new Date(Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)));

test('Excel export: the whole invoice list as typed cells, read back by an independent reader', async ({ page }) => {
  await page.goto('/invoices?no=&firma=');
  await expect(page.getByRole('status').filter({ hasText: 'satır' })).toHaveText(`${dataset.invoices.length.toLocaleString('tr-TR')} satır`);
  await checkPage(page, 'invoice-list-all');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Excel indir' }).click();
  const download = await downloading;
  // A name that says what it is (issue 25), not "faturalar.xlsx".
  expect(download.suggestedFilename()).toMatch(/^Faturalar - \d\d\.\d\d\.\d{4}\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile((await download.path())!)).buffer as ArrayBuffer);
  expect(wb.worksheets).toHaveLength(1);
  const ws = wb.worksheets[0]!;
  expect(ws.name).toBe('Faturalar');
  // Title rows: our company, the document, as of when, when made; a blank row; the header (frozen).
  let h = 1;
  const title: unknown[] = [];
  for (; ws.getRow(h).getCell(1).value != null; h++) title.push(ws.getRow(h).getCell(1).value);
  h++;
  expect(title.slice(0, 2)).toEqual([e2e.companyTitle, 'Fatura Listesi']);
  expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: h });

  const headers = (ws.getRow(h).values as unknown[]).slice(1) as string[];
  // The invoice id is in the file although the list hides it on screen (the account id too, where the
  // ERP's answer has one: not every installation's get_fatura does).
  expect(headers).toContain('Fatura ID');
  const col = (name: string) => {
    const i = headers.indexOf(name);
    if (i < 0) throw new Error(`no column ${name}: ${headers.join(' | ')}`);
    return i + 1;
  };
  const noCol = col('Fatura No');
  const dateCol = col('Fatura Tarihi');
  const totalCol = col('Toplam');
  const firmCol = col('Firma Adı');

  // One row per invoice of the dataset, each with its own date, gross total and company. (Differences
  // are collected and compared once: thousands of expect() calls are slow under Playwright's tracing.)
  const byNumber = new Map(dataset.invoices.map((i) => [i.number, i]));
  const seen = new Set<string>();
  const wrong: string[] = [];
  const totalsRows: ExcelJS.Row[] = [];
  for (let r = h + 1; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const inv = byNumber.get(String(row.getCell(noCol).value));
    if (!inv) {
      totalsRows.push(row);
      continue;
    }
    seen.add(inv.number);
    const date = row.getCell(dateCol);
    const total = row.getCell(totalCol);
    if (date.type !== ExcelJS.ValueType.Date || (date.value as Date).getTime() !== utc(inv.date).getTime() || date.numFmt !== 'dd.mm.yyyy') {
      wrong.push(`${inv.number} date ${String(date.value)} ${date.numFmt}`);
    }
    if (total.type !== ExcelJS.ValueType.Number || total.value !== inv.total / 100 || total.numFmt !== '#,##0.00') {
      wrong.push(`${inv.number} total ${String(total.value)} ${total.numFmt}`);
    }
    if (row.getCell(firmCol).value !== inv.accountName) wrong.push(`${inv.number} company ${String(row.getCell(firmCol).value)}`);
  }
  expect(wrong.slice(0, 10)).toEqual([]);
  expect(seen.size).toBe(dataset.invoices.length);
  // The totals the page shows per document type (never one sum of sales and purchases), one row each,
  // computed here from the dataset.
  const kinds = [...new Set(dataset.invoices.map((i) => i.kind))];
  expect(totalsRows).toHaveLength(kinds.length);
  for (const kind of kinds) {
    const row = totalsRows.find((r) => (r.values as unknown[]).some((v) => typeof v === 'string' && v.includes(kind)));
    expect(row, kind).toBeTruthy();
    const sum = dataset.invoices.filter((i) => i.kind === kind).reduce((s, i) => s + i.total, 0);
    expect(row!.getCell(totalCol).value).toBeCloseTo(sum / 100, 2);
  }
});
