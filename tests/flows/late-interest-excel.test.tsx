/**
 * Vade farkı: the Excel file carries the KDV and the grand total the page and the print show, and a
 * link's VAT rate that cannot be read is refused by name, not silently taken as 20 % (issue 31).
 * Figures by hand in each test.
 */
import { configure, screen, waitFor } from '@testing-library/react';
import type ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { answerStatement, renderApp } from '../harness';
import { downloadXlsx } from '../harness/xlsx-download';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

const row = (date: string, due: string | null, type: string, borc: number, alacak: number, no: string) => ({
  ACTION_DATE: date,
  DUE_DATE: due,
  ACTION_NAME: type,
  BORC: borc,
  ALACAK: alacak,
  BELGE_NO: no,
  ACIKLAMA: '',
});
const cells = (grid: HTMLElement) =>
  Array.from(grid.querySelectorAll('tbody tr.dt-row'), (tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent));
// Four invoices of 742.103,00 due 01.03.2026, open 30 days to 31.03 at 1 % a month: 7.421,03 each.
// Σ vade farkı 4 × 7.421,03 = 29.684,12; KDV on the total 29.684,12 × 0,20 = 5.936,824 → 5.936,82
// (the rows' KDV 4 × 1.484,206 → 4 × 1.484,21 = 5.936,84 would be wrong); grand total 35.620,94.
const FOUR = [1, 2, 3, 4].map((i) => row('2026-01-01', '2026-03-01', 'Satış Faturası', 742103, 0, `SF${i}`));
const values = (ws: ExcelJS.Worksheet) => {
  const out: unknown[][] = [];
  ws.eachRow((r) => out.push((r.values as unknown[]).slice(1)));
  return out;
};

describe('vade farkı Excel', () => {
  it('ends with Σ vade farkı 29.684,12, KDV (%20) 5.936,82 and Genel toplam 35.620,94, as on the page', async () => {
    answerStatement(FOUR);
    const app = await renderApp('/accounts/1003/vade-farki?asOf=2026-03-31&rate=1&period=monthly', { loggedIn: true });
    const grid = await screen.findByRole('grid', { name: 'Vade farkı hesap tablosu' });
    await waitFor(() => expect(cells(grid)).toHaveLength(4));
    const { ws } = await downloadXlsx(app);
    const rows = values(ws);
    const last3 = rows.slice(-3);
    const labelOf = (r: unknown[]) => r.find((v) => typeof v === 'string');
    const figureOf = (r: unknown[]) => r.filter((v) => typeof v === 'number').at(-1);
    expect(last3.map(labelOf)).toEqual(['Toplam', 'KDV (%20)', 'Genel toplam (KDV dahil)']);
    expect(last3.map(figureOf)).toEqual([29684.12, 5936.82, 35620.94]);
  });
});

describe('?vat= that cannot be read', () => {
  it('"abc" is named in a Turkish message and nothing is computed at a guessed 20 %', async () => {
    answerStatement(FOUR);
    await renderApp('/accounts/1003/vade-farki?asOf=2026-03-31&rate=1&period=monthly&vat=abc', { loggedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('KDV oranı okunamadı (yazılan: “abc”)');
    expect(screen.queryByTestId('late-interest-summary')).toBeNull();
    expect(screen.getByRole('button', { name: 'PDF indir' })).toBeDisabled();
    // the box keeps what was typed, for the user to correct
    expect(screen.getByLabelText('KDV oranı (%)')).toHaveValue('abc');
  });

  it('"150" is out of range, named', async () => {
    answerStatement(FOUR);
    await renderApp('/accounts/1003/vade-farki?asOf=2026-03-31&rate=1&period=monthly&vat=150', { loggedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('KDV oranı 0 ile 100 arasında olmalı (yazılan: 150)');
    expect(screen.queryByTestId('late-interest-summary')).toBeNull();
  });

  it('"18" is taken: 29.684,12 × 0,18 = 5.343,1416 → KDV 5.343,14; 29.684,12 + 5.343,14 = 35.027,26', async () => {
    answerStatement(FOUR);
    await renderApp('/accounts/1003/vade-farki?asOf=2026-03-31&rate=1&period=monthly&vat=18', { loggedIn: true });
    expect(await screen.findByTestId('late-interest-summary')).toHaveTextContent('Vade farkı 29.684,12 TL · KDV (%18) 5.343,14 TL · Genel toplam 35.027,26 TL');
  });
});
