/**
 * Step 1 while the body arrives: the same JSON as parseErpBody's JSON.parse, parsed in slices as the
 * text comes in, so that little is left to parse after the last byte (the 100k-account answer is
 * 16 MB of JSON: on a slow PC its parse alone was ~350 ms after the last byte; bench/RESULTS.md).
 *
 * The rows of an answer are one long array (a WEX array of objects, ColdFusion's DATA, an envelope's
 * `data`): the first array whose first element is an object or array. Its elements are cut at the
 * commas between them, every SLICE_CHARS characters, and each slice is JSON.parse'd as an array; the
 * rest of the answer (what surrounds the rows) is parsed at the end with a placeholder where the rows
 * were, and the rows are put in its place. The result is JSON.parse's, value for value (duplicate
 * keys, "__proto__" keys included: segments.test.ts). Anything this does not follow — not JSON, a
 * shape with no such array, a slice that does not parse — gives `null`: the caller parses the whole
 * text with parseErpBody, for its value or its typed error. With a sink (RowsSink: the answer worker's
 * AccountSlices), each slice's rows go to it as they are parsed instead of being kept to the end.
 */
import { setOwn } from './locate';
import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, OPEN_ARRAY, OPEN_OBJECT, QUOTE, isJsonSpace } from './json-chars';

const SLICE_CHARS = 256 * 1024;

type Phase = 'start' | 'head' | 'rows' | 'tail' | 'failed';

/**
 * Given each slice's rows as soon as they are parsed (the answer worker reads them at once, so they are
 * not all kept to the end): true when it took them, false to leave them — and every later slice — here.
 */
export type RowsSink = (values: unknown[]) => boolean;

export class BodySegments {
  private phase: Phase = 'start';
  /** 'start': what came before the first JSON character (BOM, whitespace, a leading `//`). */
  private lead = '';
  /** The text before the rows' array (its `[` excluded), and after it (its `]` excluded). */
  private head = '';
  private tail = '';
  /** 'head': the structure so far; `[` just opened (its position in head), waiting for its first element. */
  private inString = false;
  /** 'head': the part ended on a backslash inside a string (the next character is escaped). */
  private escaped = false;
  private openArrayAt = -1;
  /** 'rows': the text of the rows not parsed yet; the first element's brackets (`{` `}` or `[` `]`); failed cuts. */
  private pending: string[] = [];
  private pendingChars = 0;
  private opener = OPEN_OBJECT;
  private closer = '}';
  private misses = 0;
  private cutBefore = false;
  private readonly rows: unknown[] = [];
  /** Rows the sink took (not in `rows`); the first of them stands for them all in result()'s value. */
  private given = 0;
  private firstGiven: unknown;

  constructor(
    private readonly sliceChars = SLICE_CHARS,
    private sink?: RowsSink,
  ) {}

  /** The next piece of the text, in order. */
  feed(part: string): void {
    try {
      this.take(part);
    } catch {
      this.phase = 'failed';
    }
  }

  /**
   * The parsed answer once all of it was fed, or null: parse the whole text instead (parseErpBody).
   * `given` rows went to the sink: the value's rows array then holds only the first of them.
   */
  result(): { value: unknown; given: number } | null {
    try {
      if (this.phase === 'rows') this.closeRows();
      if (this.phase !== 'tail' && this.phase !== 'head') return null;
      // No rows' array (a short answer, a column-wise one): the text is all head.
      if (this.phase === 'head') return { value: JSON.parse(this.head), given: 0 };
      const placeholder = `\u0000rows:${Math.random().toString(36).slice(2)}`;
      const frame: unknown = JSON.parse(`${this.head}${JSON.stringify(placeholder)}${this.tail}`);
      return { value: putRows(frame, placeholder, this.given > 0 ? [this.firstGiven] : this.rows), given: this.given };
    } catch {
      return null;
    }
  }

  private take(part: string): void {
    if (this.phase === 'failed') return;
    if (this.phase === 'tail') {
      this.tail += part;
      return;
    }
    if (this.phase === 'start') {
      this.lead += part;
      // parseErpBody's own leniency: a BOM, whitespace and a leading `//` before the JSON.
      const m = /^\ufeff?\s*(?:\/\/\s*)?/.exec(this.lead)!;
      const rest = this.lead.slice(m[0].length);
      if (rest === '' || (rest === '/' && !m[0].includes('//'))) return; // wait for more
      const first = rest.charCodeAt(0);
      if (first !== OPEN_OBJECT && first !== OPEN_ARRAY) {
        this.phase = 'failed';
        return;
      }
      this.lead = '';
      this.phase = 'head';
      part = rest;
    }
    if (this.phase === 'head') {
      const at = this.scanHead(part);
      if (at < 0) return;
      // The rows' array opened at head[openArrayAt]; its elements start at part[at].
      const rest = part.slice(at);
      this.head = this.head.slice(0, this.openArrayAt);
      this.phase = 'rows';
      this.opener = rest.charCodeAt(0);
      this.closer = this.opener === OPEN_OBJECT ? '}' : ']';
      part = rest;
    }
    if (this.phase === 'rows') this.scanRows(part);
  }

