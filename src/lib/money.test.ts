import { parseNumber, sumMinor, toMinor } from './money';

describe('parseNumber: every number form of erp-contract §6', () => {
  it.each([
    // [input, minor (kuruş), value, decimals]
    [1234.56, 123456, 1234.56, 2],
    [0, 0, 0, 0],
    [-7, -700, -7, 0],
    [0.1, 10, 0.1, 1],
    ['1234.56', 123456, 1234.56, 2],
    ['1234,56', 123456, 1234.56, 2],
    ['1.234,56', 123456, 1234.56, 2],
    ['1,234.56', 123456, 1234.56, 2],
    ['-1.234,56', -123456, -1234.56, 2],
    ['-1234.5', -123450, -1234.5, 1],
    ['+12', 1200, 12, 0],
    ['00123', 12300, 123, 0],
    ['  42,5  ', 4250, 42.5, 1],
    ['1.234.567', 123456700, 1234567, 0],
    ['1,234,567', 123456700, 1234567, 0],
    ['1.234.567,89', 123456789, 1234567.89, 2],
    ['1,234,567.89', 123456789, 1234567.89, 2],
    ['.5', 50, 0.5, 1],
    ['1.5E3', 150000, 1500, 0],
    ['2e-2', 2, 0.02, 2],
  ])('%j → %d kuruş', (input, minor, value, decimals) => {
    const p = parseNumber(input);
    expect(p).toMatchObject({ kind: 'number', minor, value, decimals });
  });

  it('keeps the raw text as sent', () => {
    expect(parseNumber('  1.234,56 ')).toMatchObject({ raw: '  1.234,56 ' });
    expect(parseNumber(12.5)).toMatchObject({ raw: '12.5' });
  });

  describe('single-separator rule (documented choice): a lone "." or "," is the decimal separator', () => {
    it.each([
      ['1.5', 150],
      ['1,5', 150],
      // One "." followed by exactly three digits is ambiguous; WEX writes "." decimals, so it is 1,234.
      ['1.234', 123],
      ['1,234', 123],
      ['1.235', 124], // 1,235 → rounds half up to 1,24
    ])('%s → %d kuruş', (input, minor) => {
      expect(toMinor(input)).toBe(minor);
    });
    it('several dots of correct grouping are thousands', () => {
      expect(toMinor('12.345.678')).toBe(1_234_567_800);
    });
  });

  describe('rounding to kuruş from the exact text (half away from zero, no float arithmetic)', () => {
    it.each([
      ['0.005', 1],
      ['0.004', 0],
      ['-0.005', -1],
      ['1.005', 101], // as a float 1.005*100 = 100.49999…; from the text it is exactly half
      ['2.675', 268], // float 2.675 is 2.67499999…
      ['1234567.999', 123456800],
      ['0.0049999', 0],
    ])('%s → %d', (input, minor) => {
      expect(toMinor(input)).toBe(minor);
    });
    it('-0 is plain 0', () => {
      expect(Object.is(toMinor('-0,00'), 0)).toBe(true);
      expect(Object.is(toMinor(-0), 0)).toBe(true);
    });
  });

  describe('empty values', () => {
    it.each([[''], ['   '], [null], [undefined]])('%j is empty', (input) => {
      expect(parseNumber(input)).toEqual({ kind: 'empty' });
    });
  });

  describe('unreadable values are invalid, never 0', () => {
    it.each([
      ['abc'],
      ['12a'],
      ['1.2.3'], // dots that are not a thousands grouping
      ['1.234,56,7'],
      ['1,2,3'],
      ['12,34.56.7'],
      ['1.23,4.5'],
      ['--5'],
      ['-'],
      ['.'],
      ['1 234'],
      ['₺12'],
      ['12,345.678,9'],
      ['1.234,567.8'],
    ])('%j', (input) => {
      expect(parseNumber(input)).toEqual({ kind: 'invalid', raw: input });
    });
    it('non-number JSON values are invalid with a readable raw text', () => {
      expect(parseNumber(true)).toEqual({ kind: 'invalid', raw: 'true' });
      expect(parseNumber({ a: 1 })).toEqual({ kind: 'invalid', raw: '{"a":1}' });
      expect(parseNumber(Number.NaN)).toEqual({ kind: 'invalid', raw: 'NaN' });
    });
    it('toMinor gives null for empty and invalid', () => {
      expect(toMinor('')).toBeNull();
      expect(toMinor('x')).toBeNull();
    });
  });

  it('sums are exact in kuruş: 0,10 + 0,20 = 0,30 and a thousand 0,01 are 10,00', () => {
    expect(sumMinor([toMinor('0,10'), toMinor('0.20')])).toBe(30);
    expect(sumMinor(Array.from({ length: 1000 }, () => toMinor('0.01')))).toBe(1000);
    expect(sumMinor([100, null, undefined, -50])).toBe(50);
  });
});
