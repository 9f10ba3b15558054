/**
 * Vade farkı (late-payment interest) of an account, from the open-item engine (lib/ledger/): for
 * each item of the chosen side, the days it stayed unpaid past its due date — the part closed by a
 * movement up to the day of that movement (or the item's own date, if later), the part still open up
 * to the as-of date — and amount × days × rate, then KDV on it (vade farkı is part of the KDV base).
 *
 * Documented choices:
 * - One row per closing step and one for the open remainder (a partly paid invoice gives several
 *   rows, each with its own amount and days); rows with no day past due are left out.
 * - Rate: a dated schedule (interest-rates.ts: kanuni faiz, TTK md. 1530; the rate in force on each
 *   late day — a day is late when it is after the due date) or a fixed rate, monthly (a month = 30
 *   days) or annual (365 days). Interest = Σ amount × days × rate / (100 × period days) over the
 *   row's rate segments, rounded half up to the kuruş once per row, exactly (BigInt: no float drift).
 * - KDV is charged on the total interest (a vade farkı invoice's figure), not summed per row.
 * - An opening-balance line (Açılış Fişi) is left out by default (no real due date) and counted.
 * - A step closed by an undated movement has no known day: left out and counted (`undatedSteps`).
 * - Both sides: the default side is the balance's (a customer's invoices, or a supplier's — to
 *   check the vade farkı invoice a supplier sends).
 */
import { addDays, diffDays } from './dates';
import { addMinor, sumMinor, vatOf } from './money';
import { basisDate, classifyMovement, closingsByPosition, openItems, type Basis, type LedgerLine, type Side } from './ledger';
import { RATE_SCHEDULES, stepOn, type ScheduleId } from './interest-rates';
import type { IsoDate, Minor } from './types';

export type RatePeriod = 'monthly' | 'annual';
export type { ScheduleId } from './interest-rates';

/** The default when no rate is given: the kanuni faiz schedule (3095 s. K. md. 1), rate in force each day. */
export const DEFAULT_RATE: ScheduleId = 'kanuni';
export const DEFAULT_VAT_RATE = 20;

export interface LateInterestOptions {
  asOf: IsoDate;
  basis?: Basis;
  currency?: string;
  side?: Side;
  /** A dated schedule (the rate in force on each late day), or a fixed percent per period (e.g. 3 monthly, 9 annual; up to 4 decimals). */
  rate: number | ScheduleId;
  /** For a fixed rate; schedules are annual. */
  period: RatePeriod;
  /** KDV percent on the total interest (default 20). */
  vatRate?: number;
  /** Charge an opening-balance line (Açılış Fişi) too: off by default, it has no real due date. */
  includeOpening?: boolean;
}

/** Days of a row charged at one rate (a row across a rate change has several). */
export interface RateSegment {
  /** First and last late day at this rate. */
  from: IsoDate;
  to: IsoDate;
  days: number;
  rate: number;
  period: RatePeriod;
}

export interface LateInterestRow {
  /** Position of the item in the input lines. */
  pos: number;
  index: number;
  date: IsoDate | null;
  dueDate: IsoDate | null;
  /** The day the days are counted from (the basis date). */
  from: IsoDate;
  /** The day they are counted to: the closing movement's day, or the as-of date for what is open. */
  to: IsoDate;
  /** 'closed' = closed by a movement on `to`; 'open' = still open at the as-of date. */
  kind: 'closed' | 'open';
  amount: Minor;
  days: number;
  /** The rates applied, in day order (days without a rate in the schedule are not in any segment). */
  segments: RateSegment[];
  interest: Minor;
}

export interface LateInterestResult {
  side: Side;
  rows: LateInterestRow[];
  totalInterest: Minor;
  /** KDV on the total interest (what a vade farkı invoice carries), not the sum of rounded lines. */
  totalVat: Minor;
  /** Interest + KDV: what a vade farkı invoice would total. */
  total: Minor;
  undatedSteps: number;
  /** Late days (Σ over rows) before the schedule's first rate: not charged. */
  unratedDays: number;
  /** Opening-balance items left out (see `includeOpening`). */
  openingLeftOut: { count: number; amount: Minor };
  /** TTK md. 1530: the asgari giderim tutarı of each calendar year with a late day (informative, not added). */
  /** `unconfirmed`: the table's sources disagree or are secondary only (interest-rates.ts). */
  minCollectionCosts: { year: number; amount: Minor; unconfirmed: boolean }[];
  incomplete: boolean;
}

const PERIOD_DAYS: Record<RatePeriod, number> = { monthly: 30, annual: 365 };
const RATE_SCALE = 10_000n; // rates with up to 4 decimals are exact

