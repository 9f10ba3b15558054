import { csvMoney, formatBalance, formatBytes, formatCount, formatDate, formatDateTime, formatMoney, formatNumber } from './format';
import { sumMinor, toMinor } from './money';

describe('formatMoney: kuruş → tr-TR', () => {
  it.each([
    [123456, '1.234,56'],
    [0, '0,00'],
    [5, '0,05'],
    [10, '0,10'],
    [100, '1,00'],
    [-123456, '-1.234,56'],
    [-5, '-0,05'],
    [123456789012, '1.234.567.890,12'],
    [100000000, '1.000.000,00'],
  ])('%d → %s', (minor, text) => {
    expect(formatMoney(minor)).toBe(text);
  });

  it('0,10 + 0,20 shows 0,30 (exact sums, no float 0.30000000000000004)', () => {
    expect(formatMoney(sumMinor([toMinor('0,10'), toMinor('0,20')]))).toBe('0,30');
    expect(formatMoney(sumMinor([toMinor('1.234,56'), toMinor('-234.56'), toMinor(0.01)]))).toBe('1.000,01');
  });
});

describe('formatBalance: side letter B (borçlu) / A (alacaklı)', () => {
  it.each([
    [150075, '1.500,75', 'B'],
    [-150075, '1.500,75', 'A'],
    [0, '0,00', ''],
  ])('%d → %s %s', (minor, text, side) => {
    expect(formatBalance(minor)).toEqual({ text, side });
  });
});

describe('formatDate: ISO → 31.01.2026', () => {
  it.each([
    ['2026-01-31', '31.01.2026'],
    ['2025-12-01', '01.12.2025'],
  ])('%s → %s', (iso, text) => {
    expect(formatDate(iso)).toBe(text);
  });
});

describe('numbers and counts', () => {
  it('formatNumber writes whole numbers as Intl tr-TR does, without it', () => {
    const intl = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 4, signDisplay: 'negative' });
    for (const n of [0, -0, 1, -1, 7, 999, 1000, -1000, 12345, 100000, -1234567, 2 ** 31, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]) {
      expect(formatNumber(n)).toBe(intl.format(n));
    }
    expect(formatNumber(-1234567)).toBe('-1.234.567');
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(1e21)).toBe(intl.format(1e21));
  });

  it('formatNumber uses tr-TR separators', () => {
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatNumber(-0.125, 2)).toMatch(/^-0,1[23]$/);
    expect(formatNumber(18)).toBe('18');
  });
  it('formatBytes: KB below a megabyte, MB with one decimal comma above (1 KB = 1024 bytes)', () => {
    expect(formatBytes(0)).toBe('0 KB');
    expect(formatBytes(8 * 1024)).toBe('8 KB');
    expect(formatBytes(1023 * 1024)).toBe('1.023 KB');
    expect(formatBytes(1024 * 1024)).toBe('1 MB');
    expect(formatBytes(15_809 * 1024)).toBe('15,4 MB');
    // By hand: 1.95 MB is 2 MB to one decimal (no ",0"); 2,000 MB is grouped.
    expect(formatBytes(1.95 * 1024 * 1024)).toBe('2 MB');
    expect(formatBytes(1.25 * 1024 * 1024)).toBe('1,3 MB');
    expect(formatBytes(2000 * 1024 * 1024)).toBe('2.000 MB');
    expect(formatBytes(16_620_379)).toBe('15,9 MB');
  });

  it('formatCount groups thousands', () => {
    expect(formatCount(100000)).toBe('100.000');
    expect(formatCount(999)).toBe('999');
  });
  it('csvMoney is comma-decimal without grouping', () => {
    expect(csvMoney(123456)).toBe('1234,56');
    expect(csvMoney(-5)).toBe('-0,05');
  });
});

describe('the Istanbul wall clock without a time-zone formatter (UTC+3 since 7 September 2016)', () => {
  it('matches the tz database on both sides of midnight and of the 2016 change', () => {
    // 31.12.2026 20:59:59 UTC is 23:59 in Istanbul; 21:00 UTC is already the next year there.
    expect(formatDateTime(new Date(Date.UTC(2026, 11, 31, 20, 59, 59)))).toBe('31.12.2026 23:59');
    expect(formatDateTime(new Date(Date.UTC(2026, 11, 31, 21, 0)))).toBe('01.01.2027 00:00');
    // 29.02.2028 (a leap day) 12:05 UTC → 15:05.
    expect(formatDateTime(new Date(Date.UTC(2028, 1, 29, 12, 5)))).toBe('29.02.2028 15:05');
    // Winter 2015 was UTC+2 (EET): 15.01.2015 10:00 UTC → 12:00 — read from the tz database.
    expect(formatDateTime(new Date(Date.UTC(2015, 0, 15, 10, 0)))).toBe('15.01.2015 12:00');
    expect(formatDateTime(new Date('not a date'))).toBe('');
  });
});
