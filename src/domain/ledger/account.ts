/**
 * THE account view: the policies every page of an account takes instead of deciding them itself.
 * - As-of: open-item figures (overdue, ortalama vade, payment behaviour) are as of the earlier of
 *   the range end and today — never as of a day that has not come (`effectiveAsOf`).
 * - Currency: every currency of the account, each on its own, never added (`currencies`, `views`):
 *   each currency's items are the lines written in it (a USD invoice is a USD item, never also a TL
 *   one through its TL equivalent). TL first when the account has a TL line. The statement's TL
 *   running balance stays the ERP's accounting balance over every line (running-balance.ts).
 * - Sign: `sign` of each view (+1 debit side "B", −1 credit side "A"); signed figure = sign × magnitude.
 * - Movement classes (movements.ts) and the overflow guard (amounts beyond 2^53 kuruş are refused).
 * - TL has two figures (docs/decisions/0006-tl-figure.md), never confused: `equivalent` is the TL
 *   equivalent of EVERY line (the cari extre's TL column, the ERP's accounting balance and aging: the
 *   statement, the FIFO panel's comparison with the ERP, the letters' TL balance); `view('TL')` is the
 *   TL-written documents only (open items, vade farkı, Özet's falling-due TL figure). On an account
 *   with no foreign-currency line the two are the same. `tlBasis` says which one a page shows.
 * - Reconciliation (`reconciliation`): the currency a letter is written in and its balances.
 * Pure: no React, DOM or Node. The mutabakat snapshots take their figures from here too:
 * `accountLedger(lines, { asOf }).views` → per currency { balance, openTotal, overdueTotal, sign, incomplete }.
 */

import type { IsoDate, Minor } from '../types';
import { ledgerColumn } from './fold';
import { foreignCurrencyOf, LOCAL_CURRENCY, normalizeCurrency } from '../currency';
import { hasUnreadableAmount, type Basis, type LedgerLine, type Side } from './lines';
import { openItems, type OpenItemsResult } from './open-items';

/** The as-of date of the open-item figures of a range ending `to`: the earlier of it and today. */
export function effectiveAsOf(to: IsoDate | null | undefined, today: IsoDate): IsoDate {
  return to && to < today ? to : today;
}

/** TL when the account has a TL line (or no line), else its first foreign currency. */
export function defaultCurrencyOf(lines: readonly LedgerLine[]): string {
  return accountCurrencies(lines)[0] ?? LOCAL_CURRENCY;
}

/** The currencies of the account's own items: TL when a line is in TL, then foreign ones first-seen. */
export function accountCurrencies(lines: readonly LedgerLine[]): string[] {
  return currencyFacts(lines).own;
}

/** One pass: the foreign currencies first-seen, and the account's own currencies (TL first when a line is in TL). */
function currencyFacts(lines: readonly LedgerLine[]): { foreign: string[]; own: string[] } {
  const seen = new Set<string>();
  let tl = lines.length === 0;
  for (const l of lines) {
    const c = foreignCurrencyOf(l);
    if (c === null) tl = true;
    else seen.add(c);
  }
  const foreign = [...seen];
  return { foreign, own: tl ? [LOCAL_CURRENCY, ...foreign] : foreign };
}

export interface AccountLedgerOptions {
  asOf: IsoDate;
  basis?: Basis;
  edges?: readonly number[];
  side?: Side;
  /** Record which movement closed what. */
  explain?: boolean;
}

export interface CurrencyView {
  currency: string;
  items: OpenItemsResult;
  /** signed = sign × magnitude (+ borç "B", − alacak "A"). */
  sign: 1 | -1;
  /** Σ borç − Σ alacak of this currency's lines dated on or before the as-of date (undated included). */
  balance: Minor;
  openTotal: Minor;
  overdueTotal: Minor;
  overdueCount: number;
  /** An amount of this currency could not be read: the figures are not exact. */
  incomplete: boolean;
}

export interface AccountLedger {
  asOf: IsoDate;
  /** TL first, then foreign currencies first-seen. */
  currencies: string[];
  /** The currency a page opens in (see the header). */
  defaultCurrency: string;
  /** One view per currency, in `currencies` order. */
  views: CurrencyView[];
  view(currency: string): CurrencyView | undefined;
  /** TL over every line (each line's TL amount, foreign-currency lines by their TL equivalent). */
  equivalent: CurrencyView;
  /** The account has lines in another currency than TL: its two TL figures differ (label them). */
  mixed: boolean;
  /** The currency an aging of the account opens in: its first foreign currency (a USD account ages in USD), else TL. */
  agingCurrency: string;
  /** The letter's currency and balances for an account declared (get_cari) in `declared`. */
  reconciliation(declared?: string | null): Reconciliation;
  /** An amount beyond exact integer range: the figures are refused, not shown wrong. */
  overflow: boolean;
}

