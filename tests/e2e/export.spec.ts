// "Excel indir" in a real browser: the download is read with an independent reader (exceljs) and
// checked against the demo dataset. The whole invoice list (3,000+ rows) makes a sheet big enough that
// the zip runs in a Web Worker — in the prod run under the production Content-Security-Policy.
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { dataset } from './data';
import { checkPage, expect, test } from './fixtures';

const utc = (iso: string) => new Date(Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)));

test('Excel export: the whole invoice list as typed cells, read back by an independent reader', async ({ page }) => {
  await page.goto('/invoices?no=&firma=');
  await expect(page.getByRole('status').filter({ hasText: 'satır' })).toHaveText(`${dataset.invoices.length.toLocaleString('tr-TR')} satır`);
  await checkPage(page, 'invoice-list-all');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Excel indir' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('faturalar.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile((await download.path())!)).buffer as ArrayBuffer);
  expect(wb.worksheets).toHaveLength(1);
  const ws = wb.worksheets[0]!;
  expect(ws.name).toBe('Faturalar');
  expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

  const headers = (ws.getRow(1).values as unknown[]).slice(1) as string[];
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
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const inv = byNumber.get(String(row.getCell(noCol).value));
    if (!inv) continue; // the totals row, when the page has one
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
});
