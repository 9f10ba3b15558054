/**
 * The body rows: a busy skeleton while loading, the empty state, or the rendered window of rows
 * between two spacer rows (use-virtual-rows.ts gives the window and the spacer heights). A cell
 * shows the column's `cell`, else its value formatted by kind (cell-format.ts); the primary column
 * is a link or button that opens the row.
 */
import type { MouseEvent, ReactNode } from 'react';
import type { RowData } from '@tanstack/react-table';
import { t } from '../../i18n';
import { EmptyState } from '../feedback';
import { columnAlign, displayValue } from './cell-format';
import type { DataColumn } from './types';

const SKELETON_ROWS = 8;

function renderCell<T>(col: DataColumn<T>, row: T, onRowOpen: ((row: T) => void) | undefined): ReactNode {
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
}

/** A wrapping cell: up to two lines; the whole text in a tooltip in case even two are not enough. */
function WrapCell<T>({ col, row, content }: { col: DataColumn<T>; row: T; content: ReactNode }) {
  const v = col.value(row);
  return (
    <span className="dt-wrap" title={typeof v === 'string' ? v : undefined}>
      {content}
    </span>
  );
}

/** Stands in for the rows above or below the rendered window, so the scroll height stays right. */
function SpacerRow({ colCount, height }: { colCount: number; height: number }) {
  return (
    <tr className="dt-spacer" aria-hidden="true">
      <td colSpan={colCount} style={{ height }} />
    </tr>
  );
}

export function TableBody<T extends RowData>(props: {
  /** The rows of the window, in display order (positions start, start + 1, …). */
  rows: readonly T[];
  columns: readonly DataColumn<T>[];
  order: Int32Array;
  showSkeleton: boolean;
  filtered: boolean;
  emptyMessage: string | undefined;
  /** Window of rendered positions and spacer heights (use-virtual-rows.ts). */
  start: number;
  padTop: number;
  padBottom: number;
  active: number;
  setActive: (pos: number) => void;
  rowDomId: (pos: number) => string;
  getRowId: ((row: T) => string) | undefined;
  rowClassName: ((row: T) => string | undefined) | undefined;
  onRowOpen: ((row: T) => void) | undefined;
}) {
  const {
    rows,
    columns,
    order,
    showSkeleton,
    filtered,
    emptyMessage,
    start,
    padTop,
    padBottom,
    active,
    setActive,
    rowDomId,
    getRowId,
    rowClassName,
    onRowOpen,
  } = props;
  const colCount = columns.length;
  return (
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
          {padTop > 0 && <SpacerRow colCount={colCount} height={padTop} />}
          {rows.map((original, k) => {
            const pos = start + k;
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
                {columns.map((col) => (
                  <td
                    key={col.id}
                    className={`dt-td dt-align-${columnAlign(col)}${col.kind === 'money' || col.kind === 'number' ? ' num' : ''}${col.wrap ? ' dt-td--wrap' : ''}`}
                  >
                    {col.wrap ? <WrapCell col={col} row={original} content={renderCell(col, original, onRowOpen)} /> : renderCell(col, original, onRowOpen)}
                  </td>
                ))}
              </tr>
            );
          })}
          {padBottom > 0 && <SpacerRow colCount={colCount} height={padBottom} />}
        </>
      )}
    </tbody>
  );
}
