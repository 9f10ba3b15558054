/**
 * Search folding: a per-row search haystack, folded ONCE per (data, columns) with searchText() from
 * lib/turkish (built in idle time after the first paint, or on the first keystroke if that comes
 * sooner), and a filter that scans the cached order and, while the query only grows, only the
 * last result.
 */
import { matchesTokens, searchText } from '../../../lib/turkish';
import type { DataColumn } from '../types';
import type { TableIndex } from './table-index';

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

/** True when every old token lies inside some new token: the new result is a subset of the old. */
function refines(next: readonly string[], prev: readonly string[]): boolean {
  return prev.every((p) => next.some((t) => t.includes(p)));
}

export function filterOrder<T>(index: TableIndex<T>, base: Int32Array, baseKey: string, tokens: string[]): Int32Array {
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
