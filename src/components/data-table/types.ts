import type { ReactNode } from 'react';

/** How a column's values are shown, sorted and exported. */
export type ColumnKind = 'text' | 'money' | 'number' | 'date';

/** A sortable value: text, a number (money in kuruş), an ISO date "YYYY-MM-DD", or empty. */
export type CellValue = string | number | null | undefined;

/**
 * One column of a DataTable. Define columns as module constants (stable identity): the table
 * caches its folded search text and sort orders per (data, columns) pair.
 */
export interface DataColumn<T> {
  /** Stable id, also the URL sort key (?sort=name / ?sort=-balance). */
  id: string;
  /** Header text (a function so the text is read through t() at render time, not at import). */
  header: string | (() => string);
  /** Default 'text'. money = integer kuruş, date = ISO "YYYY-MM-DD", number = plain number. */
  kind?: ColumnKind;
  /** The raw value: drives default display, sorting and CSV. */
  value: (row: T) => CellValue;
  /** Custom cell content; default is the value formatted by kind through src/lib/format.ts. */
  cell?: (row: T) => ReactNode;
  /** CSV text for this cell; default: money → csvMoney, date → 31.01.2026, number → 1234,5, text as is. */
  csv?: (row: T) => string;
  /**
   * What this column adds to the row's search text. Default: text columns add their value,
   * other kinds add nothing. `false` excludes a text column.
   */
  searchText?: ((row: T) => string) | false;
  /** Value used for sorting instead of `value` (e.g. a name without a prefix). */
  sortValue?: (row: T) => CellValue;
  /** Full custom comparator (slowest path; ties still keep ERP order). */
  compare?: (a: T, b: T) => number;
  /** Default true. */
  sortable?: boolean;
  /** Default: 'end' for money/number, 'start' otherwise. */
  align?: 'start' | 'end' | 'center';
  /** CSS width ("12rem", "30%"); the table uses a fixed layout so widths do not jump while scrolling. */
  width?: string;
  /** Totals cell, computed over the currently filtered rows (e.g. sumMinor(rows, r => r.debit)). */
  footer?: (rows: readonly T[]) => ReactNode;
  /**
   * The primary column: its cell is a link that opens the row (onRowOpen). With `href` the link is a
   * real <a> (Ctrl/middle-click opens a new tab; a plain click calls onRowOpen).
   */
  primary?: boolean;
  href?: (row: T) => string;
  /** Include in CSV export (default true). */
  exportable?: boolean;
}

/** Sort state: one column at a time ([] = ERP order). Same shape as react-table's SortingState. */
export type SortingState = { id: string; desc: boolean }[];
