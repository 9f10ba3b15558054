/** Review defects of date reading (issue 31): a time zone names an instant; a two-digit year is read 00–49 → 20xx, 50–99 → 19xx. */
import { describe, expect, it } from 'vitest';
import { parseDate, parseTypedDate } from './dates';

describe('an ISO date-time with a time zone is the Istanbul day of that instant', () => {
  it.each([
    ['2026-01-31T21:00:00Z', '2026-02-01'], // 21:00 UTC = 00:00 on 01.02 in Istanbul (UTC+3)
    ['2026-01-31T20:59:59Z', '2026-01-31'], // 23:59:59 in Istanbul
    ['2026-01-31T23:30:00-05:00', '2026-02-01'], // 04:30 UTC on 01.02 = 07:30 in Istanbul
    ['2026-01-31T00:30:00+03:00', '2026-01-31'], // already Istanbul time
    ['2026-12-31T22:00:00.000+0000', '2027-01-01'], // new year in Istanbul
    ['2026-01-31T21:00:00', '2026-01-31'], // no zone: the date as written
  ])('%s → %s', (text, iso) => {
    expect(parseDate(text)).toEqual({ kind: 'date', iso, raw: text });
  });
});

describe('a typed two-digit year', () => {
  it.each([
    ['1.1.99', '1999-01-01'],
    ['31.12.50', '1950-12-31'],
    ['1.1.49', '2049-01-01'],
    ['15.03.26', '2026-03-15'],
    ['010199', '1999-01-01'],
    ['010126', '2026-01-01'],
  ])('%s → %s', (text, iso) => {
    expect(parseTypedDate(text)).toMatchObject({ kind: 'date', iso });
  });
});
