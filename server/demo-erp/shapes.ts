/**
 * How the demo ERP writes its answers: one table (columns + typed cells) rendered in each of the
 * shapes real WEX installations are known to produce (docs/team-contracts.md, erp-contract §3).
 *
 * Keys per shape: `wex`, `cf-row`, `envelope-cf-column` use Workcube column names (COMPANY_ID, FULLNAME…),
 * `envelope`, `cf-column`, `envelope-cf-row` Turkish column names (FIRMA_ID, FIRMA_ADI…), `labels` the
 * spec's labels ("Firma Adı"). Values per shape:
 *
 * | shape              | money            | date                        | empty |
 * |--------------------|------------------|-----------------------------|-------|
 * | wex                | 1234.56 (number; invoice totals "1234.56") | "2026-01-31"   | ''    |
 * | labels             | "1.234,56"       | "31.01.2026"                | ''    |
 * | envelope           | "1234,56"        | "2026-01-31T00:00:00Z"      | null  |
 * | cf-row, cf-column, envelope-cf-row | 1234.56 | "January, 31 2026 00:00:00" | null |
 * | envelope-cf-column | "1,234.56"       | "{ts '2026-01-31 00:00:00'}" | null |
 *
 * | mobius             | 1234.56 / 1234.0 (ColdFusion float); unit prices "1.234,5600" | "January, 31 2026 00:00:00" | '' |
 *
 * The four cf shapes are prefixed with the ColdFusion secure-JSON "//" plus a BOM and/or whitespace.
 * Invoice detail: nested ({header…, LINES|SATIRLAR: [...]}) in wex and envelope, flat rows repeating
 * the header in the others, `[{header…, "Ürün": [...]}]` in mobius.
 *
 * `mobius`: a Workcube answering with exactly the labels the service's vendor documents (Mobius API
 * pages, docs/erp-contract.md §5: "Firma Adı", "Borç  Tutarı" with two spaces, "Kdv Hariç Tutar",
 * "Satır Toplam Fiyat KDV H." …) as bracket-notation keys, and every other column as ColdFusion
 * writes a key made without brackets: upper-cased by a JVM in a Turkish locale ("VADE TARİHİ",
 * "EMPLOYEE_İD"). Values in serializeJSON's forms: whole floats with ".0", English month dates,
 * '' for an empty cell, numeric-looking ids as numbers (00457 → 457: lookups by id compare as
 * numbers, as ColdFusion's loose `==` does), TL written YTL; no "//" prefix (WEX strips it).
 */
import { csvMoney, formatDate, formatMoney, formatNumber } from '../../src/domain/format';

export const SHAPES = ['wex', 'labels', 'envelope', 'cf-row', 'cf-column', 'envelope-cf-row', 'envelope-cf-column', 'mobius'] as const;
export type ShapeName = (typeof SHAPES)[number];
export function isShape(s: unknown): s is ShapeName {
  return typeof s === 'string' && (SHAPES as readonly string[]).includes(s);
}

export type ColumnKind = 'id' | 'text' | 'money' | 'num' | 'date';
export interface Column {
  /** Workcube column name. */
  a: string;
  /** Turkish column name. */
  b: string;
  /** The spec's label. */
  label: string;
  kind: ColumnKind;
  /** wex writes this money column as a decimal string instead of a JSON number. */
  wexString?: boolean;
  /** The vendor's documented label (mobius); without one, mobius writes the label upper-cased (tr). */
  m?: string;
  /** mobius writes this money column as Workcube prints amounts: "1.234,5600". */
  four?: boolean;
}
/** money: kuruş (integer); num: plain number; date: "YYYY-MM-DD"; { bad } = a malformed raw value. */
export type CellValue = string | number | null | { bad: string };
export interface Table {
  columns: Column[];
  rows: CellValue[][];
}

