/**
 * THE one ERP reader (shared/design/erp-contract.md §2–§6). Pure: no DOM, no Node APIs —
 * the server imports it too (get_user).
 *
 *   body text ──parseErpBody──▶ JSON ──locate──▶ columns of raw values ──type per column──▶ domain rows
 *
 * Internally an answer is held column-wise ({ keys, columns[][] }): ColdFusion's column format is
 * used as is (zero copy), row format and arrays of objects are transposed once. Each column's kind
 * is decided once (alias field, key hints, then its values), and each value is converted by that
 * kind's parser only.
 */
import type { Account, AccountList, Cell, ColumnKind, ErpColumn, ErpTable, InvoiceDetail, LoginResult, Statement, StatementLine } from './types';
import { ErpError, ErpFormatError } from './errors';
import defaultAliases from './erp-aliases.json';
import { foldKey, foldTr } from '../lib/turkish';
import { parseNumber, type NumberParse } from '../lib/money';
import { parseDate, type DateParse } from '../lib/dates';
import { t, type MessageKey } from '../i18n';

// ───────────────────────────── §2 raw body ─────────────────────────────

/**
 * Body text → JSON. Tolerates a BOM, surrounding whitespace and a *leading* ColdFusion `//`
 * (only the leading one: "https://…" inside values is left alone). Anything else that is not JSON
 * (HTML, login page, empty) → ErpFormatError with the HTTP status — also for status 200.
 */
export function parseErpBody(text: string, status = 200): unknown {
  let s = text;
  if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
  s = s.trim();
  if (s.startsWith('//')) s = s.slice(2).trim();
  if (s === '') throw new ErpFormatError(status, text, 'empty body');
  try {
    return JSON.parse(s);
  } catch {
    throw new ErpFormatError(status, text, 'not JSON');
  }
}

// ───────────────────────────── §4 status values ─────────────────────────────

const SUCCESS = new Set(['true', '1', 'ok', 'success', 'succeeded', 'basarili', 'yes', 'y']);

/** True for the success values of §4 (true, 1, "1", "ok", "Başarılı", "YES", …); everything else is failure. */
export function isSuccessStatus(value: unknown): boolean {
  if (value === true || value === 1) return true;
  if (typeof value === 'string') return SUCCESS.has(foldTr(value.trim()));
  return false;
}

// ───────────────────────────── §3 envelopes → rows ─────────────────────────────

/**
 * Column-wise raw answer. `columns[c][i]` is the value of key `keys[c]` in row i. An array of
 * objects keeps its rows (`objects`) and is transposed lazily, one column at a time, only for the
 * columns that need it (the typed readers read the documented fields straight from the rows).
 */
interface RawTable {
  keys: string[];
  columns: unknown[][];
  rowCount: number;
  objects?: readonly Record<string, unknown>[];
}

type Located = { kind: 'table'; table: RawTable } | { kind: 'record'; record: Record<string, unknown> };

const DATA_KEYS = ['data', 'result', 'results', 'rows', 'items', 'records'];
/** Keys an envelope may carry besides its data key; an object with any other key is a record. */
const META_KEYS = new Set([
  'status', 'success', 'ok', 'message', 'msg', 'error', 'errors', 'errormessage', 'code', 'errorcode',
  'rowcount', 'recordcount', 'count', 'totalcount', 'page', 'pagesize', 'columns',
]);

const EMPTY_TABLE = (): RawTable => ({ keys: [], columns: [], rowCount: 0 });

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function shapeError(json: unknown): ErpFormatError {
  let text: string;
  try {
    text = JSON.stringify(json) ?? String(json);
  } catch {
    text = String(json);
  }
  return new ErpFormatError(200, text, 'unexpected shape');
}

/** Case-insensitive key lookup: lower-cased key → actual key (first wins). */
function lowerKeys(obj: Record<string, unknown>): Map<string, string> {
  const m = new Map<string, string>();
  for (const k of Object.keys(obj)) {
    const l = k.toLowerCase();
    if (!m.has(l)) m.set(l, k);
  }
  return m;
}

/** A string message of a failure envelope: data / message / error (any case). */
function envelopeMessage(obj: Record<string, unknown>, keys: Map<string, string>): string | undefined {
  for (const name of ['data', 'message', 'msg', 'error', 'errormessage']) {
    const k = keys.get(name);
    const v = k === undefined ? undefined : obj[k];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
    if (name === 'error' && isPlainObject(v) && typeof v.message === 'string' && v.message.trim()) return v.message.trim();
  }
  return undefined;
}

