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
  /** Custom cell content; default is the value formatted by kind through src/domain/format.ts. */
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
  /** The cell as printed and in a PDF, when the screen's cell says more than the value (a balance "1.234,56 B"). */
  printText?: (row: T) => string;
  /** On paper (default true): false for a column of buttons ("Hesapla"), which means nothing printed. */
  printable?: boolean;
  /**
   * In the exports even while hidden on screen (an id the column chooser hides by default: the
   * exported file must still say which account a row is).
   */
  exportAlways?: boolean;
  /** Include in the exports (CSV, Excel; default true). */
  exportable?: boolean;
  /**
   * Header in the exports when it must say more than the screen does, e.g. the sign of a signed
   * balance: "Bakiye (+ borçlu / − alacaklı)" (on screen the amount carries B/A instead).
   */
  exportHeader?: string | (() => string);
  /**
   * The totals cell in the exports as a value (money in kuruş), when Σ of the column's values is not
   * it: a running balance's total is its last value; amounts in several currencies have no one sum
   * (give text). Default: Σ values for money/number columns with a `footer`, the footer's text for others.
   */
  exportTotal?: (rows: readonly T[]) => CellValue;
  /**
   * Hidden until the user shows it in the column chooser (a less useful extra column that would make
   * the table wider than a laptop screen); 'narrow': hidden only on screens narrower than 1600 px
   * (a 1366 px laptop), shown on a wide one. The user's choice is remembered per table.
   */
  defaultHidden?: boolean | 'narrow';
  /**
   * Long text (a company name) wraps to a second line instead of being cut to what one line holds;
   * the row keeps its fixed height (two lines fit), so virtualization is unaffected.
   */
  wrap?: boolean;
}

/** Sort state: one column at a time ([] = ERP order). Same shape as react-table's SortingState. */
export type SortingState = { id: string; desc: boolean }[];

// ---- exports (table-export.ts builds the model; the CSV and Excel writers read it) ----

/** One cell of an export, typed: money in kuruş, a plain number, an ISO date, text, or empty (null). */
export type ExportCell =
  { type: 'money'; minor: number } | { type: 'number'; value: number } | { type: 'date'; iso: string } | { type: 'text'; text: string } | null;

export interface ExportColumn<T> {
  id: string;
  header: string;
  kind: ColumnKind;
  /** The CSV text of the cell (the column's `csv`, else cell-format's csvValue). */
  text: (row: T) => string;
  /** The same cell typed (Excel): text when the CSV text is not the value's own (an unreadable ERP value). */
  cell: (row: T) => ExportCell;
}

export interface ExportModel<T> {
  columns: ExportColumn<T>[];
  /** The rows in display order (filtered + sorted). */
  rows: readonly T[];
  /** The totals row (one cell per column), or null when the table has none. */
  totals: ExportCell[] | null;
  /** Further totals rows the screen shows beside the table (per document type and currency). */
  moreTotals?: ExportCell[][];
  /** The document's title lines above the table (document-head.ts headLines). */
  titleRows?: string[];
}
