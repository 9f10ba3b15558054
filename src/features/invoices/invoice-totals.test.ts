import { describe, expect, it } from 'vitest';
import type { Cell, ErpColumn, ErpTable } from '../../domain/erp-types';
import { invoiceTotals, matchInvoiceNumber } from './invoice-totals';

const col = (key: string, field?: string, kind: ErpColumn['kind'] = 'money'): ErpColumn => ({ key, folded: key.toLowerCase(), label: key, kind, field });
/** Number cell from the text the ERP would send ("1234.56"); minor written by hand. */
const num = (value: number, minor: number): Cell => ({ kind: 'number', value, minor, decimals: 2, raw: String(value) });

describe('invoiceTotals', () => {
  const lines: ErpTable = {
    columns: [col('URUN_ADI', 'productName', 'text'), col('KDV_ORANI', 'vatRate', 'number'), col('KDV_TUTARI', 'vatAmount'), col('SATIR_TUTARI', 'amount')],
    rows: [
      { URUN_ADI: { kind: 'text', text: 'Vida' }, KDV_ORANI: num(20, 2000), KDV_TUTARI: num(20.01, 2001), SATIR_TUTARI: num(100.05, 10005) },
      { URUN_ADI: { kind: 'text', text: 'Somun' }, KDV_ORANI: num(10, 1000), KDV_TUTARI: num(3.33, 333), SATIR_TUTARI: num(33.3, 3330) },
      { URUN_ADI: { kind: 'text', text: 'Pul' }, KDV_ORANI: num(20, 2000), KDV_TUTARI: num(0.1, 10), SATIR_TUTARI: num(0.5, 50) },
    ],
    warnings: 0,
  };

  it('sums lines and groups VAT by rate from the ERP amounts (base = line total − VAT)', () => {
    const t = invoiceTotals(lines);
    expect(t.linesTotal).toBe(13385); // 100,05 + 33,30 + 0,50 = 133,85
    expect(t.vatByRate).toEqual([
      { rateHundredths: 1000, rate: 10, base: 2997, vat: 333 }, // 33,30 − 3,33
      { rateHundredths: 2000, rate: 20, base: 8044, vat: 2011 }, // (100,05 − 20,01) + (0,50 − 0,10)
    ]);
    expect(t.vatTotal).toBe(2344);
    expect(t.vatComputed).toBe(false);
  });

  it('computes VAT from base × rate when the ERP sends no VAT amount (half away from zero)', () => {
    const noVat: ErpTable = { ...lines, columns: lines.columns.filter((c) => c.key !== 'KDV_TUTARI') };
    const t = invoiceTotals(noVat);
    // 20% of 100,05 = 20,01; 20% of 0,50 = 0,10 → 20,11; 10% of 33,30 = 3,33
    expect(t.vatByRate?.map((g) => [g.rate, g.vat])).toEqual([
      [10, 333],
      [20, 2011],
    ]);
    expect(t.vatComputed).toBe(true);
  });

  it('uses the net column as the base when there is one', () => {
    const withNet: ErpTable = {
      columns: [col('NET', 'netAmount'), col('KDV_ORANI', 'vatRate', 'number'), col('KDV', 'vatAmount')],
      rows: [
        { NET: num(100, 10000), KDV_ORANI: num(20, 2000), KDV: num(20, 2000) },
        { NET: num(50.5, 5050), KDV_ORANI: num(1, 100), KDV: num(0.51, 51) },
      ],
      warnings: 0,
    };
    const t = invoiceTotals(withNet);
    expect(t.netTotal).toBe(15050);
    expect(t.linesTotal).toBe(17101); // 150,50 net + 20,51 VAT
    expect(t.vatByRate?.map((g) => [g.rate, g.base, g.vat])).toEqual([
      [1, 5050, 51],
      [20, 10000, 2000],
    ]);
  });

  it('no rate column → no VAT breakdown, still the lines total', () => {
    const t = invoiceTotals({ ...lines, columns: [col('SATIR_TUTARI', 'amount')] });
    expect(t.vatByRate).toBeNull();
    expect(t.linesTotal).toBe(13385);
  });
});

describe('matchInvoiceNumber', () => {
  it.each([
    ['417', 'OO2026000417', 'suffix'],
    ['OO2026000417', 'oo2026000417', 'exact'],
    ['00417', 'OO2026000417', 'suffix'],
    ['2026', 'OO2026000417', 'contains'],
    ['418', 'OO2026000417', null],
    ['', 'OO2026000417', null],
  ])('%s vs %s → %s', (q, n, expected) => {
    expect(matchInvoiceNumber(q, n)).toBe(expected);
  });
});
