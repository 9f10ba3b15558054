/**
 * The wall clock in Istanbul (the business's time zone), whatever the browser's zone: one small
 * module that dates.ts ("today") and format.ts (a moment's date and time) share — format.ts is in the
 * login page's code, dates.ts is not.
 */
let clock: Intl.DateTimeFormat | undefined;
/** For moments before FIXED_SINCE only (a time-zone formatter costs several ms of a page's start-up). */
const istanbulClock = () =>
  (clock ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Istanbul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));

/**
 * Türkiye has kept UTC+3 all year since 7 September 2016 (tz database, Europe/Istanbul: "+03" from
 * 2016-09-07): from then on the wall clock is UTC + 3 h, worked out here without a formatter.
 */
const FIXED_SINCE = Date.UTC(2016, 8, 6, 21);
const ISTANBUL_OFFSET_MS = 3 * 3_600_000;

/** The wall clock in Istanbul (the business's time zone) at `now`, whatever the browser's zone. */
export function istanbulTime(now: Date): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const instant = now.getTime() + ISTANBUL_OFFSET_MS;
  if (now.getTime() >= FIXED_SINCE) {
    const d = new Date(instant);
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
    };
  }
  const parts = istanbulClock().formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}
