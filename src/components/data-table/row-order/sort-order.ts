/**
 * Sorting: per-column ranks computed once and cached (text by trCollator via text-ranks.ts, numbers
 * numerically, ISO dates as strings; empty values last; ties keep ERP order), the background ranking
 * of big tables (prefetchRanks) and the cached sort order per column and direction.
 */
import type { CellValue, DataColumn } from '../types';
import type { TableIndex } from './table-index';
import { textRanks } from './text-ranks';

function isEmpty(v: CellValue): boolean {
  return v == null || v === '' || (typeof v === 'number' && !Number.isFinite(v));
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

export function identityOrder<T>(index: TableIndex<T>): Int32Array {
  if (!index.identity) {
    const n = index.data.length;
    const id = new Int32Array(n);
    for (let i = 0; i < n; i++) id[i] = i;
    index.identity = id;
  }
  return index.identity;
}
