/**
 * The balance a mutabakat letter states: Σ(borç − alacak) of the statement's lines dated on or
 * before the as-of date (the day itself included), exact to the kuruş — the statement's own
 * arithmetic (src/lib/running-balance.ts) with `to` = as-of. Lines whose date could not be read
 * are counted (the statement shows them after the dated ones and so does this balance) and
 * reported, as are amounts that could not be read: a letter must not state a balance built on
 * an unreadable amount.
 */
import type { StatementLine } from '../../api/types';
import { computeStatement, prepareStatement, type PreparedStatement, type StatementRow } from '../../lib/running-balance';
import type { IsoDate, Minor } from '../../lib/types';

export interface LetterBalance {
  balance: Minor;
  /** Lines with no readable date (included in the balance, like the statement's running balance). */
  undated: number;
  /** Lines whose borç or alacak could not be read: the balance is not reliable. */
  unreadable: number;
}

export function letterBalance(lines: readonly StatementLine[] | PreparedStatement, asOf: IsoDate, today: IsoDate): LetterBalance {
  const p = 'ordered' in lines ? lines : prepareStatement(lines, today);
  const summary = computeStatement(p, { to: asOf, today });
  let undated = 0;
  let unreadable = 0;
  for (const l of p.ordered) {
    if (l.date === null) undated++;
    if ((l.date === null || l.date <= asOf) && (l.invalid.debit !== undefined || l.invalid.credit !== undefined)) unreadable++;
  }
  return { balance: summary.totals.balance, undated, unreadable };
}

/** The statement's rows for the letter's enclosure: devir before `from`, the lines up to as-of. */
export function letterRows(p: PreparedStatement, from: IsoDate | null, asOf: IsoDate, today: IsoDate): StatementRow[] {
  const s = computeStatement(p, { from, to: asOf, today });
  return s.opening ? [s.opening, ...s.rows] : s.rows;
}
