/**
 * "Excel indir" on real pages (real gateway + demo ERP): the file is opened with an independent
 * reader (exceljs) and every figure is computed here from the demo dataset, by this file's own
 * arithmetic — sheet name, frozen header, the signed balance column's title, cell types, number and
 * date formats, the totals row; and the columns follow the column chooser.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_COMPANY, getDataset } from '../../server/demo-erp';
import { foldTr } from '../../src/domain/turkish';
import { renderApp, type DemoShape } from '../harness';
import { downloadXlsx } from '../harness/xlsx-download';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

const ds = getDataset();
const utc = (iso: string) => new Date(Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)));
const tl = (minor: number) => minor / 100;

const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);
/** The title rows above the table (column A down to the blank row) and the header's row number. */
function titleOf(ws: ExcelJS.Worksheet): { title: unknown[]; header: number } {
  const title: unknown[] = [];
  let r = 1;
  for (; ws.getRow(r).getCell(1).value != null; r++) title.push(ws.getRow(r).getCell(1).value);
  return { title, header: r + 1 };
}
const MADE_AT = /^Oluşturulma: \d\d\.\d\d\.\d{4} \d\d:\d\d$/;

describe.each<DemoShape>(['wex'])('Excel export (ERP shape %s)', (shape) => {
  it('statement: devir row, dated lines, signed running balance, totals with the closing balance', async () => {
    const app = await renderApp('/accounts/1004?from=2026-01-01', { loggedIn: true, shape });
    await screen.findByTestId('sum-balance');
    // The file is named after the account: wait for its name (some answer shapes bring it with the list).
    await screen.findByRole('heading', { level: 1, name: ds.accountById.get('1004')!.name });
    const { name, ws } = await downloadXlsx(app);
    const acc = ds.accountById.get('1004')!;
    // The file says what it is (issue 25): whose statement, which period (open end: today).
    expect(name).toMatch(new RegExp(`^${acc.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} - Ekstre - 01\\.01\\.2026-\\d\\d\\.\\d\\d\\.\\d{4}\\.xlsx$`));
    expect(ws.name).toBe('Cari Ekstre 1004');
    // Title rows: our company, the document, the account, the period, when made; then the header.
    const { title, header: h } = titleOf(ws);
    expect(title.slice(0, 4)).toEqual([DEMO_COMPANY.title, 'Cari Hesap Ekstresi', `Cari: 1004 · ${acc.name}`, 'Dönem: 01.01.2026 – bugün']);
    expect(title[4]).toMatch(MADE_AT);
    expect(title).toHaveLength(5);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: h });
    expect(rowValues(ws, h)).toEqual(['İşlem Tarihi', 'Vade Tarihi', 'İşlem Türü', 'Borç', 'Alacak', 'Bakiye (+ borçlu / − alacaklı)', 'Belge No', 'Açıklama']);

    const lines = ds.accountById.get('1004')!.lines;
    let od = 0;
    let oc = 0;
    let balance = 0;
    const inRange = [];
    for (const l of lines) {
      balance += l.debit - l.credit;
      if (l.date < '2026-01-01') {
        od += l.debit;
        oc += l.credit;
      } else inRange.push({ ...l, balance });
    }
    // The devir row (no dates, its label, the sums before the range).
    const devir = ws.getRow(h + 1);
    expect(devir.getCell(1).type).toBe(ExcelJS.ValueType.Null);
    expect(devir.getCell(3).value).toBe('01.01.2026 öncesi devir');
    expect(devir.getCell(4).value).toBe(tl(od));
    expect(devir.getCell(5).value).toBe(tl(oc));
    expect(devir.getCell(6).value).toBe(tl(od - oc));
    inRange.forEach((l, i) => {
      const row = ws.getRow(h + 2 + i);
      expect(row.getCell(1).type).toBe(ExcelJS.ValueType.Date);
      expect(row.getCell(1).value).toEqual(utc(l.date));
      expect(row.getCell(1).numFmt).toBe('dd.mm.yyyy');
      if (l.dueDate) expect(row.getCell(2).value).toEqual(utc(l.dueDate));
      else expect(row.getCell(2).type).toBe(ExcelJS.ValueType.Null);
      expect(row.getCell(3).value).toBe(l.type);
      for (const [col, v] of [
        [4, l.debit],
        [5, l.credit],
        [6, l.balance],
      ] as const) {
        expect(row.getCell(col).type).toBe(ExcelJS.ValueType.Number);
        expect(row.getCell(col).value).toBe(tl(v));
        expect(row.getCell(col).numFmt).toBe('#,##0.00');
      }
      expect(row.getCell(7).value).toBe(l.documentNo);
      expect(row.getCell(8).value).toBe(l.description);
    });
    // Totals: Σ debit and Σ credit of the shown rows (devir included); the balance is the closing one.
    const totals = ws.getRow(h + 2 + inRange.length);
    expect(ws.rowCount).toBe(h + 2 + inRange.length);
    const debit = od + inRange.reduce((s, l) => s + l.debit, 0);
    const credit = oc + inRange.reduce((s, l) => s + l.credit, 0);
    expect(totals.getCell(1).value).toBe('Toplam');
    expect(totals.getCell(4).value).toBe(tl(debit));
    expect(totals.getCell(5).value).toBe(tl(credit));
    expect(totals.getCell(6).value).toBe(tl(balance));
    expect(balance).toBe(debit - credit);
    expect(totals.getCell(6).font?.bold).toBe(true);
  });
});