/** ColdFusion query object (row or column format), or null when obj is not one. */
function fromColdFusionQuery(obj: Record<string, unknown>, keys: Map<string, string>): RawTable | null {
  const colKey = keys.get('columns');
  const dataKey = keys.get('data');
  if (colKey === undefined || dataKey === undefined) return null;
  const cols = obj[colKey];
  const data = obj[dataKey];
  if (!Array.isArray(cols) || !cols.every((c) => typeof c === 'string')) return null;
  const names = cols as string[];
  if (Array.isArray(data)) {
    // Row format: DATA = [[v1, v2, …], …]
    const n = data.length;
    const columns = names.map(() => new Array<unknown>(n));
    for (let i = 0; i < n; i++) {
      const row = data[i];
      if (!Array.isArray(row)) throw shapeError(obj);
      for (let c = 0; c < names.length; c++) columns[c]![i] = row[c];
    }
    return { keys: names, columns, rowCount: n };
  }
  if (isPlainObject(data)) {
    // Column format: DATA = { COL: [v, …], … } — zip by index.
    const dataKeys = lowerKeys(data);
    const columns = names.map((name) => {
      const arr = data[name] ?? data[dataKeys.get(name.toLowerCase()) ?? ''];
      if (arr !== undefined && !Array.isArray(arr)) throw shapeError(obj);
      return (arr as unknown[] | undefined) ?? [];
    });
    const rcKey = keys.get('rowcount');
    const rc = rcKey === undefined ? undefined : obj[rcKey];
    const rowCount = typeof rc === 'number' && rc >= 0 ? rc : Math.max(0, ...columns.map((c) => c.length));
    return { keys: names, columns, rowCount };
  }
  return null;
}

/**
 * An array of objects → a table, keys in order of first appearance. Columns are transposed on
 * first access (see RawTable). Rows with the same keys in the same order as the previous row (the
 * usual case) cost one pass over their keys and no lookups.
 */
function fromObjects(rows: unknown[], whole: unknown): RawTable {
  const n = rows.length;
  const keyIndex = new Map<string, number>();
  const keys: string[] = [];
  let prev: string[] = [];
  for (let i = 0; i < n; i++) {
    const row = rows[i];
    if (!isPlainObject(row)) throw shapeError(whole);
    let j = 0;
    let same = true;
    for (const k in row) {
      if (same && prev[j] === k) {
        j++;
        continue;
      }
      same = false;
      if (!keyIndex.has(k)) {
        keyIndex.set(k, keys.length);
        keys.push(k);
      }
    }
    if (!same || j !== prev.length) prev = Object.keys(row);
  }
  return { keys, columns: new Array<unknown[]>(keys.length), rowCount: n, objects: rows as Record<string, unknown>[] };
}

/** Column c of a table (an array of objects is transposed here, once per column). */
function columnOf(table: RawTable, c: number): unknown[] {
  let col = table.columns[c];
  if (col === undefined) {
    const { objects, rowCount: n } = table;
    const k = table.keys[c]!;
    col = new Array<unknown>(n);
    if (objects) for (let i = 0; i < n; i++) col[i] = objects[i]![k];
    table.columns[c] = col;
  }
  return col;
}

/** Value of column c in row i, without transposing. */
function valueAt(table: RawTable, c: number, i: number): unknown {
  const col = table.columns[c];
  if (col !== undefined) return col[i];
  return table.objects ? table.objects[i]![table.keys[c]!] : undefined;
}

/** Finds the records in a parsed answer (§3). Throws ErpError for a failure envelope, ErpFormatError for other shapes. */
function locate(json: unknown, depth = 0): Located {
  if (Array.isArray(json)) return { kind: 'table', table: fromObjects(json, json) };
  if (!isPlainObject(json) || depth > 4) throw shapeError(json);
  const keys = lowerKeys(json);

  const cf = fromColdFusionQuery(json, keys);
  if (cf) return { kind: 'table', table: cf };

  const dataKey = DATA_KEYS.map((k) => keys.get(k)).find((k) => k !== undefined);
  const statusKey = keys.get('status');
  const onlyMeta = [...keys.keys()].every((l) => META_KEYS.has(l) || (dataKey !== undefined && l === dataKey.toLowerCase()));
  if (onlyMeta && (dataKey !== undefined || statusKey !== undefined)) {
    if (statusKey !== undefined && !isSuccessStatus(json[statusKey])) throw new ErpError(envelopeMessage(json, keys));
    const data = dataKey === undefined ? undefined : json[dataKey];
    if (data === undefined || data === null || (typeof data === 'string' && (statusKey !== undefined || data.trim() === ''))) {
      return { kind: 'table', table: EMPTY_TABLE() };
    }
    return locate(data, depth + 1);
  }
  return { kind: 'record', record: json };
}

function recordAsTable(record: Record<string, unknown>): RawTable {
  const keys = Object.keys(record);
  return { keys, columns: keys.map((k) => [record[k]]), rowCount: 1 };
}

function locateTable(json: unknown): RawTable {
  const l = locate(json);
  if (l.kind === 'table') return l.table;
  return Object.keys(l.record).length === 0 ? EMPTY_TABLE() : recordAsTable(l.record);
}

// ───────────────────────────── §5 keys → fields ─────────────────────────────

export type RecordKind = 'account' | 'statementLine' | 'invoice' | 'invoiceLine' | 'aging';
export type AliasTable = Record<string, Record<string, string[]>>;

