import {
  addDays,
  compareIsoDate,
  diffDays,
  endOfMonth,
  isIsoDate,
  msUntilIstanbulMidnight,
  parseDate,
  parseTypedDate,
  startOfMonth,
  startOfYear,
  toIsoDate,
  todayIso,
} from './dates';

describe('parseDate: every date form of erp-contract §6', () => {
  it.each([
    ['2026-01-31', '2026-01-31'],
    ['2026-01-31T10:00:00', '2026-01-31'],
    ['2026-01-31T10:00:00.123', '2026-01-31'],
    ['2026-01-31T10:00:00Z', '2026-01-31'],
    ['2026-01-31T10:00:00.000Z', '2026-01-31'],
    ['2026-01-31T10:00:00+0000', '2026-01-31'],
    ['2026-01-31T23:30:00-05:00', '2026-02-01'], // an instant: 04:30 UTC on 01.02 is 07:30 in Istanbul (dates-zone.test.ts)
    ['2026-01-31T00:30:00+03:00', '2026-01-31'],
    ['2026-01-31 00:00:00', '2026-01-31'],
    ['31.01.2026', '2026-01-31'],
    ['31/01/2026', '2026-01-31'],
    ['1.2.2026', '2026-02-01'],
    ['31.01.2026 14:05', '2026-01-31'],
    ['January, 31 2026 00:00:00', '2026-01-31'],
    ['February, 01 2026 00:00:00', '2026-02-01'],
    ['December, 31 2025 23:59:59', '2025-12-31'],
    ['Jan, 05 2026', '2026-01-05'],
    ['Şubat, 28 2026 00:00:00', '2026-02-28'],
    ["{ts '2026-01-31 00:00:00'}", '2026-01-31'],
    ["{ts '2026-12-01 13:45:10'}", '2026-12-01'],
    ["{d '2026-03-15'}", '2026-03-15'],
    ['  2026-01-31  ', '2026-01-31'],
    ['2024-02-29', '2024-02-29'], // leap year
    ['29.02.2000', '2000-02-29'], // divisible by 400
    // Turkish month names in capitals: "İ" (dotted capital I) is a Turkish letter, not noise.
    ['NİSAN, 15 2026 00:00:00', '2026-04-15'],
    ['EYLÜL, 01 2026 00:00:00', '2026-09-01'],
    ['Nisan, 15 2026', '2026-04-15'],
    ['ŞUBAT, 28 2026 00:00:00', '2026-02-28'],
    ['AĞUSTOS, 31 2026 00:00:00', '2026-08-31'],
    ['KASIM, 30 2026 00:00:00', '2026-11-30'],
    // Fractional seconds after a day-first date or a ColdFusion text date.
    ['31.01.2026 10:00:00.000', '2026-01-31'],
    ['31/01/2026 10:00:00,5', '2026-01-31'],
    ['January, 31 2026 10:00:00.000', '2026-01-31'],
    // The sensible year range: 1900–2199.
    ['01.01.1900', '1900-01-01'],
    ['2199-12-31', '2199-12-31'],
  ])('%s → %s', (input, iso) => {
    expect(parseDate(input)).toEqual({ kind: 'date', iso, raw: input });
  });

  describe('impossible days and months are invalid, never shifted into the next month', () => {
    it.each([
      ['2026-02-29'],
      ['2026-02-30'],
      ['2026-13-01'],
      ['2026-00-10'],
      ['2026-04-31'],
      ['31.04.2026'],
      ['00/01/2026'],
      ['29.02.1900'], // 1900 is not a leap year
      ['February, 30 2026 00:00:00'],
      ['Smarch, 01 2026 00:00:00'],
      ["{ts '2026-02-31 00:00:00'}"],
      ['2026/01/31'],
      ['01-31-2026'],
      ['yarın'],
      ['20260131'],
    ])('%s', (input) => {
      expect(parseDate(input)).toEqual({ kind: 'invalid', raw: input });
    });
    it.each([['0026-04-15'], ['15.04.0026'], ["{ts '0026-04-15 00:00:00'}"], ['Nisan, 15 0026'], ['1899-12-31'], ['2200-01-01'], ['31.12.9999']])(
      'a year outside 1900–2199 (%s: "0026" typed for "2026") is invalid and says why',
      (input) => {
        expect(parseDate(input)).toEqual({ kind: 'invalid', raw: input, reason: 'year' });
      },
    );
    it('numbers and objects are not dates', () => {
      expect(parseDate(20260131)).toEqual({ kind: 'invalid', raw: '20260131' });
      expect(parseDate({})).toEqual({ kind: 'invalid', raw: '{}' });
    });
  });

  it.each([[''], ['  '], [null], [undefined]])('%j is empty', (input) => {
    expect(parseDate(input)).toEqual({ kind: 'empty' });
    expect(toIsoDate(input)).toBeNull();
  });

  it('never reads a date string through the Date constructor or Date.parse (time-zone independence)', () => {
    const RealDate = Date;
    const stringCalls: unknown[][] = [];
    // The Date the module sees while it reads: records every construction with a string argument.
    class WatchedDate extends RealDate {
      constructor(...args: unknown[]) {
        if (args.some((a) => typeof a === 'string')) stringCalls.push(args);
        super(...(args as []));
      }
    }
    const parse = vi.spyOn(RealDate, 'parse');
    globalThis.Date = WatchedDate as DateConstructor;
    try {
      // The watch sees a string construction (the test can fail)…
      new Date('2026-01-31');
      expect(stringCalls).toEqual([['2026-01-31']]);
      stringCalls.length = 0;
      // …and none while every form the ERP sends is read.
      const forms = [
        'January, 31 2026 00:00:00',
        "{ts '2026-02-04 00:00:00'}",
        '2026-01-31T23:59:59Z',
        '2026-01-31',
        '25/01/2026',
        '25.02.2026',
        '31.01.26',
        '2026-02-30',
        'yarın',
      ];
      for (const input of forms) {
        parseDate(input);
        toIsoDate(input);
        parseTypedDate(input);
      }
      todayIso();
      addDays('2026-03-28', 2);
      msUntilIstanbulMidnight();
    } finally {
      globalThis.Date = RealDate;
    }
    expect(stringCalls).toEqual([]);
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
  });

  it('gives the same date whatever the process time zone says', () => {
    const before = process.env.TZ;
    try {
      for (const tz of ['America/New_York', 'Pacific/Kiritimati', 'UTC']) {
        process.env.TZ = tz;
        expect(toIsoDate('January, 31 2026 00:00:00')).toBe('2026-01-31');
        expect(toIsoDate('2026-01-31T23:59:59Z')).toBe('2026-02-01'); // 02:59 on 01.02 in Istanbul, in any process zone
        expect(toIsoDate('2026-01-31T20:59:59Z')).toBe('2026-01-31');
        expect(addDays('2026-03-28', 2)).toBe('2026-03-30'); // across a DST change in many zones
      }
    } finally {
      process.env.TZ = before;
    }
  });
});

