/**
 * The BA/BS period (?ay=YYYY-MM): a calendar month that has ended. Forms are filed for a whole month
 * (due the last day of the following one), so the current or a future month is refused, not guessed.
 * Typed as a Turkish accountant writes it — "10.2026", "10/2026", "Ekim 2026" (any case, with or without
 * Turkish letters: "EKİM 2026", "Kasim 2025") — or as the URL keeps it, "2026-10"; shown as "10.2026" in
 * the field and "Ekim 2026" in words.
 */
import { isoParts } from '../dates';
import { foldTr } from '../turkish';
import type { IsoDate } from '../types';

export type MonthParse = { ok: true; month: string; from: IsoDate; to: IsoDate } | { ok: false; message: string };

const MONTHS = ['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'];
const FOLDED_MONTHS = MONTHS.map(foldTr);

/** '2026-10' → 'Ekim 2026'. */
export function monthName(month: string): string {
  const [y, m] = month.split('-');
  const name = MONTHS[Number(m) - 1];
  return name && y ? `${name} ${y}` : month;
}

/** '2026-10' → '10.2026' (the field's form, as dates are written 31.10.2026); anything else as it is. */
export function monthText(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  return m ? `${m[2]}.${m[1]}` : month;
}

/** The typed text as [year, month number] (the month not yet checked), or null when it is no month form. */
function monthParts(text: string): [number, number] | null {
  let m = /^(\d{4})-(\d{1,2})$/.exec(text);
  if (m) return [Number(m[1]), Number(m[2])];
  m = /^(\d{1,2})\s*[./-]\s*(\d{4})$/.exec(text);
  if (m) return [Number(m[2]), Number(m[1])];
  const words = foldTr(text)
    .split(/[\s.,/-]+/)
    .filter(Boolean);
  if (words.length === 2) {
    const [a, b] = words as [string, string];
    const year = /^\d{4}$/.test(b) ? b : /^\d{4}$/.test(a) ? a : null;
    const name = FOLDED_MONTHS.indexOf(year === b ? a : b);
    if (year && name >= 0) return [Number(year), name + 1];
  }
  return null;
}

/** The last full month before `today` ("2026-11-26" → "2026-10"). */
export function lastFullMonth(today: IsoDate): string {
  const { y, m } = isoParts(today);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

export function monthRange(month: string): { from: IsoDate; to: IsoDate } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

export function parseMonth(input: string | null, today: IsoDate): MonthParse {
  const text = (input ?? '').trim();
  const last = lastFullMonth(today);
  const parts = text === '' ? (last.split('-').map(Number) as [number, number]) : monthParts(text);
  if (!parts) return { ok: false, message: `“${text}” bir ay değil: AA.YYYY biçiminde yazın (ör. ${monthText(last)} ya da ${monthName(last)}).` };
  const [y, m] = parts;
  if (m < 1 || m > 12) return { ok: false, message: `“${text}” geçerli bir ay değil: ay 01 ile 12 arasında olmalı.` };
  if (y < 2000) return { ok: false, message: `“${text}”: 2000 yılından önceki aylar listelenmez.` };
  const month = `${y}-${String(m).padStart(2, '0')}`;
  if (month > last) return { ok: false, message: `${monthName(month)} henüz bitmedi: Ba/Bs formu biten bir ay için verilir (en son ${monthName(last)}).` };
  return { ok: true, month, ...monthRange(month) };
}
