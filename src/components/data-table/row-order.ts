/**
 * The table's row pipeline, kept out of React and out of react-table's row models so it stays
 * fast at 100k rows:
 * - a per-row search haystack, folded ONCE per (data, columns) with searchText() from lib/turkish
 *   (built in idle time after the first paint, or on the first keystroke if that comes sooner);
 * - per-column sort orders computed once and cached (text by trCollator, numbers numerically,
 *   ISO dates as strings; empty values last; ties keep ERP order);
 * - a filter that scans the cached order and, while the query only grows, only the last result.
 * The result is an Int32Array of data indices in display order.
 */
import { matchesTokens, queryTokens, searchText, trCollator } from '../../lib/turkish';
import type { CellValue, DataColumn, SortingState } from './types';

export interface TableIndex<T> {
  readonly data: readonly T[];
  readonly columns: readonly DataColumn<T>[];
  /** searchText-folded haystack per data index; filled up to `haystackCount`. */
  haystacks: string[];
  haystackCount: number;
  readonly ranks: Map<string, Int32Array>;
  readonly orders: Map<string, Int32Array>;
  identity: Int32Array | null;
  last: { baseKey: string; tokens: string[]; result: Int32Array } | null;
}

const indexes = new WeakMap<readonly unknown[], WeakMap<readonly unknown[], TableIndex<unknown>>>();

/** The cached index for this data + columns pair (created empty; work happens lazily). */
export function getTableIndex<T>(data: readonly T[], columns: readonly DataColumn<T>[]): TableIndex<T> {
  let byColumns = indexes.get(data);
  if (!byColumns) {
    byColumns = new WeakMap();
    indexes.set(data, byColumns);
  }
  let index = byColumns.get(columns) as TableIndex<T> | undefined;
  if (!index) {
    index = { data, columns, haystacks: new Array<string>(data.length), haystackCount: 0, ranks: new Map(), orders: new Map(), identity: null, last: null };
    byColumns.set(columns, index as TableIndex<unknown>);
  }
  return index;
}

// ---------- search haystacks ----------

type SearchPart<T> = (row: T) => string;

function searchParts<T>(columns: readonly DataColumn<T>[]): SearchPart<T>[] {
  const parts: SearchPart<T>[] = [];
  for (const col of columns) {
    if (col.searchText === false) continue;
    if (col.searchText) parts.push(col.searchText);
    else if ((col.kind ?? 'text') === 'text') {
      const value = col.value;
      parts.push((row) => {
        const v = value(row);
        return v == null ? '' : String(v);
      });
    }
  }
  return parts;
}

/**
 * Folds haystacks until `shouldStop()` says stop (checked every 1024 rows); returns true when all
 * rows are done. Each column's value is folded once per distinct value (provinces, categories
 * and repeated names cost one searchText() call, not one per row).
 */
export function buildHaystacks<T>(index: TableIndex<T>, shouldStop: () => boolean = () => false): boolean {
  const { data, haystacks } = index;
  const n = data.length;
  if (index.haystackCount >= n) return true;
  const parts = searchParts(index.columns);
  const memo = parts.map(() => new Map<string, string>());
  let i = index.haystackCount;
  while (i < n) {
    const row = data[i] as T;
    const words: string[] = [];
    for (let p = 0; p < parts.length; p++) {
      const raw = (parts[p] as SearchPart<T>)(row);
      if (!raw) continue;
      const cache = memo[p] as Map<string, string>;
      let folded = cache.get(raw);
      if (folded === undefined) {
        folded = searchText(raw);
        cache.set(raw, folded);
      }
      if (folded) words.push(folded);
    }
    // join() builds one flat string; "a" + " " + "b" would stay a rope in V8 until first read, and
    // the first keystroke would pay for flattening 100k haystacks.
    haystacks[i] = words.length === 1 ? (words[0] as string) : words.join(' ');
    i++;
    if ((i & 1023) === 0 && shouldStop()) break;
  }
  index.haystackCount = i;
  return i >= n;
}

// ---------- sorting ----------

function isEmpty(v: CellValue): boolean {
  return v == null || v === '' || (typeof v === 'number' && !Number.isFinite(v));
}

