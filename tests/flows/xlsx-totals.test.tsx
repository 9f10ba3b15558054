/**
 * Excel totals say what the screen says (issue 35 item 8): the statement's totals row carries the
 * foreign-currency balance too, and the account list's file has Σ borçlu and Σ alacaklı under its net
 * total. Expected figures from the demo dataset, by this file's own arithmetic.
 */
import { screen, waitFor, within, configure } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { getDataset } from '../../server/demo-erp';
import { renderApp } from '../harness';
import { downloadXlsx } from '../harness/xlsx-download';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

const ds = getDataset();
const tl = (minor: number) => minor / 100;

const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

/** Row number of the header (the row whose first cell is `first`). */
function headerRow(ws: ExcelJS.Worksheet, first: string): number {
  for (let r = 1; r <= ws.rowCount; r++) if (ws.getRow(r).getCell(1).value === first) return r;
  throw new Error(`no header row starting with ${first}`);
}

describe('Excel totals', () => {
  it('statement of a USD account: the totals row has the USD balance beside the TL one', async () => {
    const acc = ds.accountById.get('1012')!;
    expect(acc.currency).toBe('USD');
    let usd = 0;
    let tlBalance = 0;
    for (const l of acc.lines) {
      tlBalance += l.debit - l.credit;
      if (l.currency === 'USD') usd += l.debit > 0 ? l.currencyAmount! : -l.currencyAmount!;
    }
    expect(usd).toBe(acc.currencyBalance);
    const app = await renderApp('/accounts/1012', { loggedIn: true });
    await screen.findByTestId('sum-balance');
    await screen.findByRole('heading', { level: 1, name: acc.name });
    const { ws } = await downloadXlsx(app);
    const h = headerRow(ws, 'İşlem Tarihi');
    const headers = rowValues(ws, h) as string[];
    const usdCol = headers.findIndex((x) => typeof x === 'string' && x.startsWith('Bakiye (USD)')) + 1;
    const tlCol = headers.findIndex((x) => typeof x === 'string' && x.startsWith('Bakiye (+')) + 1;
    expect(usdCol).toBeGreaterThan(0);
    const totals = ws.getRow(ws.rowCount);
    expect(totals.getCell(1).value).toBe('Toplam');
    expect(totals.getCell(tlCol).value).toBe(tl(tlBalance));
    expect(totals.getCell(usdCol).value).toBe(tl(usd));
  });

  it('account list: under the net total, Σ borçlu and Σ alacaklı bakiyeler', async () => {
    const debit = ds.accounts.filter((a) => a.balance > 0).reduce((s, a) => s + a.balance, 0);
    const credit = ds.accounts.filter((a) => a.balance < 0).reduce((s, a) => s - a.balance, 0);
    const app = await renderApp('/accounts', { loggedIn: true });
    const grid = await screen.findByRole('grid', { name: 'Cari listesi' });
    await waitFor(() => expect(within(grid).getAllByRole('row').length).toBeGreaterThan(5));
    await screen.findByText(`${ds.accounts.length} satır`);
    const { ws } = await downloadXlsx(app);
    const h = headerRow(ws, 'Firma ID');
    const balCol = (rowValues(ws, h) as string[]).findIndex((x) => typeof x === 'string' && x.startsWith('Bakiye')) + 1;
    const last = ws.rowCount;
    const texts = (r: number) => (rowValues(ws, r) as unknown[]).filter((v) => typeof v === 'string');
    expect(ws.getRow(last - 2).getCell(balCol).value).toBe(tl(debit - credit));
    expect(texts(last - 1)).toContain('Borçlu bakiyeler');
    expect(ws.getRow(last - 1).getCell(balCol).value).toBe(tl(debit));
    expect(texts(last)).toContain('Alacaklı bakiyeler');
    expect(ws.getRow(last).getCell(balCol).value).toBe(tl(-credit));
  });
});