/** round half up (amounts are positive) of n / d, BigInt. */
function divRound(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

const scaled = (rate: number): bigint => BigInt(Math.round(rate * Number(RATE_SCALE)));

/** amount × days × rate% / (100 × periodDays), rounded half up to the kuruş. */
export function interestOf(amount: Minor, days: number, rate: number, period: RatePeriod): Minor {
  if (amount <= 0 || days <= 0 || rate <= 0) return 0;
  return Number(divRound(BigInt(amount) * BigInt(days) * scaled(rate), 100n * RATE_SCALE * BigInt(PERIOD_DAYS[period])));
}

/** The late days after `from` up to `to` split by the rate in force on each (a fixed rate: one segment). */
export function segmentsOf(from: IsoDate, to: IsoDate, rate: number | ScheduleId, period: RatePeriod): { segments: RateSegment[]; unrated: number } {
  const days = diffDays(from, to);
  if (days <= 0) return { segments: [], unrated: 0 };
  const first = addDays(from, 1);
  if (typeof rate === 'number') return { segments: [{ from: first, to, days, rate, period }], unrated: 0 };
  const schedule = RATE_SCHEDULES[rate];
  const segments: RateSegment[] = [];
  let unrated = 0;
  let day = first;
  while (day <= to) {
    const step = stepOn(schedule, day);
    const next = schedule.steps.find((s) => s.from > day)?.from ?? null;
    const last = next !== null && next <= to ? addDays(next, -1) : to;
    const n = diffDays(day, last) + 1;
    if (step) segments.push({ from: day, to: last, days: n, rate: step.annual, period: 'annual' });
    else unrated += n;
    day = addDays(last, 1);
  }
  return { segments, unrated };
}

/** Σ amount × days × rate over the segments, rounded half up once. */
function interestOfSegments(amount: Minor, segments: readonly RateSegment[]): Minor {
  if (amount <= 0) return 0;
  // Common denominator: 100 × scale × 365 × 30 (monthly and annual segments could mix).
  let num = 0n;
  for (const s of segments) num += BigInt(amount) * BigInt(s.days) * scaled(s.rate) * BigInt(s.period === 'annual' ? 30 : 365);
  return Number(divRound(num, 100n * RATE_SCALE * 365n * 30n));
}

/** "3", "3,5", "%24" → the percent; "1.000" is a thousand in Turkish (refused: `thousands`), over 100 → `range`. */
export function parseRateText(text: string | null | undefined): { ok: true; rate: number } | { ok: false; reason: 'unreadable' | 'thousands' | 'range' } {
  const s = (text ?? '').trim().replace(/^%\s*|\s*%$/g, '');
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) return { ok: false, reason: 'thousands' };
  // A comma is the decimal mark; a dot followed by 1, 2 or 4 digits (a URL's "3.5") is one too.
  const m = /^(\d+)(?:[,.](\d{1,4}))?$/.exec(s);
  if (!m || (s.includes('.') && m[2]?.length === 3)) return { ok: false, reason: 'unreadable' };
  const n = Number(`${m[1]}.${m[2] ?? '0'}`);
  if (!(n >= 0 && n <= 100)) return { ok: false, reason: 'range' };
  return { ok: true, rate: n };
}

export function lateInterest(lines: readonly LedgerLine[], options: LateInterestOptions): LateInterestResult {
  const basis = options.basis ?? 'due';
  const vatRate = options.vatRate ?? DEFAULT_VAT_RATE;
  // Each currency's own lines (the account view's rule, ledger/account.ts): never a USD invoice charged in TL too.
  const r = openItems(lines, { asOf: options.asOf, basis, currency: options.currency, side: options.side, explain: true, ownLines: true });
  const { byItem } = closingsByPosition(r);
  const rows: LateInterestRow[] = [];
  let undatedSteps = 0;
  let unratedDays = 0;
  const years = new Set<number>();
  const push = (pos: number, to: IsoDate, kind: 'closed' | 'open', amount: Minor) => {
    const line = lines[pos]!;
    const from = basisDate(line, basis);
    if (!from || amount <= 0) return;
    const days = diffDays(from, to);
    if (days <= 0) return;
    const { segments, unrated } = segmentsOf(from, to, options.rate, options.period);
    unratedDays += unrated;
    for (const s of segments) for (let y = Number(s.from.slice(0, 4)); y <= Number(s.to.slice(0, 4)); y++) years.add(y);
    rows.push({
      pos,
      index: line.index,
      date: line.date,
      dueDate: line.dueDate,
      from,
      to,
      kind,
      amount,
      days,
      segments,
      interest: interestOfSegments(amount, segments),
    });
  };
  const openingLeftOut = { count: 0, amount: 0 };
  for (const it of r.items) {
    if (!options.includeOpening && classifyMovement(lines[it.pos]!.type) === 'opening') {
      openingLeftOut.count++;
      openingLeftOut.amount = addMinor(openingLeftOut.amount, it.amount);
      continue;
    }
    for (const c of byItem.get(it.pos) ?? []) {
      // A return / discount reduced the invoice from its own date: not paid late.
      if (c.credit) continue;
      const by = lines[c.by]!.date;
      if (!by) {
        undatedSteps++;
        continue;
      }
      const own = it.date;
      push(it.pos, own && own > by ? own : by, 'closed', c.amount);
    }
    if (it.remaining > 0) push(it.pos, options.asOf, 'open', it.remaining);
  }
  const totalInterest = sumMinor(rows.map((row) => row.interest));
  const totalVat = vatRate > 0 ? vatOf(totalInterest, vatRate) : 0;
  const minCollectionCosts: { year: number; amount: Minor; unconfirmed: boolean }[] = [];
  if (options.rate === 'ttk1530' && rows.length > 0) {
    for (const year of [...years].sort((a, b) => a - b)) {
      const step = stepOn(RATE_SCHEDULES.ttk1530, `${year}-12-31`);
      if (step?.minCollectionCost !== undefined && step.from.startsWith(String(year)))
        minCollectionCosts.push({ year, amount: step.minCollectionCost, unconfirmed: !!(step.toConfirm || step.costToConfirm) });
    }
  }
  return {
    side: r.side,
    rows,
    totalInterest,
    totalVat,
    total: addMinor(totalInterest, totalVat),
    undatedSteps,
    unratedDays,
    openingLeftOut,
    minCollectionCosts,
    incomplete: r.incomplete,
  };
}