/** Kinds of the recognised fields; fields only known from an operator's table are typed from their values. */
const FIELD_KINDS: Record<string, Record<string, ColumnKind>> = {
  account: { id: 'text', category: 'text', name: 'text', province: 'text', district: 'text', balance: 'money' },
  statementLine: { date: 'date', dueDate: 'date', type: 'text', debit: 'money', credit: 'money' },
  invoice: {
    id: 'text', number: 'text', date: 'date', dueDate: 'date', company: 'text', accountId: 'text',
    total: 'money', taxTotal: 'money', currency: 'text',
  },
  invoiceLine: {
    productCode: 'text', productName: 'text', quantity: 'number', unit: 'text', unitPrice: 'money',
    vatRate: 'number', vatAmount: 'money', netAmount: 'money', amount: 'money',
  },
  aging: { company: 'text', accountId: 'text' },
};

/**
 * The alias file (erp-aliases.json): record kind → field → aliases, plus `labels`: folded key → Turkish
 * header for keys that are not a recognised field ("ACIKLAMA" → "Açıklama", "NETTOTAL" → "Net Toplam").
 */
type AliasFile = AliasTable & { labels?: Record<string, string> };
const LABELS = 'labels';

/** record → folded alias → { field, priority } (lower priority number wins when several keys match one field). */
let aliasIndex = new Map<string, Map<string, { field: string; priority: number }>>();
/** folded key → header (the operator's labels over the built-in ones). */
let labelIndex = new Map<string, string>();
let extraAliases: AliasTable = {};
let extraLabels: Record<string, string> = {};

function buildAliasIndex(): void {
  const index = new Map<string, Map<string, { field: string; priority: number }>>();
  const add = (table: AliasTable, base: number) => {
    for (const [record, fields] of Object.entries(table)) {
      if (record === LABELS || !isPlainObject(fields)) continue;
      let m = index.get(record);
      if (!m) index.set(record, (m = new Map()));
      for (const [field, aliases] of Object.entries(fields)) {
        if (!Array.isArray(aliases)) continue;
        aliases.forEach((alias, i) => {
          if (typeof alias !== 'string') return;
          const folded = foldKey(alias);
          if (folded && !m.has(folded)) m.set(folded, { field, priority: base + i });
        });
      }
    }
  };
  const defaults = defaultAliases as unknown as AliasFile;
  add(extraAliases, 0); // the operator's table wins
  add(defaults, 1000);
  aliasIndex = index;
  const labels = new Map<string, string>();
  for (const table of [extraLabels, defaults.labels ?? {}]) {
    for (const [key, label] of Object.entries(table)) {
      const folded = foldKey(key);
      if (folded && typeof label === 'string' && label.trim() && !labels.has(folded)) labels.set(folded, label.trim());
    }
  }
  labelIndex = labels;
}
buildAliasIndex();

/**
 * Merges an operator's extra alias table (GET /api/config → `aliases`, same shape as
 * erp-aliases.json, `labels` included) into the defaults. Its aliases and labels take precedence.
 * Malformed parts are ignored.
 */
export function extendAliases(extra: unknown): void {
  if (!isPlainObject(extra)) return;
  const merged: AliasTable = { ...extraAliases };
  for (const [record, fields] of Object.entries(extra)) {
    if (!isPlainObject(fields)) continue;
    if (record === LABELS) {
      const labels = { ...extraLabels };
      for (const [key, label] of Object.entries(fields)) if (typeof label === 'string') labels[key] = label;
      extraLabels = labels;
      continue;
    }
    const target: Record<string, string[]> = { ...(merged[record] ?? {}) };
    for (const [field, aliases] of Object.entries(fields)) {
      if (!Array.isArray(aliases)) continue;
      target[field] = [...(target[field] ?? []), ...aliases.filter((a): a is string => typeof a === 'string')];
    }
    merged[record] = target;
  }
  extraAliases = merged;
  buildAliasIndex();
}

/** Back to the built-in table only (tests). */
export function resetAliases(): void {
  extraAliases = {};
  extraLabels = {};
  buildAliasIndex();
}

/** The recognised field of a key for a record kind, if any. */
export function fieldOf(record: RecordKind, key: string): string | undefined {
  return aliasIndex.get(record)?.get(foldKey(key))?.field;
}

const ACRONYMS: Record<string, string> = {
  id: 'ID', kdv: 'KDV', otv: 'ÖTV', tl: 'TL', try: 'TRY', usd: 'USD', eur: 'EUR', iban: 'IBAN', vkn: 'VKN', tckn: 'TCKN', no: 'No',
};

/**
 * Header of a key that is not a recognised field: the alias file's `labels` entry for the folded key
 * ("NETTOTAL" → "Net Toplam", "0_30_GUN" → "0–30 Gün"), else one made from the key itself.
 */
export function columnHeader(key: string): string {
  return labelIndex.get(foldKey(key)) ?? readableHeader(key);
}

/**
 * Readable header from an ERP key: "FATURA_TARIHI" → "Fatura Tarihi", "faturaTarihi" → "Fatura Tarihi",
 * "SON_ISLEM_TARIHI" → "Son İşlem Tarihi". An ASCII word that the `labels` table spells with Turkish
 * letters ("islem" → "İşlem", "gun" → "Gün") takes that spelling; any other ASCII "I" is read as "i"
 * ("KDV_ORANLARI" → "KDV Oranlari": the ERP's spelling is not guessed). Two numbers in a row are a
 * range ("181_365_GUN" → "181–365 Gün"). Keys that already look like labels ("Vade Farkı") are kept as sent.
 */
