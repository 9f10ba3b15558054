/** The DataTable's props: the whole public surface of the one table (see index.ts for usage). */
import type { ReactNode, RefObject } from 'react';
import type { CellValue, DataColumn } from './types';
import type { TableModel, TableModelOptions } from './use-table-model';
import type { DocumentHead } from '../../domain/document/document-head';
import type { DocSpec } from '../../domain/document/paginate';
import type { ExportTotalsRow } from './table-export';

/**
 * Where the table's rows come from: a model the page made with useTableModel (the page reads the
 * same view: counts, totals) — or the data and view options, and the table makes its own model.
 */
export type TableSource<T> = { model: TableModel<T> } | (TableModelOptions<T> & { model?: undefined });

export type DataTableProps<T> = TableSource<T> & DataTableViewProps<T>;

/** Everything but the rows and their view (sort, search, filter): how the table looks and acts. */
export interface DataTableViewProps<T> {
  /** Row id for data-row-id (tests, e2e); default: the position in `data`. */
  getRowId?: (row: T) => string;
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
  /**
   * `data` is only the start of a list still arriving (its first rows, read before its last byte):
   * the summary says so with the load's progress, there is no totals row and no export until the
   * whole list is in, and a search that finds nothing among these rows says the rest is coming.
   */
  incomplete?: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyMessage?: string;
  /** The export's file name: "cariler.csv"; the Excel file is the same name with ".xlsx". */
  csvFileName?: string;
  /** The Excel sheet's name (the page's name; cut to Excel's 31 characters). Default: aria-label. */
  sheetName?: string;
  /**
   * Typed totals for the exports by column id (money in kuruş), where the screen's totalsRow holds
   * formatted text or a component: e.g. a statement's closing balance.
   */
  exportTotals?: Partial<Record<string, CellValue>>;
  /**
   * What the table is as a document (our company, its title, the account, the period or as-of date):
   * the exports' title rows and their file names ("Anadolu Gıda - Ekstre - 01.01.2026-31.12.2026.xlsx").
   * Without it the files are named csvFileName and have no title rows.
   */
  documentHead?: DocumentHead;
  /**
   * On paper the table is a document (print-document.tsx: pages with our company, the title, the
   * account, "Sayfa n / N", nakli yekün, the grand total once): made from the rows in the screen's
   * order (sorted, searched, filtered) and the columns shown, usually with tableDocument
   * (document/from-table.ts). Without it the table prints as a list.
   */
  printDocument?: (view: { rows: readonly T[]; columns: readonly DataColumn<T>[] }) => DocSpec<T>;
  /** Totals the page shows beside the table (per document type and currency): exported under the rows. */
  exportTotalsRows?: readonly ExportTotalsRow[];
  /** Exports end with Σ of every money column (the page shows those totals above the table). */
  exportSumMoney?: boolean;
  /**
   * Key of the column chooser's memory (localStorage, one per table): a stable name such as
   * "accounts" or "aging.fifo.debits". Default: aria-label.
   */
  tableId?: string;
  /** Extra controls shown left of the row count and the CSV button (e.g. the search box). */
  toolbar?: ReactNode;
  /** Default true. (The bench's own build can also switch it off for its baseline: use-virtual-rows.ts.) */
  virtualize?: boolean;
  /** "/" anywhere on the page (outside inputs) focuses this input. */
  searchInputRef?: RefObject<HTMLInputElement | null>;
  /**
   * Max height of the scroll box (CSS). Default "70vh". "viewport": the box ends at the bottom of
   * the window (less the page's bottom padding), so its sticky header and totals row stay visible
   * without scrolling the page; never less than 16rem (small windows scroll the page instead).
   */
  maxHeight?: string;
  /** "compact": 26 px body rows instead of 36 (long lists read on a laptop: the statement). */
  density?: 'normal' | 'compact';
}
