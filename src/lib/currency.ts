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
 * Codes already normalized: an answer repeats a handful of codes on 100k rows, and tr-TR upper-casing
 * goes through ICU (≈ 2 µs a call: 0.2 s on a 100k-account list before this memo). Bounded.
 */
const normalized = new Map<string, string | null>();
const MEMO_LIMIT = 1024;

/** "usd " → "USD", "TRY" → "TL", "" / null → null. Unknown codes are kept (upper-cased), never dropped. */
export function normalizeCurrency(code: string | null | undefined): string | null {
  if (!code) return null;
  const known = normalized.get(code);
  if (known !== undefined) return known;
  const c = code.trim().toLocaleUpperCase('tr-TR');
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

/** The foreign currencies of some lines, first-seen order. */
export function foreignCurrencies(lines: readonly CurrencyLine[]): string[] {
  const seen = new Set<string>();
  for (const l of lines) {
    const c = foreignCurrencyOf(l);
    if (c !== null) seen.add(c);
  }
  return [...seen];
}

/**
 * The lines of one foreign currency, with debit/credit in that currency (minor units): the foreign
 * amount takes the side of the line's TL amount. Lines whose foreign amount could not be read are
 * left out (never counted as 0); `unreadable` says how many.
 */
export function linesInCurrency<T extends CurrencyLine>(lines: readonly T[], currency: string): { lines: T[]; unreadable: number } {
  const out: T[] = [];
  let unreadable = 0;
  for (const l of lines) {
    if (foreignCurrencyOf(l) !== currency) continue;
    if (l.invalid?.currencyAmount !== undefined || l.currencyAmount == null) {
      unreadable++;
      continue;
    }
    const amount = Math.abs(l.currencyAmount);
    const credit = l.debit - l.credit < 0;
    out.push({ ...l, debit: credit ? 0 : amount, credit: credit ? amount : 0 });
  }
  return { lines: out, unreadable };
}
