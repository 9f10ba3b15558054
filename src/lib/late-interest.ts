/**
 * Vade farkı (late-payment interest) of an account, from the open-item engine (ledger.ts): for
 * each item of the chosen side, the days it stayed unpaid past its due date — the part closed by a
 * movement up to the day of that movement (or the item's own date, if later), the part still open up
 * to the as-of date — and amount × days × rate, then KDV on it (vade farkı is part of the KDV base).
 *
 * Documented choices:
 * - One row per closing step and one for the open remainder (a partly paid invoice gives several
 *   rows, each with its own amount and days); rows with no day past due are left out.
 * - Rate: monthly (a month = 30 days) or annual (365 days). Interest = amount × days × rate /
 *   (100 × period days), rounded half up to the kuruş per row, exactly (BigInt: no float drift);
 *   KDV per row the same way; totals are the sums of the rows.
 * - A step closed by an undated movement has no known day: left out and counted (`undatedSteps`).
 * - Both sides: the default side is the balance's (a customer's invoices, or a supplier's — to
 *   check the vade farkı invoice a supplier sends).
 */
import { diffDays } from './dates';
import { addMinor, sumMinor } from './money';
import { basisDate, closingsByPosition, openItems, type Basis, type LedgerLine, type Side } from './ledger';
import type { IsoDate, Minor } from './types';

export type RatePeriod = 'monthly' | 'annual';

/** The legal default named in the form: kanuni faiz, 3095 sayılı Kanun md. 1 — yıllık %9. */
export const LEGAL_ANNUAL_RATE = 9;
export const DEFAULT_VAT_RATE = 20;

export interface LateInterestOptions {
  asOf: IsoDate;
  basis?: Basis;
  currency?: string;
  side?: Side;
  /** Percent per period, e.g. 3 (monthly) or 9 (annual); up to 4 decimals. */
  rate: number;
  period: RatePeriod;
  /** KDV percent on the interest (default 20). */
  vatRate?: number;
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
  interest: Minor;
  vat: Minor;
}

export interface LateInterestResult {
  side: Side;
  rows: LateInterestRow[];
  totalInterest: Minor;
  totalVat: Minor;
  /** Interest + KDV: what a vade farkı invoice would total. */
  total: Minor;
  undatedSteps: number;
  incomplete: boolean;
}

const PERIOD_DAYS: Record<RatePeriod, number> = { monthly: 30, annual: 365 };
const RATE_SCALE = 10_000n; // rates with up to 4 decimals are exact

/** round half up (amounts are positive) of n / d, BigInt. */
function divRound(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** amount × days × rate% / (100 × periodDays), rounded half up to the kuruş. */
export function interestOf(amount: Minor, days: number, rate: number, period: RatePeriod): Minor {
  if (amount <= 0 || days <= 0 || rate <= 0) return 0;
  const r = BigInt(Math.round(rate * Number(RATE_SCALE)));
  return Number(divRound(BigInt(amount) * BigInt(days) * r, 100n * RATE_SCALE * BigInt(PERIOD_DAYS[period])));
}

/** vat% of an amount, rounded half up to the kuruş. */
export function vatOf(amount: Minor, vatRate: number): Minor {
  if (amount <= 0 || vatRate <= 0) return 0;
  const r = BigInt(Math.round(vatRate * Number(RATE_SCALE)));
  return Number(divRound(BigInt(amount) * r, 100n * RATE_SCALE));
}

export function lateInterest(lines: readonly LedgerLine[], options: LateInterestOptions): LateInterestResult {
  const basis = options.basis ?? 'due';
  const vatRate = options.vatRate ?? DEFAULT_VAT_RATE;
  const r = openItems(lines, { asOf: options.asOf, basis, currency: options.currency, side: options.side, explain: true });
  const { byItem } = closingsByPosition(r);
  const rows: LateInterestRow[] = [];
  let undatedSteps = 0;
  const push = (pos: number, to: IsoDate, kind: 'closed' | 'open', amount: Minor) => {
    const line = lines[pos]!;
    const from = basisDate(line, basis);
    if (!from || amount <= 0) return;
    const days = diffDays(from, to);
    if (days <= 0) return;
    const interest = interestOf(amount, days, options.rate, options.period);
    rows.push({ pos, index: line.index, date: line.date, dueDate: line.dueDate, from, to, kind, amount, days, interest, vat: vatOf(interest, vatRate) });
  };
  for (const it of r.items) {
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
  const totalVat = sumMinor(rows.map((row) => row.vat));
  return { side: r.side, rows, totalInterest, totalVat, total: addMinor(totalInterest, totalVat), undatedSteps, incomplete: r.incomplete };
}
