/**
 * The balance a mutabakat letter states: Σ(borç − alacak) of the statement's lines dated on or
 * before the as-of date (the day itself included), exact to the kuruş — the ledger's one fold
 * (src/domain/ledger/ through running-balance.ts) with `to` = as-of. A foreign-currency account
 * reconciles in its currency: the balance is the fold of its lines in that currency (as the
 * statement's "Bakiye (USD)" column shows it), with the TL balance as the ERP records it beside it.
 * Lines whose date could not be read are counted (the statement shows them after the dated ones and
 * so does this balance) and reported, as are amounts that could not be read: a letter must not state
 * a balance built on an unreadable amount.
 */
import type { StatementLine } from '../erp-types';
import { LOCAL_CURRENCY, normalizeCurrency } from '../currency';
import { accountCurrencies, ledgerColumn } from '../ledger';
import { computeFx, computeStatement, prepareStatement, type PreparedStatement, type StatementRow } from '../running-balance';
import type { IsoDate, Minor } from '../types';

export interface LetterBalance {
  /** In `currency`. */
  balance: Minor;
  /** The letter's currency: the account's own ("USD"), else TL. */
  currency: string;
  /** The TL balance as the ERP records it (the same as `balance` for a TL account). */
  localBalance: Minor;
  /** Lines with no readable date (included in the balance, like the statement's running balance). */
  undated: number;
  /** Lines whose amount (TL, or in the letter's currency) could not be read: the balance is not reliable. */
  unreadable: number;
  /** The account's declared currency (get_cari) when its statement has no amount in it: the letter states the TL balance and says so. */
  declaredMissing: string | null;
}

/**
 * The currency a letter is written in: the account's (get_cari's Para Birimi) when its statement has
 * amounts in it, else the one foreign currency of its statement, else TL. A balance is never invented
 * in a currency the statement does not carry.
 */
export function letterCurrency(p: PreparedStatement, accountCurrency?: string | null): string {
  const own = normalizeCurrency(accountCurrency);
  if (own && own !== LOCAL_CURRENCY && p.fx.currencies.includes(own)) return own;
  if (own && own !== LOCAL_CURRENCY) return LOCAL_CURRENCY;
  return p.fx.currencies.length === 1 ? p.fx.currencies[0]! : LOCAL_CURRENCY;
}

export function letterBalance(lines: readonly StatementLine[] | PreparedStatement, asOf: IsoDate, today: IsoDate, accountCurrency?: string | null): LetterBalance {
  const p = 'ordered' in lines ? lines : prepareStatement(lines, today);
  const summary = computeStatement(p, { to: asOf, today });
  const currency = letterCurrency(p, accountCurrency);
  let balance = summary.totals.balance;
  const k = p.fx.currencies.indexOf(currency);
  const fxCol = k >= 0 ? p.fx.columns[k]! : null;
  if (currency !== LOCAL_CURRENCY) {
    const fx = computeFx(p, { to: asOf });
    balance = fx?.totals[k]?.balance ?? 0;
  }
  let undated = 0;
  let unreadable = 0;
  p.ordered.forEach((l, i) => {
    if (l.date === null) undated++;
    if ((l.date === null || l.date <= asOf) && (p.tl.unreadable[i] === 1 || fxCol?.unreadable[i] === 1)) unreadable++;
  });
  const own = normalizeCurrency(accountCurrency);
  const declaredMissing = own && own !== LOCAL_CURRENCY && !p.fx.currencies.includes(own) ? own : null;
  return { balance, currency, localBalance: summary.totals.balance, undated, unreadable, declaredMissing };
}

/** The statement's rows for the letter's enclosure: devir before `from`, the lines up to as-of. */
export function letterRows(p: PreparedStatement, from: IsoDate | null, asOf: IsoDate, today: IsoDate): StatementRow[] {
  const s = computeStatement(p, { from, to: asOf, today });
  return s.opening ? [s.opening, ...s.rows] : s.rows;
}

export interface CurrencyBalance {
  currency: string;
  /** Σ(borç − alacak) of the lines written in this currency, dated on or before as-of (undated included). */
  balance: Minor;
}

/**
 * A letter's balances, one per currency of the account (the account view's rule: each currency on
 * its own, never added — TL the lines written in TL, USD the USD amounts of the USD lines), beside
 * the TL figure as the ERP records it (every line's TL amount). An account with one currency keeps the
 * one balance of `letterBalance` (a USD account: its USD balance; a TL one: the ERP's TL balance).
 */
export function letterBalances(p: PreparedStatement, asOf: IsoDate, today: IsoDate, accountCurrency?: string | null): LetterBalance & { balances: CurrencyBalance[] } {
  const one = letterBalance(p, asOf, today, accountCurrency);
  const dated = p.ordered.filter((l) => l.date === null || l.date <= asOf);
  const currencies = accountCurrencies(dated);
  if (currencies.length < 2 || one.declaredMissing) return { ...one, balances: [{ currency: one.currency, balance: one.balance }] };
  const balances = currencies.map((currency) => {
    const col = ledgerColumn(dated, currency, true);
    let balance = 0;
    for (let i = 0; i < dated.length; i++) balance += col.debit[i]! - col.credit[i]!;
    return { currency, balance };
  });
  return { ...one, balances };
}
