/**
 * The one table. Pages pass module-constant column definitions (./types.ts); the table does sort,
 * Turkish-folded search, totals, keyboard navigation, column chooser, CSV/Excel export, print and
 * row virtualization.
 * This file only wires the jobs together and lays out the table; each job has its own file (the
 * map is in index.ts).
 *
 * How it stays fast at 100k rows (see row-order/):
 * - search haystacks are folded once per (data, columns), in idle time after the first paint;
 * - sort orders are computed once per column and direction and cached (big tables rank their text
 *   columns in a Web Worker right after the first paint, see row-order/rank-worker.ts);
 * - a keystroke only scans an Int32Array of indices and renders about a screenful of rows, straight
 *   from the column definitions; react-table owns the column model, headers and the sorting state
 *   and is given no rows (use-window-table.ts).
 * Printing: on `beforeprint` the table renders ALL rows (virtualization off, synchronously via
 * flushSync) and goes back to virtual rows on `afterprint` (use-print-mode.ts).
 */
import { useId, useRef } from 'react';
import type { RowData } from '@tanstack/react-table';
import { ErrorState } from '../feedback';
import { columnWidth, printOrientation, tableMinWidth } from './cell-format';
import type { DataTableProps, DataTableViewProps } from './data-table-props';
import { ColumnChooser } from './column-chooser';
import { useColumnPrefs } from './column-prefs';
import { exportCsv, exportModel, exportXlsx } from './table-export';
import { documentFileName, headLines } from '../../domain/document/document-head';
import { pageRule, usePageRule } from '../document/page-rule';
import { PrintDocument } from '../document/print-document';
import { TableBody } from './table-body';
import { TableFooter } from './table-footer';
import { TableHeader } from './table-header';
import { TableToolbar } from './table-toolbar';
import { useColumnTotals } from './use-column-totals';
import { useKeyboardNavigation } from './use-keyboard-navigation';
import { usePrintMode } from './use-print-mode';
import { useTableModel, type TableModel, type TableModelOptions } from './use-table-model';
import { useScrollBoxHeight } from './use-scroll-box-height';
import { COMPACT_ROW_HEIGHT, FOOTER_HEIGHT, HEADER_HEIGHT, ROW_HEIGHT, useVirtualRows } from './use-virtual-rows';
import { benchReactVirtual, useVirtualRowsRV } from './use-virtual-rows-rv';

/** The row window: ours; the bench's build on a page loaded with ?rv=1, react-virtual's (the A/B, issue 48). */
const useRowWindow = import.meta.env.MODE === 'bench' && benchReactVirtual() ? useVirtualRowsRV : useVirtualRows;
import { useWindowTable } from './use-window-table';
import { useFitScale } from './use-fit-scale';
import './data-table.css';
import { t } from '../../i18n';

