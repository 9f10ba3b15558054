/**
 * An account list as a few flat buffers, to cross from the answer worker (answer-worker.ts) to the page.
 *
 * Posting 100,000 account objects makes the page rebuild them one property at a time (structured
 * clone: about 480 ms of the page's main thread at CPU 4×, more than JSON.parse of the answer). Packed,
 * the same list is one string (ids and names), typed arrays (moved, not copied) and a few small
 * arrays (the repeating texts once each): the page gets it in about 25 ms and rebuilds the objects
 * from slices of that string. Lossless: unpack(pack(x))
 * is x field for field, extras and their cells included (account-pack.test.ts).
 *
 * A long list goes in chunks of rows (CHUNK_ROWS) while the worker still reads the rest: the page
 * unpacks each one meanwhile (its main thread waits for the worker then), so after the worker's last
 * row only the last chunk is left to unpack (AccountUnpacker).
 */
import type { Account, AccountList, Cell, ErpColumn } from '../domain/erp-types';
import { setOwn, type AccountRows } from '../domain/reader';

/** Rows a chunk: 100,000 accounts go in 7 chunks; a list of a few thousand in one. */
export const CHUNK_ROWS = 16_384;

/** Rows [from, from + n) of a list of `total` rows. */
export interface PackedAccounts {
  /** The list's rows; Infinity in a chunk before the last of a list read a slice at a time (AccountSlices). */
  readonly total: number;
  readonly from: number;
  readonly n: number;
  /** Each row's id and name, then the extras' texts, one after another; string k is text.slice(ends[k - 1] ?? 0, ends[k]). */
  readonly text: string;
  readonly ends: Uint32Array;
  /**
   * Category, province and district repeat (a few hundred values over 100k rows): each row's index
   * into the list's words, of which this chunk brings those not in an earlier chunk (appended in order).
   */
  readonly words: readonly string[];
  readonly category: Uint32Array;
  readonly province: Uint32Array;
  readonly district: Uint32Array;
  /** Balance in kuruş; NaN = null. */
  readonly balance: Float64Array;
  /** Rows (index in the whole list) with an unreadable balance (its raw text) and rows with a foreign currency. */
  readonly invalid: readonly (readonly [number, string])[];
  readonly currency: readonly (readonly [number, string])[];
  /** Per extra column (extraColumns' order, keyed by ErpColumn.key): each row's cell kind and numbers. */
  readonly extras: readonly { readonly key: string; readonly kinds: Uint8Array; readonly numbers: Float64Array }[];
  /** The last chunk's: the list's extra columns and its reader's warnings (empty and 0 before). */
  readonly extraColumns: readonly ErpColumn[];
  readonly warnings: number;
}

// Cell kinds in `kinds`; INVALID_* + AMBIGUOUS for an ambiguous number.
const EMPTY = 0;
const TEXT = 1;
const NUMBER = 2;
const DATE = 3;
const INVALID_NUMBER = 4;
const INVALID_DATE = 5;
const AMBIGUOUS = 8;
const NO_EXTRAS: Record<string, Cell> = Object.freeze({}) as Record<string, Cell>;

/** Packs rows as the reader gives them (visitAccounts' AccountRows): no account object is made on the way. */
export class AccountPacker implements AccountRows {
  private n = 0;
  /** The first row of the chunk being packed; how many of its rows are in. */
  private from = 0;
  private rowsIn = 0;
  /** The chunk's texts one after another: built by `+=` (flattened once, when posted: a third faster than joining 200k parts). */
  private text = '';
  private ends = new Uint32Array(64);
  private count = 0;
  private length = 0;
  /** Every word so far by its index, and the chunk's new ones. */
  private readonly wordList: string[] = [];
  private words: string[] = [];
  /** wordBucket's table: [word, index, word, index, …] per bucket (made when first used); null once too many words (wordIndex then). */
  private buckets: (string | number)[][] | null = new Array<(string | number)[]>(WORD_BUCKETS);
  private wordIndex: Map<string, number> | null = null;
  private category = new Uint32Array(0);
  private province = new Uint32Array(0);
  private district = new Uint32Array(0);
  private balance = new Float64Array(0);
  private invalid: [number, string][] = [];
  private currency: [number, string][] = [];
  private extras: { key: string; kinds: Uint8Array; numbers: Float64Array }[] = [];
  /** Each extra column's texts in row order (packed after the chunk's ids and names, column by column). */
  private extraTexts: string[][] = [];

