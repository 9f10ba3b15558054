/**
 * Step 5 — typing columns (docs/erp-contract.md §6): each column's kind is decided once (alias field, then
 * key hints, then its values); its values are then converted by that kind's parser only (convert.ts).
 * A new column kind starts in ColumnKind (../types.ts), then kindFromKey / kindFromValues here and
 * Converter.cell in convert.ts.
 */
import type { Cell, ColumnKind, ErpColumn, ErpTable } from '../erp-types';
import { foldKey } from '../turkish';
import { parseNumber, type DecimalMark, type NumberParse } from '../money';
import { columnOf, setOwn, valueAt, type RawTable } from './locate';
import { aliasesOf, columnHeader, fieldKind, fieldLabel, type RecordKind } from './keys';
import { Converter, isEmptyRaw, parseDateMemo, resolveAmbiguous, textOf, type TypedColumn } from './convert';

// "…_EMP"/"…_PAR"/"…_IP": Workcube's audit columns (RECORD_EMP, UPDATE_PAR, UPDATE_IP) hold who/where ids.
const ID_LAST_WORDS = new Set([
  'emp',
  'par',
  'ip',
  'id',
  'no',
  'kod',
  'kodu',
  'code',
  'numara',
  'numarasi',
  'number',
  'num',
  'vkn',
  'tckn',
  'iban',
  'tel',
  'telefon',
  'phone',
  'gsm',
  'fax',
  'postakodu',
  'zip',
]);
const NUMBER_WORDS = new Set([
  'miktar',
  'miktari',
  'adet',
  'adedi',
  'quantity',
  'qty',
  'oran',
  'orani',
  'rate',
  'yuzde',
  'percent',
  'gun',
  'gunu',
  'day',
  'days',
  'sayi',
  'sayisi',
  'count',
]);
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
/** Accounting negatives "(1.234,56)" and space-grouped "1 234,50" (only well-grouped: "212 555 1234" is not one). */
const NUMERIC_FORMATTED = /^\s*(?:\(\s*[\d.,]+\s*\)|\(?\s*[+-]?[1-9]\d{0,2}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d+)?\s*\)?)\s*$/;
const DATE_LIKE = /^\s*(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./]\d{1,2}[./]\d{4}|\{\s*(?:ts|d)\s*'|[A-Za-zÇĞİÖŞÜçğıöşü]+\.?,?\s+\d{1,2},?\s+\d{4})/;
const LEADING_ZERO = /^\s*0\d/;

/**
 * Decides a column's kind from its values (no alias field, no key hint).
 * - every value reads as a date → date;
 * - numbers (JSON numbers or numeric text): 1–2 decimals → money, whole numbers → `wholeNumbers`
 *   (aging: amounts), more decimals → number. When more than two thirds of the values are numbers,
 *   the column claims numbers and the rest become invalid cells (shown raw, counted) instead of
 *   the whole column turning into text;
 * - "00123"-style values → text (ids keep their zeros); anything else → text.
 */
function kindFromValues(values: unknown[], n: number, wholeNumbers: ColumnKind, out: { parsed?: NumberParse[]; decimalMark?: DecimalMark | null }): ColumnKind {
  const parsed: NumberParse[] = new Array(n);
  let numeric = 0;
  let other = 0;
  let allDateLike = true;
  let anyLeadingZero = false;
  let maxDecimals = 0;
  let anyAmbiguous = false;
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
    if (typeof v === 'string' && (NUMERIC_CHARS.test(v) || NUMERIC_FORMATTED.test(v))) {
      numeric++;
      if (LEADING_ZERO.test(v) && !/^\s*0[.,]/.test(v)) anyLeadingZero = true;
      const p = parseNumber(v);
      if (p.kind === 'invalid' && p.ambiguous) anyAmbiguous = true;
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
    if (anyAmbiguous) {
      // "1.234": the column's other values decide (resolveAmbiguous).
      out.decimalMark = resolveAmbiguous(values, n, parsed);
      for (let i = 0; i < n; i++) {
        const p = parsed[i];
        if (p?.kind === 'number' && p.decimals > maxDecimals) maxDecimals = p.decimals;
      }
    }
    out.parsed = parsed; // the converter reuses these instead of parsing again
    if (maxDecimals === 0) return wholeNumbers;
    return maxDecimals <= 2 ? 'money' : 'number';
  }
  return 'text';
}

/** Keys equal but for case ("BORC" / "borc", "İŞLEM" / "işlem"). */
const caseKey = (key: string): string => key.replace(/[İI]/g, 'i').replace(/ı/g, 'i').toLowerCase();

/**
 * Keys that differ only in case are one key sent twice: they are merged into the first of them,
 * and per row the first one with a value wins (BORC: "" / borc: "100,00" → "100,00"). Every row
 * where two of them were sent with different values is counted in `conv.warnings`.
 */
function mergeCaseDuplicates(table: RawTable, conv: Converter): RawTable {
  const groups = new Map<string, number[]>();
  table.keys.forEach((key, c) => {
    const k = caseKey(key);
    const g = groups.get(k);
    if (g) g.push(c);
    else groups.set(k, [c]);
  });
  if (groups.size === table.keys.length) return table;
  const n = table.rowCount;
  const keys: string[] = [];
  const columns: unknown[][] = [];
  for (const members of groups.values()) {
    keys.push(table.keys[members[0]!]!);
    if (members.length === 1) {
      columns.push(columnOf(table, members[0]!));
      continue;
    }
    const cols = members.map((c) => columnOf(table, c));
    const merged = new Array<unknown>(n);
    for (let i = 0; i < n; i++) {
      let chosen: unknown = undefined;
      let sent = 0;
      let differ = false;
      for (const col of cols) {
        const v = col[i];
        if (v === undefined) continue;
        if (sent > 0 && textOf(v) !== textOf(chosen)) differ = true;
        sent++;
        if (chosen === undefined || (isEmptyRaw(chosen) && !isEmptyRaw(v))) chosen = v;
      }
      if (differ) conv.warnings++;
      merged[i] = chosen;
    }
    columns.push(merged);
  }
  return { keys, columns, rowCount: n };
}

/**
 * Types every column of a raw table for a record kind (field, label, kind). Keys that differ only
 * in case are merged first (mergeCaseDuplicates; conflicts counted in `conv`).
 */
export function typeColumns(raw: RawTable, record: RecordKind, conv: Converter): TypedColumn[] {
  const table = mergeCaseDuplicates(raw, conv);
  const index = aliasesOf(record);
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
    const out: { parsed?: NumberParse[]; decimalMark?: DecimalMark | null } = {};
    const kind: ColumnKind =
      (field ? fieldKind(record, field) : undefined) ??
      kindFromKey(key) ??
      kindFromValues(columnOf(table, c), table.rowCount, record === 'aging' ? 'money' : 'number', out);
    const label = field ? fieldLabel(record, field, key) : columnHeader(key);
    const col: TypedColumn = { key, folded, label, kind, table, index: c };
    if (field) col.field = field;
    if (out.parsed && (kind === 'money' || kind === 'number')) col.parsed = out.parsed;
    if (out.decimalMark !== undefined) col.decimalMark = out.decimalMark;
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

export function publicColumn(col: TypedColumn): ErpColumn {
  const { table: _table, index: _index, parsed: _parsed, textCells: _textCells, decimalMark: _mark, ...rest } = col;
  return rest;
}

export function toErpTable(table: RawTable, record: RecordKind): ErpTable {
  const conv = new Converter();
  const cols = typeColumns(table, record, conv);
  const rows: Record<string, Cell>[] = new Array(table.rowCount);
  for (let i = 0; i < table.rowCount; i++) {
    const row: Record<string, Cell> = {};
    for (const col of cols) setOwn(row, col.key, conv.cell(col, i));
    rows[i] = row;
  }
  return { columns: cols.map(publicColumn), rows, warnings: conv.warnings };
}
