/**
 * Foreign-currency arithmetic of a statement (pure, integer minor units per currency).
 *
 * A line of a foreign-currency account carries, beside its TL debit/credit, its transaction
 * currency and the amount in that currency (Workcube OTHER_MONEY / OTHER_CASH_ACT_VALUE). The TL
 * running balance (running-balance.ts) covers every line; here each foreign currency gets its own
 * running balance over the lines in that currency only. Currencies are never added together.
 *
 * Definitions (documented choices):
 * - Side: the foreign amount is unsigned like debit/credit; it takes the side of the line's TL
 *   amount (debit − credit > 0: borç, < 0: alacak; a line with no TL amount: borç).
 * - Same order and range rules as the TL balance (`ordered` from prepareStatement): lines before
 *   `from` fold into the devir, lines after `to` are left out, the type filter hides lines from the
 *   table and the totals but not from the running balance.
 * - A foreign amount that could not be read makes that currency's balance incomplete from that line
 *   on (`incompleteFrom`): it is shown marked, never as a confident figure.
 */
import type { StatementLine } from '../../api/types';
import { foreignCurrencyOf } from '../../lib/currency';
import type { IsoDate, Minor } from '../../lib/types';

export interface FxPrepared {
  /** Foreign currencies of the statement, first-seen order ("USD", "EUR"). */
  currencies: string[];
  /** Per currency: the signed amount of each line (position in `ordered`), 0 for other currencies. */
  signed: Float64Array[];
  /** Per currency: the running balance after each line. */
  balances: Float64Array[];
  /** Per currency: first position whose amount could not be read (Infinity = none). */
  incompleteFrom: number[];
}

/** Per-currency running balances over lines already in statement order; null when every line is TL. */
export function prepareFx(ordered: readonly StatementLine[]): FxPrepared | null {
  const currencies: string[] = [];
  const at = new Map<string, number>();
  for (const l of ordered) {
    const c = foreignCurrencyOf(l);
    if (c !== null && !at.has(c)) {
      at.set(c, currencies.length);
      currencies.push(c);
    }
  }
  if (currencies.length === 0) return null;
  const n = ordered.length;
  const signed = currencies.map(() => new Float64Array(n));
  const balances = currencies.map(() => new Float64Array(n));
  const incompleteFrom = currencies.map(() => Infinity);
  const running = currencies.map(() => 0);
  for (let i = 0; i < n; i++) {
    const l = ordered[i]!;
    const c = foreignCurrencyOf(l);
    const k = c === null ? -1 : at.get(c)!;
    if (k >= 0) {
      if (l.invalid.currencyAmount !== undefined && incompleteFrom[k] === Infinity) incompleteFrom[k] = i;
      const amount = Math.abs(l.currencyAmount ?? 0);
      const v = l.debit - l.credit < 0 ? -amount : amount;
      signed[k]![i] = v;
      running[k]! += v;
    }
    for (let j = 0; j < currencies.length; j++) balances[j]![i] = running[j]!;
  }
  return { currencies, signed, balances, incompleteFrom };
}

export interface FxTotals {
  currency: string;
  debit: Minor;
  credit: Minor;
  balance: Minor;
  /** The balance could not be computed exactly (an unreadable amount in range or before it). */
  incomplete: boolean;
}

export interface FxRange {
  currencies: string[];
  /** Per currency: balance carried into the range (devir); null when no line is before `from`. */
  opening: Minor[] | null;
  openingDebit: Minor[];
  openingCredit: Minor[];
  /** Per shown line (by StatementLine.index): balance per currency after it, and whether it is incomplete. */
  rowBalances: Map<number, { balances: Minor[]; incomplete: boolean[] }>;
  totals: FxTotals[];
}

export interface FxRangeOptions {
  from?: IsoDate | null;
  to?: IsoDate | null;
  types?: ReadonlySet<string> | null;
}

export function computeFx(fx: FxPrepared, ordered: readonly StatementLine[], opts: FxRangeOptions): FxRange {
  const from = opts.from || null;
  const to = opts.to || null;
  const types = opts.types && opts.types.size > 0 ? opts.types : null;
  const m = fx.currencies.length;
  const zeros = () => fx.currencies.map(() => 0);
  const openingDebit = zeros();
  const openingCredit = zeros();
  const shownDebit = zeros();
  const shownCredit = zeros();
  const skipped = zeros();
  let hasOpening = false;
  let lastOpening = -1;
  let lastShown = -1;
  const rowBalances = new Map<number, { balances: Minor[]; incomplete: boolean[] }>();
  for (let i = 0; i < ordered.length; i++) {
    const l = ordered[i]!;
    const date = l.date;
    if (from !== null && date !== null && date < from) {
      hasOpening = true;
      lastOpening = i;
      for (let k = 0; k < m; k++) {
        const v = fx.signed[k]![i]!;
        if (v > 0) openingDebit[k]! += v;
        else openingCredit[k]! -= v;
      }
      continue;
    }
    if (to !== null && date !== null && date > to) {
      for (let k = 0; k < m; k++) skipped[k]! += fx.signed[k]![i]!;
      continue;
    }
    lastShown = i;
    if (types !== null && !types.has(l.type)) continue;
    for (let k = 0; k < m; k++) {
      const v = fx.signed[k]![i]!;
      if (v > 0) shownDebit[k]! += v;
      else shownCredit[k]! -= v;
    }
    rowBalances.set(l.index, {
      balances: fx.currencies.map((_, k) => fx.balances[k]![i]! - skipped[k]!),
      incomplete: fx.incompleteFrom.map((p) => i >= p),
    });
  }
  const last = Math.max(lastShown, lastOpening);
  const totals = fx.currencies.map((currency, k): FxTotals => {
    const debit = openingDebit[k]! + shownDebit[k]!;
    const credit = openingCredit[k]! + shownCredit[k]!;
    return { currency, debit, credit, balance: debit - credit, incomplete: last >= fx.incompleteFrom[k]! };
  });
  return {
    currencies: fx.currencies,
    opening: hasOpening ? fx.currencies.map((_, k) => fx.balances[k]![lastOpening]!) : null,
    openingDebit,
    openingCredit,
    rowBalances,
    totals,
  };
}
