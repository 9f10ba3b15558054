/**
 * The bench's reference list (never in the production bundle: bench/reference-build.ts builds it on
 * its own into the bench's scratch dist). The same 100k get_cari answer as the accounts page, read by
 * the same reader, shown the way the TanStack examples build a list: react-table's own row models
 * (core → filtered by a global filter → sorted) and @tanstack/react-virtual for the rows on screen.
 * The bench reports our list's figures as ratios to this one (ratio.accounts.*), so the figures keep
 * their meaning on a faster or slower machine.
 *
 * Deliberate choices, to stay the examples' way: the answer is read whole (fetch → text → reader),
 * the filter runs on every keystroke (no debounce: the bench times keystroke → rows painted), and the
 * filter is react-table's includesString over the text columns.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  columnFilteringFeature,
  createFilteredRowModel,
  createSortedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnDef,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { parseErpBody, readAccounts } from '../../src/domain/reader';
import type { Account } from '../../src/domain/erp-types';

const features = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  rowSortingFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  filterFns: { includesString: filterFn_includesString },
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text },
});
type Features = typeof features;

const number = new Intl.NumberFormat('tr-TR');
const money = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const columns: ColumnDef<Features, Account>[] = [
  { id: 'id', header: 'Cari No', accessorFn: (a) => a.id },
  { id: 'category', header: 'Kategori', accessorFn: (a) => a.category },
  { id: 'name', header: 'Firma Adı', accessorFn: (a) => a.name, sortFn: 'text' },
  { id: 'province', header: 'İl', accessorFn: (a) => a.province },
  { id: 'district', header: 'İlçe', accessorFn: (a) => a.district },
  {
    id: 'balance',
    header: 'Bakiye',
    accessorFn: (a) => a.balance ?? 0,
    cell: (c) => money.format(Math.abs(c.getValue<number>()) / 100),
    enableGlobalFilter: false,
  },
];

const ROW_HEIGHT = 33;

function ReferenceList({ data }: { data: Account[] }) {
  const [globalFilter, setGlobalFilter] = useState('');
  const table = useTable<Features, Account>({
    features,
    columns,
    data,
    state: { globalFilter },
    onGlobalFilterChange: setGlobalFilter,
    globalFilterFn: 'includesString',
    getRowId: (a) => a.id,
  });
  const rows = table.getRowModel().rows;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  const items = virtualizer.getVirtualItems();
  const summary = globalFilter ? `${number.format(data.length)} satırdan ${number.format(rows.length)} gösteriliyor` : `${number.format(data.length)} satır`;
  return (
    <div className="reference-page">
      <input type="search" aria-label="Ara" value={globalFilter} onChange={(e) => setGlobalFilter(e.target.value)} />
      <p className="ref-summary">{summary}</p>
      <div ref={scroller} style={{ height: 600, overflow: 'auto' }}>
        <table style={{ display: 'grid' }}>
          <thead style={{ display: 'grid', position: 'sticky', top: 0, background: '#fff' }}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} style={{ display: 'flex' }}>
                {group.headers.map((header) => (
                  <th key={header.id} style={{ width: 180 }}>
                    <button type="button" onClick={header.column.getToggleSortingHandler()}>
                      <table.FlexRender header={header} />
                    </button>
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody style={{ display: 'grid', height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const row = rows[item.index]!;
              return (
                <tr
                  key={row.id}
                  data-row-id={row.id}
                  style={{ display: 'flex', position: 'absolute', transform: `translateY(${item.start}px)`, width: '100%', height: ROW_HEIGHT }}
                >
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} style={{ width: 180 }}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function App() {
  const [data, setData] = useState<Account[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    fetch('/api/erp/get_cari', {
      method: 'POST',
      headers: { 'x-app-request': '1', 'content-type': 'application/json' },
      body: '{"firma_ismi":""}',
      signal: ctrl.signal,
    })
      .then(async (res) => {
        const text = await res.text();
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        setData(readAccounts(parseErpBody(text, res.status)).accounts);
      })
      .catch((err: unknown) => !ctrl.signal.aborted && setError(String(err)));
    return () => ctrl.abort();
  }, []);
  const list = useMemo(() => (data ? <ReferenceList data={data} /> : null), [data]);
  if (error) return <p role="alert">{error}</p>;
  return list ?? <p>Yükleniyor…</p>;
}

createRoot(document.getElementById('root')!).render(<App />);
