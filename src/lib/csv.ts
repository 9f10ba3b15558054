/**
 * CSV for Turkish Excel: UTF-8 with a BOM (so Excel reads ç, ğ, ı, İ, ö, ş, ü), ";" between fields
 * (Turkish Excel's list separator, since "," is the decimal mark), CRLF line ends. Values arrive
 * already formatted (csvMoney "1234,56", formatDate "31.01.2026"); this module only quotes and joins.
 */

import { downloadBlob } from './download';

const BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';
const NEEDS_QUOTES = /[;"\r\n]/;

/** Quotes a field when it holds ; " CR or LF, doubling inner quotes (RFC 4180 style). */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The whole file as text: BOM, header line, one line per row, every line ending in CRLF. */
export function toCsv(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const parts: string[] = new Array(rows.length + 1);
  parts[0] = headers.map(csvField).join(SEPARATOR);
  for (let i = 0; i < rows.length; i++) parts[i + 1] = (rows[i] as readonly string[]).map(csvField).join(SEPARATOR);
  return BOM + parts.join(LINE_END) + LINE_END;
}

/** Makes the browser download `text` as `fileName` (".csv" added when missing). */
export function downloadCsv(fileName: string, text: string): void {
  downloadBlob(fileName.toLowerCase().endsWith('.csv') ? fileName : `${fileName}.csv`, new Blob([text], { type: 'text/csv;charset=utf-8' }));
}
