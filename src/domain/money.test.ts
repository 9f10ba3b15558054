import { addMinor, parseNumber, sumMinor, toMinor, vatOf } from './money';
import { csvMoney, formatBalance, formatMoney } from './format';

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

  describe('a lone separator is the decimal mark, unless exactly three digits follow it', () => {
    it.each([
      ['1.5', 150],
      ['1,5', 150],
      ['12.34', 1234],
      ['0,123', 12], // "0" never starts a thousands group: a decimal
      ['1234.567', 123457], // four integer digits: not a thousands group either
    ])('%s → %d kuruş', (input, minor) => {
      expect(toMinor(input)).toBe(minor);
    });
    it('several dots of correct grouping are thousands', () => {
      expect(toMinor('12.345.678')).toBe(1_234_567_800);
    });
  });

  describe('ambiguous "1.234" / "1,234": read by the column\'s decimal mark, never guessed', () => {
    // [input, minor with "," as the decimal mark, minor with "." as the decimal mark]
    it.each([
      ['1.234', 123_400, 123],
      ['1,234', 123, 123_400],
      ['-1.234', -123_400, -123],
      ['999,999', 100_000, 99_999_900],
      ['(1.234)', -123_400, -123],
      ['1.235', 123_500, 124], // 1,235 rounds half up to 1,24
    ])('%s → %d kuruş with "," decimals, %d kuruş with "." decimals', (input, commaMinor, dotMinor) => {
      expect(parseNumber(input, ',')).toMatchObject({ kind: 'number', minor: commaMinor });
      expect(parseNumber(input, '.')).toMatchObject({ kind: 'number', minor: dotMinor });
    });
    it.each([['1.234'], ['1,234'], ['-1.234'], ['(1,234)'], ['1.005']])('%s with no known mark is flagged, not a number', (input) => {
      expect(parseNumber(input)).toEqual({ kind: 'invalid', raw: input, ambiguous: true });
      expect(parseNumber(input, null)).toEqual({ kind: 'invalid', raw: input, ambiguous: true });
      expect(toMinor(input)).toBeNull();
    });
    it('a known mark does not change unambiguous values', () => {
      expect(parseNumber('1.234,56', '.')).toMatchObject({ minor: 123_456 });
      expect(parseNumber('0.5', ',')).toMatchObject({ minor: 50 });
      expect(parseNumber('1.234.567', '.')).toMatchObject({ minor: 123_456_700 });
    });
  });

  describe('accounting negatives and space grouping', () => {
    it.each([
      ['(1.234,56)', -123_456],
      ['(12,50)', -1250],
      ['( 7 )', -700],
      ['1 234,50', 123_450],
      ['1\u00a0234,50', 123_450], // no-break space
      ['1\u202f234,50', 123_450], // narrow no-break space (what tr-TR Intl writes in some runtimes)
      ['-1 234 567,8', -123_456_780],
      ['(1 234,50)', -123_450],
      ['1 234', 123_400],
      ['1 234.567', 123_457], // space-grouped: the lone "." can only be the decimal mark
      ['1 234,567', 123_457],
    ])('%j → %d kuruş', (input, minor) => {
      expect(parseNumber(input)).toMatchObject({ kind: 'number', minor, raw: input });
    });
    it.each([['(-5)'], ['-(5)'], ['((5))'], ['(5'], ['5)'], ['()'], ['12 34'], ['1 2345'], ['1  234'], ['1 234\u00a0567'], ['0 123']])(
      '%j is invalid',
      (input) => {
        expect(parseNumber(input)).toEqual({ kind: 'invalid', raw: input });
      },
    );
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
    ])('%s → %d (with "." the decimal mark of its column)', (input, minor) => {
      expect(parseNumber(input, '.')).toMatchObject({ kind: 'number', minor });
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
      ['1 23'],
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

describe('sums past 2^53 kuruş (≈ 90 trilyon TL) — review defect', () => {
  // 2^53 = 9 007 199 254 740 992. As floats, 9 007 199 254 740 992 + 1 + 1 stays ...992 (each +1 is lost).
  it('exact when the total comes back into range, even if a partial sum went past it', () => {
    expect(sumMinor([Number.MAX_SAFE_INTEGER, 1, 1, -3])).toBe(Number.MAX_SAFE_INTEGER - 1);
    expect(sumMinor([Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER])).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('a total that cannot be held exactly is said so (shown as a Turkish message, never rounded digits)', () => {
    const total = sumMinor([Number.MAX_SAFE_INTEGER, 1, 1]);
    expect(Number.isSafeInteger(total)).toBe(false);
    expect(formatMoney(total)).toBe('Tutar çok büyük');
    expect(formatMoney(-total)).toBe('Tutar çok büyük');
    expect(csvMoney(total)).toBe('Tutar çok büyük');
    expect(formatBalance(total).text).toBe('Tutar çok büyük');
  });
});

describe('addMinor: a running total one value at a time', () => {
  it('exact in range; past 2^53 it stays "too large" even if later values would bring it back', () => {
    expect(addMinor(10, -25)).toBe(-15);
    const over = addMinor(Number.MAX_SAFE_INTEGER, 2);
    expect(Number.isSafeInteger(over)).toBe(false);
    expect(Number.isSafeInteger(addMinor(over, -10))).toBe(false);
    expect(formatMoney(addMinor(over, -10))).toBe('Tutar çok büyük');
  });
});

describe('vatOf: the one VAT of an amount in kuruş (invoices and vade farkı)', () => {
  it('rounds to the kuruş half away from zero, credit notes too', () => {
    // 1.234,00 TL × %18 = 222,12 TL exactly
    expect(vatOf(123400, 18)).toBe(22212);
    // 2,50 TL × %1 = 0,025 TL → 0,03 TL; a credit note of −2,50 TL → −0,03 TL (not −0,02)
    expect(vatOf(250, 1)).toBe(3);
    expect(vatOf(-250, 1)).toBe(-3);
    // 15.432.098,63 TL × %20 = 3.086.419,726 TL → 3.086.419,73 TL
    expect(vatOf(1543209863, 20)).toBe(308641973);
    // a rate with decimals: 100,00 TL × %0,5 = 0,50 TL; 0,99 TL × %8,75 = 0,086625 TL → 0,09 TL
    expect(vatOf(10000, 0.5)).toBe(50);
    expect(vatOf(99, 8.75)).toBe(9);
    expect(vatOf(0, 20)).toBe(0);
    expect(vatOf(10000, 0)).toBe(0);
  });
});
