/**
 * Money and numbers from the ERP, exact to the kuruş — the one entry (import from here):
 *   - money-parse.ts  — parseNumber: one number text → exact minor units (every form of erp-contract §6,
 *                       the separator rules and rounding are described there);
 *   - decimal-mark.ts — the decimal mark a text / a column shows, for the ambiguous "1.234" / "1,234";
 *   - here            — minor-unit helpers: toMinor, sumMinor (integer sums, never float).
 */
import type { Minor } from './types';
import { parseNumber } from './money-parse';

export { EMPTY_NUMBER, parseNumber, type DecimalMark, type NumberParse } from './money-parse';
export { columnDecimalMark, decimalMarkOf } from './decimal-mark';

/**
 * Minor units of a value, or null when empty; invalid values give null too (callers that must
 * show the raw text use parseNumber).
 */
export function toMinor(input: unknown): Minor | null {
  const p = parseNumber(input);
  return p.kind === 'number' ? p.minor : null;
}

/** Exact sum of minor units (integers). */
export function sumMinor(values: Iterable<Minor | null | undefined>): Minor {
  let total = 0;
  for (const v of values) if (v) total += v;
  return total;
}
