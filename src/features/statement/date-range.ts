/**
 * Statement date range: URL params ?from=&to= (ISO business dates) and the presets.
 * Presets are whole periods: this month = 1st..last day of the month, this year = 01.01..31.12,
 * last 12 months = the day after the same date a year ago .. today, all = no bounds.
 */
import type { IsoDate } from '../../domain/types';
import { addDays, daysInMonth, endOfMonth, isIsoDate, startOfMonth, startOfYear } from '../../domain/dates';

export interface DateRange {
  from: IsoDate | null;
  to: IsoDate | null;
}
export type RangePreset = 'thisMonth' | 'thisYear' | 'last12Months' | 'all';
export const RANGE_PRESETS: readonly RangePreset[] = ['thisMonth', 'thisYear', 'last12Months', 'all'];

/** A valid calendar date in ISO form, else null (so a hand-edited URL never shows "Invalid Date"). */
export function parseIsoParam(value: string | null): IsoDate | null {
  return isIsoDate(value) ? value : null;
}

export function presetRange(preset: RangePreset, today: IsoDate): DateRange {
  switch (preset) {
    case 'thisMonth':
      return { from: startOfMonth(today), to: endOfMonth(today) };
    case 'thisYear':
      return { from: startOfYear(today), to: `${today.slice(0, 4)}-12-31` };
    case 'last12Months': {
      const y = Number(today.slice(0, 4)) - 1;
      const m = Number(today.slice(5, 7));
      const d = Math.min(Number(today.slice(8, 10)), daysInMonth(y, m));
      const yearAgo = `${String(y).padStart(4, '0')}-${today.slice(5, 7)}-${String(d).padStart(2, '0')}`;
      return { from: addDays(yearAgo, 1), to: today };
    }
    case 'all':
      return { from: null, to: null };
  }
}

/** Which preset the range equals (to highlight its button), or null for a custom range. */
export function matchingPreset(range: DateRange, today: IsoDate): RangePreset | null {
  for (const p of RANGE_PRESETS) {
    const r = presetRange(p, today);
    if (r.from === range.from && r.to === range.to) return p;
  }
  return null;
}

/** The range with its ends swapped when `from` is after `to` (a typed 31.03 – 01.01 means 01.01 – 31.03). */
export function orderedRange(from: IsoDate | null, to: IsoDate | null): DateRange {
  return from !== null && to !== null && from > to ? { from: to, to: from } : { from, to };
}