export function readableHeader(key: string): string {
  const k = key.trim();
  if (k === '') return k;
  if (/\s/.test(k) && k !== k.toLocaleUpperCase('tr')) return k;
  const words = k
    .replace(/([a-zçğıöşü0-9])([A-ZÇĞİÖŞÜ])/g, '$1 $2')
    .split(/[^0-9A-Za-zÇĞİÖŞÜçğıöşüÂÎÛâîû]+/)
    .filter(Boolean);
  for (let i = words.length - 1; i > 0; i--) {
    if (/^\d+$/.test(words[i]!) && /^\d+$/.test(words[i - 1]!)) words.splice(i - 1, 2, `${words[i - 1]}–${words[i]}`);
  }
  return words
    .map((w) => {
      const ascii = !/[^\u0020-\u007e]/.test(w);
      // ERP keys are usually ASCII ("TARIHI"): an ASCII "I" is an "i" there, not a dotless "ı".
      const lower = ascii ? w.toLowerCase() : w.toLocaleLowerCase('tr');
      const acronym = ACRONYMS[lower];
      if (acronym) return acronym;
      if (ascii) {
        // A Turkish spelling of this very word ("gun" → "Gün"), not a translation ("tax" → "KDV %").
        const spelled = labelIndex.get(lower);
        if (spelled && !/\s/.test(spelled) && foldKey(spelled) === lower) return spelled;
      }
      // An upper-case first letter is kept as sent ("ISLEM" → "Islem", "İL" → "İl"); a lower-case one
      // is capitalised with Turkish rules ("islem" → "İslem").
      const first = w.charAt(0);
      return (first !== first.toLocaleLowerCase('tr') ? first : first.toLocaleUpperCase('tr')) + lower.slice(1);
    })
    .join(' ');
}

function fieldLabel(record: RecordKind, field: string, key: string): string {
  const label = t(`common.field.${record}.${field}` as MessageKey) as string | undefined;
  return label ?? columnHeader(key);
}

// ───────────────────────────── §6 values, column kinds ─────────────────────────────

// "…_EMP"/"…_PAR"/"…_IP": Workcube's audit columns (RECORD_EMP, UPDATE_PAR, UPDATE_IP) hold who/where ids.
const ID_LAST_WORDS = new Set(['emp', 'par', 'ip', 'id', 'no', 'kod', 'kodu', 'code', 'numara', 'numarasi', 'number', 'num', 'vkn', 'tckn', 'iban', 'tel', 'telefon', 'phone', 'gsm', 'fax', 'postakodu', 'zip']);
const NUMBER_WORDS = new Set(['miktar', 'miktari', 'adet', 'adedi', 'quantity', 'qty', 'oran', 'orani', 'rate', 'yuzde', 'percent', 'gun', 'gunu', 'day', 'days', 'sayi', 'sayisi', 'count']);
const MONEY_PARTS = ['tutar', 'toplam', 'total', 'bakiye', 'balance', 'borc', 'alacak', 'debit', 'credit', 'kdv', 'price', 'fiyat', 'amount'];
/** Flag columns ("IS_UPDATED", "IS_ACTIVE", "isActive"): text, whatever their 0/1 values look like
 * (ASCII "IS" only: Turkish "İŞ_…" is a word of its own). */
const FLAG_KEY = /^(?:is|has)(?:[_\s-]+[A-Za-z]|[A-Z])|^(?:IS|HAS)[_\s-]+[A-Z]/;

/** A date key: a word is or ends in "date" ("DUE_DATE", "duedate", "invoiceDate") but is not
 * "update"/"updated" (UPDATE_EMP, IS_UPDATED), or a word contains "tarih" ("FATURA_TARIHI"). */
function isDateKey(words: string[]): boolean {
  return words.some((w) => w.includes('tarih') || (w.endsWith('date') && w !== 'update' && w !== 'updated'));
}

/** Folded words of a key ("FATURA_TARIHI" → ["fatura","tarihi"], "invoiceDate" → ["invoice","date"]). */
function keyWords(key: string): string[] {
  return key
    .replace(/([a-zçğıöşü0-9])([A-ZÇĞİÖŞÜ])/g, '$1 $2')
    .split(/[^0-9A-Za-zÇĞİÖŞÜçğıöşüÂÎÛâîû]+/)
    .map(foldKey)
    .filter(Boolean);
}

/** Aging buckets: a day range or edge ("0_30_GUN", "GUN_91_120", "120_GUN_USTU", "OVER_120", "91_120", "120+"). */
const BUCKET_WORDS = /gun|day|vade|yas|ustu|uzeri|over|plus|fazla/;
/** "Not yet due" / "overdue" amounts. */
const DUE_PARTS = ['vadesigelmemis', 'vadesigecmis', 'vadesigelen', 'gelmemis', 'notdue', 'notyetdue', 'overdue'];

