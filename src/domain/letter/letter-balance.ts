/**
 * The balance a mutabakat letter states: Σ(borç − alacak) of the statement's lines dated on or
 * before the as-of date (the day itself included), exact to the kuruş — from the account view
 * (src/domain/ledger/account.ts), as every page's figures. A foreign-currency account
 * reconciles in its currency: the balance is the fold of its lines in that currency (as the
 * statement's "Bakiye (USD)" column shows it), with the TL balance as the ERP records it beside it.
 * A campaign letter (`letterBalances`) states each currency its lines carry up to the as-of date,
 * whatever currency the account list gives the account (docs/decisions/0006-tl-figure.md).
 * Lines whose date could not be read are counted (the statement shows them after the dated ones and
 * so does this balance) and reported, as are amounts that could not be read: a letter must not state
 * a balance built on an unreadable amount.
 */
import type { StatementLine } from '../erp-types';
import { LOCAL_CURRENCY } from '../currency';
import { accountCurrencies, accountLedger, hasUnreadableAmount, ledgerColumn } from '../ledger';
import { computeStatement, prepareStatement, type PreparedStatement, type StatementRow } from '../running-balance';
import type { IsoDate, Minor } from '../types';

export interface LetterBalance {
  /** In `currency`. */
  balance: Minor;
  /** The letter's currency: the account's own ("USD"), else TL (`letterBalances`: a foreign currency the lines carry, else TL). */
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
 * The account view decides (src/domain/ledger/account.ts `reconciliation`): the letter's currency (the
 * account's declared currency when its statement has amounts in it, else TL — the TL equivalent of
 * every line, as get_cari's Bakiye; a balance is never invented in a currency the statement does not carry), the balance as of the date,
 * the TL balance of every line beside it, and what could not be read.
 */
export function letterBalance(
  lines: readonly StatementLine[] | PreparedStatement,
  asOf: IsoDate,
  today: IsoDate,
  accountCurrency?: string | null,
): LetterBalance {
  const p = 'ordered' in lines ? lines : prepareStatement(lines, today);
  return accountLedger(p.ordered, { asOf }).reconciliation(accountCurrency);
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
 * A letter's balances: one per currency the statement's lines carry up to the as-of date (undated
 * included) — the lines decide, not the currency the account list (get_cari) gives the account: a
 * customer listed in TL who was invoiced or paid in USD keeps that position in USD and cannot confirm
 * a TL total alone (issue 46). When a line is in a foreign currency each currency is stated on its
 * own (the account view's rule, never added: TL the lines written in TL, USD the USD amounts of the
 * USD lines; a currency whose lines net to zero is stated too, 0,00, as the account view lists every
 * currency that has a line), beside the TL figure as the ERP records it (`localBalance`, every line's
 * TL equivalent). `currency`/`balance` are then the declared currency when the lines carry it, else
 * their first foreign one (an account whose lines are all USD: its USD balance is the letter's one
 * balance). Lines all in TL: the one TL balance (with `declaredMissing` when the account is declared in
 * a currency the statement never carries).
 */
export function letterBalances(p: PreparedStatement, asOf: IsoDate, accountCurrency?: string | null): LetterBalance & { balances: CurrencyBalance[] } {
  const ledger = accountLedger(p.ordered, { asOf });
  const one = ledger.reconciliation(accountCurrency);
  const dated = p.ordered.filter((l) => l.date === null || l.date <= asOf);
  const currencies = accountCurrencies(dated);
  const foreign = currencies.filter((c) => c !== LOCAL_CURRENCY);
  // Lines all in TL up to as-of (an account declared USD whose USD lines come later too): the TL balance.
  if (foreign.length === 0)
    return { ...one, currency: LOCAL_CURRENCY, balance: one.localBalance, balances: [{ currency: LOCAL_CURRENCY, balance: one.localBalance }] };
  // Each currency's balance from the account view: its lines dated on or before as-of (undated included).
  const balances = currencies.map((currency) => ({ currency, balance: ledger.view(currency)?.balance ?? 0 }));
  const currency = foreign.includes(one.currency) ? one.currency : foreign[0]!;
  // A line whose TL amount, or whose amount in its own foreign currency, could not be read.
  const columns = foreign.map((c) => ledgerColumn(dated, c).unreadable);
  let unreadable = 0;
  for (let i = 0; i < dated.length; i++) if (hasUnreadableAmount(dated[i]!) || columns.some((u) => u[i] === 1)) unreadable++;
  return { ...one, currency, balance: balances.find((b) => b.currency === currency)!.balance, unreadable, declaredMissing: null, balances };
}
