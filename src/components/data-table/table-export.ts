/**
 * Export: every filtered + sorted row, not only the rendered ones, in the order on screen; the
 * columns the user shows (column chooser), in their order, less those with `exportable: false`.
 * One export model (exportModel) feeds both writers: CSV (exportCsv, here) and Excel (exportXlsx →
 * xlsx-writer.ts, loaded only when the button is pressed). A column's CSV text comes from its `csv`
 * or cell-format.ts; its Excel cell is the same value typed (money, number, date, text), so the two
 * files always agree. A new export format: a writer over ExportModel, its button in table-toolbar.tsx.
 */
import { downloadCsv, toCsv } from '../../lib/csv';
import { sumMinor } from '../../domain/money';
import { csvValue, headerText } from './cell-format';
import { t } from '../../i18n';
import type { CellValue, ColumnKind, DataColumn, ExportCell, ExportColumn, ExportModel } from './types';
import type { ReactNode } from 'react';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A raw value typed by its column kind; anything that is not what the kind says becomes text. */
export function typedCell(kind: ColumnKind, v: CellValue): ExportCell {
  if (v == null || v === '') return null;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return null;
    if (kind === 'money' && Number.isSafeInteger(v)) return { type: 'money', minor: v };
    if (kind === 'number' || kind === 'money') return { type: 'number', value: v };
    return { type: 'text', text: String(v) };
  }
  const s = String(v);
  if (kind === 'date' && ISO_DATE.test(s.slice(0, 10)) && !Number.isNaN(Date.parse(s.slice(0, 10)))) return { type: 'date', iso: s.slice(0, 10) };
  return { type: 'text', text: s };
}

function exportColumn<T>(c: DataColumn<T>): ExportColumn<T> {
  const kind = c.kind ?? 'text';
  const own = (row: T) => csvValue(kind, c.value(row));
  const text = c.csv ? (row: T) => c.csv!(row) : own;
  return {
    id: c.id,
    header: c.exportHeader ? (typeof c.exportHeader === 'function' ? c.exportHeader() : c.exportHeader) : headerText(c),
    kind,
    text,
    cell: c.csv
      ? (row) => {
          const csv = c.csv!(row);
          return csv === own(row) ? typedCell(kind, c.value(row)) : csv === '' ? null : { type: 'text', text: csv };
        }
      : (row) => typedCell(kind, c.value(row)),
  };
}

/**
 * The totals cell of a column in an export: the page's typed value (exportTotals), else the
 * column's `exportTotal`, else Σ values (money exact in kuruş) for money/number columns with a
 * footer, else the footer's or the page's totals text when it is plain text.
 */
function totalCell<T>(
  c: DataColumn<T>,
  rows: readonly T[],
  pageValues: Partial<Record<string, CellValue>> | undefined,
  totalsRow: Partial<Record<string, ReactNode>> | undefined,
): ExportCell {
  const kind = c.kind ?? 'text';
  if (pageValues && c.id in pageValues) return typedCell(kind, pageValues[c.id]);
  if (c.exportTotal) return typedCell(kind, c.exportTotal(rows));
  if (totalsRow && c.id in totalsRow) {
    const v = totalsRow[c.id];
    return typeof v === 'string' || typeof v === 'number' ? typedCell('text', v) : null;
  }
  if (!c.footer) return null;
  if (kind === 'money')
    return {
      type: 'money',
      minor: sumMinor(
        rows.map((r) => {
          const v = c.value(r);
          return typeof v === 'number' && Number.isSafeInteger(v) ? v : 0;
        }),
      ),
    };
  if (kind === 'number') {
    let sum = 0;
    for (const r of rows) {
      const v = c.value(r);
      if (typeof v === 'number' && Number.isFinite(v)) sum += v;
    }
    return { type: 'number', value: sum };
  }
  const f = c.footer(rows);
  return typeof f === 'string' || typeof f === 'number' ? typedCell('text', f) : null;
}

/** A labelled totals row the screen shows beside the table (e.g. per document type and currency). */
export interface ExportTotalsRow {
  label: string;
  /** Typed values by column id (money in kuruş). */
  values: Partial<Record<string, CellValue>>;
}

/**
 * The export of a table as it is shown: `columns` the visible ones in their order (and the hidden
 * ones marked `exportAlways`, ids, first), `order` data indices in display order.
 */