function isAgingBucketKey(key: string, folded: string, words: string[]): boolean {
  if (DUE_PARTS.some((p) => folded.includes(p))) return true;
  if (!/\d/.test(folded)) return false;
  if (BUCKET_WORDS.test(folded.replace(/\d+/g, ' ')) || /\d\s*\+/.test(key)) return true;
  return words.length >= 2 && words.every((w) => /^\d+$/.test(w)); // "91_120"
}

/**
 * What the key alone says about a column, or undefined (then the values decide). A key hint is
 * final: a money/number column stays one however few of its values read as numbers — the unreadable
 * ones become invalid cells (shown raw, counted in warnings), never a text column.
 * Order: ids ("…_ID", "…_NO", "…_KODU": text, even when their values are numbers), dates, counts and
 * rates ("MIKTAR", "KDV_ORANI", "GECIKME_GUN": number), aging buckets ("0_30_GUN", "VADESI_GELMEMIS")
 * and money words ("TOPLAM", "NETTOTAL", "BORC", "KDV", "AMOUNT_PAID"…: money).
 */
export function kindFromKey(key: string): ColumnKind | undefined {
  const folded = foldKey(key);
  const words = keyWords(key);
  const last = words[words.length - 1] ?? '';
  // "…PAID" ("AMOUNT_PAID", "totalPaid") ends in "id" but is an amount, not an id.
  if (ID_LAST_WORDS.has(last) || (last.endsWith('id') && !last.endsWith('paid'))) return 'text';
  if (FLAG_KEY.test(key)) return 'text';
  if (isDateKey(words)) return 'date';
  // "GECIKME_GUN" is a day count, but "0_30_GUN" is an aging bucket of amounts: digits in the key
  // disable the quantity hint.
  if (!/\d/.test(folded) && words.some((w) => NUMBER_WORDS.has(w))) return 'number';
  if (isAgingBucketKey(key, folded, words)) return 'money';
  if (MONEY_PARTS.some((p) => folded.includes(p))) return 'money';
  return undefined;
}

const NUMERIC_CHARS = /^\s*[+-]?[\d.,]+(?:[eE][+-]?\d+)?\s*$/;
const DATE_LIKE = /^\s*(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./]\d{1,2}[./]\d{4}|\{\s*(?:ts|d)\s*'|[A-Za-zÇĞİÖŞÜçğıöşü]+\.?,?\s+\d{1,2},?\s+\d{4})/;
const LEADING_ZERO = /^\s*0\d/;

function isEmptyRaw(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

/**
 * Decides a column's kind from its values (no alias field, no key hint).
 * - every value reads as a date → date;
 * - numbers (JSON numbers or numeric text): 1–2 decimals → money, whole numbers → `wholeNumbers`
 *   (aging: amounts), more decimals → number. When more than two thirds of the values are numbers,
 *   the column claims numbers and the rest become invalid cells (shown raw, counted) instead of
 *   the whole column turning into text;
 * - "00123"-style values → text (ids keep their zeros); anything else → text.
 */
function kindFromValues(values: unknown[], n: number, wholeNumbers: ColumnKind, out: { parsed?: NumberParse[] }): ColumnKind {
  const parsed: NumberParse[] = new Array(n);
  let numeric = 0;
  let other = 0;
  let allDateLike = true;
  let anyLeadingZero = false;
  let maxDecimals = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (isEmptyRaw(v)) continue;
    if (typeof v === 'number') {
      allDateLike = false;
      numeric++;
      const p = parseNumber(v);
      parsed[i] = p;
      if (p.kind === 'number' && p.decimals > maxDecimals) maxDecimals = p.decimals;
      continue;
    }
    if (typeof v === 'string' && NUMERIC_CHARS.test(v)) {
      numeric++;
      if (LEADING_ZERO.test(v) && !/^\s*0[.,]/.test(v)) anyLeadingZero = true;
      const p = parseNumber(v);
      parsed[i] = p;
      if (p.kind === 'number' && p.decimals > maxDecimals) maxDecimals = p.decimals;
    } else other++;
    if (allDateLike && !(typeof v === 'string' && DATE_LIKE.test(v))) allDateLike = false;
    // Plain text (names, notes): stop early, most values are not numbers.
    if (!allDateLike && other >= 8 && numeric < 2 * other) return 'text';
  }
  if (numeric + other === 0) return 'text';
  if (allDateLike) {
    // "31.01.2026" also looks numeric: prefer the date when every value reads as one.
    let dates = true;
    for (let i = 0; i < n && dates; i++) if (!isEmptyRaw(values[i]) && parseDateMemo(values[i]).kind !== 'date') dates = false;
    if (dates || numeric === 0) return 'date';
  }
  if (numeric > 0 && (other === 0 || numeric > 2 * other)) {
    if (anyLeadingZero) return 'text'; // "00123": an id, stays text
    out.parsed = parsed; // the converter reuses these instead of parsing again
    if (maxDecimals === 0) return wholeNumbers;
    return maxDecimals <= 2 ? 'money' : 'number';
  }
  return 'text';
}

/** ERP date columns repeat the same few hundred values: memoise the (pure) parse. Results are shared, never mutated. */
const dateMemo = new Map<string, DateParse>();
function parseDateMemo(v: unknown): DateParse {
  if (typeof v !== 'string') return parseDate(v);
  let p = dateMemo.get(v);
  if (p === undefined) {
    if (dateMemo.size >= 10_000) dateMemo.clear();
    p = parseDate(v);
    dateMemo.set(v, p);
  }
  return p;
}

const EMPTY_CELL: Cell = Object.freeze({ kind: 'empty' }) as Cell;

function textOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return String(v);
  }
}