// A code-unit key whose plain `<` order matches trCollator (tr, base, numeric) for usual text:
// whitespace < punctuation (CLDR root order) < digits (compared as numbers) < letters (Turkish
// alphabet, case-insensitive). The key only speeds the sort up: the result is checked against
// trCollator pair by pair and recomputed with the collator itself if any pair disagrees.
// Built with native lower-casing and one regex pass (no per-character Map lookups): a–z stay as
// they are; a Turkish letter becomes its base letter + U+007F (above every letter), so ç sorts
// after every c… word and before d (ı after h…, before i); everything else maps below "a".
const PUNCT = '_-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';
const KEY_CHAR = new Map<string, string>([
  ['ç', 'c\u007f'], ['ğ', 'g\u007f'], ['ı', 'h\u007f'], ['ö', 'o\u007f'], ['ş', 's\u007f'], ['ü', 'u\u007f'],
  ['â', 'a'], ['î', 'i'], ['û', 'u'],
  [' ', '\u0001'], ['\t', '\u0001'], ['\n', '\u0001'], ['\r', '\u0001'], ['\u00a0', '\u0001'],
]);
for (let p = 0; p < PUNCT.length; p++) KEY_CHAR.set(PUNCT[p] as string, String.fromCharCode(0x10 + p));
const TURKISH_UPPER_I = /[Iİ]/g;
const KEY_PARTS = /[0-9]+|[^a-z]/g;

function keyPart(m: string): string {
  const c = m.charCodeAt(0);
  if (c >= 48 && c <= 57) {
    // A digit run compares as a number: "@" + (length without leading zeros) + digits, all below "a".
    let start = 0;
    while (start < m.length - 1 && m.charCodeAt(start) === 48) start++;
    const len = m.length - start;
    return len < 32 ? '@' + String.fromCharCode(0x41 + len) + m.slice(start) : '\uffff' + m;
  }
  const mapped = KEY_CHAR.get(m);
  if (mapped !== undefined) return mapped;
  const base = m.normalize('NFD')[0] as string;
  return base >= 'a' && base <= 'z' ? base : '\uffff' + m;
}

function collationKey(s: string): string {
  return s.replace(TURKISH_UPPER_I, (ch) => (ch === 'I' ? 'ı' : 'i')).toLowerCase().replace(KEY_PARTS, keyPart);
}

/**
 * Indices of `keys` in code-unit order. First a numeric sort on the first two code units (a typed
 * array sort, no comparator calls), then full string comparisons only inside runs that share them.
 */
function sortByKeys(keys: readonly string[]): number[] {
  const u = keys.length;
  const byKey = (a: number, b: number) => {
    const ka = keys[a] as string;
    const kb = keys[b] as string;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  };
  if (u >= 1048576) return Array.from({ length: u }, (_, i) => i).sort(byKey);
  const packed = new Float64Array(u);
  for (let i = 0; i < u; i++) {
    const k = keys[i] as string;
    // (c0 + 1) * 65537 + (c1 + 1): 0 for a missing character, so "a" < "a…"; < 2^33, index below 2^20.
    const c0 = k.length > 0 ? k.charCodeAt(0) + 1 : 0;
    const c1 = k.length > 1 ? k.charCodeAt(1) + 1 : 0;
    packed[i] = (c0 * 65537 + c1) * 1048576 + i;
  }
  packed.sort();
  const order = new Array<number>(u);
  for (let i = 0; i < u; i++) order[i] = (packed[i] as number) % 1048576;
  let runStart = 0;
  for (let i = 1; i <= u; i++) {
    if (i < u && Math.floor((packed[i] as number) / 1048576) === Math.floor((packed[runStart] as number) / 1048576)) continue;
    if (i - runStart > 1) {
      const run = order.slice(runStart, i).sort(byKey);
      for (let k = 0; k < run.length; k++) order[runStart + k] = run[k] as number;
    }
    runStart = i;
  }
  return order;
}

