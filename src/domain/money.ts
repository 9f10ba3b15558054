/**
 * Money and numbers from the ERP, exact to the kuruş — the one entry (import from here):
 *   - money-parse.ts  — parseNumber: one number text → exact minor units (every form of erp-contract §6,
 *                       the separator rules and rounding are described there);
 *   - decimal-mark.ts — the decimal mark a text / a column shows, for the ambiguous "1.234" / "1,234";
 *   - amount-input.ts — parseAmountInput / amountInputMessage: an amount a PERSON types in Turkish
 *                       ("1.500", "1.500,50"; "1,500" is ambiguous, never guessed) — every form's one reader;
 *   - here            — minor-unit helpers: toMinor, sumMinor (integer sums, never float).
 */
import type { Minor } from './types';
import { parseNumber } from './money-parse';

export { EMPTY_NUMBER, parseNumber, type DecimalMark, type NumberParse } from './money-parse';
export { columnDecimalMark, decimalMarkOf } from './decimal-mark';
export { AMOUNT_EXAMPLE, amountInputMessage, parseAmountInput, type AmountInput, type AmountInputOptions, type AmountProblem } from './amount-input';

/**
 * Minor units of a value, or null when empty; invalid values give null too (callers that must
 * show the raw text use parseNumber).
 */
export function toMinor(input: unknown): Minor | null {
  const p = parseNumber(input);
  return p.kind === 'number' ? p.minor : null;
}

/**
 * Exact sum of minor units (integers). While the running total stays within 2^53 it is a plain
 * number sum; past it the sum goes on in BigInt, so a total that comes back into range is still
 * exact. A total that a number cannot hold exactly is returned as an unsafe integer — check
 * Number.isSafeInteger; the formatter (formatMoney, csvMoney) shows "Tutar çok büyük" for it, never
 * rounded digits.
 */
export function sumMinor(values: Iterable<Minor | null | undefined>): Minor {
  let total = 0;
  let big: bigint | null = null;
  for (const v of values) {
    if (!v) continue;
    if (big !== null) {
      big += Number.isSafeInteger(v) ? BigInt(v) : BigInt(Math.trunc(v));
      continue;
    }
    const next = total + v;
    if (Number.isSafeInteger(next) && Number.isSafeInteger(v)) total = next;
    else big = BigInt(total) + BigInt(Number.isFinite(v) ? Math.trunc(v) : 0);
  }
  if (big === null) return total;
  const n = Number(big);
  // Out of range: a number past MAX_SAFE_INTEGER (never rounded back into it).
  return Number.isSafeInteger(n) && BigInt(n) === big ? n : big > 0n ? Number.MAX_SAFE_INTEGER + 2 : -(Number.MAX_SAFE_INTEGER + 2);
}

/**
 * a + b for running totals kept one value at a time: exact, or past 2^53 an unsafe integer that
 * stays unsafe (shown "Tutar çok büyük"), never a rounded figure that looks right.
 */
export function addMinor(a: Minor, b: Minor): Minor {
  const s = a + b;
  if (Number.isSafeInteger(s) && Number.isSafeInteger(a) && Number.isSafeInteger(b)) return s;
  if (!Number.isSafeInteger(a)) return a;
  if (!Number.isSafeInteger(b)) return b;
  return sumMinor([a, b]);
}

/** Rates with up to 4 decimals (%8,75, %0,0125) are exact. */
const RATE_SCALE = 10_000n;

/**
 * rate% of an amount in kuruş, rounded to the kuruş half away from zero (a credit note's VAT is the
 * negative of the invoice's). The one VAT computation: invoice totals and vade farkı both use it.
 */
export function vatOf(amount: Minor, ratePercent: number): Minor {
  const n = BigInt(amount) * BigInt(Math.round(ratePercent * Number(RATE_SCALE)));
  const d = 100n * RATE_SCALE;
  const magnitude = (2n * (n < 0n ? -n : n) + d) / (2n * d);
  return Number(n < 0n ? -magnitude : magnitude);
}
