import { render, screen } from '@testing-library/react';
import type { Cell, ErpColumn } from '../../domain/erp-types';
import { DataTable } from './data-table';
import { erpDataColumns, type ErpRow } from './erp-columns';

const money = (minor: number): Cell => ({ kind: 'number', value: minor / 100, minor, decimals: 2, raw: String(minor / 100) });
const text = (s: string): Cell => ({ kind: 'text', text: s });

const COLUMNS: ErpColumn[] = [
  { key: 'INVOICE_NUMBER', folded: 'invoicenumber', label: 'Fatura No', kind: 'text' },
  { key: 'GRANDTOTAL', folded: 'grandtotal', label: 'Toplam', kind: 'money' },
  { key: 'MONEY', folded: 'money', label: 'Para Birimi', kind: 'text' },
];

const row = (no: string, minor: number, currency: string): ErpRow => ({ INVOICE_NUMBER: text(no), GRANDTOTAL: money(minor), MONEY: text(currency) });
const currencyOf = (r: ErpRow) => (r.MONEY?.kind === 'text' ? r.MONEY.text : '');

function footerTotal(rows: ErpRow[], withCurrency = true): string {
  const columns = erpDataColumns(COLUMNS, { rows, currencyOf: withCurrency ? currencyOf : undefined });
  render(<DataTable data={rows} columns={columns} getRowId={(r) => (r.INVOICE_NUMBER as { text: string }).text} aria-label="Faturalar" virtualize={false} />);
  const totals = screen.getByRole('grid', { name: 'Faturalar' }).querySelector('tfoot tr') as HTMLTableRowElement;
  return totals.cells[1]!.textContent ?? '';
}

describe('erpDataColumns: money totals', () => {
  it('never adds amounts of different currencies: one total per currency', () => {
    // TL: 1.000,50 + 250,25 = 1.250,75; USD: 2.500,00
    const rows = [row('F1', 100050, 'TL'), row('F2', 250000, 'USD'), row('F3', 25025, 'TL')];
    expect(footerTotal(rows)).toBe('1.250,75 TL · 2.500,00 USD');
  });

  it('one currency: the sum with that currency', () => {
    // 1.000,50 + 0,75 = 1.001,25
    expect(footerTotal([row('F1', 100050, 'EUR'), row('F2', 75, 'EUR')])).toBe('1.001,25 EUR');
  });

  it('without a currency field: the plain sum', () => {
    expect(footerTotal([row('F1', 100050, 'TL'), row('F2', 250000, 'USD')], false)).toBe('3.500,50');
  });
});