/** Ranks of distinct text values in trCollator order (equal under the collator → equal rank). */
export function textRanks(uniq: string[]): Int32Array {
  const u = uniq.length;
  const keys = uniq.map(collationKey);
  let order = sortByKeys(keys);
  const rank = new Int32Array(u);
  let ok = true;
  let r = 0;
  for (let k = 1; k < u; k++) {
    const c = trCollator.compare(uniq[order[k - 1] as number] as string, uniq[order[k] as number] as string);
    if (c > 0) {
      ok = false;
      break;
    }
    if (c < 0) r++;
    rank[order[k] as number] = r;
  }
  if (ok) return rank;
  // Rare text the fast key does not model: sort with the collator itself.
  order = Array.from({ length: u }, (_, i) => i);
  order.sort((a, b) => trCollator.compare(uniq[a] as string, uniq[b] as string));
  r = 0;
  rank[order[0] as number] = 0;
  for (let k = 1; k < u; k++) {
    if (trCollator.compare(uniq[order[k - 1] as number] as string, uniq[order[k] as number] as string) < 0) r++;
    rank[order[k] as number] = r;
  }
  return rank;
}

/** A column's values as distinct-value ids (-1 = empty) + the distinct strings, or final ranks for all-number columns. */
type Distinct = { done: Int32Array } | { ids: Int32Array; uniq: string[]; isText: boolean };

function distinctValues<T>(data: readonly T[], col: DataColumn<T>): Distinct {
  const get = col.sortValue ?? col.value;
  const n = data.length;
  const ranks = new Int32Array(n).fill(-1);
  const isText = (col.kind ?? 'text') === 'text';
  const values: CellValue[] = new Array(n);
  let allNumbers = true;
  for (let i = 0; i < n; i++) {
    const v = get(data[i] as T);
    if (isEmpty(v)) continue;
    values[i] = v;
    if (typeof v !== 'number') allNumbers = false;
  }
  if (allNumbers && !isText) {
    const sorted = new Float64Array(n);
    let m = 0;
    for (let i = 0; i < n; i++) if (values[i] !== undefined) sorted[m++] = values[i] as number;
    const uniqSorted = sorted.subarray(0, m).sort();
    const rankOf = new Map<number, number>();
    let r = -1;
    for (let k = 0; k < m; k++) if (k === 0 || uniqSorted[k] !== uniqSorted[k - 1]) rankOf.set(uniqSorted[k] as number, ++r);
    for (let i = 0; i < n; i++) if (values[i] !== undefined) ranks[i] = rankOf.get(values[i] as number) as number;
    return { done: ranks };
  }
  const distinct = new Map<string, number>();
  const uniq: string[] = [];
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v === undefined) continue;
    const s = String(v);
    let d = distinct.get(s);
    if (d === undefined) {
      d = uniq.length;
      distinct.set(s, d);
      uniq.push(s);
    }
    ranks[i] = d;
  }
  return { ids: ranks, uniq, isText };
}

/** Ranks of distinct non-text strings (ISO dates, mixed values) by code unit. */
function codeUnitRanks(uniq: string[]): Int32Array {
  const order = Array.from({ length: uniq.length }, (_, i) => i).sort((a, b) => {
    const sa = uniq[a] as string;
    const sb = uniq[b] as string;
    return sa < sb ? -1 : sa > sb ? 1 : 0;
  });
  const uniqRank = new Int32Array(uniq.length);
  order.forEach((d, k) => (uniqRank[d] = k));
  return uniqRank;
}

function applyRanks(ids: Int32Array, uniqRank: Int32Array): Int32Array {
  for (let i = 0; i < ids.length; i++) if ((ids[i] as number) >= 0) ids[i] = uniqRank[ids[i] as number] as number;
  return ids;
}

/** Rank per data index (-1 = empty). Text kinds by trCollator, all-number columns numerically, other strings by code unit (ISO dates). */
function computeRanks<T>(data: readonly T[], col: DataColumn<T>): Int32Array {
  const d = distinctValues(data, col);
  if ('done' in d) return d.done;
  return applyRanks(d.ids, d.isText ? textRanks(d.uniq) : codeUnitRanks(d.uniq));
}

/**
 * Background sorting: ranks every sortable text column that is not ranked yet, sending columns with
 * many distinct values to `rankText` (a Web Worker running textRanks) so a later click on the header
 * only has to lay out the cached ranks. Small columns are ranked right here. A column the user sorts
 * before its answer arrives is ranked synchronously as before; the late answer is then ignored.
 */
