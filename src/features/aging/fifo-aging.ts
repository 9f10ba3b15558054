/**
 * Client-side aging of one account, computed from its statement lines (pure, integer kuruş).
 *
 * Rules (documented choices):
 * - Only lines whose transaction date is on or before the as-of date take part; later lines
 *   are counted in `excludedAfterAsOf`. A line with no transaction date uses its due date;
 *   a line with neither takes part.
 * - Every debit is an open item. Its reference date is its due date (basis "due", falling
 *   back to the transaction date when the due date is missing) or its transaction date
 *   (basis "transaction").
 * - Lines are replayed in transaction-date order (ties: the order the ERP sent them; on one
 *   line the debit comes before the credit). A credit closes the open debits oldest first by
 *   reference date (FIFO), then by transaction date and position. A credit with no open debit
 *   stays as unapplied credit; a later debit consumes unapplied credit first (advance payment).
 * - Negative debit counts as credit and negative credit as debit.
 * - Days overdue = as-of − reference date. Buckets: "not yet due" (days ≤ 0: due today or
 *   later), then for edges [30, 60, 90, 120]: 0–30 (1–30 days overdue), 31–60, 61–90, 91–120,
 *   120+ (more than 120). Open items with no date at all go to `undated`.
 * - total = Σ open − unapplied credit = Σ debit − Σ credit of the included lines (exact).
 */
import type { IsoDate, Minor } from '../../lib/types';
import { diffDays } from '../../lib/dates';

const EPOCH: IsoDate = '1970-01-01';
const isoToDay = (iso: IsoDate): number => diffDays(EPOCH, iso);

export type AgingBasis = 'due' | 'transaction';

export const DEFAULT_EDGES: readonly number[] = [30, 60, 90, 120];

/** What the FIFO needs of a statement line (a StatementLine satisfies it). */
export interface AgingLineInput {
  index: number;
  date: IsoDate | null;
  dueDate: IsoDate | null;
  type: string;
  debit: Minor;
  credit: Minor;
}

export interface AgingOptions {
  asOf: IsoDate;
  basis?: AgingBasis;
  /** Ascending positive whole days; default [30, 60, 90, 120]. */
  edges?: readonly number[];
}

export interface AgingBucket {
  /** 'notDue' or 'b0', 'b1', … (b0 = from 0 days). */
  key: string;
  /** Inclusive day range; `to` null = open-ended; both null = not yet due. */
  from: number | null;
  to: number | null;
  amount: Minor;
}

export interface Allocation {
  /** Index (StatementLine.index) of the credit line, or of the debit for an advance consumed later. */
  creditIndex: number;
  debitIndex: number;
  amount: Minor;
  creditDate: IsoDate | null;
}

export interface OpenItem {
  index: number;
  date: IsoDate | null;
  dueDate: IsoDate | null;
  type: string;
  refDate: IsoDate | null;
  original: Minor;
  remaining: Minor;
  /** Days past the reference date at the as-of date (null when undated). */
  days: number | null;
  /** Bucket key the remainder falls in ('undated' when no date); 'closed' when fully paid. */
  bucket: string;
}

export interface CreditItem {
  index: number;
  date: IsoDate | null;
  type: string;
  amount: Minor;
  /** What remains unapplied at the as-of date. */
  unapplied: Minor;
}

export interface FifoAgingResult {
  asOf: IsoDate;
  basis: AgingBasis;
  edges: number[];
  buckets: AgingBucket[];
  undated: Minor;
  unappliedCredit: Minor;
  /** Σ buckets + undated − unappliedCredit. */
  total: Minor;
  /** Every debit line, in reference-date order, with what remains open. */
  debits: OpenItem[];
  credits: CreditItem[];
  allocations: Allocation[];
  excludedAfterAsOf: number;
}

/** Sanitises bucket edges: positive whole numbers, ascending, unique; falls back to the default. */
export function normalizeEdges(edges: readonly number[] | undefined): number[] {
  const clean = [...new Set((edges ?? []).filter((e) => Number.isInteger(e) && e > 0))].sort((a, b) => a - b);
  return clean.length ? clean : [...DEFAULT_EDGES];
}

/** "30,60,90" → [30, 60, 90]; anything unreadable → default edges. */
export function parseEdges(text: string | null | undefined): number[] {
  if (!text) return [...DEFAULT_EDGES];
  return normalizeEdges(text.split(/[,;\s]+/).filter(Boolean).map(Number));
}

export function emptyBuckets(edges: readonly number[]): AgingBucket[] {
  const buckets: AgingBucket[] = [{ key: 'notDue', from: null, to: null, amount: 0 }];
  let from = 0;
  edges.forEach((edge, i) => {
    buckets.push({ key: `b${i}`, from, to: edge, amount: 0 });
    from = edge + 1;
  });
  buckets.push({ key: `b${edges.length}`, from, to: null, amount: 0 });
  return buckets;
}

