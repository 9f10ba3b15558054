/**
 * Search folding: a per-row search haystack, folded ONCE per (data, columns) with searchText() from
 * lib/turkish (built in idle time after the first paint, or on the first keystroke if that comes
 * sooner), and a filter that scans the cached order and, while the query only grows, only the
 * last result. A search over every row of a big table scans the haystacks joined into one string
 * (one indexOf loop, not a call per row); a one-character search over every row of a very big table
 * (the first keystroke: the widest result) reads a per-character row map built in idle time.
 */
import { matchesTokens, searchText } from '../../../domain/turkish';
import type { DataColumn } from '../types';
import { identityOrder } from './sort-order';
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
export function buildHaystacks<T>(index: TableIndex<T>, shouldStop: () => boolean = () => false, join = false): boolean {
  const { data, haystacks } = index;
  const n = data.length;
  if (index.haystackCount >= n) {
    if (join && !index.joined && n >= JOIN_MIN_ROWS) index.joined = joinHaystacks(haystacks, n);
    return true;
  }
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
  if (i < n) return false;
  // In idle time (`join`) the haystacks are also joined for the first search's scan.
  if (join && !index.joined && n >= JOIN_MIN_ROWS) index.joined = joinHaystacks(haystacks, n);
  return true;
}

/** From this many rows on, the haystacks are also kept joined (joinHaystacks). */
const JOIN_MIN_ROWS = 2000;
/** A source holding more than 1/WIDE_SOURCE of the rows is searched by a scan of the joined text, not row by row. */
const WIDE_SOURCE = 8;
/** Separates rows in the joined text; a search token never holds it (queryTokens splits on spaces). */
const SEP = '\u0000';

function joinHaystacks(haystacks: string[], n: number): { text: string; starts: Int32Array } {
  const starts = new Int32Array(n + 1);
  let at = 0;
  for (let i = 0; i < n; i++) {
    starts[i] = at;
    at += (haystacks[i] as string).length + 1;
  }
  starts[n] = at;
  return { text: haystacks.slice(0, n).join(SEP) + SEP, starts };
}

/** Per-character row maps: the row holds the character (HOLDS), and at the start of a word (WORD_START). */
const HOLDS = 1;
const WORD_START = 2;
const NO_ROWS = new Uint8Array(0);

/** From this many rows on, the per-character row maps are built too (buildCharRows). */
const CHAR_ROWS_MIN_ROWS = 20_000;

/**
 * Builds the per-character row maps (TableIndex.charRows) from the joined text until `shouldStop()`
 * says stop (checked every 64k characters); true when done — or when there is nothing to build (a
 * smaller table, or the joined text is not there yet).
 */
export function buildCharRows<T>(index: TableIndex<T>, shouldStop: () => boolean = () => false): boolean {
  const { joined } = index;
  const n = index.data.length;
  if (!joined || n < CHAR_ROWS_MIN_ROWS) return true;
  const state = (index.charRows ??= { at: 0, row: 0, byChar: new Map(), complete: false });
  if (state.complete) return true;
  const { text } = joined;
  const { byChar } = state;
  let { at, row } = state;
  let bits: Uint8Array | undefined;
  let bitsCode = -1;
  // A word starts after the row's start (SEP) or a space: the haystacks are space-separated words.
  let prev = at === 0 ? 0 : text.charCodeAt(at - 1);
  while (at < text.length) {
    const stop = Math.min(text.length, at + 65_536);
    for (; at < stop; at++) {
      const c = text.charCodeAt(at);
      if (c === 0) {
        row++;
        prev = 0;
        continue;
      }
      if (c !== bitsCode) {
        bits = byChar.get(c);
        if (!bits) byChar.set(c, (bits = new Uint8Array(n)));
        bitsCode = c;
      }
      const b = bits as Uint8Array;
      b[row] = (b[row] as number) | (prev === 0 || prev === 32 ? HOLDS | WORD_START : HOLDS);
      prev = c;
    }
    if (at < text.length && shouldStop()) break;
  }
  state.at = at;
  state.row = row;
  state.complete = at >= text.length;
  return state.complete;
}

/** Rows (by data index) whose haystack holds `token`: one indexOf scan over the joined text. */
function rowsHolding(joined: { text: string; starts: Int32Array }, n: number, token: string): Uint8Array {
  const { text, starts } = joined;
  const hit = new Uint8Array(n);
  let row = 0;
  let pos = text.indexOf(token);
  while (pos !== -1) {
    while ((starts[row + 1] as number) <= pos) row++;
    hit[row] = 1;
    pos = text.indexOf(token, starts[row + 1] as number);
  }
  return hit;
}

