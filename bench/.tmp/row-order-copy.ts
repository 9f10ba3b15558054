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
import { matchesTokens, queryTokens, searchText, trCollator } from '../../src/lib/turkish';
import type { CellValue, DataColumn, SortingState } from '../../src/components/data-table/types';

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
    let text = '';
    for (let p = 0; p < parts.length; p++) {
      const raw = (parts[p] as SearchPart<T>)(row);
      if (!raw) continue;
      const cache = memo[p] as Map<string, string>;
      let folded = cache.get(raw);
      if (folded === undefined) {
        folded = searchText(raw);
        cache.set(raw, folded);
      }
      if (folded) text = text ? `${text} ${folded}` : folded;
    }
    haystacks[i] = text;
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
const LETTERS_LOWER = 'abcçdefgğhıijklmnoöpqrsştuüvwxyz';
const LETTERS_UPPER = 'ABCÇDEFGĞHIİJKLMNOÖPQRSŞTUÜVWXYZ';
const PUNCT = '_-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';
const KEY_CHAR = new Map<string, string>();
for (let p = 0; p < LETTERS_LOWER.length; p++) {
  const code = String.fromCharCode(0x100 + p);
  KEY_CHAR.set(LETTERS_LOWER[p] as string, code);
  KEY_CHAR.set(LETTERS_UPPER[p] as string, code);
}
for (const [accented, base] of [['â', 'a'], ['Â', 'a'], ['î', 'i'], ['Î', 'i'], ['û', 'u'], ['Û', 'u']] as const) {
  KEY_CHAR.set(accented, KEY_CHAR.get(base) as string);
}
for (let p = 0; p < PUNCT.length; p++) KEY_CHAR.set(PUNCT[p] as string, String.fromCharCode(0x10 + p));

function collationKey(s: string): string {
  let key = '';
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const ch = s[i] as string;
    const c = ch.charCodeAt(0);
    if (c >= 48 && c <= 57) {
      let j = i;
      while (j < n && s.charCodeAt(j) >= 48 && s.charCodeAt(j) <= 57) j++;
      let start = i;
      while (start < j - 1 && s.charCodeAt(start) === 48) start++;
      key += '\u0080' + String.fromCharCode(0x81 + (j - start)) + s.slice(start, j);
      i = j - 1;
      continue;
    }
    const mapped = KEY_CHAR.get(ch);
    if (mapped) key += mapped;
    else if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\u00a0') key += '\u0001';
    else {
      const base = KEY_CHAR.get(ch.normalize('NFD')[0] as string);
      key += base && base >= '\u0100' ? base : '\uffff' + ch;
    }
  }
  return key;
}

/** Ranks of distinct text values in trCollator order (equal under the collator → equal rank). */
function textRanks(uniq: string[]): Int32Array {
  const u = uniq.length;
  let T = performance.now();
  const keys = uniq.map(collationKey);
  console.info('keys', performance.now() - T); T = performance.now();
  let order = Array.from({ length: u }, (_, i) => i);
  order.sort((a, b) => {
    const ka = keys[a] as string;
    const kb = keys[b] as string;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  console.info('sort', performance.now() - T); T = performance.now();
  const rank = new Int32Array(u);
  let ok = true;
  let r = 0;
  for (let k = 1; k < u; k++) {
    const c = trCollator.compare(uniq[order[k - 1] as number] as string, uniq[order[k] as number] as string);
    if (c > 0) {
      console.info('MISMATCH', JSON.stringify(uniq[order[k - 1] as number]), JSON.stringify(uniq[order[k] as number]), JSON.stringify(keys[order[k-1] as number]), JSON.stringify(keys[order[k] as number]));
      ok = false;
      break;
    }
    if (c < 0) r++;
    rank[order[k] as number] = r;
  }
  console.info('verify', performance.now() - T, ok);
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

/** Rank per data index (-1 = empty). Text kinds by trCollator, all-number columns numerically, other strings by code unit (ISO dates). */
function computeRanks<T>(data: readonly T[], col: DataColumn<T>): Int32Array {
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
    return ranks;
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
  let uniqRank: Int32Array;
  if (isText) uniqRank = textRanks(uniq);
  else {
    const order = Array.from({ length: uniq.length }, (_, i) => i).sort((a, b) => {
      const sa = uniq[a] as string;
      const sb = uniq[b] as string;
      return sa < sb ? -1 : sa > sb ? 1 : 0;
    });
    uniqRank = new Int32Array(uniq.length);
    order.forEach((d, k) => (uniqRank[d] = k));
  }
  for (let i = 0; i < n; i++) if ((ranks[i] as number) >= 0) ranks[i] = uniqRank[ranks[i] as number] as number;
  return ranks;
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