export function exportModel<T>(opts: {
  columns: readonly DataColumn<T>[];
  /** Every column of the table (for `exportAlways` columns the user has not shown). */
  allColumns?: readonly DataColumn<T>[];
  data: readonly T[];
  order: Int32Array;
  /** The table shows a totals row (a column footer or the page's totalsRow). */
  hasTotals: boolean;
  totalsRow?: Partial<Record<string, ReactNode>>;
  exportTotals?: Partial<Record<string, CellValue>>;
  /** Totals rows shown beside the table: exported under the rows. */
  totalsRows?: readonly ExportTotalsRow[];
  /** Σ every money column over the exported rows (a screen whose totals are in a summary above the table). */
  sumMoney?: boolean;
  titleRows?: string[];
}): ExportModel<T> {
  const { columns, data, order, totalsRow, exportTotals } = opts;
  const always = (opts.allColumns ?? []).filter((c) => c.exportAlways && !columns.includes(c));
  const cols = [...always, ...columns].filter((c) => c.exportable !== false);
  const hasTotals = opts.hasTotals || opts.sumMoney === true;
  const rows: T[] = new Array(order.length);
  for (let k = 0; k < order.length; k++) rows[k] = data[order[k] as number] as T;
  let totals: ExportCell[] | null = null;
  if (hasTotals && cols.length > 0) {
    totals = cols.map((c) => (opts.sumMoney && (c.kind ?? 'text') === 'money' && !c.footer ? moneySum(c, rows) : totalCell(c, rows, exportTotals, totalsRow)));
    if (totals[0] == null) totals[0] = { type: 'text', text: t('common.table.totals') };
  }
  const moreTotals = (opts.totalsRows ?? []).map((r) => {
    const cells = cols.map((c) => (c.id in r.values ? typedCell(c.kind ?? 'text', r.values[c.id]) : null));
    // The label in the first text cell that is empty (never over a figure).
    const at = cells.findIndex((x, i) => x == null && (cols[i]!.kind ?? 'text') === 'text');
    cells[at < 0 ? 0 : at] = { type: 'text', text: r.label };
    return cells;
  });
  return { columns: cols.map(exportColumn), rows, totals, moreTotals, titleRows: opts.titleRows ?? [] };
}

function moneySum<T>(c: DataColumn<T>, rows: readonly T[]): ExportCell {
  return {
    type: 'money',
    minor: sumMinor(
      rows.map((r) => {
        const v = c.value(r);
        return typeof v === 'number' && Number.isSafeInteger(v) ? v : 0;
      }),
    ),
  };
}

/** The CSV text of a typed export cell (the same forms as the rows: 1234,56 · 31.01.2026). */
function cellCsv(c: ExportCell): string {
  if (c == null) return '';
  switch (c.type) {
    case 'money':
      return csvValue('money', c.minor);
    case 'number':
      return csvValue('number', c.value);
    case 'date':
      return csvValue('date', c.iso);
    case 'text':
      return c.text;
  }
}

/**
 * Downloads the model as Turkish Excel CSV: the document's title lines (one field each) and an empty
 * line above the header, the rows, then the totals line(s) — the same as the Excel file, within what a
 * CSV holds (no bold, no formats).
 */
export function exportCsv<T>(fileName: string, model: ExportModel<T>): void {
  const { columns, rows } = model;
  const lines: string[][] = new Array(rows.length);
  for (let k = 0; k < rows.length; k++) {
    const row = rows[k] as T;
    lines[k] = columns.map((c) => c.text(row));
  }
  for (const r of [...(model.totals ? [model.totals] : []), ...(model.moreTotals ?? [])]) lines.push(r.map(cellCsv));
  const title = model.titleRows ?? [];
  downloadCsv(
    fileName,
    toCsv(
      columns.map((c) => c.header),
      lines,
      title.length ? [...title.map((x) => [x]), []] : [],
    ),
  );
}

/**
 * Excel sheet names: at most 31 characters, none of []:*?/\ and not starting or ending with an
 * apostrophe; never empty.
 */
export function sheetName(name: string): string {
  const clean = name
    .replace(/[[\]:*?/\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '')
    .slice(0, 31)
    .trim();
  return clean || t('common.table.sheet');
}

/** "cariler.csv" → "cariler.xlsx" (one name per table, both formats). */
export function xlsxFileName(csvFileName: string): string {
  return `${csvFileName.replace(/\.csv$/i, '')}.xlsx`;
}

/**
 * Builds the .xlsx in the browser and downloads it. The writer (and its library) is a separate chunk,
 * fetched the first time a user asks for Excel: the first screen does not pay for it.
 */
export async function exportXlsx<T>(fileName: string, sheet: string, model: ExportModel<T>, progress?: (fraction: number) => void): Promise<void> {
  const { writeXlsx } = await import('./xlsx-writer');
  await writeXlsx(xlsxFileName(fileName), sheetName(sheet), model, progress);
}