  /**
   * `onChunk`: given each full chunk of `chunkRows` rows as soon as its last row is packed (with the
   * buffers to move); the rows after the last full chunk come from `finish`. Without it, `finish`
   * gives every row in one.
   */
  constructor(
    private readonly onChunk?: (chunk: PackedAccounts, transfer: ArrayBuffer[]) => void,
    private readonly chunkRows = CHUNK_ROWS,
  ) {}

  /** `rowCount` Infinity: not known before the last row (AccountSlices); chunks only, the list's length known at `finish`. */
  start(rowCount: number, extraKeys: readonly string[]): void {
    if (!Number.isFinite(rowCount) && !this.onChunk) throw new Error('a list of unknown length is packed in chunks');
    this.n = rowCount;
    this.from = 0;
    this.rowsIn = 0;
    this.extras = extraKeys.map((key) => ({ key, kinds: new Uint8Array(0), numbers: new Float64Array(0) }));
    this.begin(this.onChunk ? Math.min(rowCount, this.chunkRows) : rowCount);
  }

  row(
    i: number,
    id: string,
    category: string,
    name: string,
    province: string,
    district: string,
    balance: number | null,
    balanceInvalid: string | undefined,
    currency: string | undefined,
  ): void {
    // A new row after a full chunk: that chunk (its extras' cells are in: visitAccounts gives them right after its row).
    if (i - this.from === this.chunkRows && this.onChunk) {
      const { chunk, transfer } = this.take([], 0);
      this.onChunk(chunk, transfer);
      this.from = i;
      this.begin(Math.min(this.n - i, this.chunkRows));
    }
    const r = i - this.from;
    this.rowsIn = r + 1;
    this.add(id);
    this.add(name);
    this.category[r] = this.word(category);
    this.province[r] = this.word(province);
    this.district[r] = this.word(district);
    this.balance[r] = balance ?? NaN;
    if (balanceInvalid !== undefined) this.invalid.push([i, balanceInvalid]);
    if (currency !== undefined) this.currency.push([i, currency]);
  }

  extra(i: number, k: number, cell: Cell): void {
    const { kinds, numbers } = this.extras[k]!;
    const texts = this.extraTexts[k]!;
    const r = i - this.from;
    switch (cell.kind) {
      case 'empty':
        kinds[r] = EMPTY;
        break;
      case 'text':
        kinds[r] = TEXT;
        texts.push(cell.text);
        break;
      case 'number':
        kinds[r] = NUMBER;
        numbers[r * 3] = cell.value;
        numbers[r * 3 + 1] = cell.minor;
        numbers[r * 3 + 2] = cell.decimals;
        texts.push(cell.raw);
        break;
      case 'date':
        kinds[r] = DATE;
        texts.push(cell.iso, cell.raw);
        break;
      case 'invalid':
        kinds[r] = (cell.expected === 'date' ? INVALID_DATE : INVALID_NUMBER) | (cell.ambiguous ? AMBIGUOUS : 0);
        texts.push(cell.raw);
        break;
    }
  }

  /** The rows not given to onChunk yet (after the last row; every row without onChunk), and the buffers to transfer with them. */
  finish(extraColumns: readonly ErpColumn[], warnings: number): { packed: PackedAccounts; transfer: ArrayBuffer[] } {
    // A list of unknown length ends here.
    if (!Number.isFinite(this.n)) this.n = this.from + this.rowsIn;
    const { chunk, transfer } = this.take(extraColumns, warnings);
    return { packed: chunk, transfer };
  }

