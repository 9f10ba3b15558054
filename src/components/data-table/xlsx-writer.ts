/**
 * The Excel (.xlsx) writer: loaded on demand by exportXlsx (table-export.ts), so it and its library
 * (write-excel-file, which zips with fflate) are their own chunk, never part of the first screen.
 * What the file holds (one sheet, named after the page):
 *   - row 1: the column headers, bold, frozen (stays on screen while scrolling);
 *   - one row per exported row: money as numbers (kuruş / 100) formatted #,##0.00 (Excel shows
 *     them in the user's locale: 1.234,56 in Turkish Excel), dates as real dates dd.mm.yyyy, plain
 *     numbers as numbers, text as text (never a formula), empty as empty;
 *   - the totals row, bold, when the table has one;
 *   - column widths that fit the longest value (capped, long names still show ~60 characters).
 */
import writeXlsxFile, { type Cell, type Row, type SheetData } from 'write-excel-file/browser';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { downloadBlob } from '../../lib/download';
import type { ExportCell, ExportModel } from './types';

export const MONEY_FORMAT = '#,##0.00';
export const DATE_FORMAT = 'dd.mm.yyyy';
const MIN_WIDTH = 6;
const MAX_WIDTH = 60;

function isoToDate(iso: string): Date {
  return new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))));
}

function toCell(c: ExportCell, bold: boolean): Cell {
  if (c == null) return null;
  const weight = bold ? ({ fontWeight: 'bold' } as const) : {};
  switch (c.type) {
    case 'money':
      return { value: c.minor / 100, type: Number, format: MONEY_FORMAT, ...weight };
    case 'number':
      return { value: c.value, type: Number, ...weight };
    case 'date':
      return { value: isoToDate(c.iso), type: Date, format: DATE_FORMAT, ...weight };
    case 'text':
      return { value: c.text, type: String, ...weight };
  }
}

/** Characters the cell shows (for the column width). */
function shownLength(c: ExportCell): number {
  if (c == null) return 0;
  switch (c.type) {
    case 'money':
      return formatMoney(c.minor).length;
    case 'number':
      return formatNumber(c.value).length;
    case 'date':
      return formatDate(c.iso).length;
    case 'text':
      return c.text.length;
  }
}

/** The sheet: header row, data rows, totals row; and each column's width in characters. */
export function xlsxSheet<T>(model: ExportModel<T>): { data: SheetData; widths: number[] } {
  const { columns, rows, totals } = model;
  const widths = columns.map((c) => Math.max(...c.header.split(/\s+/).map((w) => w.length), Math.min(c.header.length, 24)));
  const data: SheetData = new Array(rows.length + 1 + (totals ? 1 : 0));
  data[0] = columns.map((c) => ({ value: c.header, type: String, fontWeight: 'bold' }) as Cell);
  const fit = (i: number, cell: ExportCell) => {
    const n = shownLength(cell);
    if (n > (widths[i] as number)) widths[i] = n;
  };
  for (let k = 0; k < rows.length; k++) {
    const row = rows[k] as T;
    const out: Row = new Array(columns.length);
    for (let i = 0; i < columns.length; i++) {
      const cell = (columns[i] as ExportModel<T>['columns'][number]).cell(row);
      fit(i, cell);
      out[i] = toCell(cell, false);
    }
    data[k + 1] = out;
  }
  if (totals) {
    totals.forEach((cell, i) => fit(i, cell));
    data[rows.length + 1] = totals.map((cell) => toCell(cell, true));
  }
  // + 2: padding, and bold digits in the totals row are a little wider.
  return { data, widths: widths.map((w) => Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, w + 2))) };
}

/** The .xlsx file as a Blob. */
export function xlsxBlob<T>(sheet: string, model: ExportModel<T>): Promise<Blob> {
  const { data, widths } = xlsxSheet(model);
  return writeXlsxFile(data, { sheet, stickyRowsCount: 1, columns: widths.map((width) => ({ width })) }).toBlob();
}

export async function writeXlsx<T>(fileName: string, sheet: string, model: ExportModel<T>): Promise<void> {
  downloadBlob(fileName, await xlsxBlob(sheet, model));
}
