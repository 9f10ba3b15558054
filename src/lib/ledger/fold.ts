/** Part 1 of the ledger (see index.ts): one currency's amounts of each line and the one fold for a range. */
import { foreignCurrencyOf, LOCAL_CURRENCY } from '../currency';
import type { IsoDate, Minor } from '../types';
import { hasUnreadableAmount, orderLines, type LedgerLine } from './lines';

// ------------------------------------------------------------------ 1. one currency's amounts

/** One currency's amounts of each line, by position. */
export interface LedgerColumn {
  currency: string;
  /** 1 = the line has an amount in this currency (every line for TL). */
  member: Uint8Array;
  debit: Float64Array;
  credit: Float64Array;
  /** 1 = the line's amount in this currency could not be read (kept as 0, never trusted). */
  unreadable: Uint8Array;
  unreadableCount: number;
}

/**
 * `ownLines`: TL is then only the lines written in TL (or in no currency) — the account view's
 * per-currency items, where a USD invoice is a USD item and never also a TL one. Without it TL is
 * every line's accounting amount (the statement's TL balance, as the ERP keeps it).
 */
export function ledgerColumn(lines: readonly LedgerLine[], currency: string = LOCAL_CURRENCY, ownLines = false): LedgerColumn {
  const n = lines.length;
  const member = new Uint8Array(n);
  const debit = new Float64Array(n);
  const credit = new Float64Array(n);
  const unreadable = new Uint8Array(n);
  let unreadableCount = 0;
  const local = currency === LOCAL_CURRENCY;
  for (let i = 0; i < n; i++) {
    const l = lines[i]!;
    if (local) {
      if (ownLines && foreignCurrencyOf(l) !== null) continue;
      member[i] = 1;
      debit[i] = l.debit;
      credit[i] = l.credit;
      if (hasUnreadableAmount(l)) {
        unreadable[i] = 1;
        unreadableCount++;
      }
      continue;
    }
    if (foreignCurrencyOf(l) !== currency) continue;
    member[i] = 1;
    if (l.invalid?.currencyAmount !== undefined || l.currencyAmount == null) {
      unreadable[i] = 1;
      unreadableCount++;
      continue;
    }
    // The side: a signed (negative) currency amount is a credit; else the side of the TL amount —
    // which is unknown when that could not be read: then the line is unreadable here too, never
    // guessed (an unreadable TL credit must not book a USD payment as a USD debit).
    const amount = Math.abs(l.currencyAmount);
    if (l.currencyAmount < 0) credit[i] = amount;
    else if (hasUnreadableAmount(l)) {
      unreadable[i] = 1;
      unreadableCount++;
    } else if (l.debit - l.credit < 0) credit[i] = amount;
    else debit[i] = amount;
  }
  return { currency, member, debit, credit, unreadable, unreadableCount };
}

// ------------------------------------------------------------------ the one fold for ranges and devir

export interface FoldOptions {
  from?: IsoDate | null;
  to?: IsoDate | null;
  /** Show only these transaction types (null/empty = all); needs `type` on the lines. */
  types?: ReadonlySet<string> | null;
}

export interface FoldResult {
  /** Devir: Σ of the lines before `from` (null when none). */
  opening: { debit: Minor; credit: Minor; balance: Minor; incomplete: boolean } | null;
  /** Positions (in the ordered lines) of the shown lines, in order. */
  shown: number[];
  /** Per shown line: the account's balance in this currency after it (all types), and whether it includes an unreadable amount. */
  balance: Float64Array;
  incomplete: Uint8Array;
  /** Σ of the shown lines only (no devir). */
  shownDebit: Minor;
  shownCredit: Minor;
  /** Devir + shown lines; Σ borç − Σ alacak = closing balance when no type filter. */
  totals: { debit: Minor; credit: Minor; balance: Minor; incomplete: boolean };
  /** Balance after the last line of the range (all types). */
  closing: Minor;
  closingIncomplete: boolean;
  /** Balance after every line. */
  final: Minor;
  finalIncomplete: boolean;
}

/**
 * The fold of one currency over lines in statement order (orderLines). Lines before `from` fold
 * into the devir; lines after `to` are left out — also from the balances of the undated lines shown
 * after them (undated lines sort last and are always shown). The type filter hides lines from
 * `shown` and from the totals, never from the balances. A balance that includes an unreadable
 * amount is `incomplete` (an unreadable line left out after `to` is left out of this too).
 */
export function foldRange(ordered: readonly LedgerLine[], col: LedgerColumn, opts: FoldOptions = {}): FoldResult {
  const from = opts.from || null;
  const to = opts.to || null;
  const types = opts.types && opts.types.size > 0 ? opts.types : null;
  const n = ordered.length;
  const shownAt = new Uint32Array(n);
  const bal = new Float64Array(n);
  const inc = new Uint8Array(n);
  let count = 0;
  let openingDebit = 0;
  let openingCredit = 0;
  let hasOpening = false;
  let openingIncomplete = false;
  let shownDebit = 0;
  let shownCredit = 0;
  let shownIncomplete = false;
  let running = 0;
  let unreadableSoFar = 0;
  let closing = 0;
  let closingIncomplete = false;
  let final = 0;
  let finalUnreadable = 0;
  for (let i = 0; i < n; i++) {
    const l = ordered[i]!;
    const d = col.debit[i]!;
    const c = col.credit[i]!;
    const bad = col.unreadable[i] === 1;
    final += d - c;
    if (bad) finalUnreadable++;
    const date = l.date;
    if (to !== null && date !== null && date > to) continue;
    running += d - c;
    if (bad) unreadableSoFar++;
    closing = running;
    closingIncomplete = unreadableSoFar > 0;
    if (from !== null && date !== null && date < from) {
      if (col.member[i] === 1) {
        openingDebit += d;
        openingCredit += c;
        hasOpening = true;
        if (bad) openingIncomplete = true;
      }
      continue;
    }
    if (types !== null && !types.has(l.type ?? '')) continue;
    shownAt[count] = i;
    bal[count] = running;
    inc[count] = unreadableSoFar > 0 ? 1 : 0;
    count++;
    if (col.member[i] === 1) {
      shownDebit += d;
      shownCredit += c;
      if (bad) shownIncomplete = true;
    }
  }
  const debit = openingDebit + shownDebit;
  const credit = openingCredit + shownCredit;
  return {
    opening: hasOpening ? { debit: openingDebit, credit: openingCredit, balance: openingDebit - openingCredit, incomplete: openingIncomplete } : null,
    shown: Array.from(shownAt.subarray(0, count)),
    balance: bal.subarray(0, count),
    incomplete: inc.subarray(0, count),
    shownDebit,
    shownCredit,
    totals: { debit, credit, balance: debit - credit, incomplete: openingIncomplete || shownIncomplete },
    closing,
    closingIncomplete,
    final,
    finalIncomplete: finalUnreadable > 0,
  };
}

/** The balance in one currency of the lines dated on or before `asOf` (undated lines included). */
export function balanceAsOf(lines: readonly LedgerLine[], asOf: IsoDate, currency: string = LOCAL_CURRENCY): { balance: Minor; incomplete: boolean } {
  const ordered = orderLines(lines);
  const f = foldRange(ordered, ledgerColumn(ordered, currency), { to: asOf });
  return { balance: f.closing, incomplete: f.closingIncomplete };
}