  /** Fresh buffers for the next `rows` rows. */
  private begin(rows: number): void {
    this.rowsIn = 0;
    this.text = '';
    this.ends = new Uint32Array(rows * 2 + 16);
    this.count = 0;
    this.length = 0;
    this.words = [];
    this.category = new Uint32Array(rows);
    this.province = new Uint32Array(rows);
    this.district = new Uint32Array(rows);
    this.balance = new Float64Array(rows);
    this.invalid = [];
    this.currency = [];
    // visitAccounts gives every row a cell of every extra column.
    this.extras = this.extras.map(({ key }) => ({ key, kinds: new Uint8Array(rows), numbers: new Float64Array(rows * 3) }));
    this.extraTexts = this.extras.map(() => []);
  }

  /** The chunk packed so far (rows from `from` on). */
  private take(extraColumns: readonly ErpColumn[], warnings: number): { chunk: PackedAccounts; transfer: ArrayBuffer[] } {
    // The extras' texts come after the chunk's ids and names, column by column, as AccountUnpacker reads them.
    for (const texts of this.extraTexts) for (const t of texts) this.add(t);
    const ends = this.ends.slice(0, this.count);
    const { category, province, district, balance } = this;
    const transfer: ArrayBuffer[] = [ends.buffer, balance.buffer, category.buffer, province.buffer, district.buffer];
    for (const e of this.extras) transfer.push(e.kinds.buffer as ArrayBuffer, e.numbers.buffer as ArrayBuffer);
    const chunk: PackedAccounts = {
      total: this.n,
      from: this.from,
      // The rows in (a chunk of a list of unknown length has room for a whole chunk).
      n: this.rowsIn,
      text: this.text,
      ends,
      words: this.words,
      category,
      province,
      district,
      balance,
      invalid: this.invalid,
      currency: this.currency,
      extras: this.extras,
      extraColumns,
      warnings,
    };
    return { chunk, transfer };
  }

  private add(s: string): void {
    this.text += s;
    this.length += s.length;
    if (this.count === this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.ends[this.count++] = this.length;
  }

  /**
   * The index of a word, new ones appended. Looked up in a table of our own by a few of its letters
   * (wordBucket), not in a Map: a Map hashes each of the answer's 300,000 fresh strings, which costs
   * Chromium 51–67 ms against 17–25 ms here (bench/RESULTS.md, session 31). `===` compares two
   * strings' letters, no hash. An answer with more distinct words than the table is meant for goes on
   * in a Map.
   */
  private word(s: string): number {
    const buckets = this.buckets;
    if (buckets === null) {
      let k = this.wordIndex!.get(s);
      if (k === undefined) k = this.newWord(s);
      return k;
    }
    const bucket = (buckets[wordBucket(s)] ??= []);
    for (let j = 0; j < bucket.length; j += 2) if (bucket[j] === s) return bucket[j + 1] as number;
    const k = this.newWord(s);
    if (k < MAX_BUCKET_WORDS) bucket.push(s, k);
    else {
      this.buckets = null;
      this.wordIndex = new Map(this.wordList.map((w, i) => [w, i]));
    }
    return k;
  }

  private newWord(s: string): number {
    const k = this.wordList.length;
    this.wordList.push(s);
    this.words.push(s);
    this.wordIndex?.set(s, k);
    return k;
  }
}

const WORD_BUCKETS = 4096;
/** Beyond this many distinct words (category, province, district are a few hundred), a Map. */
const MAX_BUCKET_WORDS = 8192;

/** A word's bucket: its length and five of its letters (the first two, the middle one, the last two), mixed. */
function wordBucket(s: string): number {
  const n = s.length;
  if (n === 0) return 0;
  let h = n;
  h = (h * 31 + s.charCodeAt(0)) | 0;
  h = (h * 31 + s.charCodeAt(n >> 1)) | 0;
  h = (h * 31 + s.charCodeAt(n - 1)) | 0;
  if (n > 2) {
    h = (h * 31 + s.charCodeAt(1)) | 0;
    h = (h * 31 + s.charCodeAt(n - 2)) | 0;
  }
  return (h ^ (h >>> 12)) & (WORD_BUCKETS - 1);
}

/**
 * The page's side: the chunks of one list, in order, back into the list the reader made (each chunk
 * is unpacked as it comes: the page's main thread does it while the worker reads the next rows).
 */
export class AccountUnpacker {
  private accounts: Account[] = [];
  private readonly words: string[] = [];
  private next = 0;
  /** The chunk added last: the last one brings the list's extra columns and warnings. */
  private last: PackedAccounts | null = null;

