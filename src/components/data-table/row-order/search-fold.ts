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
import type { SearchMarks, TableIndex } from './table-index';

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

/** From this many rows shown on, a one-token search's next-keystroke maps are built (buildNextMarks): under it, a search in each row's text costs a fraction of a millisecond. */
const NEXT_MARKS_MIN_SHOWN = 2000;

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

/**
 * One byte per row (by data index) for `token`, from one indexOf scan of the joined text: HOLDS when
 * the row's haystack holds it, | WORD_START when it also starts a word there (after the row's start
 * or a space). A row's later matches are looked at only until one starts a word.
 */
function rowMarks(joined: { text: string; starts: Int32Array }, n: number, token: string): Uint8Array {
  const { text, starts } = joined;
  const marks = new Uint8Array(n);
  let row = 0;
  let pos = text.indexOf(token);
  while (pos !== -1) {
    while ((starts[row + 1] as number) <= pos) row++;
    if (row >= n) break;
    const before = pos === 0 ? 0 : text.charCodeAt(pos - 1);
    if (before === 0 || before === 32) {
      marks[row] = HOLDS | WORD_START;
      pos = text.indexOf(token, starts[row + 1] as number);
    } else {
      marks[row] = HOLDS;
      pos = text.indexOf(token, pos + 1);
    }
  }
  return marks;
}

/**
 * The row maps for the next keystroke: for each character that follows the search's one token
 * somewhere in the joined text, one byte per row as rowMarks gives for token + that character.
 * Built in short slices soon after a search (`shown` rows) whose next narrowing would scan the whole
 * text again (use-table-model.ts), so the next character is a lookup; resumable (`shouldStop()` is
 * asked every 4,096 matches). True when done, or when there is nothing to build.
 */
export function buildNextMarks<T>(index: TableIndex<T>, tokens: readonly string[], shown: number, shouldStop: () => boolean = () => false): boolean {
  const { joined } = index;
  const n = index.data.length;
  const token = tokens[0];
  // One token over a big table, and a result the next character would narrow by a scan or a search in each row.
  if (!joined || !index.charRows?.complete || tokens.length !== 1 || !token || shown < NEXT_MARKS_MIN_SHOWN) return true;
  let state = index.next;
  if (!state || state.token !== token) state = index.next = { token, at: 0, row: 0, byNext: new Map(), complete: false };
  if (state.complete) return true;
  const { text, starts } = joined;
  const { byNext } = state;
  const len = token.length;
  let row = state.row;
  let count = 0;
  let pos = text.indexOf(token, state.at);
  while (pos !== -1) {
    while ((starts[row + 1] as number) <= pos) row++;
    const next = text.charCodeAt(pos + len);
    // SEP: the token ends the row's text; nothing follows it there.
    if (next !== 0) {
      let bytes = byNext.get(next);
      if (!bytes) byNext.set(next, (bytes = new Uint8Array(n)));
      const before = pos === 0 ? 0 : text.charCodeAt(pos - 1);
      bytes[row] = (bytes[row] as number) | (before === 0 || before === 32 ? HOLDS | WORD_START : HOLDS);
    }
    pos = text.indexOf(token, pos + 1);
    if ((++count & 4095) === 0 && pos !== -1 && shouldStop()) {
      state.at = pos;
      state.row = row;
      return false;
    }
  }
  state.complete = true;
  return true;
}

/** The marks of `token` from the next-keystroke maps, when they were built for `token` minus its last character (null: no row holds it). */
function nextMarksOf<T>(index: TableIndex<T>, token: string): Uint8Array | null | undefined {
  const next = index.next;
  if (!next?.complete || token.length !== next.token.length + 1 || !token.startsWith(next.token)) return undefined;
  return next.byNext.get(token.charCodeAt(token.length - 1)) ?? null;
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
  let marks: SearchMarks | null = null;
  const joined = index.joined;
  const charRows = index.charRows?.complete && tokens.length === 1 && (tokens[0] as string).length === 1 ? index.charRows.byChar : null;
  const mapped = tokens.length === 1 ? nextMarksOf(index, tokens[0] as string) : undefined;
  if ((charRows && source.length === index.data.length) || mapped !== undefined) {
    // One character over every row (its row map), or the last search's token plus one character
    // (the row maps built after it): a lookup per row, no scan.
    const token = tokens[0] as string;
    const hit = mapped !== undefined ? mapped : (charRows as Map<number, Uint8Array>).get(token.charCodeAt(0));
    if (hit) {
      marks = { token, bytes: hit };
      // Branch-free (a byte is 0, 1 or 3): a match or not is a coin toss the CPU cannot predict.
      for (let k = 0; k < source.length; k++) {
        const i = source[k] as number;
        out[m] = i;
        m += ((hit[i] as number) + 3) >> 2;
      }
    }
  } else if (joined && source.length > index.data.length / WIDE_SOURCE) {
    // A search over every row — or a narrowing of a wide result (the second keystroke): the longest
    // token (the fewest hits) by one scan of the joined text, the others per hit.
    const longest = tokens.reduce((a, b) => (b.length > a.length ? b : a));
    const hit = rowMarks(joined, index.data.length, longest);
    marks = { token: longest, bytes: hit };
    const rest = tokens.length > 1 ? tokens : null;
    for (let k = 0; k < source.length; k++) {
      const i = source[k] as number;
      if (hit[i] !== 0 && (rest === null || matchesTokens(hs[i] as string, rest))) out[m++] = i;
    }
  } else {
    for (let k = 0; k < source.length; k++) {
      const i = source[k] as number;
      if (matchesTokens(hs[i] as string, tokens)) out[m++] = i;
    }
  }
  const result = out.slice(0, m);
  index.last = { baseKey, tokens, result, marks };
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
  const kept = index.last?.marks;
  if (tokens.length === 1 && kept && kept.token === tokens[0]) {
    // One token whose marks the filter read (a row map, or its own scan): one byte per row,
    // branch-free as in filterOrder.
    const bytes = kept.bytes;
    for (let k = 0; k < order.length; k++) {
      const i = order[k] as number;
      const w = ((bytes[i] as number) >> 1) & 1;
      out[front] = i;
      rest[back] = i;
      front += w;
      back += 1 - w;
    }
    if (back === 0 || front === 0) return order;
    out.set(rest.subarray(0, back), front);
    return out;
  }
  // The row maps (big tables) say where each token's first character starts a word: a row where it
  // starts none cannot have the token there, and a one-character token needs nothing more.
  const byChar = index.charRows?.complete ? index.charRows.byChar : null;
  const firstChars = byChar ? tokens.map((t) => byChar.get(t.charCodeAt(0)) ?? NO_ROWS) : null;
  // A longer token: the filter's own scan marked its word starts (filterOrder keeps them); over a
  // wide result another token gets one scan of the joined text, not a search in each row's text.
  const joined = index.joined;
  const wide = joined !== null && order.length > index.data.length / WIDE_SOURCE;
  const scans = tokens.map((t) => (t.length < 2 ? null : kept?.token === t ? kept.bytes : joined && wide ? rowMarks(joined, index.data.length, t) : null));
  for (let k = 0; k < order.length; k++) {
    const i = order[k] as number;
    let atStart = true;
    for (let j = 0; j < tokens.length && atStart; j++) {
      const token = tokens[j] as string;
      const scanned = scans[j];
      if (firstChars && (((firstChars[j] as Uint8Array)[i] as number) & WORD_START) === 0) atStart = false;
      else if (scanned) atStart = ((scanned[i] as number) & WORD_START) !== 0;
      else if (!firstChars || token.length > 1) {
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
