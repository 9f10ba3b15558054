/**
 * Σ borçlu, Σ alacaklı and net of a set of balances, in integer kuruş — the one place balances are
 * added up for a list (the account list's totals, Özet's receivables/payables). Each side only grows
 * (positive amounts); the adding is money.ts's addMinor (the one exact sum: past 2^53 a value stays
 * unsafe, never a rounded figure), so one Number.isSafeInteger check per side says whether the
 * figures are exact. A page shows no figure when `overflow` is set, and says why.
 */
import { addMinor } from './money';
import type { Minor } from './types';

export interface BalanceTotals {
  /** Σ of positive balances (borçlu). */
  debit: Minor;
  /** Σ of |negative balances| (alacaklı), as a positive number. */
  credit: Minor;
  /** debit − credit. */
  net: Minor;
  /** A sum is past Number.MAX_SAFE_INTEGER kuruş (about 90 trillion TL): the figures are not exact. */
  overflow: boolean;
}

export function balanceTotals<T>(items: Iterable<T>, balance: (item: T) => Minor | null): BalanceTotals {
  let debit = 0;
  let credit = 0;
  for (const item of items) {
    const b = balance(item);
    if (b === null) continue;
    if (b > 0) debit = addMinor(debit, b);
    else if (b < 0) credit = addMinor(credit, -b);
  }
  const overflow = !Number.isSafeInteger(debit) || !Number.isSafeInteger(credit);
  return { debit, credit, net: addMinor(debit, -credit), overflow };
}

/**
 * The same figures over a column of balances (NaN: none) at the positions `at` — the account list's
 * totals for 100,000 rows on a keystroke, without a call per row. Plain `+` is exact here for the
 * reason addMinor's check works: each side only adds positive amounts, so its running sum never
 * falls, and a sum that ever passed 2^53 ends past it — the final Number.isSafeInteger check
 * catches it (`overflow`), and when it passes every step was an exact integer addition.
 */
export function balanceTotalsAt(balances: Float64Array, at: ArrayLike<number>): BalanceTotals {
  let debit = 0;
  let credit = 0;
  for (let k = 0; k < at.length; k++) {
    const b = balances[at[k] as number] as number;
    if (b > 0) debit += b;
    else if (b < 0) credit -= b;
  }
  const overflow = !Number.isSafeInteger(debit) || !Number.isSafeInteger(credit);
  return { debit, credit, net: addMinor(debit, -credit), overflow };
}