/**
 * The table over a model the page made (`model`: the page reads the same view), or over its data
 * and view options (the table makes the model itself). Either way the view is computed once.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  return props.model ? <TableOfModel {...props} model={props.model} /> : <TableWithOwnModel {...props} />;
}

function TableWithOwnModel<T extends RowData>(props: TableModelOptions<T> & DataTableViewProps<T>) {
  const model = useTableModel(props);
  return <TableOfModel {...props} model={model} />;
}

function TableOfModel<T extends RowData>(props: DataTableViewProps<T> & { model: TableModel<T> }) {
  const { model } = props;
  const { data, columns, searchQuery, rowFilter, sorting, setSorting, order, filtered, total, viewKey } = model;
  const {
    getRowId,
    onRowOpen,
    rowClassName,
    caption,
    totalsRow,
    loading = false,
    error,
    onRetry,
    emptyMessage,
    csvFileName = 'tablo.csv',
    exportTotals,
    toolbar,
    virtualize = true,
    searchInputRef,
    maxHeight = '70vh',
    density = 'normal',
  } = props;
  const rowHeight = density === 'compact' ? COMPACT_ROW_HEIGHT : ROW_HEIGHT;

  const baseId = useId();
  const rowDomId = (pos: number) => `${baseId}-r${pos}`;
  const scrollRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);

  const printingAny = usePrintMode();
  // On paper: the document (printDocument) instead of the table, or the table itself as a list.
  const printDoc = printingAny && props.printDocument != null;
  const printing = printingAny && !printDoc;

  // The column chooser: the columns shown, in the user's order (search and sort still know them all).
  const choice = useColumnPrefs(props.tableId ?? props['aria-label'] ?? csvFileName, columns);
  // On paper: the columns shown, less those that are buttons (a column's `printable: false`).
  const shownColumns = printing ? choice.visible.filter((c) => c.printable !== false) : choice.visible;
  const hasFooterFns = shownColumns.some((c) => c.footer);
  const hasTotals = hasFooterFns || totalsRow != null;

  // A table wider than its box sets its type (and with it its em-wide columns) up to 30 % smaller
  // before it scrolls sideways: every column stays in view at 1280 px and at 125 % zoom.
  const minWidth = tableMinWidth(shownColumns);
  usePageRule(pageRule(printOrientation(shownColumns), '10mm 10mm 12mm', true), printing);
  // The order of these three is the order their layout effects read the page in: the type scale is
  // measured with the table left out of the layout, so the first layout that has the table in it
  // (the box's top, then its height) already has its final type size: one layout of the table, not two.
  useFitScale(scrollRef, gridRef, minWidth, printing);
  const boxMaxHeight = useScrollBoxHeight(scrollRef, gridRef, maxHeight);
  const { start, end, padTop, padBottom, scrollToRow } = useRowWindow({
    count: order.length,
    scrollRef,
    virtualize,
    printing,
    hasTotals,
    rowHeight,
    viewKey,
  });
  const { table, colById, rows } = useWindowTable({ data, columns: shownColumns, order, start, end, sorting, setSorting });
  const { active, setActive, onGridKeyDown, onGridFocus, onGridBlur } = useKeyboardNavigation({
    data,
    order,
    onRowOpen,
    onRowFocus: props.onRowFocus,
    searchInputRef,
    scrollRef,
    gridRef,
    hasTotals,
    rowHeight,
    scrollToPos: (pos) => scrollToRow(pos, rowDomId(pos)),
  });
  const footerValues = useColumnTotals({ data, columns: shownColumns, order, searchQuery, rowFilter });
  const head = props.documentHead;
  const exportData = () =>
    exportModel({
      columns: shownColumns,
      allColumns: columns,
      data,
      order,
      hasTotals,
      totalsRow,
      exportTotals,
      totalsRows: props.exportTotalsRows,
      sumMoney: props.exportSumMoney,
      titleRows: head ? headLines({ ...head, madeAt: head.madeAt ?? new Date() }) : undefined,
    });
  const fileName = () => (head ? documentFileName({ ...head, madeAt: head.madeAt ?? new Date() }, 'csv') : csvFileName);

  const showSkeleton = loading && data.length === 0;
  const incomplete = props.incomplete === true && data.length > 0 && error == null;
  const hideTable = error != null && data.length === 0 && !loading;
  const activeRendered = active >= start && active < end;

  return (
    <section className={`dt${density === 'compact' ? ' dt--compact' : ''}`}>
      <TableToolbar
        toolbar={toolbar}
        rows={{ showSkeleton, hideTable, incomplete, filtered, total, shown: order.length }}
        onExportCsv={() => exportCsv(fileName(), exportData())}
        onExportXlsx={(progress) => exportXlsx(fileName(), props.sheetName ?? props['aria-label'] ?? csvFileName, exportData(), progress)}
        columnChooser={<ColumnChooser choice={choice} />}
      />

      {/* The paper while printing: A4 turned as the columns need, pages numbered (a rule rendered after
          every stylesheet, so it is the one that counts). */}
      {head && (
        <div className="dt-print-head" aria-hidden="true">
          <p>
            <span className="dt-print-head__company">{head.company}</span> {head.company ? '· ' : ''}
            {head.title}
          </p>
          <p>
            {headLines({ ...head, company: '', title: '', madeAt: head.madeAt ?? new Date() })
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      )}
      {error != null && <ErrorState error={error} onRetry={onRetry} />}
      {printDoc && <PrintDocument spec={props.printDocument!({ rows: Array.from(order, (i) => data[i]!), columns: choice.visible })} />}

      {!hideTable && (
        <div
          className={`dt-scroll${printing ? ' dt-scroll--print' : ''}`}
          ref={scrollRef}
          style={{ maxHeight: boxMaxHeight, scrollPaddingTop: HEADER_HEIGHT, scrollPaddingBottom: hasTotals ? FOOTER_HEIGHT : 0 }}
        >
          <table
            ref={gridRef}
            className="dt-table"
            style={{ minWidth: minWidth }}
            role="grid"
            aria-label={props['aria-label']}
            aria-rowcount={order.length + 1 + (hasTotals ? 1 : 0)}
            aria-busy={loading || incomplete || undefined}
            aria-activedescendant={activeRendered ? rowDomId(active) : undefined}
            aria-readonly="true"
            tabIndex={0}
            onKeyDown={onGridKeyDown}
            onFocus={onGridFocus}
            onBlur={onGridBlur}
          >
            {caption && <caption className="dt-caption">{caption}</caption>}
            <colgroup>
              {shownColumns.map((c) => (
                <col key={c.id} style={c.width ? { width: columnWidth(c) } : undefined} />
              ))}
            </colgroup>
            <TableHeader table={table} colById={colById} />
            <TableBody
              rows={rows}
              columns={shownColumns}
              order={order}
              showSkeleton={showSkeleton}
              filtered={filtered}
              emptyMessage={incomplete ? t('common.table.incompleteEmpty') : emptyMessage}
              start={start}
              padTop={padTop}
              padBottom={padBottom}
              active={active}
              setActive={setActive}
              rowDomId={rowDomId}
              getRowId={getRowId}
              rowClassName={rowClassName}
              onRowOpen={onRowOpen}
            />
            {hasTotals && !showSkeleton && !incomplete && (
              <TableFooter columns={shownColumns} rowCount={order.length} totalsRow={totalsRow} footerValues={footerValues} />
            )}
          </table>
        </div>
      )}
    </section>
  );
}
