/**
 * The one table — the only entry to this folder. Which file holds which job:
 *   data-table.tsx            DataTable: wires the jobs below together and lays out the <table>
 *   data-table-props.ts       its props (the public surface)
 *   types.ts                  DataColumn, ColumnKind, SortingState
 *   cell-format.ts            a column kind's display text, CSV text, alignment and width
 *   erp-columns.tsx           columns built from an ERP answer's columns
 *   Rendering:   table-toolbar.tsx (search box slot, row count, export button), table-header.tsx
 *                (sort buttons), table-body.tsx (rows, cells, skeleton, empty state),
 *                table-footer.tsx (totals row) + use-column-totals.ts (the sums)
 *   Rows shown:  use-table-model.ts (the table model: sort state, search, rowFilter → the view, once;
 *                a page that reads the view makes it and passes `model`) over row-order/
 *                (table-index → search-fold → text-ranks → sort-order; rank-worker.ts for big tables)
 *   Virtualization: use-virtual-rows.ts (rendered window, row geometry); use-window-table.ts
 *                (the window's rows; react-table for columns, headers, sort state — given no rows);
 *                use-scroll-box-height.ts (maxHeight="viewport")
 *   Keyboard:    use-keyboard-navigation.ts (grid keys, "/" to the search box)
 *   Printing:    use-print-mode.ts (all rows between beforeprint/afterprint; print CSS in data-table.css)
 *   Export:      table-export.ts (one export model → CSV writer, and exportXlsx → xlsx-writer.ts, the
 *                Excel entry: xlsx-build.ts writes the file, in xlsx-worker.ts, no library)
 *   Columns:     column-prefs.ts (shown/hidden + order per tableId, localStorage, cleared at logout),
 *                column-chooser.tsx (the "Sütunlar" panel); `defaultHidden` columns start hidden,
 *                `wrap` columns (company names) wrap to two lines instead of being cut
 *   URL state:   sort-param.ts (sort ↔ ?sort=), use-url-filter.ts; search-input.tsx (TableSearch)
 * Where to add:
 *   a new column kind      → ColumnKind in types.ts, then its text/alignment in cell-format.ts
 *   a new keyboard shortcut → use-keyboard-navigation.ts (grid key: onGridKeyDown; page key: the
 *                            document listener)
 *   a new export format    → a writer over ExportModel (table-export.ts), its button in table-toolbar.tsx
 * Tests sit next to the job they cover (table-render, use-table-model, use-keyboard-navigation,
 * table-export, xlsx-export, column-chooser, use-virtual-rows, use-print-mode .test.tsx; shared rows in
 * data-table.fixtures.tsx).
 *
 * Usage (a page):
 *
 *   const COLUMNS: readonly DataColumn<Account>[] = [            // module constant
 *     { id: 'name', header: () => t('accounts.col.name'), value: (a) => a.name, primary: true, href: accountHref },
 *     { id: 'balance', header: () => t('accounts.col.balance'), kind: 'money', value: (a) => a.balance,
 *       footer: (rows) => formatMoney(sumMinor(rows.map((a) => a.balance))) },
 *   ];
 *   const searchRef = useRef<HTMLInputElement>(null);
 *   <DataTable data={accounts} columns={COLUMNS} getRowId={(a) => a.id} aria-label={t('accounts.title')}
 *     searchQuery={q} searchInputRef={searchRef}
 *     toolbar={<TableSearch ref={searchRef} value={q} onChange={setQ} />}
 *     sorting={sortingFromParam(params.get('sort'), ids)} onSortingChange={(s) => setParam('sort', sortingToParam(s))}
 *     onRowOpen={(a) => navigate(accountHref(a))} loading={isPending} error={error} onRetry={refetch}
 *     csvFileName="cariler.csv" />
 *
 * A page that reads the view itself (counts, totals over the rows shown) makes the model and hands
 * it down, so the view is computed once (use-table-model.ts; the accounts list does this):
 *
 *   const model = useTableModel({ data: accounts, columns: COLUMNS, searchQuery: q, rowFilter, sorting, onSortingChange });
 *   const shown = model.order.length;                            // the rows the table shows
 *   <DataTable model={model} getRowId={(a) => a.id} aria-label={t('accounts.title')} … />
 */
export { DataTable } from './data-table';
export { clearColumnPrefs } from './column-store';
export type { DataTableProps } from './data-table-props';
export { tableView, useTableModel, type RowFilter, type TableModel, type TableModelOptions } from './use-table-model';
export { ROW_HEIGHT } from './use-virtual-rows';
export { INSTANT_SEARCH_MAX_ROWS, TableSearch } from './search-input';
export { usePainted, DEFER_AFTER_PAINT_MIN_ROWS } from './use-painted';
export { sortingFromParam, sortingToParam } from './sort-param';
export { displayValue, csvValue } from './cell-format';
export { erpDataColumns, erpCellValue, InvalidValue, type ErpRow, type ErpColumnOptions } from './erp-columns';
export type { CellValue, ColumnKind, DataColumn, SortingState } from './types';
