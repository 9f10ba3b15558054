/**
 * The one table. Pages pass module-constant column definitions (./types.ts); the table does sort,
 * Turkish-folded search, totals, keyboard navigation, CSV export, print and row virtualization.
 *
 * How it stays fast at 100k rows (see row-order.ts):
 * - search haystacks are folded once per (data, columns), in idle time after the first paint;
 * - sort orders are computed once per column and direction and cached (big tables rank their text
 *   columns in a Web Worker right after the first paint, see rank-worker.ts);
 * - a keystroke only scans an Int32Array of indices; react-table only ever sees the rows on screen
 *   (it owns the column model, headers and the sorting state, not the 100k-row pipeline).
 * Printing: on `beforeprint` the table renders ALL rows (virtualization off, synchronously via
 * flushSync) and goes back to virtual rows on `afterprint`.
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { rowSortingFeature, tableFeatures, useTable, type ColumnDef, type RowData, type Updater } from '@tanstack/react-table';
import { observeElementRect, useVirtualizer, type VirtualizerOptions } from '@tanstack/react-virtual';
import { t } from '../../i18n';
import { downloadCsv, toCsv } from '../../lib/csv';
import { formatCount } from '../../lib/format';
import { queryTokens } from '../../lib/turkish';
import { EmptyState, ErrorState } from '../feedback';
import { columnAlign, columnWidth, csvValue, displayValue, headerText, tableMinWidth } from './cell-format';
import { buildHaystacks, getTableIndex, prefetchRanks, viewOrder } from './row-order';
import { rankInWorker, workersAvailable } from './rank-in-worker';
import { sortingToParam } from './sort-param';
import { DEFER_AFTER_PAINT_MIN_ROWS, usePainted } from './use-painted';
import type { DataColumn, SortingState } from './types';
import { isTypingTarget } from '../../lib/keyboard';
import './data-table.css';

declare global {
  interface Window {
    /** Bench only: render every row (no virtualization) for baseline measurements. */
    __BENCH_NO_VIRTUAL__?: boolean;
  }
}

export const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 40;
const FOOTER_HEIGHT = 38;
const OVERSCAN = 12;
/** Height assumed when the scroll box reports none (jsdom, hidden tab): ~19 rows + overscan render. */
const FALLBACK_VIEWPORT = 720;
const SKELETON_ROWS = 8;
/** maxHeight="viewport": room left below the scroll box (the page's bottom padding). */
const VIEWPORT_BOTTOM_GAP = '1.25rem';
/** From this many rows on, sortable text columns are ranked in a Web Worker after the first paint. */
const PREFETCH_SORT_MIN_ROWS = 5000;

const features = tableFeatures({ rowSortingFeature });
type Features = typeof features;

const observeRectWithFallback: VirtualizerOptions<HTMLDivElement, Element>['observeElementRect'] = (instance, cb) =>
  observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: FALLBACK_VIEWPORT }));

function benchNoVirtual(): boolean {
  if (typeof window === 'undefined') return false;
  if (window.__BENCH_NO_VIRTUAL__) return true;
  return new URLSearchParams(window.location.search).get('novirt') === '1';
}

