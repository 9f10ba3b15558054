/**
 * The one FIFO allocation of an account's credits (alacak) to its debits (borç). Pure, integer
 * kuruş, typed arrays, no per-line closures: one conversion pass, one sort of the debits, one
 * two-pointer pass. Used by the statement (open / overdue debits, ortalama vade) and by the
 * client-side aging (buckets, "which payment closed which invoice").
 *
 * THE RULE (pooled FIFO by basis date — "bakiye yaşlandırma", the rule the ERP's own aging uses,
 * see agingOf in server/demo-erp/dataset.ts):
 * 1. Lines taken into account: every line, or with `asOf` only lines whose transaction date is on
 *    or before it. A line with no transaction date always takes part — also one that has a due
 *    date: its day is unknown, so it is never "after the as-of date" (it ages by its due date).
 *    Later lines are `excluded`.
 * 2. Amounts: a negative debit counts as a credit and a negative credit as a debit (a reversal).
 * 3. All credits of the account form one pool, whatever their dates. The pool pays the debits in
 *    basis-date order, earliest first: basis "due" = due date, else transaction date; basis
 *    "transaction" = transaction date, else due date. Ties: transaction date, then the ERP's order
 *    (line.index), then position. A debit with no date at all comes LAST (its age is unknown, so it
 *    is never assumed paid before a dated one; it stays visible as open/undated).
 *    Consequently the open debits are always the latest-due ones and Σ open − Σ unapplied =
 *    Σ debit − Σ credit (the balance): a credit may pay an invoice written after it (advance
 *    payment), and a payment is not "stuck" on an old invoice when a later invoice falls due earlier.
 * 4. Which credit paid which debit (the explanation): credits are consumed in transaction-date
 *    order (ties: index, position; undated last) against the debits in the order of 3. What is left
 *    of the pool is unapplied credit; it sits on the latest credits.
 * 5. Either debits stay open or credit stays unapplied, never both.
 *
 * Dates are YYYY-MM-DD (IsoDate); internally day numbers. Money stays integer kuruş (Float64Array
 * holds integers exactly).
 */
import { diffDays } from './dates';
import type { IsoDate, Minor } from './types';

export type FifoBasis = 'due' | 'transaction';

/** What the allocation needs of a statement line (a StatementLine satisfies it). */
export interface FifoLine {
  index: number;
  date: IsoDate | null;
  dueDate: IsoDate | null;
  debit: Minor;
  credit: Minor;
}

export interface FifoOptions {
  /** Default 'due'. */
  basis?: FifoBasis;
  /** Leave out lines dated after this day (see rule 1). */
  asOf?: IsoDate | null;
  /** Record which credit paid which debit (costs one object per allocation; off by default). */
  explain?: boolean;
}

/** One payment step; `credit` and `debit` are POSITIONS in the input array. */
export interface FifoAllocation {
  credit: number;
  debit: number;
  amount: Minor;
}

export interface FifoResult {
  /** Per position: the debit amount after rule 2 (0 for credits and excluded lines). */
  debit: Float64Array;
  /** Per position: the credit amount after rule 2 (0 for debits and excluded lines). */
  credit: Float64Array;
  /** Per position: what is left unpaid of the debit. */
  open: Float64Array;
  /** Per position: what is left unapplied of the credit. */
  unapplied: Float64Array;
  /** Per position: 1 = taken into account (see rule 1). */
  included: Uint8Array;
  /** Lines left out by `asOf`. */
  excluded: number;
  /** Positions of the included debits in payment order (rule 3). */
  debitOrder: Uint32Array;
  /** Positions of the included credits in consumption order (rule 4). */
  creditOrder: Uint32Array;
  openTotal: Minor;
  unappliedTotal: Minor;
  /** Only with `explain`, in the order the payments were made. */
  allocations: FifoAllocation[] | null;
}

/** The date a debit ages from under `basis` (rule 3). */
export function basisDate(line: { date: IsoDate | null; dueDate: IsoDate | null }, basis: FifoBasis = 'due'): IsoDate | null {
  return basis === 'due' ? (line.dueDate ?? line.date) : (line.date ?? line.dueDate);
}

/** Unknown date: sorts after every real day. */
const UNDATED = Number.POSITIVE_INFINITY;
const EPOCH: IsoDate = '1970-01-01';

