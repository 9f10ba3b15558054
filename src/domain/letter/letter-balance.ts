/**
 * The balance a mutabakat letter states: Σ(borç − alacak) of the statement's lines dated on or
 * before the as-of date (the day itself included), exact to the kuruş — from the account view
 * (src/domain/ledger/account.ts), as every page's figures. A foreign-currency account
 * reconciles in its currency: the balance is the fold of its lines in that currency (as the
 * statement's "Bakiye (USD)" column shows it), with the TL balance as the ERP records it beside it.
 * Lines whose date could not be read are counted (the statement shows them after the dated ones and
 * so does this balance) and reported, as are amounts that could not be read: a letter must not state
 * a balance built on an unreadable amount.
 */
import type { StatementLine } from '../erp-types';
import { LOCAL_CURRENCY } from '../currency';
import { accountCurrencies, accountLedger, ledgerColumn } from '../ledger';
import { computeStatement, prepareStatement, type PreparedStatement, type StatementRow } from '../running-balance';
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
 * The account view decides (src/domain/ledger/account.ts `reconciliation`): the letter's currency (the
 * account's declared currency when its statement has amounts in it, else TL — the TL equivalent of
 * every line, as get_cari's Bakiye; a balance is never invented in a currency the statement does not carry), the balance as of the date,
 * the TL balance of every line beside it, and what could not be read.
 */
export function letterBalance(lines: readonly StatementLine[] | PreparedStatement, asOf: IsoDate, today: IsoDate, accountCurrency?: string | null): LetterBalance {
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
 * A letter's balances. An account reconciled in a foreign currency whose statement also carries
 * another (USD invoices, a TL opening line) states each currency on its own (the account view's rule,
 * never added: TL the lines written in TL, USD the USD amounts of the USD lines), beside the TL figure
 * as the ERP records it. Otherwise the one balance of `letterBalance` (an account kept in TL: the TL
 * equivalent of every line).
 */
export function letterBalances(p: PreparedStatement, asOf: IsoDate, today: IsoDate, accountCurrency?: string | null): LetterBalance & { balances: CurrencyBalance[] } {
  const one = letterBalance(p, asOf, today, accountCurrency);
  const single = { ...one, balances: [{ currency: one.currency, balance: one.balance }] };
  if (one.currency === LOCAL_CURRENCY) return single;
  const dated = p.ordered.filter((l) => l.date === null || l.date <= asOf);
  const currencies = accountCurrencies(dated);
  if (currencies.length < 2) return single;
  const balances = currencies.map((currency) => {
    const col = ledgerColumn(dated, currency, true);
    let balance = 0;
    for (let i = 0; i < dated.length; i++) balance += col.debit[i]! - col.credit[i]!;
    return { currency, balance };
  });
  return { ...one, balances };
}