interface TypedColumn extends ErpColumn {
  /** Where the raw values are: column `index` of `table` (transposed only when needed). */
  table: RawTable;
  index: number;
  /** Number parses already made while deciding the kind (index = row). */
  parsed?: NumberParse[];
  /** Shared text cells of a column whose values repeat (categories, cities). */
  textCells?: Map<string, Cell>;
}

/** Per-read state: counts invalid values. */
class Converter {
  warnings = 0;
  cell(col: TypedColumn, i: number): Cell {
    const v = columnOf(col.table, col.index)[i];
    switch (col.kind) {
      case 'text': {
        const text = textOf(v);
        if (text === '') return EMPTY_CELL;
        const cache = col.textCells;
        if (!cache) return { kind: 'text', text };
        let cell = cache.get(text);
        if (!cell) cache.set(text, (cell = { kind: 'text', text }));
        return cell;
      }
      case 'money':
      case 'number': {
        const p = col.parsed?.[i] ?? parseNumber(v);
        if (p.kind === 'invalid') {
          this.warnings++;
          return { kind: 'invalid', raw: p.raw, expected: 'number' };
        }
        return p.kind === 'empty' ? EMPTY_CELL : p;
      }
      case 'date': {
        const p = parseDateMemo(v);
        if (p.kind === 'invalid') {
          this.warnings++;
          return { kind: 'invalid', raw: p.raw, expected: 'date' };
        }
        return p.kind === 'empty' ? EMPTY_CELL : p;
      }
    }
  }
  text(col: TypedColumn | undefined, i: number): string {
    return col ? textOf(valueAt(col.table, col.index, i)) : '';
  }
}

/** Types every column of a raw table for a record kind (field, label, kind). */
function typeColumns(table: RawTable, record: RecordKind): TypedColumn[] {
  const index = aliasIndex.get(record);
  const best = new Map<string, { c: number; priority: number }>();
  const matches = table.keys.map((key, c) => {
    const folded = foldKey(key);
    const hit = index?.get(folded);
    if (hit) {
      const cur = best.get(hit.field);
      if (!cur || hit.priority < cur.priority) best.set(hit.field, { c, priority: hit.priority });
    }
    return { key, folded, hit };
  });
  return matches.map(({ key, folded, hit }, c) => {
    const field = hit && best.get(hit.field)?.c === c ? hit.field : undefined;
    const out: { parsed?: NumberParse[] } = {};
    const kind: ColumnKind =
      (field ? FIELD_KINDS[record]?.[field] : undefined) ??
      kindFromKey(key) ??
      kindFromValues(columnOf(table, c), table.rowCount, record === 'aging' ? 'money' : 'number', out);
    const label = field ? fieldLabel(record, field, key) : columnHeader(key);
    const col: TypedColumn = { key, folded, label, kind, table, index: c };
    if (field) col.field = field;
    if (out.parsed && (kind === 'money' || kind === 'number')) col.parsed = out.parsed;
    if (kind === 'text' && repeats(table, c)) col.textCells = new Map();
    return col;
  });
}

/** True when the first values of a column repeat a lot (worth sharing one cell per distinct text). */
function repeats(table: RawTable, c: number): boolean {
  const sample = Math.min(table.rowCount, 64);
  if (sample < 16) return false;
  const distinct = new Set<unknown>();
  for (let i = 0; i < sample; i++) distinct.add(valueAt(table, c, i));
  return distinct.size <= sample / 4;
}

function publicColumn(col: TypedColumn): ErpColumn {
  const { table: _table, index: _index, parsed: _parsed, textCells: _textCells, ...rest } = col;
  return rest;
}

function toErpTable(table: RawTable, record: RecordKind): ErpTable {
  const conv = new Converter();
  const cols = typeColumns(table, record);
  const rows: Record<string, Cell>[] = new Array(table.rowCount);
  for (let i = 0; i < table.rowCount; i++) {
    const row: Record<string, Cell> = {};
    for (const col of cols) row[col.key] = conv.cell(col, i);
    rows[i] = row;
  }
  return { columns: cols.map(publicColumn), rows, warnings: conv.warnings };
}

// ───────────────────────────── typed readers ─────────────────────────────

/**
 * Raw value reader of one column (undefined when the field is absent): straight from the row
 * objects of an array-of-objects answer, else from the column — no transposing for these fields.
 */
function rawReader(col: TypedColumn | undefined): (i: number) => unknown {
  if (!col) return () => undefined;
  const { table, key } = col;
  const objects = table.objects;
  if (objects && table.columns[col.index] === undefined) return (i) => objects[i]![key];
  const values = columnOf(table, col.index);
  return (i) => values[i];
}