export interface Reconciliation {
  /** The account's declared currency ("USD") when its statement has amounts in it, else TL. */
  currency: string;
  /** In `currency`: Σ borç − Σ alacak of the lines dated on or before the as-of date (undated included). */
  balance: Minor;
  /** The TL balance as the ERP records it (TL equivalent of every line). */
  localBalance: Minor;
  /** Lines with no readable date (included, like the statement's running balance). */
  undated: number;
  /** Lines up to the as-of date whose amount (TL, or in the letter's currency) could not be read. */
  unreadable: number;
  /** The declared currency when the statement has no amount in it (the letter states the TL balance and says so). */
  declaredMissing: string | null;
}

const SAFE = Number.MAX_SAFE_INTEGER;

/** True when a sum of these lines could leave the exact integer range (kuruş). */
export function overflows(lines: readonly LedgerLine[]): boolean {
  let total = 0;
  for (const l of lines) {
    total += Math.abs(l.debit) + Math.abs(l.credit);
    if (!(total <= SAFE)) return true;
  }
  return false;
}

export function accountLedger(lines: readonly LedgerLine[], options: AccountLedgerOptions): AccountLedger {
  // Positions in the views are those of `lines` as given (the open-item engine needs no order).
  const ordered = lines;
  const { own: currencies, foreign } = currencyFacts(ordered);
  const views: CurrencyView[] = currencies.map((currency) => viewOf(ordered, options, currency, true));
  const byCurrency = new Map(views.map((v) => [v.currency, v]));
  const mixed = foreign.length > 0;
  const tlOwn = byCurrency.get(LOCAL_CURRENCY);
  // Without a foreign line the TL equivalent IS the TL-written view: computed once.
  const equivalent = !mixed && tlOwn ? tlOwn : viewOf(ordered, options, LOCAL_CURRENCY, false);
  return {
    asOf: options.asOf,
    currencies,
    defaultCurrency: currencies[0] ?? LOCAL_CURRENCY,
    views,
    view: (c) => byCurrency.get(c),
    equivalent,
    mixed,
    agingCurrency: foreign[0] ?? LOCAL_CURRENCY,
    reconciliation: (declared) => reconciliationOf(ordered, options.asOf, foreign, equivalent, byCurrency, declared),
    overflow: overflows(ordered) || currencies.some((c) => c !== LOCAL_CURRENCY && columnOverflows(ordered, c)),
  };
}

function columnOverflows(lines: readonly LedgerLine[], currency: string): boolean {
  const col = ledgerColumn(lines, currency);
  let total = 0;
  for (let i = 0; i < lines.length; i++) total += col.debit[i]! + col.credit[i]!;
  return !(total <= SAFE);
}

function viewOf(lines: readonly LedgerLine[], options: AccountLedgerOptions, currency: string, ownLines: boolean): CurrencyView {
  const items = openItems(lines, {
    asOf: options.asOf,
    basis: options.basis,
    edges: options.edges,
    side: options.side,
    explain: options.explain,
    currency,
    ownLines,
  });
  return {
    currency,
    items,
    sign: items.sign,
    balance: items.balance,
    openTotal: items.openTotal,
    overdueTotal: items.overdueTotal,
    overdueCount: items.overdueCount,
    incomplete: items.incomplete,
  };
}

function reconciliationOf(
  lines: readonly LedgerLine[],
  asOf: IsoDate,
  foreign: readonly string[],
  equivalent: CurrencyView,
  byCurrency: ReadonlyMap<string, CurrencyView>,
  declared: string | null | undefined,
): Reconciliation {
  const own = normalizeCurrency(declared);
  const declaredForeign = own && own !== LOCAL_CURRENCY ? own : null;
  // An account kept in TL (declared TL, or nothing declared) reconciles its TL balance — the TL
  // equivalent of every line, get_cari's Bakiye — whatever currencies its lines carry; an account
  // declared in a foreign currency reconciles in it when its statement has amounts in it. A balance
  // is never invented in a currency the statement does not carry.
  const currency = declaredForeign && foreign.includes(declaredForeign) ? declaredForeign : LOCAL_CURRENCY;
  const fx = currency === LOCAL_CURRENCY ? null : ledgerColumn(lines, currency);
  let undated = 0;
  let unreadable = 0;
  lines.forEach((l, i) => {
    if (l.date === null) undated++;
    if ((l.date === null || l.date <= asOf) && (hasUnreadableAmount(l) || fx?.unreadable[i] === 1)) unreadable++;
  });
  return {
    currency,
    balance: currency === LOCAL_CURRENCY ? equivalent.balance : (byCurrency.get(currency)?.balance ?? 0),
    localBalance: equivalent.balance,
    undated,
    unreadable,
    declaredMissing: declaredForeign && !foreign.includes(declaredForeign) ? declaredForeign : null,
  };
}
