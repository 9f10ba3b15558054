import { csvMoney, formatDate, formatMoney, formatNumber } from '../../domain/format';
import type { CellValue, ColumnKind, DataColumn } from './types';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

function isEmpty(v: CellValue): v is null | undefined | '' {
  return v == null || v === '' || (typeof v === 'number' && !Number.isFinite(v));
}

/** Display text of a raw value by column kind (tr-TR through lib/format); empty → "". Never NaN/undefined. */
export function displayValue(kind: ColumnKind, v: CellValue): string {
  if (isEmpty(v)) return '';
  switch (kind) {
    case 'money':
      return typeof v === 'number' ? formatMoney(v) : String(v);
    case 'number':
      return typeof v === 'number' ? formatNumber(v) : String(v);
    case 'date':
      return typeof v === 'string' && ISO_DATE.test(v) ? formatDate(v.slice(0, 10)) : String(v);
    default:
      return String(v);
  }
}

/** CSV text of a raw value for Turkish Excel: 1234,56 (no grouping), 31.01.2026. */
export function csvValue(kind: ColumnKind, v: CellValue): string {
  if (isEmpty(v)) return '';
  switch (kind) {
    case 'money':
      return typeof v === 'number' ? csvMoney(v) : String(v);
    case 'number':
      return typeof v === 'number' ? String(v).replace('.', ',') : String(v);
    case 'date':
      return typeof v === 'string' && ISO_DATE.test(v) ? formatDate(v.slice(0, 10)) : String(v);
    default:
      return String(v);
  }
}

export function headerText<T>(col: DataColumn<T>): string {
  return typeof col.header === 'function' ? col.header() : col.header;
}

export function columnAlign<T>(col: DataColumn<T>): 'start' | 'end' | 'center' {
  if (col.align) return col.align;
  const kind = col.kind ?? 'text';
  return kind === 'money' || kind === 'number' ? 'end' : 'start';
}

/**
 * The CSS width of a column: its own `width`, but never narrower than the longest word of its
 * header (headers wrap to two lines between words, a word is never cut: "Firm…" / "Sa…"). 1ch ≈
 * one bold header letter (headers are 0.875rem bold, `ch` is measured at the table's 1rem);
 * + the cell padding, + the sort button's padding and icon when the column sorts.
 */
export function columnWidth<T>(col: DataColumn<T>): string | undefined {
  if (!col.width) return undefined;
  const longestWord = Math.max(
    0,
    ...headerText(col)
      .split(/\s+/)
      .map((w) => w.length),
  );
  const chrome = col.sortable === false ? '1.1em' : '2.6em';
  return `max(${scalable(col.width)}, calc(${longestWord}ch + ${chrome}))`;
}

/**
 * Widths in rem are taken as em: relative to the table's own type size, so a table too wide for its
 * box can set its type a little smaller and fit, columns and all (DataTable: useFitScale).
 */
function scalable(width: string): string {
  return width.replace(/(\d(?:\.\d+)?)rem\b/g, '$1em');
}

/** Width a column without its own `width` gets at least (it shares what the others leave). */
const AUTO_COLUMN_MIN = '8em';

/**
 * The table's min-width: every column's width, and AUTO_COLUMN_MIN for each column without one.
 * With a fixed layout the columns without a width otherwise get what is left — nothing, when the
 * others fill the screen — and vanish; with this the table scrolls sideways instead.
 */
export function tableMinWidth<T>(columns: readonly DataColumn<T>[]): string {
  return `calc(${columns.map((c) => columnWidth(c) ?? AUTO_COLUMN_MIN).join(' + ')})`;
}

/** A4 portrait holds about this much table (rem of screen column widths) at print size. */
const PORTRAIT_REM = 62;

/**
 * The paper a table prints on: landscape when its columns' screen widths (a column without one
 * counts as 12rem: a name) add up to more than a portrait page holds, else portrait.
 */
export function printOrientation<T>(columns: readonly DataColumn<T>[]): 'portrait' | 'landscape' {
  let rem = 0;
  for (const c of columns) {
    const m = /^([\d.]+)rem$/.exec(c.width ?? '');
    rem += m ? Number(m[1]) : 12;
  }
  return rem > PORTRAIT_REM ? 'landscape' : 'portrait';
}
