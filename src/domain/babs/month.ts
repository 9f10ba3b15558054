/**
 * The BA/BS period (?ay=YYYY-MM): a calendar month that has ended. Forms are filed for a whole month
 * (due the last day of the following one), so the current or a future month is refused, not guessed.
 */
import { isoParts } from '../dates';
import type { IsoDate } from '../types';

export type MonthParse = { ok: true; month: string; from: IsoDate; to: IsoDate } | { ok: false; message: string };

const MONTH_RE = /^(\d{4})-(\d{2})$/;

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
  const month = text === '' ? lastFullMonth(today) : text;
  const match = MONTH_RE.exec(month);
  if (!match) return { ok: false, message: `“${text}” bir ay değil: YYYY-AA biçiminde yazın (ör. ${lastFullMonth(today)}).` };
  const m = Number(match[2]);
  if (m < 1 || m > 12) return { ok: false, message: `“${text}” geçerli bir ay değil: ay 01 ile 12 arasında olmalı.` };
  if (Number(match[1]) < 2000) return { ok: false, message: `“${text}”: 2000 yılından önceki aylar listelenmez.` };
  if (month > lastFullMonth(today))
    return { ok: false, message: `${month} henüz bitmedi: Ba/Bs formu biten bir ay için verilir (en son ${lastFullMonth(today)}).` };
  return { ok: true, month, ...monthRange(month) };
}
