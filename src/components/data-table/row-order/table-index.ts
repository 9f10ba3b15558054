/**
 * What every step of the row pipeline reads and fills for one (data, columns) pair: folded search
 * haystacks (search-fold.ts), column ranks and sort orders (sort-order.ts), the last search result.
 * Owned by the table model that made it (use-table-model.ts): it lives as long as the page's
 * model holds the same data and columns, and goes with them.
 */
import type { DataColumn } from '../types';

export interface TableIndex<T> {
  readonly data: readonly T[];
  readonly columns: readonly DataColumn<T>[];
  /** searchText-folded haystack per data index; filled up to `haystackCount`. */
  haystacks: string[];
  haystackCount: number;
  /**
   * All haystacks in one string, NUL-separated (row i starts at starts[i]): a first search over the
   * whole table is one indexOf scan instead of a call per row. Built in idle time with the haystacks.
   */
  joined: { text: string; starts: Int32Array } | null;
  /**
   * Rows holding each character of the joined text (char code → one byte per row: 1 = holds it,
   * | 2 = at the start of a word), filled up to text position `at`: a one-character search over the
   * whole table (the first keystroke, the widest result) and its word-starts-first order are
   * lookups, not scans. Big tables only; built in idle time after `joined`.
   */
  charRows: { at: number; row: number; byChar: Map<number, Uint8Array>; complete: boolean } | null;
  readonly ranks: Map<string, Int32Array>;
  readonly orders: Map<string, Int32Array>;
  identity: Int32Array | null;
  /**
   * After a search for one token: for each character that follows it in the joined text, the rows
   * (bytes as in SearchMarks) holding token + that character, filled up to text position `at`
   * (search-fold.ts buildNextMarks). The next keystroke's narrowing is then a lookup.
   */
  next: { token: string; at: number; row: number; byNext: Map<number, Uint8Array>; complete: boolean } | null;
  /** The last search: its result, and the marks of the token its scan read (search-fold.ts rowMarks). */
  last: { baseKey: string; tokens: string[]; result: Int32Array; marks: SearchMarks | null } | null;
}

/** One byte per data index for `token`: 1 = the row holds it, | 2 = it starts a word there. */
export interface SearchMarks {
  token: string;
  bytes: Uint8Array;
}

/** An empty index for this data + columns pair (the work happens lazily, as the steps need it). */
export function createTableIndex<T>(data: readonly T[], columns: readonly DataColumn<T>[]): TableIndex<T> {
  return {
    data,
    columns,
    haystacks: new Array<string>(data.length),
    haystackCount: 0,
    joined: null,
    charRows: null,
    ranks: new Map(),
    orders: new Map(),
    identity: null,
    next: null,
    last: null,
  };
}
