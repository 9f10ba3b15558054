/**
 * Totals over the filtered rows (the columns' `footer` functions), shown by table-footer.tsx.
 * Computed once per (data, columns, search, filter) — not per render (scrolling) nor per sort
 * order (footers are sums over the filtered rows; the order does not change them). A big list
 * shows its first rows before its totals: they are computed right after that first paint.
 */
import { useMemo, type ReactNode } from 'react';
import { DEFER_AFTER_PAINT_MIN_ROWS, usePainted } from './use-painted';
import type { DataColumn } from './types';
import type { RowFilter } from './use-table-model';

/** One value per column (null: no footer), or null while not computed / no column has a footer. */
export function useColumnTotals<T>(opts: {
  data: readonly T[];
  columns: readonly DataColumn<T>[];
  order: Int32Array;
  searchQuery: string;
  rowFilter: RowFilter<T> | null;
}): ReactNode[] | null {
  const { data, columns, order, searchQuery, rowFilter } = opts;
  const hasFooterFns = columns.some((c) => c.footer);
  const footersReady = usePainted(data, hasFooterFns && data.length >= DEFER_AFTER_PAINT_MIN_ROWS);
  return useMemo(
    () => {
      if (!hasFooterFns || !footersReady) return null;
      const rows = Array.from(order, (i) => data[i] as T);
      return columns.map((c) => (c.footer ? c.footer(rows) : null));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `order` is the latest view of (data, columns, searchQuery, rowFilter); its sort order does not change a sum
    [hasFooterFns, footersReady, data, columns, searchQuery, rowFilter],
  );
}