/**
 * Minor units of a JSON number with at most 2 decimals (the usual ERP amount) without building a
 * parse object — the same result as parseNumber's; NaN for anything else (the caller parses it).
 */
function fastMinor(v: unknown): number {
  if (typeof v !== 'number') return NaN;
  if (Number.isInteger(v) && Math.abs(v) <= 90_071_992_547_409) return v * 100 + 0;
  const m = Math.round(v * 100);
  return Number.isSafeInteger(m) && m / 100 === v ? m + 0 : NaN;
}

/** get_cari → accounts. The six documented fields are typed; every other key goes to extras/extraColumns. */
export function readAccounts(json: unknown): AccountList {
  const table = locateTable(json);
  const cols = typeColumns(table, 'account');
  const byField = new Map(cols.filter((c) => c.field).map((c) => [c.field!, c]));
  const extraCols = cols.filter((c) => !c.field || !(c.field in FIELD_KINDS.account!));
  const conv = new Converter();
  const id = rawReader(byField.get('id'));
  const category = rawReader(byField.get('category'));
  const name = rawReader(byField.get('name'));
  const province = rawReader(byField.get('province'));
  const district = rawReader(byField.get('district'));
  const balanceCol = byField.get('balance');
  const balance = rawReader(balanceCol);
  const parsedBalance = balanceCol?.parsed;
  const accounts: Account[] = new Array(table.rowCount);
  for (let i = 0; i < table.rowCount; i++) {
    const account: Account = {
      id: textOf(id(i)),
      category: textOf(category(i)),
      name: textOf(name(i)),
      province: textOf(province(i)),
      district: textOf(district(i)),
      balance: null,
      extras: {},
    };
    if (balanceCol) {
      const minor = parsedBalance ? NaN : fastMinor(balance(i));
      if (minor === minor) account.balance = minor;
      else {
        const cell = conv.cell(balanceCol, i);
        if (cell.kind === 'number') account.balance = cell.minor;
        else if (cell.kind === 'invalid') account.balanceInvalid = cell.raw;
      }
    }
    for (const col of extraCols) account.extras[col.key] = conv.cell(col, i);
    accounts[i] = account;
  }
  return { accounts, extraColumns: extraCols.map(publicColumn), warnings: conv.warnings };
}

/** get_cari_extre → statement lines. Empty debit/credit = 0; unreadable ones = 0 with the raw text in `invalid`. */
export function readStatement(json: unknown): Statement {
  const table = locateTable(json);
  const cols = typeColumns(table, 'statementLine');
  const byField = new Map(cols.filter((c) => c.field).map((c) => [c.field!, c]));
  const extraCols = cols.filter((c) => !c.field || !(c.field in FIELD_KINDS.statementLine!));
  const conv = new Converter();
  const dateCol = byField.get('date');
  const dueCol = byField.get('dueDate');
  const debitCol = byField.get('debit');
  const creditCol = byField.get('credit');
  const date = rawReader(dateCol);
  const due = rawReader(dueCol);
  const type = rawReader(byField.get('type'));
  const debit = rawReader(debitCol);
  const credit = rawReader(creditCol);
  const lines: StatementLine[] = new Array(table.rowCount);
  const readDate = (line: StatementLine, name: 'date' | 'dueDate', v: unknown) => {
    const p = parseDateMemo(v);
    if (p.kind === 'date') line[name] = p.iso;
    else if (p.kind === 'invalid') {
      conv.warnings++;
      line.invalid[name] = p.raw;
    }
  };
  const readAmount = (line: StatementLine, name: 'debit' | 'credit', col: TypedColumn, i: number, v: unknown) => {
    const minor = col.parsed ? NaN : fastMinor(v);
    if (minor === minor) {
      line[name] = minor;
      return;
    }
    const cell = conv.cell(col, i);
    if (cell.kind === 'number') line[name] = cell.minor;
    else if (cell.kind === 'invalid') line.invalid[name] = cell.raw;
  };
  for (let i = 0; i < table.rowCount; i++) {
    const line: StatementLine = { index: i, date: null, dueDate: null, type: textOf(type(i)), debit: 0, credit: 0, invalid: {}, extras: {} };
    if (dateCol) readDate(line, 'date', date(i));
    if (dueCol) readDate(line, 'dueDate', due(i));
    if (debitCol) readAmount(line, 'debit', debitCol, i, debit(i));
    if (creditCol) readAmount(line, 'credit', creditCol, i, credit(i));
    for (const col of extraCols) line.extras[col.key] = conv.cell(col, i);
    lines[i] = line;
  }
  return { lines, extraColumns: extraCols.map(publicColumn), warnings: conv.warnings };
}

/** Generic answers (get_yaslandirma → 'aging', get_fatura → 'invoice'): every key, typed per column. */
export function readTableAnswer(json: unknown, recordKind: RecordKind): ErpTable {
  return toErpTable(locateTable(json), recordKind);
}

