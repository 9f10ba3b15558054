import { csvMoney, formatDate, formatMoney, formatNumber } from '../../lib/format';
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
