/**
 * An account list as a few flat buffers, to cross from the answer worker (answer-worker.ts) to the page.
 *
 * Posting 100,000 account objects makes the page rebuild them one property at a time (structured
 * clone: about 480 ms of the page's main thread at CPU 4×, more than JSON.parse of the answer). Packed,
 * the same list is one string (ids and names), typed arrays (moved, not copied) and a few small
 * arrays (the repeating texts once each): the page gets it in about 25 ms and rebuilds the objects
 * from slices of that string. Lossless: unpack(pack(x))
 * is x field for field, extras and their cells included (account-pack.test.ts).
 */
import type { Account, AccountList, Cell, ErpColumn } from '../domain/erp-types';
import { setOwn, type AccountRows } from '../domain/reader';

export interface PackedAccounts {
  readonly n: number;
  /** Each row's id and name, then the extras' texts, one after another; string k is text.slice(ends[k - 1] ?? 0, ends[k]). */
  readonly text: string;
  readonly ends: Uint32Array;
  /** Category, province and district repeat (a few hundred values over 100k rows): each row's index into `words`. */
  readonly words: readonly string[];
  readonly category: Uint32Array;
  readonly province: Uint32Array;
  readonly district: Uint32Array;
  /** Balance in kuruş; NaN = null. */
  readonly balance: Float64Array;
  /** Rows with an unreadable balance (its raw text) and rows with a foreign currency. */
  readonly invalid: readonly (readonly [number, string])[];
  readonly currency: readonly (readonly [number, string])[];
  /** Per extra column (extraColumns' order, keyed by ErpColumn.key): each row's cell kind and numbers. */
  readonly extras: readonly { readonly key: string; readonly kinds: Uint8Array; readonly numbers: Float64Array }[];
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
  /** The texts one after another: built by `+=` (flattened once, when posted: a third faster than joining 200k parts). */
  private text = '';
  private ends = new Uint32Array(64);
  private count = 0;
  private length = 0;
  private readonly wordIndex = new Map<string, number>();
  private readonly words: string[] = [];
  private category = new Uint32Array(0);
  private province = new Uint32Array(0);
  private district = new Uint32Array(0);
  private balance = new Float64Array(0);
  private readonly invalid: [number, string][] = [];
  private readonly currency: [number, string][] = [];
  private extras: { key: string; kinds: Uint8Array; numbers: Float64Array }[] = [];
  /** Each extra column's texts in row order (packed after all ids and names, column by column). */
  private extraTexts: string[][] = [];

  start(rowCount: number, extraKeys: readonly string[]): void {
    const n = (this.n = rowCount);
    this.ends = new Uint32Array(n * 2 + 16);
    this.category = new Uint32Array(n);
    this.province = new Uint32Array(n);
    this.district = new Uint32Array(n);
    this.balance = new Float64Array(n);
    // visitAccounts gives every row a cell of every extra column.
    this.extras = extraKeys.map((key) => ({ key, kinds: new Uint8Array(n), numbers: new Float64Array(n * 3) }));
    this.extraTexts = extraKeys.map(() => []);
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
    this.add(id);
    this.add(name);
    this.category[i] = this.word(category);
    this.province[i] = this.word(province);
    this.district[i] = this.word(district);
    this.balance[i] = balance ?? NaN;
    if (balanceInvalid !== undefined) this.invalid.push([i, balanceInvalid]);
    if (currency !== undefined) this.currency.push([i, currency]);
  }

  extra(i: number, k: number, cell: Cell): void {
    const { kinds, numbers } = this.extras[k]!;
    const texts = this.extraTexts[k]!;
    switch (cell.kind) {
      case 'empty':
        kinds[i] = EMPTY;
        break;
      case 'text':
        kinds[i] = TEXT;
        texts.push(cell.text);
        break;
      case 'number':
        kinds[i] = NUMBER;
        numbers[i * 3] = cell.value;
        numbers[i * 3 + 1] = cell.minor;
        numbers[i * 3 + 2] = cell.decimals;
        texts.push(cell.raw);
        break;
      case 'date':
        kinds[i] = DATE;
        texts.push(cell.iso, cell.raw);
        break;
      case 'invalid':
        kinds[i] = (cell.expected === 'date' ? INVALID_DATE : INVALID_NUMBER) | (cell.ambiguous ? AMBIGUOUS : 0);
        texts.push(cell.raw);
        break;
    }
  }

  /** The packed list (after the last row), and the buffers to transfer with it. */
  finish(extraColumns: readonly ErpColumn[], warnings: number): { packed: PackedAccounts; transfer: ArrayBuffer[] } {
    // The extras' texts come after all ids and names, column by column, as unpackAccounts reads them.
    for (const texts of this.extraTexts) for (const t of texts) this.add(t);
    const ends = this.ends.slice(0, this.count);
    const { category, province, district, balance } = this;
    const transfer: ArrayBuffer[] = [ends.buffer, balance.buffer, category.buffer, province.buffer, district.buffer];
    for (const e of this.extras) transfer.push(e.kinds.buffer as ArrayBuffer, e.numbers.buffer as ArrayBuffer);
    const { text } = this;
    return {
      packed: {
        n: this.n,
        text,
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
      },
      transfer,
    };
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

  private word(s: string): number {
    let k = this.wordIndex.get(s);
    if (k === undefined) {
      k = this.words.push(s) - 1;
      this.wordIndex.set(s, k);
    }
    return k;
  }
}

/** The list back as the reader made it. */
export function unpackAccounts(p: PackedAccounts): AccountList {
  const { text, ends, n } = p;
  let k = 0;
  let at = 0;
  const next = () => {
    const end = ends[k++]!;
    const s = text.slice(at, end);
    at = end;
    return s;
  };
  const { words, category, province, district } = p;
  // No extra columns: one frozen empty `extras` for every row (100k empty objects less to make).
  const none = p.extras.length === 0 ? NO_EXTRAS : undefined;
  const accounts: Account[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const b = p.balance[i]!;
    const id = next();
    accounts[i] = {
      id,
      category: words[category[i]!]!,
      name: next(),
      province: words[province[i]!]!,
      district: words[district[i]!]!,
      balance: b === b ? b : null,
      extras: none ?? {},
    };
  }
  for (const [i, raw] of p.invalid) accounts[i]!.balanceInvalid = raw;
  for (const [i, code] of p.currency) accounts[i]!.currency = code;
  for (const { key, kinds, numbers } of p.extras) {
    for (let i = 0; i < n; i++) {
      const kind = kinds[i]!;
      let cell: Cell;
      if (kind === EMPTY) cell = { kind: 'empty' };
      else if (kind === TEXT) cell = { kind: 'text', text: next() };
      else if (kind === NUMBER) cell = { kind: 'number', value: numbers[i * 3]!, minor: numbers[i * 3 + 1]!, decimals: numbers[i * 3 + 2]!, raw: next() };
      else if (kind === DATE) cell = { kind: 'date', iso: next(), raw: next() };
      else {
        const raw = next();
        cell = { kind: 'invalid', raw, expected: (kind & 7) === INVALID_DATE ? 'date' : 'number', ...(kind & AMBIGUOUS ? { ambiguous: true as const } : {}) };
      }
      setOwn(accounts[i]!.extras, key, cell);
    }
  }
  return { accounts, extraColumns: [...p.extraColumns], warnings: p.warnings };
}