/**
 * get_fatura_det (§5 last bullet).
 * - One object holding a nested array (or nested ColdFusion query): the array is the lines table,
 *   the scalar fields (and scalars of nested plain objects) are the header.
 * - A flat array of line rows: the fields equal on every row are the header, the rest the lines.
 *   Keys recognised as invoice-line fields (quantity, unit price, …) always stay in the lines —
 *   so a one-line invoice still has a lines table.
 * An empty answer gives a header with no row (the page shows "not found").
 */
export function readInvoiceDetail(json: unknown): InvoiceDetail {
  const located = locate(json);
  if (located.kind === 'record') {
    const header: Record<string, unknown> = {};
    let lines: RawTable | null = null;
    const take = (obj: Record<string, unknown>) => {
      for (const [k, v] of Object.entries(obj)) {
        if (Array.isArray(v) && v.every(isPlainObject)) {
          if (!lines && v.length > 0) lines = fromObjects(v, json);
          else if (!lines) lines = EMPTY_TABLE();
        } else if (isPlainObject(v)) {
          const cf = fromColdFusionQuery(v, lowerKeys(v));
          if (cf && !lines) lines = cf;
          else if (!cf) take(v);
        } else if (!(k in header)) header[k] = v;
      }
    };
    take(located.record);
    if (lines) return { header: toErpTable(recordAsTable(header), 'invoice'), lines: toErpTable(lines, 'invoiceLine') };
    return splitFlat(recordAsTable(header));
  }
  return splitFlat(located.table);
}

function splitFlat(table: RawTable): InvoiceDetail {
  const n = table.rowCount;
  if (n === 0) {
    return { header: { columns: [], rows: [], warnings: 0 }, lines: { columns: [], rows: [], warnings: 0 } };
  }
  const headerIdx: number[] = [];
  const lineIdx: number[] = [];
  const lineIndex = aliasIndex.get('invoiceLine');
  table.keys.forEach((key, c) => {
    const col = columnOf(table, c);
    const isLineField = lineIndex?.has(foldKey(key)) ?? false;
    let equal = true;
    for (let i = 1; i < n && equal; i++) if (!sameValue(col[i], col[0])) equal = false;
    (equal && !isLineField ? headerIdx : lineIdx).push(c);
  });
  const pick = (idx: number[], rows: number): RawTable => ({
    keys: idx.map((c) => table.keys[c]!),
    columns: idx.map((c) => (rows === 1 ? [valueAt(table, c, 0)] : columnOf(table, c))),
    rowCount: rows,
  });
  return {
    header: toErpTable(pick(headerIdx, 1), 'invoice'),
    lines: lineIdx.length ? toErpTable(pick(lineIdx, n), 'invoiceLine') : { columns: [], rows: [], warnings: 0 },
  };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isEmptyRaw(a) && isEmptyRaw(b)) return true;
  return typeof a === 'string' && typeof b === 'string' && a.trim() === b.trim();
}

/**
 * get_user answer ({status, data}) → LoginResult. Failure: the ERP's own message when it gave a
 * string (data/message/error), else none (the caller shows "wrong user name or password").
 * Success: user fields from `data` when it is an object (or an array/ColdFusion query of one).
 */
export function readLogin(json: unknown): LoginResult {
  if (Array.isArray(json) && json.length === 1 && isPlainObject(json[0])) return readLogin(json[0]);
  if (!isPlainObject(json)) return { ok: isSuccessStatus(json) };
  const keys = lowerKeys(json);
  const statusKey = keys.get('status') ?? keys.get('success');
  if (statusKey === undefined || !isSuccessStatus(json[statusKey])) {
    const message = envelopeMessage(json, keys);
    return message ? { ok: false, message } : { ok: false };
  }
  const dataKey = keys.get('data') ?? keys.get('result');
  let data = dataKey === undefined ? undefined : json[dataKey];
  if (isPlainObject(data)) {
    const cf = fromColdFusionQuery(data, lowerKeys(data));
    if (cf) data = cf.rowCount > 0 ? Object.fromEntries(cf.keys.map((k, c) => [k, cf.columns[c]![0]])) : undefined;
  }
  if (Array.isArray(data) && isPlainObject(data[0])) data = data[0];
  if (!isPlainObject(data)) return { ok: true };
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(data)) {
    if (v !== null && typeof v !== 'object') fields[k] = textOf(v);
  }
  const byFolded = new Map(Object.entries(fields).map(([k, v]) => [foldKey(k), v]));
  const first = (...names: string[]) => names.map((n) => byFolded.get(n)).find((v) => v !== undefined && v !== '');
  const given = first('name', 'ad', 'adi', 'employeename', 'firstname');
  const surname = first('surname', 'soyad', 'soyadi', 'employeesurname', 'lastname');
  const full = first('fullname', 'adsoyad', 'adisoyadi', 'namesurname', 'displayname', 'username', 'kullaniciadi');
  const name = (given && surname ? `${given} ${surname}` : undefined) ?? full ?? given ?? '';
  const id = first('userid', 'employeeid', 'id', 'kullaniciid', 'personelid');
  return { ok: true, user: id !== undefined ? { name, id, fields } : { name, fields } };
}
