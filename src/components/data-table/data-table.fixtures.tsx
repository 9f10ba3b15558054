/**
 * Shared by the DataTable tests (not a test file itself): hand-written accounts in "ERP order",
 * their columns, a Harness page (search box + table) and DOM helpers.
 */
import { screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { formatMoney } from '../../domain/format';
import { sumMinor } from '../../domain/money';
import { DataTable, TableSearch, type DataColumn, type DataTableProps } from '.';

export interface Account {
  id: string;
  name: string;
  city: string;
  balance: number | null;
  date: string;
}

// Hand-written rows in "ERP order". Balances in kuruş.
export const ACCOUNTS: Account[] = [
  { id: 'A1', name: 'Şahin Gıda', city: 'İzmir', balance: 150000, date: '2026-01-31' },
  { id: 'A2', name: 'Cam Sanayi', city: 'Bursa', balance: -2500, date: '2025-12-01' },
  { id: 'A3', name: 'Çelik Yapı', city: 'Ankara', balance: 99, date: '2026-02-15' },
  { id: 'A4', name: 'İĞDIR TİCARET LTD. ŞTİ.', city: 'Iğdır', balance: 1000000, date: '2026-01-05' },
  { id: 'A5', name: 'ISPARTA GÜL A.Ş.', city: 'Isparta', balance: null, date: '2025-11-30' },
  { id: 'A6', name: 'Ilgaz Orman', city: 'Çankırı', balance: 0, date: '2026-01-31' },
  { id: 'A7', name: 'Ömer Usta', city: 'Konya', balance: 2000, date: '2026-03-01' },
  { id: 'A8', name: 'Ozan Tekstil', city: 'Denizli', balance: 2000, date: '2024-06-30' },
  { id: 'A9', name: 'Sarı Kalem', city: 'Sivas', balance: -100000, date: '2025-05-05' },
  { id: 'A10', name: 'Uğur Boya', city: 'Uşak', balance: 12345, date: '2026-01-01' },
  { id: 'A11', name: 'Ünal Kuyumcu', city: 'Ürgüp', balance: 500, date: '2025-08-08' },
  { id: 'A12', name: 'Zeki Market', city: 'Zonguldak', balance: 7, date: '2026-01-10' },
];

export const COLUMNS: DataColumn<Account>[] = [
  { id: 'name', header: 'Ad', value: (r) => r.name, primary: true },
  { id: 'city', header: () => 'İl', value: (r) => r.city },
  {
    id: 'balance',
    header: 'Bakiye',
    kind: 'money',
    value: (r) => r.balance,
    footer: (rows) => formatMoney(sumMinor(rows.map((r) => r.balance))),
  },
  { id: 'date', header: 'Tarih', kind: 'date', value: (r) => r.date },
];

export function Harness(props: Partial<DataTableProps<Account>> & { initialQuery?: string }) {
  const { initialQuery = '', ...rest } = props;
  const [q, setQ] = useState(initialQuery);
  const ref = useRef<HTMLInputElement>(null);
  return (
    <DataTable
      data={ACCOUNTS}
      columns={COLUMNS}
      getRowId={(r) => r.id}
      searchQuery={q}
      searchInputRef={ref}
      toolbar={<TableSearch ref={ref} value={q} onChange={setQ} />}
      aria-label="Cariler"
      virtualize={false}
      {...rest}
    />
  );
}

export const grid = () => screen.getByRole('grid', { name: 'Cariler' });
export const bodyRows = () => Array.from(grid().querySelectorAll<HTMLTableRowElement>('tbody tr[data-row-id]'));
export const names = () => bodyRows().map((tr) => tr.cells[0]?.textContent);
export const column = (i: number) => bodyRows().map((tr) => tr.cells[i]?.textContent);

/** 1000 numbered lines: enough rows for the table to virtualize. */
export interface Line {
  n: number;
  label: string;
}
export const LINES: Line[] = Array.from({ length: 1000 }, (_, i) => ({ n: i + 1, label: `Satır ${i + 1}` }));
export const LINE_COLUMNS: DataColumn<Line>[] = [
  { id: 'label', header: 'Açıklama', value: (r) => r.label },
  { id: 'n', header: 'No', kind: 'number', value: (r) => r.n },
];
export const rendered = () => Array.from(document.querySelectorAll<HTMLTableRowElement>('tbody tr[data-row-id]'));

export const blobBytes = async (blob: Blob): Promise<Uint8Array> => new Uint8Array(await blob.arrayBuffer());
