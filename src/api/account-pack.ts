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
import { setOwn } from '../domain/reader';

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

/** The list packed, and the buffers to transfer with it. */
export function packAccounts(list: AccountList): { packed: PackedAccounts; transfer: ArrayBuffer[] } {
  const { accounts } = list;
  const n = accounts.length;
  const parts: string[] = [];
  let ends = new Uint32Array(n * 2 + 16);
  let count = 0;
  let length = 0;
  const add = (s: string) => {
    parts.push(s);
    length += s.length;
    if (count === ends.length) {
      const grown = new Uint32Array(ends.length * 2);
      grown.set(ends);
      ends = grown;
    }
    ends[count++] = length;
  };
  const wordIndex = new Map<string, number>();
  const words: string[] = [];
  const word = (s: string) => {
    let k = wordIndex.get(s);
    if (k === undefined) {
      k = words.push(s) - 1;
      wordIndex.set(s, k);
    }
    return k;
  };
  const category = new Uint32Array(n);
  const province = new Uint32Array(n);
  const district = new Uint32Array(n);
  const balance = new Float64Array(n);
  const invalid: [number, string][] = [];
  const currency: [number, string][] = [];
  for (let i = 0; i < n; i++) {
    const a = accounts[i]!;
    add(a.id);
    add(a.name);
    category[i] = word(a.category);
    province[i] = word(a.province);
    district[i] = word(a.district);
    balance[i] = a.balance ?? NaN;
    if (a.balanceInvalid !== undefined) invalid.push([i, a.balanceInvalid]);
    if (a.currency != null) currency.push([i, a.currency]);
  }
  // Extra columns: the reader gives every row a cell of each (extraColumns, by key).
  const keys = new Set(list.extraColumns.map((c) => c.key));
  const extras = [...keys].map((key) => {
    const kinds = new Uint8Array(n);
    const numbers = new Float64Array(n * 3);
    for (let i = 0; i < n; i++) {
      const cell = Object.prototype.hasOwnProperty.call(accounts[i]!.extras, key) ? accounts[i]!.extras[key] : undefined;
      if (!cell) {
        kinds[i] = 255; // no cell in this row
        continue;
      }
      switch (cell.kind) {
        case 'empty':
          kinds[i] = EMPTY;
          break;
        case 'text':
          kinds[i] = TEXT;
          add(cell.text);
          break;
        case 'number':
          kinds[i] = NUMBER;
          numbers[i * 3] = cell.value;
          numbers[i * 3 + 1] = cell.minor;
          numbers[i * 3 + 2] = cell.decimals;
          add(cell.raw);
          break;
        case 'date':
          kinds[i] = DATE;
          add(cell.iso);
          add(cell.raw);
          break;
        case 'invalid':
          kinds[i] = (cell.expected === 'date' ? INVALID_DATE : INVALID_NUMBER) | (cell.ambiguous ? AMBIGUOUS : 0);
          add(cell.raw);
          break;
      }
    }
    return { key, kinds, numbers };
  });
  const endsArray = ends.slice(0, count);
  const transfer: ArrayBuffer[] = [endsArray.buffer, balance.buffer, category.buffer, province.buffer, district.buffer];
  for (const e of extras) transfer.push(e.kinds.buffer, e.numbers.buffer);
  return {
    packed: {
      n,
      text: parts.join(''),
      ends: endsArray,
      words,
      category,
      province,
      district,
      balance,
      invalid,
      currency,
      extras,
      extraColumns: list.extraColumns,
      warnings: list.warnings,
    },
    transfer,
  };
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
      extras: {},
    };
  }
  for (const [i, raw] of p.invalid) accounts[i]!.balanceInvalid = raw;
  for (const [i, code] of p.currency) accounts[i]!.currency = code;
  for (const { key, kinds, numbers } of p.extras) {
    for (let i = 0; i < n; i++) {
      const kind = kinds[i]!;
      if (kind === 255) continue;
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