/** Bucket key for a number of days past the reference date. */
export function bucketKeyForDays(days: number, edges: readonly number[]): string {
  if (days <= 0) return 'notDue';
  for (let i = 0; i < edges.length; i++) if (days <= edges[i]!) return `b${i}`;
  return `b${edges.length}`;
}

interface Debit extends OpenItem {
  sortDay: number;
  txDay: number;
}

export function fifoAging(lines: readonly AgingLineInput[], options: AgingOptions): FifoAgingResult {
  const basis = options.basis ?? 'due';
  const edges = normalizeEdges(options.edges);
  const asOfDay = isoToDay(options.asOf);
  const buckets = emptyBuckets(edges);

  const included: AgingLineInput[] = [];
  let excludedAfterAsOf = 0;
  for (const line of lines) {
    const when = line.date ?? line.dueDate;
    if (when !== null && isoToDay(when) > asOfDay) excludedAfterAsOf++;
    else included.push(line);
  }
  const txDay = (l: AgingLineInput) => {
    const when = l.date ?? l.dueDate;
    return when === null ? Number.NEGATIVE_INFINITY : isoToDay(when);
  };
  const replay = [...included].sort((a, b) => cmp(txDay(a), txDay(b)) || a.index - b.index);

  const open: Debit[] = [];
  const debits: Debit[] = [];
  const credits: CreditItem[] = [];
  const advances: CreditItem[] = [];
  const allocations: Allocation[] = [];

  const insertOpen = (d: Debit) => {
    let at = open.length;
    while (at > 0 && compareDebits(open[at - 1]!, d) > 0) at--;
    open.splice(at, 0, d);
  };

  for (const line of replay) {
    const debit = Math.max(line.debit, 0) + Math.max(-line.credit, 0);
    const credit = Math.max(line.credit, 0) + Math.max(-line.debit, 0);
    if (debit > 0) {
      const refDate = basis === 'due' ? (line.dueDate ?? line.date) : (line.date ?? line.dueDate);
      const d: Debit = {
        index: line.index,
        date: line.date,
        dueDate: line.dueDate,
        type: line.type,
        refDate,
        original: debit,
        remaining: debit,
        days: refDate === null ? null : asOfDay - isoToDay(refDate),
        bucket: '',
        sortDay: refDate === null ? Number.NEGATIVE_INFINITY : isoToDay(refDate),
        txDay: txDay(line),
      };
      debits.push(d);
      // An earlier payment that found nothing to close pays this debit first.
      while (d.remaining > 0 && advances.length) {
        const adv = advances[0]!;
        const take = Math.min(adv.unapplied, d.remaining);
        adv.unapplied -= take;
        d.remaining -= take;
        allocations.push({ creditIndex: adv.index, debitIndex: d.index, amount: take, creditDate: adv.date });
        if (adv.unapplied === 0) advances.shift();
      }
      if (d.remaining > 0) insertOpen(d);
    }
    if (credit > 0) {
      const c: CreditItem = { index: line.index, date: line.date, type: line.type, amount: credit, unapplied: credit };
      credits.push(c);
      while (c.unapplied > 0 && open.length) {
        const d = open[0]!;
        const take = Math.min(c.unapplied, d.remaining);
        d.remaining -= take;
        c.unapplied -= take;
        allocations.push({ creditIndex: c.index, debitIndex: d.index, amount: take, creditDate: c.date });
        if (d.remaining === 0) open.shift();
      }
      if (c.unapplied > 0) advances.push(c);
    }
  }

  let undated = 0;
  for (const d of debits) {
    if (d.remaining === 0) {
      d.bucket = 'closed';
      continue;
    }
    if (d.days === null) {
      d.bucket = 'undated';
      undated += d.remaining;
      continue;
    }
    d.bucket = bucketKeyForDays(d.days, edges);
    buckets.find((b) => b.key === d.bucket)!.amount += d.remaining;
  }
  let unappliedCredit = 0;
  for (const c of credits) unappliedCredit += c.unapplied;
  let total = undated - unappliedCredit;
  for (const b of buckets) total += b.amount;

  const sortedDebits = [...debits].sort(compareDebits).map(stripDebit);
  return {
    asOf: options.asOf,
    basis,
    edges,
    buckets,
    undated,
    unappliedCredit,
    total,
    debits: sortedDebits,
    credits,
    allocations,
    excludedAfterAsOf,
  };
}

function compareDebits(a: Debit, b: Debit): number {
  return cmp(a.sortDay, b.sortDay) || cmp(a.txDay, b.txDay) || a.index - b.index;
}

function cmp(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function stripDebit(d: Debit): OpenItem {
  return {
    index: d.index,
    date: d.date,
    dueDate: d.dueDate,
    type: d.type,
    refDate: d.refDate,
    original: d.original,
    remaining: d.remaining,
    days: d.days,
    bucket: d.bucket,
  };
}