export type KeyFamily = 'a' | 'b' | 'label' | 'mobius';
export function keyFamily(shape: ShapeName): KeyFamily {
  if (shape === 'mobius') return 'mobius';
  return shape === 'labels' ? 'label' : shape === 'wex' || shape === 'cf-row' || shape === 'envelope-cf-column' ? 'a' : 'b';
}
export function keyOf(shape: ShapeName, col: Column): string {
  const family = keyFamily(shape);
  return family === 'mobius' ? (col.m ?? cfUpper(col.label)) : col[family];
}
/** A key ColdFusion upper-cases, on a JVM in a Turkish locale ("Vade Tarihi" → "VADE TARİHİ", "id" → "İD"). */
export function cfUpper(key: string): string {
  return key.toLocaleUpperCase('tr-TR');
}
const isCf = (shape: ShapeName) => shape.includes('cf-');

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "2026-01-31" → ColdFusion "January, 31 2026 00:00:00". */
export function cfDate(iso: string): string {
  return `${MONTHS[Number(iso.slice(5, 7)) - 1]}, ${iso.slice(8, 10)} ${iso.slice(0, 4)} 00:00:00`;
}
/** Exact decimal text of kuruş: 123456 → "1234.56". */
export function decimalText(minor: number): string {
  return csvMoney(minor).replace(',', '.');
}

/**
 * ColdFusion writes a whole double as "4.0", which JSON.stringify cannot: such a value travels as a
 * marked string and the marks are taken off the serialised text (cfJson).
 */
const FLOAT_MARK = '\u0001cf:';
function cfFloat(n: number): string {
  const text = String(n);
  return `${FLOAT_MARK}${/[.e]/.test(text) ? text : `${text}.0`}`;
}
function cfJson(json: unknown): string {
  return JSON.stringify(json).replace(/"\\u0001cf:(-?[0-9.e+-]+)"/g, '$1');
}
/** "1234.5600" as Workcube prints amounts (tr-TR, four decimals): "1.234,5600". */
function fourDecimals(minor: number): string {
  return `${formatMoney(minor)}00`;
}

function renderMobiusCell(col: Column, v: CellValue): unknown {
  if (v !== null && typeof v === 'object') return v.bad;
  if (v === null || v === '') return '';
  switch (col.kind) {
    case 'id': {
      const s = String(v);
      return /^\d{1,15}$/.test(s) ? Number(s) : s; // numeric-looking: a number, its leading zeros lost
    }
    case 'text': {
      const s = String(v);
      return s === 'TL' && (col.a === 'MONEY' || col.a === 'OTHER_MONEY') ? 'YTL' : s;
    }
    case 'money':
      return col.four ? fourDecimals(Number(v)) : cfFloat(Number(v) / 100);
    case 'num':
      return cfFloat(Number(v));
    case 'date':
      return cfDate(String(v));
  }
}

function renderCell(shape: ShapeName, col: Column, v: CellValue): unknown {
  if (shape === 'mobius') return renderMobiusCell(col, v);
  if (v !== null && typeof v === 'object') return v.bad;
  const empty = shape === 'wex' || shape === 'labels' ? '' : null;
  if (v === null || v === '') return v === '' ? '' : empty;
  switch (col.kind) {
    case 'id': {
      const s = String(v);
      return isCf(shape) && /^[1-9]\d{0,14}$/.test(s) ? Number(s) : s;
    }
    case 'text':
      return String(v);
    case 'money': {
      const m = Number(v);
      if (shape === 'wex') return col.wexString ? decimalText(m) : m / 100;
      if (shape === 'labels') return formatMoney(m);
      if (shape === 'envelope') return csvMoney(m);
      if (shape === 'envelope-cf-column') return formatMoney(m).replace(/[.,]/g, (c) => (c === '.' ? ',' : '.'));
      return m / 100;
    }
    case 'num': {
      const n = Number(v);
      if (shape === 'labels') return formatNumber(n, 3);
      if (shape === 'envelope') return String(n).replace('.', ',');
      if (shape === 'envelope-cf-column') return String(n);
      return n;
    }
    case 'date': {
      const d = String(v);
      if (shape === 'wex') return d;
      if (shape === 'labels') return formatDate(d);
      if (shape === 'envelope') return `${d}T00:00:00Z`;
      if (shape === 'envelope-cf-column') return `{ts '${d} 00:00:00'}`;
      return cfDate(d);
    }
  }
}

function objects(shape: ShapeName, t: Table): Record<string, unknown>[] {
  const keys = t.columns.map((c) => keyOf(shape, c));
  return t.rows.map((row) => {
    const o: Record<string, unknown> = {};
    t.columns.forEach((c, i) => (o[keys[i]!] = renderCell(shape, c, row[i] ?? null)));
    return o;
  });
}