export function allocateFifo(lines: readonly FifoLine[], options: FifoOptions = {}): FifoResult {
  const basis = options.basis ?? 'due';
  const n = lines.length;
  const debit = new Float64Array(n);
  const credit = new Float64Array(n);
  const basisDay = new Float64Array(n);
  const txDay = new Float64Array(n);
  const tie = new Float64Array(n);
  const included = new Uint8Array(n);
  // Statements repeat the same few hundred dates: convert each distinct text once.
  const days = new Map<IsoDate, number>();
  const dayOf = (iso: IsoDate | null): number => {
    if (iso === null) return UNDATED;
    let d = days.get(iso);
    if (d === undefined) {
      d = diffDays(EPOCH, iso);
      days.set(iso, d);
    }
    return d;
  };
  const asOfDay = options.asOf ? dayOf(options.asOf) : UNDATED;

  let excluded = 0;
  let debitCount = 0;
  let creditCount = 0;
  for (let i = 0; i < n; i++) {
    const l = lines[i]!;
    const dueDay = dayOf(l.dueDate);
    const dateDay = dayOf(l.date);
    const tx = dateDay !== UNDATED ? dateDay : dueDay;
    // Only a known transaction day can be after the as-of date (rule 1): a due date is not one.
    if (dateDay !== UNDATED && dateDay > asOfDay) {
      excluded++;
      continue;
    }
    included[i] = 1;
    txDay[i] = tx;
    tie[i] = l.index;
    if (basis === 'due') basisDay[i] = dueDay !== UNDATED ? dueDay : dateDay;
    else basisDay[i] = tx;
    const d = (l.debit > 0 ? l.debit : 0) + (l.credit < 0 ? -l.credit : 0);
    const c = (l.credit > 0 ? l.credit : 0) + (l.debit < 0 ? -l.debit : 0);
    debit[i] = d;
    credit[i] = c;
    if (d > 0) debitCount++;
    if (c > 0) creditCount++;
  }

  const debitOrder = new Uint32Array(debitCount);
  const creditOrder = new Uint32Array(creditCount);
  let dk = 0;
  let ck = 0;
  for (let i = 0; i < n; i++) {
    if (debit[i]! > 0) debitOrder[dk++] = i;
    if (credit[i]! > 0) creditOrder[ck++] = i;
  }
  const byBasis = (a: number, b: number): number => {
    const x = basisDay[a]!;
    const y = basisDay[b]!;
    if (x !== y) return x < y ? -1 : 1;
    const p = txDay[a]!;
    const q = txDay[b]!;
    if (p !== q) return p < q ? -1 : 1;
    return tie[a]! - tie[b]! || a - b;
  };
  const byTx = (a: number, b: number): number => {
    const p = txDay[a]!;
    const q = txDay[b]!;
    if (p !== q) return p < q ? -1 : 1;
    return tie[a]! - tie[b]! || a - b;
  };
  sortIfNeeded(debitOrder, byBasis);
  sortIfNeeded(creditOrder, byTx);

  const open = debit.slice();
  const unapplied = credit.slice();
  const allocations: FifoAllocation[] | null = options.explain ? [] : null;
  let di = 0;
  let ci = 0;
  while (di < debitCount && ci < creditCount) {
    const dp = debitOrder[di]!;
    const cp = creditOrder[ci]!;
    const take = open[dp]! < unapplied[cp]! ? open[dp]! : unapplied[cp]!;
    open[dp] = open[dp]! - take;
    unapplied[cp] = unapplied[cp]! - take;
    if (allocations) allocations.push({ credit: cp, debit: dp, amount: take });
    if (open[dp] === 0) di++;
    if (unapplied[cp] === 0) ci++;
  }
  let openTotal = 0;
  for (let k = di; k < debitCount; k++) openTotal += open[debitOrder[k]!]!;
  let unappliedTotal = 0;
  for (let k = ci; k < creditCount; k++) unappliedTotal += unapplied[creditOrder[k]!]!;

  return { debit, credit, open, unapplied, included, excluded, debitOrder, creditOrder, openTotal, unappliedTotal, allocations };
}

/** Sorts in place unless already in order (statements usually arrive in date order). */
function sortIfNeeded(order: Uint32Array, cmp: (a: number, b: number) => number): void {
  for (let k = 1; k < order.length; k++) {
    if (cmp(order[k - 1]!, order[k]!) > 0) {
      order.sort(cmp);
      return;
    }
  }
}