describe('date helpers', () => {
  it('todayIso is the Istanbul calendar date (UTC+3)', () => {
    expect(todayIso(new Date(Date.UTC(2026, 0, 31, 20, 59)))).toBe('2026-01-31'); // 23:59 in Istanbul
    expect(todayIso(new Date(Date.UTC(2026, 0, 31, 21, 0)))).toBe('2026-02-01'); // 00:00 in Istanbul
    expect(todayIso(new Date(Date.UTC(2025, 11, 31, 22, 30)))).toBe('2026-01-01');
    expect(todayIso()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2026-03-01', -30, '2026-01-30'],
    ['2026-01-15', 0, '2026-01-15'],
    ['2025-01-01', 365, '2026-01-01'],
  ])('addDays(%s, %d) = %s', (iso, n, expected) => {
    expect(addDays(iso, n)).toBe(expected);
  });

  it.each([
    ['2026-01-01', '2026-01-31', 30],
    ['2026-01-31', '2026-01-01', -30],
    ['2026-02-01', '2026-03-01', 28],
    ['2024-02-01', '2024-03-01', 29],
    ['2025-12-31', '2026-01-01', 1],
    ['2025-01-01', '2026-01-01', 365],
    ['2026-03-29', '2026-03-30', 1],
  ])('diffDays(%s, %s) = %d', (a, b, n) => {
    expect(diffDays(a, b)).toBe(n);
  });

  it('month and year boundaries', () => {
    expect(startOfMonth('2026-02-17')).toBe('2026-02-01');
    expect(endOfMonth('2026-02-17')).toBe('2026-02-28');
    expect(endOfMonth('2024-02-01')).toBe('2024-02-29');
    expect(endOfMonth('2026-04-30')).toBe('2026-04-30');
    expect(startOfYear('2026-02-17')).toBe('2026-01-01');
  });

  it('compareIsoDate sorts chronologically with empty dates last', () => {
    const dates = ['2026-02-01', null, '2025-12-31', '2026-01-31', ''];
    expect([...dates].sort(compareIsoDate)).toEqual(['2025-12-31', '2026-01-31', '2026-02-01', null, '']);
  });

  it('isIsoDate accepts only a valid YYYY-MM-DD', () => {
    expect(isIsoDate('2026-01-31')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('31.01.2026')).toBe(false);
    expect(isIsoDate('2026-01-31T00:00:00')).toBe(false);
    expect(isIsoDate(undefined)).toBe(false);
  });
});