function cfQuery(shape: ShapeName, t: Table, columnFormat: boolean): unknown {
  const columns = t.columns.map((c) => keyOf(shape, c));
  const rows = t.rows.map((row) => t.columns.map((c, i) => renderCell(shape, c, row[i] ?? null)));
  if (!columnFormat) return { COLUMNS: columns, DATA: rows };
  const data: Record<string, unknown[]> = {};
  columns.forEach((k, i) => (data[k] = rows.map((r) => r[i])));
  return { ROWCOUNT: rows.length, COLUMNS: columns, DATA: data };
}

const PREFIX: Record<ShapeName, string> = {
  wex: '',
  labels: '',
  envelope: '',
  'cf-row': '\uFEFF//',
  'cf-column': '\r\n\r\n//',
  'envelope-cf-row': '  \n//',
  'envelope-cf-column': '\uFEFF \t//',
  mobius: '',
};
function body(shape: ShapeName, json: unknown): string {
  if (shape === 'mobius') return cfJson(json);
  return `${PREFIX[shape]}${JSON.stringify(json)}${isCf(shape) ? '\r\n' : ''}`;
}
export function contentType(shape: ShapeName): string {
  // WEX: application/json; charset=utf-8. ColdFusion pages often go out as text/html even when they hold JSON.
  if (shape === 'mobius') return 'application/json; charset=utf-8';
  return isCf(shape) ? 'text/html; charset=UTF-8' : 'application/json; charset=UTF-8';
}

/** A list answer (accounts, statement, aging, invoice search). */
export function renderList(shape: ShapeName, t: Table): string {
  switch (shape) {
    case 'wex':
    case 'labels':
    case 'mobius':
      return body(shape, objects(shape, t));
    case 'envelope':
      return body(shape, { status: true, data: objects(shape, t) });
    case 'cf-row':
      return body(shape, cfQuery(shape, t, false));
    case 'cf-column':
      return body(shape, cfQuery(shape, t, true));
    case 'envelope-cf-row':
      return body(shape, { STATUS: 1, DATA: cfQuery(shape, t, false) });
    case 'envelope-cf-column':
      return body(shape, { STATUS: 1, DATA: cfQuery(shape, t, true) });
  }
}

/** Nested key of the invoice lines per key family. */
export const LINES_KEY: Record<KeyFamily, string> = { a: 'LINES', b: 'SATIRLAR', label: 'Satırlar', mobius: 'Ürün' };

/**
 * Invoice detail: `header` has one row. Nested in wex / envelope; flat rows (header repeated on every
 * line row) in labels and the cf shapes. `header === null` = unknown invoice: empty list, or a
 * failure envelope in the envelope shapes.
 */
export function renderDetail(shape: ShapeName, header: Table, lines: Table, found: boolean, notFoundMessage: string): string {
  if (!found) {
    if (shape === 'envelope') return body(shape, { status: false, data: notFoundMessage });
    if (shape === 'envelope-cf-row' || shape === 'envelope-cf-column') return body(shape, { STATUS: 0, DATA: notFoundMessage });
    return renderList(shape, { columns: [...header.columns, ...lines.columns], rows: [] });
  }
  if (shape === 'mobius') {
    // A WEX query answer: an array of rows — here the one header row, its lines nested under "Ürün".
    const head = objects(shape, header)[0] ?? {};
    return body(shape, [{ ...head, [LINES_KEY.mobius]: objects(shape, lines) }]);
  }
  if (shape === 'wex' || shape === 'envelope') {
    const head = objects(shape, header)[0] ?? {};
    const nested = { ...head, [LINES_KEY[keyFamily(shape)]]: objects(shape, lines) };
    return body(shape, shape === 'wex' ? nested : { status: true, data: nested });
  }
  const headRow = header.rows[0] ?? [];
  return renderList(shape, { columns: [...header.columns, ...lines.columns], rows: lines.rows.map((r) => [...headRow, ...r]) });
}

/** get_user: `{status, data}` in every family; status spelled per shape. */
export function renderUser(shape: ShapeName, ok: boolean, data: Record<string, string> | string): string {
  const status: Record<ShapeName, [unknown, unknown]> = {
    wex: [true, false],
    labels: ['basarili', 'hata'],
    envelope: ['1', '0'],
    'cf-row': [1, 0],
    'cf-column': ['success', 'error'],
    'envelope-cf-row': ['Başarılı', 'Hata'],
    'envelope-cf-column': ['OK', false],
    mobius: [true, false],
  };
  const upper = isCf(shape);
  return body(shape, { [upper ? 'STATUS' : 'status']: status[shape][ok ? 0 : 1], [upper ? 'DATA' : 'data']: data });
}
