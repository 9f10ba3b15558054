/**
 * Business dates (erp-contract §6): every ERP date form is read explicitly into "YYYY-MM-DD".
 * No `new Date(string)` anywhere. A date written without a zone is the calendar date written
 * ("2026-01-31T21:00:00", "January, 31 2026 00:00:00" are 31.01.2026); an ISO date-time WITH a zone
 * names an instant, and its date is that instant's day in Istanbul, the business's time zone
 * ("2026-01-31T21:00:00Z" is 01.02.2026 — midnight in Istanbul).
 *
 * Accepted: 2026-01-31 · 2026-01-31T10:00:00(.sss)(Z|+0000|+03:00) · 2026-01-31 10:00:00 ·
 * 31.01.2026 · 31/01/2026 (optionally followed by a time) ·
 * ColdFusion "January, 31 2026 00:00:00" (also short/Turkish month names) ·
 * ColdFusion "{ts '2026-01-31 00:00:00'}" and "{d '2026-01-31'}".
 * Times may carry fractional seconds ("31.01.2026 10:00:00.000"); month names any case ("NİSAN").
 * "" / null / undefined = empty. Anything else, or an impossible day/month → invalid; a year
 * outside 1900–2199 ("0026" typed for "2026") → invalid with reason 'year'.
 */
import type { IsoDate } from './types';
import { foldTr } from './turkish';
import { istanbulTime } from './istanbul-time';

/** `reason: 'year'`: a real calendar day, but its year is outside MIN_YEAR–MAX_YEAR ("0026" typed for "2026"). */
export type DateParse = { kind: 'empty' } | { kind: 'date'; iso: IsoDate; raw: string } | { kind: 'invalid'; raw: string; reason?: 'year' };

/** The sensible year range of a business date: outside it a year is a typing slip ("0026"), never aged. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2199;

export const EMPTY_DATE: DateParse = Object.freeze({ kind: 'empty' }) as DateParse;

const TIME = String.raw`(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?\s*(?:Z|[+-]\d{2}:?\d{2}|UTC|GMT)?)?`;
const ISO_ZONED_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?\s*(Z|[+-]\d{2}:?\d{2}|UTC|GMT)$/i;
const ISO_RE = new RegExp(String.raw`^(\d{4})-(\d{2})-(\d{2})${TIME}$`, 'i');
const DMY_RE = new RegExp(String.raw`^(\d{1,2})([./])(\d{1,2})\2(\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?)?$`);
const CF_TS_RE = /^\{\s*(?:ts|d)\s*'(\d{4})-(\d{2})-(\d{2})(?:\s+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?'\s*\}$/i;
// Month names in any case, Turkish capitals included ("NİSAN", "ŞUBAT", "AĞUSTOS").
const CF_TEXT_RE = /^([a-zçğıöşüâîûÇĞİÖŞÜÂÎÛ]+)\.?,?\s+(\d{1,2}),?\s+(\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:\s*[ap]m)?)?$/i;

const MONTHS: Record<string, number> = {};
(
  [
    ['january', 'jan', 'ocak', 'oca'],
    ['february', 'feb', 'subat', 'sub'],
    ['march', 'mar', 'mart'],
    ['april', 'apr', 'nisan', 'nis'],
    ['may', 'mayis', 'may'],
    ['june', 'jun', 'haziran', 'haz'],
    ['july', 'jul', 'temmuz', 'tem'],
    ['august', 'aug', 'agustos', 'agu'],
    ['september', 'sep', 'sept', 'eylul', 'eyl'],
    ['october', 'oct', 'ekim', 'eki'],
    ['november', 'nov', 'kasim', 'kas'],
    ['december', 'dec', 'aralik', 'ara'],
  ] as const
).forEach((names, idx) => names.forEach((n) => (MONTHS[n] = idx + 1)));

/** Parses one ERP value as a business date. Never throws; unreadable → { kind: 'invalid', raw }. */
export function parseDate(input: unknown): DateParse {
  if (input === null || input === undefined) return EMPTY_DATE;
  if (typeof input !== 'string') return { kind: 'invalid', raw: typeof input === 'object' ? JSON.stringify(input) : String(input) };
  const raw = input;
  const s = input.trim();
  if (s === '') return EMPTY_DATE;

  // Fast path: plain "YYYY-MM-DD" (the most common form), no regex.
  if (s.length === 10 && s.charCodeAt(4) === 45 && s.charCodeAt(7) === 45) {
    const y = digits(s, 0, 4);
    const m = digits(s, 5, 7);
    const d = digits(s, 8, 10);
    return y >= 0 && m >= 0 && d >= 0 ? make(y, m, d, raw) : { kind: 'invalid', raw };
  }
  let m = ISO_ZONED_RE.exec(s);
  if (m) return zoned(m, raw);
  m = ISO_RE.exec(s);
  if (m) return make(Number(m[1]), Number(m[2]), Number(m[3]), raw);
  m = DMY_RE.exec(s);
  if (m) return make(Number(m[4]), Number(m[3]), Number(m[1]), raw);
  m = CF_TS_RE.exec(s);
  if (m) return make(Number(m[1]), Number(m[2]), Number(m[3]), raw);
  m = CF_TEXT_RE.exec(s);
  if (m) {
    const month = MONTHS[foldTr(m[1]!)];
    if (month) return make(Number(m[3]), month, Number(m[2]), raw);
  }
  return { kind: 'invalid', raw };
}

