/**
 * The table model: the one place a table's view of its rows is computed — the sort state
 * (controlled or internal, shaped like react-table's SortingState) and the rows to show, as indices
 * into `data`, sorted, searched (row-order/) and filtered (`rowFilter`).
 *
 * A page that needs the view itself (the accounts list counts facets and totals over it) creates
 * the model and hands it to `<DataTable model={…}>`; a page that only shows a table lets DataTable
 * create its own. Either way the view is computed once per (data, columns, sort, search, filter),
 * by this hook, and its index (folded search text, sort ranks) lives as long as the model holds the
 * same data and columns — in the component tree, not in a module cache.
 *
 * A new view (viewKey) scrolls back to the top; the search text is folded in idle time, and big
 * tables rank their text columns in a Web Worker after the first paint.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Updater } from '@tanstack/react-table';
import { whenIdle } from '../../lib/idle';
import { queryTokens } from '../../domain/turkish';
import {
  buildCharRows,
  buildHaystacks,
  buildNextMarks,
  createTableIndex,
  prefetchRanks,
  rankInWorker,
  viewOrder,
  warmSearch,
  workersAvailable,
  type TableIndex,
} from './row-order';
import { sortingToParam } from './sort-param';
import type { DataColumn, SortingState } from './types';

/** From this many rows on, sortable text columns are ranked in a Web Worker after the first paint. */
const PREFETCH_SORT_MIN_ROWS = 5000;
/**
 * The next keystroke's maps start this long after a search's render, when the frame that shows the
 * result is on screen (its raster and compositing need the cores); a user typing faster than this
 * gets the scan, as before.
 */
const NEXT_MARKS_AFTER_MS = 50;

/** Keeps a row (data index `i`) besides the search: the page's facets. */
export type RowFilter<T> = (row: T, i: number) => boolean;

function keepRows<T>(order: Int32Array, data: readonly T[], keep: RowFilter<T>): Int32Array {
  const out = new Int32Array(order.length);
  let m = 0;
  for (let k = 0; k < order.length; k++) {
    const i = order[k] as number;
    if (keep(data[i] as T, i)) out[m++] = i;
  }
  return out.slice(0, m);
}

function countRows<T>(data: readonly T[], keep: RowFilter<T>): number {
  let n = 0;
  for (let i = 0; i < data.length; i++) if (keep(data[i] as T, i)) n++;
  return n;
}

export interface TableModelOptions<T> {
  data: readonly T[];
  /** Module constants (or memoized): the index is kept per (data, columns). */
  columns: readonly DataColumn<T>[];
  /** Controlled sort (keep it in the URL with sortingToParam/sortingFromParam). */
  sorting?: SortingState;
  onSortingChange?: (next: SortingState) => void;
  /** Initial sort when uncontrolled. */
  defaultSorting?: SortingState;
  /** Client-side search (Turkish folding; legal suffixes like "A.Ş." ignored). */
  searchQuery?: string;
  /** With no sort chosen, the rows where the search starts a word come first. */
  searchWordStartsFirst?: boolean;
  /** Rows to keep besides the search; keep it stable (useMemo): the view is recomputed when it changes. */
  rowFilter?: RowFilter<T> | null;
}

export interface TableModel<T> {
  readonly data: readonly T[];
  readonly columns: readonly DataColumn<T>[];
  readonly searchQuery: string;
  readonly rowFilter: RowFilter<T> | null;
  sorting: SortingState;
  setSorting: (updater: Updater<SortingState>) => void;
  /** Data indices sorted and searched, before `rowFilter` (a page counts its facets over these). */
  searched: Int32Array;
  /** Data indices in display order (sorted, searched, filtered): what the table shows. */
  order: Int32Array;
  /** A search is on (the summary says "N of M"). */
  filtered: boolean;
  /** The rows the filter keeps (all rows without one). */
  total: number;
  /** A new object for each new sort, search or filter (not for new data). */
  viewKey: object;
  /** The same data searched for another query (in data order unless `sorting`): from the same index. */
  viewOf(query: string, sorting?: SortingState): Int32Array;
}

const NO_SORT: SortingState = [];

/**
 * The view of a small table computed on the spot (a fresh index, nothing kept): for a page that
 * needs a few hundred rows' view beside its table. A page whose table is big makes a model instead.
 */
export function tableView<T>(data: readonly T[], columns: readonly DataColumn<T>[], sorting: SortingState, query: string, wordStarts = false): Int32Array {
  return viewOrder(createTableIndex(data, columns), sorting, query, wordStarts);
}

export function useTableModel<T>(opts: TableModelOptions<T>): TableModel<T> {
  const { data, columns, searchQuery = '', rowFilter = null, onSortingChange, searchWordStartsFirst = false } = opts;

  // ---- sorting: controlled or internal, shaped like react-table's SortingState ----
  const [innerSorting, setInnerSorting] = useState<SortingState>(opts.defaultSorting ?? NO_SORT);
  const sorting = opts.sorting ?? innerSorting;
  const sortKey = sortingToParam(sorting);
  const setSorting = (updater: Updater<SortingState>) => {
    const next = (typeof updater === 'function' ? updater(sorting) : updater).map((s) => ({ id: s.id, desc: s.desc }));
    if (!opts.sorting) setInnerSorting(next);
    onSortingChange?.(next);
  };

  // ---- the row pipeline: indices into `data`, in display order ----
  const index: TableIndex<T> = useMemo(() => createTableIndex(data, columns), [data, columns]);
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
  // search so its code is compiled before the user types); big tables also rank their sortable
  // text columns in a Web Worker meanwhile, so a header click is cheap.
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

  // After a search of a very big table, once its frame is on screen, in short slices: the row maps
  // that make the next character typed a lookup instead of another scan of every row's text.
  useEffect(() => {
    const tokens = queryTokens(searchQuery);
    if (tokens.length === 0) return;
    return whenIdle((stop) => buildNextMarks(index, tokens, searched.length, stop), { after: NEXT_MARKS_AFTER_MS });
  }, [index, searchQuery, searched]);

  return {
    data,
    columns,
    searchQuery,
    rowFilter,
    sorting,
    setSorting,
    searched,
    order,
    filtered,
    total,
    viewKey,
    viewOf: (query, s = NO_SORT) => viewOrder(index, s, query),
  };
}
