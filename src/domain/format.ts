/**
 * The one formatter module: every number, amount and date the user sees is shown through here,
 * in tr-TR form ("1.234,56", "31.01.2026").
 */
import { istanbulTime } from './istanbul-time';
import type { IsoDate, Minor } from './types';

const GROUP = /\B(?=(\d{3})+(?!\d))/g;

/**
 * Shown instead of digits for an amount past 2^53 kuruş (≈ 90 trilyon TL): a JS number cannot hold
 * it exactly (sumMinor says so by returning an unsafe integer), and rounded digits would look right.
 */
export const AMOUNT_TOO_LARGE = 'Tutar çok büyük';

/** Integer minor units (kuruş) → "1.234,56"; negative → "-1.234,56". Exact: no floating point. */
export function formatMoney(minor: Minor): string {
  if (!Number.isSafeInteger(minor)) return AMOUNT_TOO_LARGE;
  const neg = minor < 0;
  const abs = Math.abs(minor);
  const units = Math.trunc(abs / 100);
  const cents = abs - units * 100;
  return `${neg ? '-' : ''}${String(units).replace(GROUP, '.')},${String(cents).padStart(2, '0')}`;
}

/** Amounts in several currencies, each with its code: "25.000,00 TL · 1.200,00 USD". */
export function formatMoneyPerCurrency(amounts: readonly { minor: Minor; currency: string }[]): string {
  return amounts.map((a) => `${formatMoney(a.minor)} ${a.currency}`).join(' · ');
}

/** Absolute amount with its side: balance > 0 is borçlu (B), < 0 alacaklı (A). */
export function formatBalance(minor: Minor): { text: string; side: 'B' | 'A' | '' } {
  return { text: formatMoney(Math.abs(minor)), side: !Number.isSafeInteger(minor) ? '' : minor > 0 ? 'B' : minor < 0 ? 'A' : '' };
}

const numberFormats = new Map<number, Intl.NumberFormat>();
/** A plain number in tr-TR with up to `maxDecimals` decimals ("1.234,5"). */
export function formatNumber(value: number, maxDecimals = 4): string {
  // A whole number (days, counts — most of a table's numbers) needs no Intl: building a tr-TR
  // NumberFormat costs 10–20 ms on a page's first use (locale data), in the first rows' frame.
  if (Number.isSafeInteger(value)) return `${value < 0 ? '-' : ''}${String(Math.abs(value)).replace(GROUP, '.')}`;
  let f = numberFormats.get(maxDecimals);
  if (!f) {
    // signDisplay 'negative': -0 and a tiny negative that rounds to 0 show "0", never "-0".
    f = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: maxDecimals, signDisplay: 'negative' });
    numberFormats.set(maxDecimals, f);
  }
  return f.format(value);
}

/** Thousands-grouped integer count ("100.000"). */
export function formatCount(n: number): string {
  return String(Math.trunc(n)).replace(GROUP, '.');
}

/** A size in bytes, tr-TR: "850 KB", "3,2 MB" (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  const kb = bytes / 1024;
  if (kb < 1024) return `${formatCount(Math.max(0, Math.round(kb)))} KB`;
  // Tenths by hand, not Intl: the progress shows this while a long answer arrives, and a tr-TR
  // NumberFormat's first use (10–20 ms, 70 ms on a slow PC) landed in the list's first paint.
  const tenths = Math.round(kb / 102.4);
  return `${formatCount(Math.trunc(tenths / 10))}${tenths % 10 ? `,${tenths % 10}` : ''} MB`;
}

/** "2026-01-31" → "31.01.2026". Business dates: no Date object, no time zone. */
export function formatDate(iso: IsoDate): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}

/** Minor units → CSV number for Turkish Excel: "1234,56" (no grouping, comma decimal). */
export function csvMoney(minor: Minor): string {
  if (!Number.isSafeInteger(minor)) return AMOUNT_TOO_LARGE;
  const neg = minor < 0;
  const abs = Math.abs(minor);
  return `${neg ? '-' : ''}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** A moment as Istanbul wall-clock time: "24.11.2026 15:40" (when a document was made). */
export function formatDateTime(at: Date): string {
  if (Number.isNaN(at.getTime())) return '';
  const { year, month, day, hour, minute } = istanbulTime(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(day)}.${two(month)}.${year} ${two(hour)}:${two(minute)}`;
}