export async function prefetchRanks<T>(
  index: TableIndex<T>,
  rankText: (uniq: string[]) => Promise<Int32Array | null>,
  isCancelled: () => boolean,
): Promise<void> {
  for (const col of index.columns) {
    if (isCancelled()) return;
    if (col.sortable === false || col.compare || index.ranks.has(col.id)) continue;
    const d = distinctValues(index.data, col);
    let ranks: Int32Array | null;
    if ('done' in d) ranks = d.done;
    else if (!d.isText || d.uniq.length < 2000) ranks = applyRanks(d.ids, d.isText ? textRanks(d.uniq) : codeUnitRanks(d.uniq));
    else {
      const uniqRank = await rankText(d.uniq);
      ranks = uniqRank && uniqRank.length === d.uniq.length ? applyRanks(d.ids, uniqRank) : null;
    }
    if (ranks && !index.ranks.has(col.id)) index.ranks.set(col.id, ranks);
    // Give input a chance between columns.
    await new Promise((r) => setTimeout(r, 0));
  }
}

/** Stable order by rank: ties keep data order in both directions; empty values always last. */
function orderFromRanks(ranks: Int32Array, desc: boolean): Int32Array {
  const n = ranks.length;
  let max = -1;
  for (let i = 0; i < n; i++) if ((ranks[i] as number) > max) max = ranks[i] as number;
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = ranks[i] as number;
    const k = r < 0 ? max + 1 : desc ? max - r : r;
    packed[i] = k * n + i;
  }
  packed.sort();
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = (packed[i] as number) % n;
  return out;
}

function orderByCompare<T>(data: readonly T[], compare: (a: T, b: T) => number, desc: boolean): Int32Array {
  const idx = Array.from({ length: data.length }, (_, i) => i);
  const dir = desc ? -1 : 1;
  idx.sort((a, b) => dir * compare(data[a] as T, data[b] as T) || a - b);
  return Int32Array.from(idx);
}

/** Data indices sorted by `col` (cached per index, column and direction). */
export function sortedOrder<T>(index: TableIndex<T>, col: DataColumn<T>, desc: boolean): Int32Array {
  const key = `${col.id}:${desc ? 'd' : 'a'}`;
  let order = index.orders.get(key);
  if (order) return order;
  if (col.compare) order = orderByCompare(index.data, col.compare, desc);
  else {
    let ranks = index.ranks.get(col.id);
    if (!ranks) {
      ranks = computeRanks(index.data, col);
      index.ranks.set(col.id, ranks);
    }
    order = orderFromRanks(ranks, desc);
  }
  index.orders.set(key, order);
  return order;
}

function identityOrder<T>(index: TableIndex<T>): Int32Array {
  if (!index.identity) {
    const n = index.data.length;
    const id = new Int32Array(n);
    for (let i = 0; i < n; i++) id[i] = i;
    index.identity = id;
  }
  return index.identity;
}

// ---------- filtering ----------

/** True when every old token lies inside some new token: the new result is a subset of the old. */
function refines(next: readonly string[], prev: readonly string[]): boolean {
  return prev.every((p) => next.some((t) => t.includes(p)));
}

function filterOrder<T>(index: TableIndex<T>, base: Int32Array, baseKey: string, tokens: string[]): Int32Array {
  if (tokens.length === 0) return base;
  buildHaystacks(index);
  const last = index.last;
  let source = base;
  if (last && last.baseKey === baseKey && refines(tokens, last.tokens)) {
    if (last.tokens.length === tokens.length && last.tokens.every((t, i) => t === tokens[i])) return last.result;
    source = last.result;
  }
  const hs = index.haystacks;
  const out = new Int32Array(source.length);
  let m = 0;
  for (let k = 0; k < source.length; k++) {
    const i = source[k] as number;
    if (matchesTokens(hs[i] as string, tokens)) out[m++] = i;
  }
  const result = out.slice(0, m);
  index.last = { baseKey, tokens, result };
  return result;
}

/** The rows to show, as data indices in display order: sorted by the first sort entry, filtered by `query`. */
export function viewOrder<T>(index: TableIndex<T>, sorting: SortingState, query: string): Int32Array {
  const s = sorting[0];
  const col = s ? index.columns.find((c) => c.id === s.id && c.sortable !== false) : undefined;
  const base = col && s ? sortedOrder(index, col, s.desc) : identityOrder(index);
  const baseKey = col && s ? `${col.id}:${s.desc ? 'd' : 'a'}` : '';
  return filterOrder(index, base, baseKey, queryTokens(query));
}
