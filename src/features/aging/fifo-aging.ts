/**
 * Client-side aging of one account, computed from its statement lines (pure, integer kuruş).
 *
 * Rules (documented choices):
 * - Which credit pays which debit is decided by allocateFifo (src/lib/fifo.ts, the one FIFO rule
 *   of the app, read its header): lines dated after the as-of date are left out (counted in
 *   `excludedAfterAsOf`; a debit with a due date but no transaction date is kept and aged by its
 *   due date); all remaining credits pay the debits earliest reference date first
 *   (undated debits last); the explanation pairs credits in date order with debits in that order;
 *   what no debit needs stays as unapplied credit (advance). Negative debit counts as credit and
 *   negative credit as debit.
 * - Every debit is an open item. Its reference date is its due date (basis "due", falling
 *   back to the transaction date when the due date is missing) or its transaction date
 *   (basis "transaction", falling back to the due date) — basisDate() in src/lib/fifo.ts.
 * - Days overdue = as-of − reference date. Buckets: "not yet due" (days ≤ 0: due today or
 *   later), then for edges [30, 60, 90, 120]: 0–30 (1–30 days overdue), 31–60, 61–90, 91–120,
 *   120+ (more than 120). Open items with no date at all go to `undated`.
 * - total = Σ open − unapplied credit = Σ debit − Σ credit of the included lines (exact).
 */
import type { IsoDate, Minor } from '../../lib/types';
import { diffDays } from '../../lib/dates';
import { allocateFifo, basisDate, type FifoBasis, type FifoLine } from '../../lib/fifo';

const EPOCH: IsoDate = '1970-01-01';
const isoToDay = (iso: IsoDate): number => diffDays(EPOCH, iso);

export type AgingBasis = FifoBasis;

export const DEFAULT_EDGES: readonly number[] = [30, 60, 90, 120];

/** What the FIFO needs of a statement line (a StatementLine satisfies it). */
export interface AgingLineInput extends FifoLine {
  type: string;
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

export function fifoAging(lines: readonly AgingLineInput[], options: AgingOptions): FifoAgingResult {
  const basis = options.basis ?? 'due';
  const edges = normalizeEdges(options.edges);
  const asOfDay = isoToDay(options.asOf);
  const buckets = emptyBuckets(edges);
  const bucketByKey = new Map(buckets.map((b) => [b.key, b]));
  const fifo = allocateFifo(lines, { basis, asOf: options.asOf, explain: true });

  let undated = 0;
  const debits: OpenItem[] = [];
  for (const p of fifo.debitOrder) {
    const line = lines[p]!;
    const refDate = basisDate(line, basis);
    const remaining = fifo.open[p]!;
    const days = refDate === null ? null : asOfDay - isoToDay(refDate);
    let bucket: string;
    if (remaining === 0) bucket = 'closed';
    else if (days === null) {
      bucket = 'undated';
      undated += remaining;
    } else {
      bucket = bucketKeyForDays(days, edges);
      bucketByKey.get(bucket)!.amount += remaining;
    }
    debits.push({ index: line.index, date: line.date, dueDate: line.dueDate, type: line.type, refDate, original: fifo.debit[p]!, remaining, days, bucket });
  }
  const credits: CreditItem[] = [];
  for (const p of fifo.creditOrder) {
    const line = lines[p]!;
    credits.push({ index: line.index, date: line.date, type: line.type, amount: fifo.credit[p]!, unapplied: fifo.unapplied[p]! });
  }
  const allocations: Allocation[] = fifo.allocations!.map((a) => ({
    creditIndex: lines[a.credit]!.index,
    debitIndex: lines[a.debit]!.index,
    amount: a.amount,
    creditDate: lines[a.credit]!.date,
  }));
  let total = undated - fifo.unappliedTotal;
  for (const b of buckets) total += b.amount;

  return {
    asOf: options.asOf,
    basis,
    edges,
    buckets,
    undated,
    unappliedCredit: fifo.unappliedTotal,
    total,
    debits,
    credits,
    allocations,
    excludedAfterAsOf: fifo.excluded,
  };
}
