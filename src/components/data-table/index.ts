/**
 * The one table. Usage (a page):
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
 */
export { DataTable, ROW_HEIGHT, tableView, type DataTableProps } from './data-table';
export { TableSearch } from './search-input';
export { usePainted, DEFER_AFTER_PAINT_MIN_ROWS } from './use-painted';
export { sortingFromParam, sortingToParam } from './sort-param';
export { displayValue, csvValue } from './cell-format';
export { erpDataColumns, erpCellValue, InvalidValue, type ErpRow, type ErpColumnOptions } from './erp-columns';
export type { CellValue, ColumnKind, DataColumn, SortingState } from './types';
