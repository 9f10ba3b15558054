/**
 * CSV for Turkish Excel: UTF-8 with a BOM (so Excel reads ç, ğ, ı, İ, ö, ş, ü), ";" between fields
 * (Turkish Excel's list separator, since "," is the decimal mark), CRLF line ends. Values arrive
 * already formatted (csvMoney "1234,56", formatDate "31.01.2026"); this module only quotes and joins.
 *
 * Formula injection (OWASP "CSV Injection"): a field beginning with = + - @ TAB or CR would be run
 * by Excel/LibreOffice as a formula (a company named =HYPERLINK(…) sending the sheet's data away), so
 * such a field gets a leading single quote and is quoted: it shows as text. A number stays a number
 * (-1234,56, -1.234,56, +5 are left as they are: Excel reads them as values, never as formulas).
 */

import { downloadBlob } from './download';

const BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';
const NEEDS_QUOTES = /[;"\r\n]/;
/** What a spreadsheet would start a formula with. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain Turkish-formatted number (sign, digits, optional thousands dots, optional decimal comma). */
const NUMBER = /^[-+]?(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?$/;

/**
 * Quotes a field when it holds ; " CR or LF, doubling inner quotes (RFC 4180 style); a field a
 * spreadsheet would take for a formula gets a leading ' (and quotes) — numbers excepted.
 */
export function csvField(value: string): string {
  if (FORMULA_START.test(value) && !NUMBER.test(value)) return `"'${value.replace(/"/g, '""')}"`;
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The whole file as text: BOM, the title lines (a document's company, title, account, period; may be
 * none), header line, one line per row, every line ending in CRLF.
 */
export function toCsv(headers: readonly string[], rows: readonly (readonly string[])[], titleLines: readonly (readonly string[])[] = []): string {
  const parts: string[] = new Array(titleLines.length + rows.length + 1);
  let at = 0;
  for (const line of titleLines) parts[at++] = line.map(csvField).join(SEPARATOR);
  parts[at++] = headers.map(csvField).join(SEPARATOR);
  for (let i = 0; i < rows.length; i++) parts[at++] = (rows[i] as readonly string[]).map(csvField).join(SEPARATOR);
  return BOM + parts.join(LINE_END) + LINE_END;
}

/** Makes the browser download `text` as `fileName` (".csv" added when missing). */
export function downloadCsv(fileName: string, text: string): void {
  downloadBlob(fileName.toLowerCase().endsWith('.csv') ? fileName : `${fileName}.csv`, new Blob([text], { type: 'text/csv;charset=utf-8' }));
}
