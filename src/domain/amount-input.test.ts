/**
 * Amounts typed in Turkish (issue 46): the comma is the decimal mark, a dot or a space groups
 * thousands; "1,500" is never guessed. Every expected figure is worked by hand, in kuruş.
 */
import { amountInputMessage, parseAmountInput, type AmountInput } from './money';

describe('parseAmountInput: what a Turkish user types', () => {
  it.each([
    ['1.500', 150_000],
    ['1.500,50', 150_050],
    ['1.500,5', 150_050],
    ['1500', 150_000],
    ['1 500,00', 150_000],
    ['1\u00a0500,00', 150_000],
    ['1\u202f500', 150_000],
    ['1.200.000', 120_000_000],
    ['1 200 000,75', 120_000_075],
    ['0,5', 50],
    ['12,34', 1_234],
    ['50.000', 5_000_000],
    ['50.000,00', 5_000_000],
    ['0', 0],
    ['0,00', 0],
    ['007', 700],
    ['  1.500,50 TL ', 150_050],
    ['1.500TL', 150_000],
    ['1.500 tl', 150_000],
    ['1.500 ₺', 150_000],
    // 2^53 − 1 kuruş, the largest exact amount.
    ['90.071.992.547.409,91', 9_007_199_254_740_991],
  ])('%j → %d kuruş', (text, minor) => {
    expect(parseAmountInput(text)).toEqual({ kind: 'amount', minor });
  });

  it('"1,500" is not guessed: ambiguous, with both readings (1.500 and 1,50)', () => {
    expect(parseAmountInput('1,500')).toEqual({ kind: 'ambiguous', text: '1,500', thousands: 150_000, decimal: 150 });
    expect(parseAmountInput('999,990 TL')).toEqual({ kind: 'ambiguous', text: '999,990 TL', thousands: 99_999_000, decimal: 99_999 });
  });

  it('"1,505" is ambiguous too (a comma grouping thousands, as in English): no decimal reading, three decimals are no amount', () => {
    expect(parseAmountInput('1,505')).toEqual({ kind: 'ambiguous', text: '1,505', thousands: 150_500, decimal: null });
  });

  it.each([
    ['1.50', 'grouping'],
    ['15.00', 'grouping'],
    ['1.50.0', 'grouping'],
    ['0.500', 'grouping'],
    ['1,500,000', 'grouping'],
    ['1,500.00', 'grouping'],
    ['1.500 000', 'grouping'],
    ['1  500', 'grouping'],
    ['1.234,567', 'decimals'],
    ['1234,567', 'decimals'],
    ['0,500', 'decimals'],
    ['1,5000', 'decimals'],
    ['abc', 'form'],
    ['12a', 'form'],
    ['1.500,', 'form'],
    [',50', 'form'],
    ['TL', 'form'],
    ['+5', 'form'],
    ['1e3', 'form'],
    ['90.071.992.547.409,92', 'tooLarge'],
    ['99999999999999999999', 'tooLarge'],
  ])('%j is invalid (%s)', (text, problem) => {
    expect(parseAmountInput(text)).toEqual({ kind: 'invalid', text: text.trim(), problem });
  });

  it('"" and spaces are empty', () => {
    expect(parseAmountInput('')).toEqual({ kind: 'empty' });
    expect(parseAmountInput('  \u00a0')).toEqual({ kind: 'empty' });
  });

  it('a minus only where the caller allows negatives', () => {
    expect(parseAmountInput('-1.500')).toEqual({ kind: 'invalid', text: '-1.500', problem: 'negative' });
    expect(parseAmountInput('-1.500', { negative: true })).toEqual({ kind: 'amount', minor: -150_000 });
    expect(parseAmountInput('−1.500,5', { negative: true })).toEqual({ kind: 'amount', minor: -150_050 });
    expect(Object.is((parseAmountInput('-0', { negative: true }) as { minor: number }).minor, 0)).toBe(true);
    expect(parseAmountInput('-1,500', { negative: true })).toEqual({ kind: 'ambiguous', text: '-1,500', thousands: -150_000, decimal: -150 });
    expect(parseAmountInput('-1.50', { negative: true })).toMatchObject({ kind: 'invalid', problem: 'grouping' });
  });
});

describe('amountInputMessage: one wording for every form', () => {
  const msg = (text: string, subject?: string, negative = false) => amountInputMessage(parseAmountInput(text, { negative }), subject);

  it('names the ambiguity and both ways to write it', () => {
    expect(msg('1,500', 'Söz tutarı')).toBe('Söz tutarı “1,500” belirsiz: bin beş yüz için “1.500”, bir buçuk için “1,50” yazın.');
    expect(msg('12,340')).toBe('Tutar “12,340” belirsiz: on iki bin üç yüz kırk için “12.340”, on iki virgül otuz dört için “12,34” yazın.');
    expect(msg('1,000')).toBe('Tutar “1,000” belirsiz: bin için “1.000”, bir için “1,00” yazın.');
    expect(msg('1,050')).toBe('Tutar “1,050” belirsiz: bin elli için “1.050”, bir virgül sıfır beş için “1,05” yazın.');
    expect(msg('999,990')).toBe(
      'Tutar “999,990” belirsiz: dokuz yüz doksan dokuz bin dokuz yüz doksan için “999.990”, dokuz yüz doksan dokuz virgül doksan dokuz için “999,99” yazın.',
    );
    expect(msg('1,505')).toBe('Tutar “1,505” belirsiz: bin beş yüz beş için “1.505” yazın; kuruşlu bir tutarsa virgülden sonra en çok iki hane yazılır.');
    expect(msg('-1,500', 'Tutar', true)).toBe('Tutar “-1,500” belirsiz: eksi bin beş yüz için “-1.500”, eksi bir buçuk için “-1,50” yazın.');
  });

  it('shows the expected form “1.234,56” and what was typed', () => {
    expect(msg('', 'Söz tutarı')).toBe('Söz tutarı “1.234,56” biçiminde girilmeli.');
    expect(msg('15.00')).toBe(
      'Tutar “1.234,56” biçiminde girilmeli. “15.00” okunamadı: nokta binlikleri ayırır ve ardından tam üç hane gelir (1.500); kuruş virgülle yazılır (15,00).',
    );
    expect(msg('1.234,567')).toBe('Tutar “1.234,56” biçiminde girilmeli. “1.234,567” okunamadı: virgülden sonra en çok iki hane (kuruş) yazılır.');
    expect(msg('elli bin')).toBe('Tutar “1.234,56” biçiminde girilmeli. “elli bin” bir tutar değil.');
    expect(msg('-5')).toBe('Tutar eksi (-) işareti olmadan girilmeli.');
    expect(msg('99999999999999999999')).toBe('Tutar çok büyük: “99999999999999999999”.');
    expect(msg('x'.repeat(100))).toBe(`Tutar “1.234,56” biçiminde girilmeli. “${'x'.repeat(29)}…” bir tutar değil.`);
  });

  it('says nothing about an amount, and never "NaN" or "undefined"', () => {
    expect(msg('1.500')).toBeNull();
    const all: AmountInput[] = ['1,500', '1,505', '9,999', '1.50', '', 'abc', '1,5000', '-3', '-1,001'].map((t) =>
      parseAmountInput(t, { negative: t === '-1,001' }),
    );
    for (const r of all) expect(amountInputMessage(r)).not.toMatch(/NaN|undefined|null/);
  });
});
