/**
 * The table's view of its rows: the sort state (controlled or internal, shaped like react-table's
 * SortingState) and the rows to show — indices into `data`, sorted, searched and filtered by the
 * row pipeline in ./row-order/. A new view (viewKey) scrolls back to the top; the search text is folded in
 * idle time, and big tables rank their text columns in a Web Worker after the first paint.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Updater } from '@tanstack/react-table';
import { whenIdle } from '../../lib/idle';
import { queryTokens } from '../../lib/turkish';
import { buildCharRows, buildHaystacks, getTableIndex, prefetchRanks, rankInWorker, viewOrder, warmSearch, workersAvailable } from './row-order';
import { sortingToParam } from './sort-param';
import type { DataTableProps } from './data-table-props';
import type { DataColumn, SortingState } from './types';

/** From this many rows on, sortable text columns are ranked in a Web Worker after the first paint. */
const PREFETCH_SORT_MIN_ROWS = 5000;

function keepRows<T>(order: Int32Array, data: readonly T[], keep: (row: T) => boolean): Int32Array {
  const out = new Int32Array(order.length);
  let m = 0;
  for (let k = 0; k < order.length; k++) if (keep(data[order[k] as number] as T)) out[m++] = order[k] as number;
  return out.slice(0, m);
}

function countRows<T>(data: readonly T[], keep: (row: T) => boolean): number {
  let n = 0;
  for (let i = 0; i < data.length; i++) if (keep(data[i] as T)) n++;
  return n;
}

/**
 * The rows a DataTable with these props shows before its `rowFilter`: data indices, sorted and
 * searched. Shares the table's cache (same data, columns, sorting and query → the table's own
 * call reuses this answer), so a page can count facets/totals without folding the text again.
 */
export function tableView<T>(data: readonly T[], columns: readonly DataColumn<T>[], sorting: SortingState, query: string, wordStarts = false): Int32Array {
  return viewOrder(getTableIndex(data, columns), sorting, query, wordStarts);
}

export interface RowView {
  sorting: SortingState;
  setSorting: (updater: Updater<SortingState>) => void;
  /** Data indices in display order (sorted, searched, filtered). */
  order: Int32Array;
  /** A search is on (the summary says "N of M"). */
  filtered: boolean;
  /** The rows the filter keeps (all rows without one). */
  total: number;
  /** A new object for each new sort, search or filter (not for new data). */
  viewKey: object;
}

export function useRowView<T>(
  props: Pick<DataTableProps<T>, 'data' | 'columns' | 'sorting' | 'defaultSorting' | 'onSortingChange' | 'searchWordStartsFirst'> & { searchQuery: string; rowFilter: ((row: T) => boolean) | null },
): RowView {
  const { data, columns, searchQuery, rowFilter, onSortingChange, searchWordStartsFirst = false } = props;

  // ---- sorting: controlled or internal, shaped like react-table's SortingState ----
  const [innerSorting, setInnerSorting] = useState<SortingState>(props.defaultSorting ?? []);
  const sorting = props.sorting ?? innerSorting;
  const sortKey = sortingToParam(sorting);
  const setSorting = (updater: Updater<SortingState>) => {
    const next = (typeof updater === 'function' ? updater(sorting) : updater).map((s) => ({ id: s.id, desc: s.desc }));
    if (!props.sorting) setInnerSorting(next);
    onSortingChange?.(next);
  };

  // ---- the row pipeline: indices into `data`, in display order ----
  const index = getTableIndex(data, columns);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- sortKey is the value of `sorting`
  const searched = useMemo(() => viewOrder(index, sorting, searchQuery, searchWordStartsFirst), [index, sortKey, searchQuery, searchWordStartsFirst]);
  const order = useMemo(() => (rowFilter ? keepRows(searched, data, rowFilter) : searched), [searched, data, rowFilter]);
  const filtered = queryTokens(searchQuery).length > 0;
  // The summary's total: the rows the filter keeps (all rows without one).
  const total = useMemo(() => (rowFilter ? countRows(data, rowFilter) : data.length), [data, rowFilter]);

  // A new sort, search or filter: a new view (the list starts at its top, use-virtual-rows.ts).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- sortKey is the value of `sorting`
  const viewKey = useMemo(() => ({}), [sortKey, searchQuery, rowFilter]);

  // Fold the search text in idle time so the first keystroke does not pay for it (for a very big
  // table also the rows holding each character: the first keystroke's lookup, then one throwaway
  // search so its code is compiled before the user types); big tables also rank
  // their sortable text columns in a Web Worker meanwhile, so a header click is cheap.
  useEffect(() => {
    const cancels: (() => void)[] = [];
    if (index.haystackCount < index.data.length || !index.joined || !index.charRows?.complete) {
      cancels.push(
        whenIdle((stop) => {
          if (!buildHaystacks(index, stop, true) || !buildCharRows(index, stop)) return false;
          warmSearch(index);
          return true;
        }),
      );
    }
    // After the first paint (an idle callback, not a timer: a timer could run before the frame).
    if (index.data.length >= PREFETCH_SORT_MIN_ROWS && workersAvailable()) {
      let cancelled = false;
      cancels.push(() => (cancelled = true));
      cancels.push(whenIdle(() => (void prefetchRanks(index, rankInWorker, () => cancelled), true)));
    }
    return () => cancels.forEach((cancel) => cancel());
  }, [index]);

  return { sorting, setSorting, order, filtered, total, viewKey };
}