  /** The next chunk (rows from where the previous one ended). */
  add(p: PackedAccounts): void {
    if (p.from !== this.next) throw new Error(`account chunk out of order: rows from ${p.from}, expected ${this.next}`);
    // A chunk of a list whose length is known only with its last chunk: total Infinity.
    if (p.from === 0) this.accounts = Number.isFinite(p.total) ? new Array<Account>(p.total) : [];
    const { text, ends, n, from, words, category, province, district } = p;
    for (const w of words) this.words.push(w);
    const all = this.words;
    let k = 0;
    let at = 0;
    const next = () => {
      const end = ends[k++]!;
      const s = text.slice(at, end);
      at = end;
      return s;
    };
    // No extra columns: one frozen empty `extras` for every row (100k empty objects less to make).
    const none = p.extras.length === 0 ? NO_EXTRAS : undefined;
    const accounts = this.accounts;
    for (let r = 0; r < n; r++) {
      const b = p.balance[r]!;
      const id = next();
      accounts[from + r] = {
        id,
        category: all[category[r]!]!,
        name: next(),
        province: all[province[r]!]!,
        district: all[district[r]!]!,
        balance: b === b ? b : null,
        extras: none ?? {},
      };
    }
    for (const [i, raw] of p.invalid) accounts[i]!.balanceInvalid = raw;
    for (const [i, code] of p.currency) accounts[i]!.currency = code;
    for (const { key, kinds, numbers } of p.extras) {
      for (let r = 0; r < n; r++) {
        const kind = kinds[r]!;
        let cell: Cell;
        if (kind === EMPTY) cell = { kind: 'empty' };
        else if (kind === TEXT) cell = { kind: 'text', text: next() };
        else if (kind === NUMBER) cell = { kind: 'number', value: numbers[r * 3]!, minor: numbers[r * 3 + 1]!, decimals: numbers[r * 3 + 2]!, raw: next() };
        else if (kind === DATE) cell = { kind: 'date', iso: next(), raw: next() };
        else {
          const raw = next();
          cell = { kind: 'invalid', raw, expected: (kind & 7) === INVALID_DATE ? 'date' : 'number', ...(kind & AMBIGUOUS ? { ambiguous: true as const } : {}) };
        }
        setOwn(accounts[from + r]!.extras, key, cell);
      }
    }
    this.next = from + n;
    this.last = p;
  }

  /** The list, once its last chunk (the one with its extra columns and warnings) is in. */
  list(): AccountList {
    const { last } = this;
    if (!last || this.next !== last.total) throw new Error(`account list incomplete: ${this.next} of ${last?.total ?? '?'} rows`);
    return { accounts: this.accounts, extraColumns: [...last.extraColumns], warnings: last.warnings };
  }
}

/** A list packed in one piece (no chunks) back as the reader made it. */
export function unpackAccounts(p: PackedAccounts): AccountList {
  const unpacker = new AccountUnpacker();
  unpacker.add(p);
  return unpacker.list();
}
