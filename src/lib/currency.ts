/**
 * Currency codes the ERP writes on statement lines and accounts (Workcube OTHER_MONEY, MONEY …).
 *
 * Money in different currencies is never added together: every sum in the app is kept per
 * currency code. The company's own currency is TL (Workcube writes "TL"; "TRY", "YTL", "TRL" and
 * "₺" are read as TL too).
 */

/** The accounting currency: every statement line has its amount in it (BORC / ALACAK). */
export const LOCAL_CURRENCY = 'TL';

const SYMBOLS: Record<string, string> = { '₺': 'TL', TRY: 'TL', YTL: 'TL', TRL: 'TL', $: 'USD', '€': 'EUR', '£': 'GBP' };

/**
 * Codes already normalized: an answer repeats a handful of codes on 100k rows. Bounded.
 */
const normalized = new Map<string, string | null>();
const MEMO_LIMIT = 1024;

/** "usd " → "USD", "TRY" → "TL", "" / null → null. Unknown codes are kept (upper-cased), never dropped. */
export function normalizeCurrency(code: string | null | undefined): string | null {
  if (!code) return null;
  const known = normalized.get(code);
  if (known !== undefined) return known;
  // ISO codes are Latin: plain upper-casing ("ils" → "ILS"; Turkish rules would give "İLS").
  const c = code.trim().toUpperCase();
  const out = c ? (SYMBOLS[c] ?? c) : null;
  if (normalized.size < MEMO_LIMIT) normalized.set(code, out);
  return out;
}

/** True for TL (and for no code at all: a line without a currency is a TL line). */
export function isLocalCurrency(code: string | null | undefined): boolean {
  const c = normalizeCurrency(code);
  return c === null || c === LOCAL_CURRENCY;
}

/** "1.234,56" + "USD" → "1.234,56 USD" (TL amounts get the code only when `always`). */
export function withCurrency(text: string, code: string | null | undefined, always = false): string {
  const c = normalizeCurrency(code);
  if (!c || (!always && c === LOCAL_CURRENCY)) return text;
  return `${text} ${c}`;
}

/** What the currency helpers need of a statement line (a StatementLine satisfies it). */
export interface CurrencyLine {
  debit: number;
  credit: number;
  currency?: string | null;
  currencyAmount?: number | null;
  invalid?: { currencyAmount?: string };
}

/** The foreign currency of a line, or null for a TL line / a line without a currency. */
export function foreignCurrencyOf(line: CurrencyLine): string | null {
  const c = normalizeCurrency(line.currency);
  return c === null || c === LOCAL_CURRENCY ? null : c;
}