export interface DataTableProps<T> {
  data: readonly T[];
  /** Module constants: the folded search text and sort orders are cached per (data, columns). */
  columns: readonly DataColumn<T>[];
  /** Row id for data-row-id (tests, e2e); default: the position in `data`. */
  getRowId?: (row: T) => string;
  /** Client-side filter (Turkish folding; legal suffixes like "A.Ş.", "Ltd. Şti." ignored). */
  searchQuery?: string;
  /**
   * Rows to keep besides the search (facets). Keep the function stable (useMemo): the view is
   * recomputed when it changes. `data` stays the whole list, so its folded search text and sort
   * orders are reused across filter changes. The summary counts the rows this filter keeps.
   */
  rowFilter?: ((row: T) => boolean) | null;
  /** Controlled sort (keep it in the URL with sortingToParam/sortingFromParam). */
  sorting?: SortingState;
  onSortingChange?: (next: SortingState) => void;
  /** Initial sort when uncontrolled. */
  defaultSorting?: SortingState;
  /** Enter, double-click, or a click on the primary column's link. */
  onRowOpen?: (row: T) => void;
  /** The keyboard/click focus moved to this row (pages may prefetch). */
  onRowFocus?: (row: T) => void;
  rowClassName?: (row: T) => string | undefined;
  caption?: ReactNode;
  'aria-label'?: string;
  /** Totals cells by column id (override/extend the columns' `footer`). */
  totalsRow?: Partial<Record<string, ReactNode>>;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyMessage?: string;
  csvFileName?: string;
  /** Extra controls shown left of the row count and the CSV button (e.g. the search box). */
  toolbar?: ReactNode;
  /** Default true. Also off with ?novirt=1 or window.__BENCH_NO_VIRTUAL__ (bench baseline). */
  virtualize?: boolean;
  /** "/" anywhere on the page (outside inputs) focuses this input. */
  searchInputRef?: RefObject<HTMLInputElement | null>;
  /**
   * Max height of the scroll box (CSS). Default "70vh". "viewport": the box ends at the bottom of
   * the window (less the page's bottom padding), so its sticky header and totals row stay visible
   * without scrolling the page; never less than 16rem (small windows scroll the page instead).
   */
  maxHeight?: string;
}

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
export function tableView<T>(data: readonly T[], columns: readonly DataColumn<T>[], sorting: SortingState, query: string): Int32Array {
  return viewOrder(getTableIndex(data, columns), sorting, query);
}

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const {
    data,
    columns,
    getRowId,
    searchQuery = '',
    rowFilter = null,
    onSortingChange,
    onRowOpen,
    rowClassName,
    caption,
    totalsRow,
    loading = false,
    error,
    onRetry,
    emptyMessage,
    csvFileName = 'tablo.csv',
    toolbar,
    virtualize = true,
    searchInputRef,
    maxHeight = '70vh',
  } = props;

  const baseId = useId();
  const rowDomId = (pos: number) => `${baseId}-r${pos}`;
  const scrollRef = useRef<HTMLDivElement>(null);

  // ---- maxHeight="viewport": the scroll box's top, in page coordinates (re-measured on resize) ----
  const fitViewport = maxHeight === 'viewport';
  const [boxTop, setBoxTop] = useState(0);
  useLayoutEffect(() => {
    if (!fitViewport) return;
    const measure = () => {
      const box = scrollRef.current;
      if (box) setBoxTop(Math.max(0, Math.round(box.getBoundingClientRect().top + window.scrollY)));
    };
    measure();
    window.addEventListener('resize', measure);
    // Content above the table (a notice, the shortcuts) moves it: the page's size changes too.
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    ro?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      ro?.disconnect();
    };
  }, [fitViewport]);
  const boxMaxHeight = fitViewport ? `max(16rem, calc(100vh - ${boxTop}px - ${VIEWPORT_BOTTOM_GAP}))` : maxHeight;

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
  const searched = useMemo(() => viewOrder(index, sorting, searchQuery), [index, sortKey, searchQuery]);
  const order = useMemo(() => (rowFilter ? keepRows(searched, data, rowFilter) : searched), [searched, data, rowFilter]);
  const filtered = queryTokens(searchQuery).length > 0;
  // The summary's total: the rows the filter keeps (all rows without one).
  const total = useMemo(() => (rowFilter ? countRows(data, rowFilter) : data.length), [data, rowFilter]);

  // A new sort, search or filter starts at the top of the list.
  const lastView = useRef({ key: `${sortKey}\u0000${searchQuery}`, rowFilter });
  useEffect(() => {
    const key = `${sortKey}\u0000${searchQuery}`;
    if (lastView.current.key === key && lastView.current.rowFilter === rowFilter) return;
    lastView.current = { key, rowFilter };
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [sortKey, searchQuery, rowFilter]);

  // Fold the search text in idle time so the first keystroke does not pay for it; big tables also
  // rank their sortable text columns in a Web Worker meanwhile, so a header click is cheap.
  useEffect(() => {
    let cancelled = false;
    let handle: number | undefined;
    const hasIdle = typeof window.requestIdleCallback === 'function';
    const schedule = (cb: (d: { timeRemaining: () => number }) => void): number =>
      hasIdle ? window.requestIdleCallback(cb) : window.setTimeout(() => cb({ timeRemaining: () => 8 }), 1);
    const step = (deadline: { timeRemaining: () => number }) => {
      if (cancelled) return;
      if (!buildHaystacks(index, () => deadline.timeRemaining() < 1)) handle = schedule(step);
    };
    if (index.haystackCount < index.data.length) handle = schedule(step);
    // After the first paint (an idle callback, not a timer: a timer could run before the frame).
    const prefetch =
      index.data.length >= PREFETCH_SORT_MIN_ROWS && workersAvailable()
        ? schedule(() => void prefetchRanks(index, rankInWorker, () => cancelled))
        : undefined;
    const cancel = (h: number | undefined) => {
      if (h === undefined) return;
      if (hasIdle) window.cancelIdleCallback(h);
      else window.clearTimeout(h);
    };
    return () => {
      cancelled = true;
      cancel(prefetch);
      cancel(handle);
    };
  }, [index]);

  // ---- print: all rows in the DOM between beforeprint and afterprint ----
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  const hasFooterFns = columns.some((c) => c.footer);
  const hasTotals = hasFooterFns || totalsRow != null;

  // ---- virtualization ----
  const [noVirtual] = useState(benchNoVirtual);
  const virtualOn = virtualize && !printing && !noVirtual;
  const virtualizer = useVirtualizer<HTMLDivElement, Element>({
    count: order.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    scrollPaddingEnd: hasTotals ? FOOTER_HEIGHT : 0,
    observeElementRect: observeRectWithFallback,
    enabled: virtualOn,
  });
  let start = 0;
  let end = order.length;
  let padTop = 0;
  let padBottom = 0;
  if (virtualOn) {
    const items = virtualizer.getVirtualItems();
    const first = items[0];
    const last = items[items.length - 1];
    if (first && last) {
      start = first.index;
      end = last.index + 1;
      padTop = first.start - HEADER_HEIGHT;
      padBottom = Math.max(0, virtualizer.getTotalSize() - last.end);
    } else end = 0;
  }

  // react-table sees only the rows on screen.
  const windowRows = useMemo(() => {
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
    data: windowRows,
    state: { sorting },
    onSortingChange: setSorting,
    manualSorting: true,
    enableMultiSort: false,
  });

  // ---- keyboard focus (aria-activedescendant on the grid: one tab stop) ----
  // While the grid has the focus there is always an active row (the last one, else the first), so
  // Enter right after Tab opens a row — also when the rows arrived after the focus.
  const [activeRaw, setActive] = useState(-1);
  const [gridFocused, setGridFocused] = useState(false);
  const active = activeRaw < 0 ? (gridFocused && order.length > 0 ? 0 : -1) : Math.min(activeRaw, order.length - 1);
  const rowAt = (pos: number): T => data[order[pos] as number] as T;
  const activeRow = active >= 0 ? rowAt(active) : undefined;

  const onRowFocusRef = useRef(props.onRowFocus);
  useEffect(() => {
    onRowFocusRef.current = props.onRowFocus;
  });
  useEffect(() => {
    if (activeRow !== undefined) onRowFocusRef.current?.(activeRow);
  }, [activeRow]);

  const scrollToPos = (pos: number) => {
    if (virtualOn) virtualizer.scrollToIndex(pos, { align: 'auto' });
    else document.getElementById(rowDomId(pos))?.scrollIntoView?.({ block: 'nearest' });
  };
  const moveTo = (pos: number) => {
    setActive(pos);
    scrollToPos(pos);
  };
  const pageSize = () => {
    const h = scrollRef.current?.clientHeight || FALLBACK_VIEWPORT;
    return Math.max(1, Math.floor((h - HEADER_HEIGHT - (hasTotals ? FOOTER_HEIGHT : 0)) / ROW_HEIGHT) - 1);
  };
  const onGridKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    if (e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
    const n = order.length;
    if (n === 0) return;
    let next: number;
    switch (e.key) {
      case 'ArrowDown':
        next = Math.min(n - 1, active + 1);
        break;
      case 'ArrowUp':
        next = Math.max(0, active - 1);
        break;
      case 'PageDown':
        next = Math.min(n - 1, Math.max(0, active) + pageSize());
        break;
      case 'PageUp':
        next = Math.max(0, active - pageSize());
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = n - 1;
        break;
      case 'Enter':
        if (active >= 0 && onRowOpen) {
          e.preventDefault();
          onRowOpen(rowAt(active));
        }
        return;
      default:
        return;
    }
    e.preventDefault();
    moveTo(next);
  };
  const onGridFocus = (e: FocusEvent<HTMLTableElement>) => {
    if (e.target === e.currentTarget) setGridFocused(true);
  };
  const onGridBlur = (e: FocusEvent<HTMLTableElement>) => {
    if (e.target === e.currentTarget) setGridFocused(false);
  };

  // "/" focuses the page's search box (unless typing somewhere already).
  useEffect(() => {
    if (!searchInputRef) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      if (isTypingTarget(e.target)) return;
      const input = searchInputRef.current;
      if (!input) return;
      e.preventDefault();
      input.focus();
      input.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [searchInputRef]);

  // ---- totals over the filtered rows ----
  // Computed once per (data, columns, search, filter) — not per render (scrolling) nor per sort
  // order (footers are sums over the filtered rows; the order does not change them). A big list
  // shows its first rows before its totals: they are computed right after that first paint.
  const footersReady = usePainted(data, hasFooterFns && data.length >= DEFER_AFTER_PAINT_MIN_ROWS);
  const footerValues = useMemo(
    () => {
      if (!hasFooterFns || !footersReady) return null;
      const rows = Array.from(order, (i) => data[i] as T);
      return columns.map((c) => (c.footer ? c.footer(rows) : null));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `order` is the latest view of (data, columns, searchQuery, rowFilter); its sort order does not change a sum
    [hasFooterFns, footersReady, data, columns, searchQuery, rowFilter],
  );

  // ---- CSV: every filtered + sorted row, not only the rendered ones ----
  const exportCsv = () => {
    const cols = columns.filter((c) => c.exportable !== false);
    const rows: string[][] = new Array(order.length);
    for (let k = 0; k < order.length; k++) {
      const row = rowAt(k);
      rows[k] = cols.map((c) => (c.csv ? c.csv(row) : csvValue(c.kind ?? 'text', c.value(row))));
    }
    downloadCsv(csvFileName, toCsv(cols.map(headerText), rows));
  };

  const showSkeleton = loading && data.length === 0;
  const hideTable = error != null && data.length === 0 && !loading;
  // No row count next to an error or a skeleton: "0 satır" would be a false figure.
  const summary = showSkeleton
    ? t('common.loading')
    : hideTable
      ? ''
      : filtered
      ? t('common.table.summaryFiltered', { total: formatCount(total), shown: formatCount(order.length) })
      : t('common.table.summary', { total: formatCount(total) });

  const renderCell = (col: DataColumn<T>, row: T): ReactNode => {
    const content = col.cell ? col.cell(row) : displayValue(col.kind ?? 'text', col.value(row));
    if (!col.primary) return content;
    if (col.href) {
      const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
        if (!onRowOpen || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        onRowOpen(row);
      };
      return (
        <a href={col.href(row)} tabIndex={-1} className="dt-link" onClick={onClick}>
          {content}
        </a>
      );
    }
    if (!onRowOpen) return content;
    return (
      <button type="button" tabIndex={-1} className="dt-link" onClick={() => onRowOpen(row)}>
        {content}
      </button>
    );
  };

  const colCount = columns.length;
  const headerGroup = table.getHeaderGroups()[0];
  const renderedRows = table.getRowModel().rows;
  const activeRendered = active >= start && active < end;

  return (
    <section className="dt">
      <div className="dt-toolbar">
        {toolbar && <div className="dt-toolbar__controls">{toolbar}</div>}
        <p className="dt-toolbar__summary" role="status" aria-live="polite">
          {summary}
        </p>
        <button
          type="button"
          className="button dt-toolbar__csv"
          title={t('common.table.csvTitle')}
          onClick={exportCsv}
          disabled={showSkeleton || hideTable}
        >
          {t('common.table.csv')}
        </button>
      </div>

      {error != null && <ErrorState error={error} onRetry={onRetry} />}

      {!hideTable && (
        <div
          className={`dt-scroll${printing ? ' dt-scroll--print' : ''}`}
          ref={scrollRef}
          style={{ maxHeight: boxMaxHeight, scrollPaddingTop: HEADER_HEIGHT, scrollPaddingBottom: hasTotals ? FOOTER_HEIGHT : 0 }}
        >
          <table
            className="dt-table"
            style={{ minWidth: tableMinWidth(columns) }}
            role="grid"
            aria-label={props['aria-label']}
            aria-rowcount={order.length + 1 + (hasTotals ? 1 : 0)}
            aria-busy={loading || undefined}
            aria-activedescendant={activeRendered ? rowDomId(active) : undefined}
            aria-readonly="true"
            tabIndex={0}
            onKeyDown={onGridKeyDown}
            onFocus={onGridFocus}
            onBlur={onGridBlur}
          >
            {caption && <caption className="dt-caption">{caption}</caption>}
            <colgroup>
              {columns.map((c) => (
                <col key={c.id} style={c.width ? { width: columnWidth(c) } : undefined} />
              ))}
            </colgroup>
            <thead>
              <tr aria-rowindex={1}>
                {headerGroup?.headers.map((header) => {
                  const col = colById.get(header.column.id);
                  if (!col) return null;
                  const sorted = header.column.getIsSorted();
                  const label = headerText(col);
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={`dt-th dt-align-${columnAlign(col)}`}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button type="button" className="dt-sort" onClick={header.column.getToggleSortingHandler()}>
                          <span>{label}</span>
                          <span className="dt-sort__icon" aria-hidden="true">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                          {sorted && (
                            <span className="visually-hidden">
                              {', '}
                              {t(sorted === 'asc' ? 'common.table.sortAsc' : 'common.table.sortDesc')}
                            </span>
                          )}
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {showSkeleton ? (
                Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  <tr key={i} className="dt-skeleton-row" aria-hidden="true">
                    {columns.map((c) => (
                      <td key={c.id}>
                        <span className="dt-skeleton" />
                      </td>
                    ))}
                  </tr>
                ))
              ) : order.length === 0 ? (
                <tr>
                  <td colSpan={colCount} className="dt-empty">
                    <EmptyState title={emptyMessage ?? (filtered ? t('common.table.noMatch') : undefined)} />
                  </td>
                </tr>
              ) : (
                <>
                  {padTop > 0 && (
                    <tr className="dt-spacer" aria-hidden="true">
                      <td colSpan={colCount} style={{ height: padTop }} />
                    </tr>
                  )}
                  {renderedRows.map((row) => {
                    const pos = start + row.index;
                    const original = row.original;
                    const extra = rowClassName?.(original);
                    return (
                      <tr
                        key={pos}
                        id={rowDomId(pos)}
                        aria-rowindex={pos + 2}
                        data-row-id={getRowId ? getRowId(original) : String(order[pos])}
                        className={`dt-row${pos === active ? ' dt-row--active' : ''}${extra ? ` ${extra}` : ''}`}
                        onClick={() => setActive(pos)}
                        onDoubleClick={onRowOpen ? () => onRowOpen(original) : undefined}
                      >
                        {row.getAllCells().map((cell) => {
                          const col = colById.get(cell.column.id) as DataColumn<T>;
                          return (
                            <td key={cell.id} className={`dt-td dt-align-${columnAlign(col)}${col.kind === 'money' || col.kind === 'number' ? ' num' : ''}`}>
                              {renderCell(col, original)}
                            </td>
                          );
                        })}
                      </tr>
                    );
                  })}
                  {padBottom > 0 && (
                    <tr className="dt-spacer" aria-hidden="true">
                      <td colSpan={colCount} style={{ height: padBottom }} />
                    </tr>
                  )}
                </>
              )}
            </tbody>
            {hasTotals && !showSkeleton && (
              <tfoot>
                <tr className="dt-totals" aria-rowindex={order.length + 2}>
                  {columns.map((c, i) => {
                    const value = totalsRow && c.id in totalsRow ? totalsRow[c.id] : (footerValues?.[i] ?? null);
                    const content = value ?? (i === 0 ? t('common.table.totals') : null);
                    return (
                      <td key={c.id} className={`dt-td dt-align-${columnAlign(c)}${c.kind === 'money' || c.kind === 'number' ? ' num' : ''}`}>
                        {content}
                      </td>
                    );
                  })}
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      )}
    </section>
  );
}