  /**
   * Adds `part` to the head, following strings and brackets. Returns the index in `part` where the
   * rows' first element starts (an array whose first element is `{` or `[`), else -1.
   */
  private scanHead(part: string): number {
    const base = this.head.length;
    this.head += part;
    for (let i = 0; i < part.length; i++) {
      const c = part.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) this.inString = false;
        continue;
      }
      if (this.openArrayAt >= 0 && !isJsonSpace(c)) {
        if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
          this.head = this.head.slice(0, base + i);
          return i;
        }
        this.openArrayAt = -1;
      }
      if (c === QUOTE) this.inString = true;
      else if (c === OPEN_ARRAY) this.openArrayAt = base + i;
    }
    return -1;
  }

  /**
   * The rows' array, as it arrives: once SLICE_CHARS are waiting, the text up to the last element
   * boundary in the newest part (`},{` or `],[`, whitespace allowed) is parsed as a slice of rows. A boundary is
   * found by indexOf, not by reading every character: one that is not a real boundary (inside a
   * string, or a nested object) leaves a slice that cannot be JSON (an open string or bracket), its
   * parse fails and the text waits for the next one; after a few such failures slicing stops and the
   * rest is parsed at the end.
   */
  private scanRows(part: string): void {
    this.pending.push(part);
    this.pendingChars += part.length;
    if (this.pendingChars < this.sliceChars || this.misses > MAX_MISSES) return;
    // The boundary is looked for in the newest part (a part is many rows long): the slice is then
    // made in one copy, brackets included, from the parts as they are.
    let cut = this.lastBoundary(part);
    if (cut < 0) {
      // Parts shorter than a row (a trickling connection): once enough waits, look in all of it.
      if (this.pendingChars < 4 * this.sliceChars || this.pending.length === 1) return;
      part = this.pending.join('');
      this.pending = [part];
      cut = this.lastBoundary(part);
      if (cut < 0) return;
    }
    const before = this.pending.length - 1;
    this.pending[before] = part.slice(0, cut);
    const slice = ['[', ...this.pending, ']'].join('');
    let values: unknown[];
    try {
      values = JSON.parse(slice) as unknown[];
    } catch {
      this.misses++;
      this.pending[before] = part;
      return;
    }
    this.keep(values);
    this.cutBefore = true;
    const rest = part.slice(cut + 1);
    this.pending = [rest];
    this.pendingChars = rest.length;
  }

  /** The index of the comma of the last `closer, opener` in `text` (the next element's opener in it too), or -1. */
  private lastBoundary(text: string): number {
    const pair = this.closer + ',';
    for (let at = text.lastIndexOf(pair); at > 0; at = text.lastIndexOf(pair, at - 1)) {
      let k = at + 2;
      while (k < text.length && isJsonSpace(text.charCodeAt(k))) k++;
      if (k < text.length && text.charCodeAt(k) === this.opener) return at + 1;
    }
    return -1;
  }

  /** At the end: the rows' array closes in the text still waiting; its last slice, then the rest of the answer. */
  private closeRows(): void {
    const text = this.pending.join('');
    this.pending = [];
    const end = closingBracket(text);
    if (end < 0) throw new SyntaxError('the rows do not end');
    this.parseSlice(text.slice(0, end), true);
    this.tail = text.slice(end + 1);
    this.phase = 'tail';
  }

  private parseSlice(text: string, last: boolean): void {
    // A slice after a cut must hold an element (`[{…},]` is not JSON).
    if (this.cutBefore && text.trim() === '') throw new SyntaxError('empty slice');
    const values = JSON.parse(`[${text}]`) as unknown[];
    this.keep(values);
    this.cutBefore = !last;
  }

  /** A slice's rows to the sink, or kept. Once the sink has taken some, it may not refuse later ones: the text is parsed whole then. */
  private keep(values: unknown[]): void {
    if (this.sink && values.length > 0) {
      if (this.sink(values)) {
        if (this.given === 0) this.firstGiven = values[0];
        this.given += values.length;
        return;
      }
      this.sink = undefined;
      if (this.given > 0) throw new SyntaxError('the sink refused rows after taking some');
    }
    for (const v of values) this.rows.push(v);
  }
}

const MAX_MISSES = 8;

/** The index of the `]` closing an array whose content `text` is (strings and nesting followed), or -1. */
function closingBracket(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // To the string's end: the next quote not escaped by an odd run of backslashes.
      for (;;) {
        const q = text.indexOf('"', i + 1);
        if (q < 0) return -1;
        let slashes = 0;
        for (let b = q - 1; text.charCodeAt(b) === BACKSLASH; b--) slashes++;
        i = q;
        if (slashes % 2 === 0) break;
      }
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (depth === 0) return c === CLOSE_ARRAY ? i : -1;
      depth--;
    }
  }
  return -1;
}

/** `frame` with its placeholder string (one, or none when a duplicate key dropped it) replaced by `rows`. */
function putRows(frame: unknown, placeholder: string, rows: unknown[]): unknown {
  if (frame === placeholder) return rows;
  const walk = (node: unknown): boolean => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        if (node[i] === placeholder) {
          node[i] = rows;
          return true;
        }
        if (walk(node[i])) return true;
      }
    } else if (node && typeof node === 'object') {
      const obj = node as Record<string, unknown>;
      for (const key of Object.keys(obj)) {
        if (obj[key] === placeholder) {
          setOwn(obj, key, rows);
          return true;
        }
        if (walk(obj[key])) return true;
      }
    }
    return false;
  };
  walk(frame);
  return frame;
}
