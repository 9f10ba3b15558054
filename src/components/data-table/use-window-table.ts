/**
 * The react-table instance and the rows on screen. react-table owns the column model, the header
 * groups and the sorting state (the header's sort buttons); it is given no rows — the body renders
 * the window's rows (`rows`, taken from the row pipeline's order) straight from the column
 * definitions, so a keystroke builds no row or cell objects.
 */
import { useMemo } from 'react';
import { rowSortingFeature, tableFeatures, useTable, type ColumnDef, type RowData, type Updater } from '@tanstack/react-table';
import { headerText } from './cell-format';
import type { DataColumn, SortingState } from './types';

const features = tableFeatures({ rowSortingFeature });
/** react-table's data: none (see above); one array, so its memos hold from render to render. */
const NO_ROWS: never[] = [];
type Features = typeof features;

export function useWindowTable<T extends RowData>(opts: {
  data: readonly T[];
  columns: readonly DataColumn<T>[];
  order: Int32Array;
  start: number;
  end: number;
  sorting: SortingState;
  setSorting: (updater: Updater<SortingState>) => void;
}) {
  const { data, columns, order, start, end, sorting, setSorting } = opts;
  // The rows on screen, in display order.
  const rows = useMemo(() => {
    const out: T[] = new Array(Math.max(0, end - start));
    for (let k = start; k < end; k++) out[k - start] = data[order[k] as number] as T;
    return out;
  }, [data, order, start, end]);

  const colById = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const rtColumns = useMemo<ColumnDef<Features, T>[]>(
    () =>
      columns.map((col) => ({
        id: col.id,
        header: () => headerText(col),
        accessorFn: (row: T) => col.value(row),
        enableSorting: col.sortable !== false,
        sortDescFirst: false,
      })),
    [columns],
  );
  const table = useTable<Features, T>({
    features,
    columns: rtColumns,
    data: NO_ROWS,
    state: { sorting },
    onSortingChange: setSorting,
    manualSorting: true,
    enableMultiSort: false,
  });
  return { table, colById, rows };
}

export type WindowTable<T extends RowData> = ReturnType<typeof useWindowTable<T>>['table'];