/** The Istanbul day of an ISO date-time with a zone (groups of ISO_ZONED_RE). */
function zoned(m: RegExpExecArray, raw: string): DateParse {
  const [y, mo, d, h, mi, sec] = [1, 2, 3, 4, 5, 6].map((k) => Number(m[k] ?? 0)) as [number, number, number, number, number, number];
  const written = make(y, mo, d, raw);
  if (written.kind !== 'date' || h > 23 || mi > 59 || sec > 59) return written.kind === 'date' ? { kind: 'invalid', raw } : written;
  const zone = m[7]!.toUpperCase();
  let offset = 0; // minutes east of UTC
  if (zone !== 'Z' && zone !== 'UTC' && zone !== 'GMT') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
  }
  const instant = Date.UTC(y, mo - 1, d, h, mi, sec) - offset * 60_000; // milliseconds, never a string
  const iso = todayIso(new Date(instant));
  const [iy, im, id] = [Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10))];
  return make(iy, im, id, raw);
}

/** The ISO date or null (empty and invalid alike). */
export function toIsoDate(input: unknown): IsoDate | null {
  const p = parseDate(input);
  return p.kind === 'date' ? p.iso : null;
}

function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let k = from; k < to; k++) {
    const c = s.charCodeAt(k) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

function make(y: number, m: number, d: number, raw: string): DateParse {
  if (!isValidYmd(y, m, d)) return { kind: 'invalid', raw };
  if (y < MIN_YEAR || y > MAX_YEAR) return { kind: 'invalid', raw, reason: 'year' };
  return { kind: 'date', iso: ymd(y, m, d), raw };
}

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, m: number): number {
  return m === 2 ? (isLeap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
}

function isValidYmd(y: number, m: number, d: number): boolean {
  return y >= 1 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

function ymd(y: number, m: number, d: number): IsoDate {
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

/** True for a valid "YYYY-MM-DD" (e.g. from a URL parameter). */
export function isIsoDate(s: unknown): s is IsoDate {
  return typeof s === 'string' && s.length === 10 && parseDate(s).kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(s);
}

/** Today's calendar date in Istanbul (the business's time zone), whatever the browser's zone. */
export function todayIso(now: Date = new Date()): IsoDate {
  const { year, month, day } = istanbulTime(now);
  return ymd(year, month, day);
}

/** Milliseconds from `now` to the next midnight in Istanbul (at least 1 s, at most a day): when "today" changes. */
export function msUntilIstanbulMidnight(now: Date = new Date()): number {
  const { hour, minute, second } = istanbulTime(now);
  const elapsed = ((hour * 60 + minute) * 60 + second) * 1000 + now.getMilliseconds();
  return Math.min(Math.max(86_400_000 - elapsed, 1000), 86_400_000);
}

/** Days since 1970-01-01 of an IsoDate (pure arithmetic on the numbers, UTC, no parsing of text by Date). */
function dayNumber(iso: IsoDate): number {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  const d = Number(iso.slice(8, 10));
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
}

function fromDayNumber(n: number): IsoDate {
  const dt = new Date(n * 86_400_000);
  return ymd(dt.getUTCFullYear(), dt.getUTCMonth() + 1, dt.getUTCDate());
}

/** iso + n calendar days (n may be negative). */
export function addDays(iso: IsoDate, n: number): IsoDate {
  return fromDayNumber(dayNumber(iso) + n);
}

/** Whole days from `from` to `to`: diffDays('2026-01-01', '2026-01-31') = 30; negative when `to` is earlier. */
export function diffDays(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** "2026-02-17" → "2026-02-01". */
export function startOfMonth(iso: IsoDate): IsoDate {
  return `${iso.slice(0, 7)}-01`;
}

/** "2026-02-17" → "2026-02-28". */
export function endOfMonth(iso: IsoDate): IsoDate {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  return ymd(y, m, daysInMonth(y, m));
}

/** "2026-02-17" → "2026-01-01". */
export function startOfYear(iso: IsoDate): IsoDate {
  return `${iso.slice(0, 4)}-01-01`;
}

/** Sort comparator for IsoDates (nulls last). */
export function compareIsoDate(a: IsoDate | null | undefined, b: IsoDate | null | undefined): number {
  if (a == null || a === '') return b == null || b === '' ? 0 : 1;
  if (b == null || b === '') return -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

const TYPED_DMY_RE = /^(\d{1,2})[./\-\s](\d{1,2})[./\-\s](\d{2}|\d{4})$/;

/**
 * A date as an accountant types it into a date box (gg.aa.yyyy first): "1.1.26", "01.01.2026",
 * "1/1/2026", "5-3-2026", "01012026" (ggaayyyy), "010126" (ggaayy), besides every form parseDate
 * reads. A two-digit year is 20yy for 00–49 and 19yy for 50–99 ("99" is 1999, not 2099); the box shows
 * the date it understood. "0026" stays a typing slip (reason 'year').
 */
export function parseTypedDate(input: string): DateParse {
  const s = input.trim();
  const m = TYPED_DMY_RE.exec(s);
  if (m) {
    const y = m[3]!.length === 2 ? fullYear(Number(m[3])) : Number(m[3]);
    return make(y, Number(m[2]), Number(m[1]), input);
  }
  if (/^\d{8}$/.test(s) && !/^(19|2[01])\d{2}(0[1-9]|1[0-2])/.test(s.slice(0, 6))) {
    return make(Number(s.slice(4, 8)), Number(s.slice(2, 4)), Number(s.slice(0, 2)), input);
  }
  if (/^\d{6}$/.test(s)) return make(fullYear(Number(s.slice(4, 6))), Number(s.slice(2, 4)), Number(s.slice(0, 2)), input);
  return parseDate(input);
}

/** A two-digit year: 00–49 → 2000–2049, 50–99 → 1950–1999. */
export function fullYear(yy: number): number {
  return yy < 50 ? 2000 + yy : 1900 + yy;
}

/** The year, month (1–12) and day of an ISO date. */
export function isoParts(iso: IsoDate): { y: number; m: number; d: number } {
  return { y: Number(iso.slice(0, 4)), m: Number(iso.slice(5, 7)), d: Number(iso.slice(8, 10)) };
}

/** The ISO date of year, month (1–12), day (no check). */
export function isoOf(y: number, m: number, d: number): IsoDate {
  return ymd(y, m, d);
}

/** 0 = Monday … 6 = Sunday (the Turkish week). */
export function weekdayMondayFirst(iso: IsoDate): number {
  return (((dayNumber(iso) + 3) % 7) + 7) % 7;
}
