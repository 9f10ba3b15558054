import { describe, expect, it } from 'vitest';
import type { Cell, ErpColumn, ErpTable } from './erp-types';
import { agingLayout, bucketOf, bucketTotals, rowTotal } from './aging-buckets';

const col = (key: string, kind: ErpColumn['kind'] = 'money', field?: string): ErpColumn => ({ key, folded: key.toLowerCase(), label: key, kind, field });
const m = (minor: number): Cell => ({ kind: 'number', value: minor / 100, minor, decimals: 2, raw: String(minor / 100) });

describe('bucketOf', () => {
  it.each([
    ['VADESI_GELMEMIS', null, null, true],
    ['Vadesi Gelmemiş', null, null, true],
    ['GUN_0_30', 0, 30, false],
    ['31-60 Gün', 31, 60, false],
    ['91_120', 91, 120, false],
    ['120+', 121, null, false],
    ['GUN_120_USTU', 121, null, false],
    ['over_120_days', 121, null, false],
  ])('%s → %s..%s', (key, from, to, notDue) => {
    expect(bucketOf(col(key))).toMatchObject({ from, to, notDue });
  });

  it.each(['FIRMA_ADI', 'BAKIYE', 'ADRES_2'])('%s is not a bucket', (key) => {
    expect(bucketOf(col(key, key === 'FIRMA_ADI' ? 'text' : 'money'))).toBeNull();
  });

  it('text columns are never buckets', () => {
    expect(bucketOf(col('GUN_0_30', 'text'))).toBeNull();
  });
});

describe('agingLayout', () => {
  const columns = [
    col('CARI_ID', 'number', 'accountId'),
    col('FIRMA_ADI', 'text', 'company'),
    col('VADESI_GELMEMIS'),
    col('GUN_30'),
    col('GUN_60'),
    col('GUN_60_USTU'),
    col('TOPLAM'),
  ];
  it('finds buckets in ERP order, single edges chained, and the total column', () => {
    const layout = agingLayout(columns);
    expect(layout.buckets.map((b) => [b.key, b.from, b.to])).toEqual([
      ['VADESI_GELMEMIS', null, null],
      ['GUN_30', 0, 30],
      ['GUN_60', 31, 60],
      ['GUN_60_USTU', 61, null],
    ]);
    expect(layout.totalKey).toBe('TOPLAM');
    expect(layout.accountIdKey).toBe('CARI_ID');
    expect(layout.nameKey).toBe('FIRMA_ADI');
  });

  it('totals per bucket and per row are exact', () => {
    const table: ErpTable = {
      columns,
      rows: [
        { VADESI_GELMEMIS: m(10), GUN_30: m(20), GUN_60: m(0), GUN_60_USTU: m(5), TOPLAM: m(35) },
        { VADESI_GELMEMIS: m(1), GUN_30: { kind: 'empty' }, GUN_60: m(2), GUN_60_USTU: m(3), TOPLAM: m(7) },
      ],
      warnings: 0,
    };
    const layout = agingLayout(columns);
    expect(bucketTotals(table, layout)).toEqual([11, 20, 2, 8]);
    expect(rowTotal(table.rows[1]!, layout)).toBe(7);
    expect(rowTotal(table.rows[1]!, { ...layout, totalKey: undefined })).toBe(6);
  });
});