/** Rows (by data index) where `token` starts a word: the row's start or after a space, in the joined text. */
function rowsStartingWord(joined: { text: string; starts: Int32Array }, n: number, token: string): Uint8Array {
  const { text, starts } = joined;
  const hit = new Uint8Array(n);
  if (text.startsWith(token)) hit[0] = 1;
  for (const probe of [SEP + token, ` ${token}`]) {
    let row = 0;
    let pos = text.indexOf(probe);
    while (pos !== -1) {
      const at = pos + 1;
      while ((starts[row + 1] as number) <= at) row++;
      if (row >= n) break;
      hit[row] = 1;
      // On from the end of this row (its separator may begin the next row's match).
      pos = text.indexOf(probe, (starts[row + 1] as number) - 1);
    }
  }
  return hit;
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
  const joined = index.joined;
  const charRows = index.charRows?.complete && tokens.length === 1 && (tokens[0] as string).length === 1 ? index.charRows.byChar : null;
  if (charRows && source.length === index.data.length) {
    // One character over every row: its row map, no scan.
    const hit = charRows.get((tokens[0] as string).charCodeAt(0));
    if (hit) {
      for (let k = 0; k < source.length; k++) {
        const i = source[k] as number;
        if (hit[i] !== 0) out[m++] = i;
      }
    }
  } else if (joined && source.length > index.data.length / WIDE_SOURCE) {
    // A search over every row — or a narrowing of a wide result (the second keystroke): the longest
    // token (the fewest hits) by one scan of the joined text, the others per hit.
    const longest = tokens.reduce((a, b) => (b.length > a.length ? b : a));
    const hit = rowsHolding(joined, index.data.length, longest);
    const rest = tokens.length > 1 ? tokens : null;
    for (let k = 0; k < source.length; k++) {
      const i = source[k] as number;
      if (hit[i] === 1 && (rest === null || matchesTokens(hs[i] as string, rest))) out[m++] = i;
    }
  } else {
    for (let k = 0; k < source.length; k++) {
      const i = source[k] as number;
      if (matchesTokens(hs[i] as string, tokens)) out[m++] = i;
    }
  }
  const result = out.slice(0, m);
  index.last = { baseKey, tokens, result };
  return result;
}

/**
 * A search's rows with the matches at the start of a word first ("öz": Öz-Çağ, Öztürk before
 * Kozmetik), each group in the order it had. Used when the user chose no sort order. A row counts
 * when every token begins a word of its haystack (the haystacks are space-separated words).
 */
export function wordStartsFirst<T>(index: TableIndex<T>, order: Int32Array, tokens: readonly string[]): Int32Array {
  if (tokens.length === 0 || order.length < 2) return order;
  const hs = index.haystacks;
  const spaced = tokens.map((t) => ` ${t}`);
  const out = new Int32Array(order.length);
  const rest = new Int32Array(order.length);
  let front = 0;
  let back = 0;
  // The row maps (big tables) say where each token's first character starts a word: a row where it
  // starts none cannot have the token there, and a one-character token needs nothing more.
  const byChar = index.charRows?.complete ? index.charRows.byChar : null;
  const marks = byChar ? tokens.map((t) => byChar.get(t.charCodeAt(0)) ?? NO_ROWS) : null;
  // A wide result (the second keystroke): the rows where a longer token starts a word, by two scans
  // of the joined text, not a search in each row's text.
  const joined = index.joined;
  const starts = joined && order.length > index.data.length / WIDE_SOURCE ? tokens.map((t) => (t.length > 1 ? rowsStartingWord(joined, index.data.length, t) : null)) : null;
  for (let k = 0; k < order.length; k++) {
    const i = order[k] as number;
    let atStart = true;
    for (let j = 0; j < tokens.length && atStart; j++) {
      const token = tokens[j] as string;
      const scanned = starts?.[j];
      if (marks && (((marks[j] as Uint8Array)[i] as number) & WORD_START) === 0) atStart = false;
      else if (scanned) atStart = scanned[i] === 1;
      else if (!marks || token.length > 1) {
        const h = hs[i] as string;
        atStart = h.startsWith(token) || h.includes(spaced[j] as string);
      }
    }
    if (atStart) out[front++] = i;
    else rest[back++] = i;
  }
  if (back === 0 || front === 0) return order;
  out.set(rest.subarray(0, back), front);
  return out;
}

/**
 * Runs a first and a second keystroke's search once over every row, in idle time once the maps above
 * are built, and forgets the answers. The engine compiles a loop only after it has run it: without
 * this the user's first character pays for interpreting 100,000 iterations (~4 ms measured at
 * 100,000 accounts, a quarter of a frame).
 */
export function warmSearch<T>(index: TableIndex<T>): void {
  const sample = index.haystacks.find((h) => h.length >= 2);
  if (!sample || !index.charRows?.complete) return;
  const base = identityOrder(index);
  const keep = index.last;
  for (const token of [sample.slice(0, 1), sample.slice(0, 2)]) wordStartsFirst(index, filterOrder(index, base, '\u0001warm', [token]), [token]);
  index.last = keep;
}