describe('Excel export follows the column chooser', () => {
  it('aging: the Firma ID is in the file even while hidden on screen (first), and where the user put it once shown; a totals row (issue 25)', async () => {
    const app = await renderApp('/aging?firma=iğdır', { loggedIn: true });
    const grid = await screen.findByRole('grid', { name: 'Yaşlandırma (ERP)' });
    const igdir = ds.accounts.filter((a) => a.balance !== 0 && foldTr(a.name).includes('igdir'));
    await waitFor(() => expect(grid.querySelectorAll('tbody tr.dt-row')).toHaveLength(igdir.length));

    const first = await downloadXlsx(app);
    expect(first.name).toMatch(/^Yaşlandırma - \d\d\.\d\d\.\d{4}\.xlsx$/);
    let ws = first.ws;
    expect(ws.name).toBe('Yaşlandırma');
    const { title } = titleOf(ws);
    let h = titleOf(ws).header;
    expect(title.slice(0, 2)).toEqual([DEMO_COMPANY.title, 'Yaşlandırma Raporu']);
    expect(title[2]).toMatch(/^Tarih: \d\d\.\d\d\.\d{4}$/);
    // Bucket amounts are balances: signed in the file, the sign named in each title (on screen: B/A).
    const signed = (x: string) => `${x} (+ borçlu / − alacaklı)`;
    expect(rowValues(ws, h)).toEqual([
      'Firma ID',
      'Firma Adı',
      ...['Vadesi Gelmemiş', '0-30 Gün', '31-60 Gün', '61-90 Gün', '91-120 Gün', '120 Gün Üstü', 'Toplam'].map(signed),
    ]);
    // ERP order; the Toplam column = each account's balance.
    igdir.forEach((a, i) => {
      expect(ws.getRow(h + 1 + i).getCell(1).value).toBe(a.id);
      expect(ws.getRow(h + 1 + i).getCell(2).value).toBe(a.name);
      expect(ws.getRow(h + 1 + i).getCell(9).value).toBe(tl(a.balance));
    });
    // The totals row: Σ of the balances, as the summary above the table says.
    const totals = ws.getRow(h + 1 + igdir.length);
    expect(totals.getCell(1).value).toBe('Toplam');
    expect(totals.getCell(9).value).toBeCloseTo(tl(igdir.reduce((s, a) => s + a.balance, 0)), 2);
    expect(ws.getRow(h + 1).getCell(9).numFmt).toBe('#,##0.00');

    // Show the Firma ID and move it after the total.
    await app.user.click(screen.getByRole('button', { name: /^Sütunlar/ }));
    const chooser = screen.getByRole('group', { name: 'Sütunlar' });
    await app.user.click(within(chooser).getByRole('checkbox', { name: 'Firma ID' }));
    for (let i = 0; i < 8; i++) await app.user.click(within(chooser).getByRole('button', { name: 'Firma ID sütununu aşağı taşı' }));
    ({ ws } = await downloadXlsx(app));
    ({ header: h } = titleOf(ws));
    expect(rowValues(ws, h).slice(6, 9)).toEqual([signed('120 Gün Üstü'), signed('Toplam'), 'Firma ID']);
    igdir.forEach((a, i) => expect(ws.getRow(h + 1 + i).getCell(9).value).toBe(a.id));
  });
});
