/**
 * "Falling due this week / this month" on Özet — figures worked by hand below. Today is Wednesday
 * 18.11.2026: the (Monday-first) week is 16.11–22.11, so "this week" is 18.11–22.11, "this month"
 * 18.11–30.11.
 */
import { describe, expect, it } from 'vitest';
import { readStatement } from '../../domain/reader';
import { dueFigure, dueRowsOf, dueWindows, rowsBehind, type DueRow } from './due-soon';

const TODAY = '2026-11-18';
const line = (date: string, due: string | null, name: string, borc: number, alacak: number, doc: string, extra: object = {}) => ({
  ACTION_DATE: date,
  DUE_DATE: due,
  ACTION_NAME: name,
  BORC: borc,
  ALACAK: alacak,
  BELGE_NO: doc,
  ACIKLAMA: '',
  ...extra,
});

// A customer (TL). The payment of 1.600,00 on 05.11 closes SF1 (1.000,00) and 600,00 of SF2 → SF2 1.400,00 open.
const CUSTOMER = readStatement([
  line('2026-10-01', '2026-11-10', 'Satış Faturası', 1000, 0, 'SF1'), // overdue since 10.11: not "falling due"
  line('2026-10-15', '2026-11-18', 'Satış Faturası', 2000, 0, 'SF2'), // due today: 1.400,00 left
  line('2026-10-20', '2026-11-22', 'Satış Faturası', 500, 0, 'SF3'), // Sunday, the week's last day
  line('2026-10-25', '2026-11-23', 'Satış Faturası', 750, 0, 'SF4'), // next Monday: this month only
  line('2026-10-30', '2026-11-30', 'Satış Faturası', 300, 0, 'SF5'), // the month's last day
  line('2026-11-01', '2026-12-01', 'Satış Faturası', 400, 0, 'SF6'), // next month: out
  line('2026-11-05', null, 'Tahsilat', 0, 1600, 'T1'),
]);
// A supplier (TL): our payment of 2.000,00 on 12.11 closes 2.000,00 of AF1 → 3.000,00 open, due Friday 20.11.
const SUPPLIER = readStatement([
  line('2026-10-01', '2026-11-20', 'Alış Faturası', 0, 5000, 'AF1'),
  line('2026-11-10', '2026-12-10', 'Alış Faturası', 0, 3000, 'AF2'), // next month: out
  line('2026-11-12', null, 'Ödeme', 2000, 0, 'OD1'),
]);
// A USD supplier: its opening line is TL (not in the USD ledger); the invoice of 1.250,00 USD
// (43.000,00 TL) is due 25.11: this month, not this week. It counts in USD, never in TL.
const USD_SUPPLIER = readStatement([
  line('2026-01-01', '2026-01-01', 'Açılış Fişi', 0, 10000, 'ACL1', { OTHER_MONEY: 'TL', OTHER_CASH_ACT_VALUE: 10000 }),
  line('2026-11-05', '2026-11-25', 'Alış Faturası', 0, 43000, 'AFU1', { OTHER_MONEY: 'USD', OTHER_CASH_ACT_VALUE: 1250 }),
]);

const w = dueWindows(TODAY);
const rows: DueRow[] = [
  ...dueRowsOf({ id: '1001', name: 'Müşteri A.Ş.' }, CUSTOMER, w).rows,
  ...dueRowsOf({ id: '1008', name: 'Tedarikçi Ltd.' }, SUPPLIER, w).rows,
  ...dueRowsOf({ id: '1020', name: 'USD Tedarikçi' }, USD_SUPPLIER, w).rows,
];

describe('due windows (Monday-first week)', () => {
  it('Wednesday 18.11.2026: week to Sunday 22.11, month to 30.11', () => {
    expect(w).toEqual({ today: '2026-11-18', weekStart: '2026-11-16', weekEnd: '2026-11-22', monthEnd: '2026-11-30' });
  });
  it('on a Sunday the week ends today; a week across the new year ends in January', () => {
    expect(dueWindows('2026-11-15').weekEnd).toBe('2026-11-15');
    expect(dueWindows('2026-11-16').weekEnd).toBe('2026-11-22'); // Monday
    expect(dueWindows('2026-12-30')).toEqual({ today: '2026-12-30', weekStart: '2026-12-28', weekEnd: '2027-01-03', monthEnd: '2026-12-31' });
  });
});

describe('falling due: what is still open, by due date', () => {
  it('receivables this week: SF2 (due today, 1.400,00 left) + SF3 (due Sunday 500,00) = 1.900,00', () => {
    expect(dueFigure(rows, w, 'B', 'week')).toEqual({ amounts: [{ currency: 'TL', amount: 1_900_00 }], count: 2 });
    expect(rowsBehind(rows, w, 'B', 'week').map((r) => [r.documentNo, r.dueDate, r.remaining])).toEqual([
      ['SF2', '2026-11-18', 1_400_00],
      ['SF3', '2026-11-22', 500_00],
    ]);
  });

  it('receivables this month: + SF4 750,00 (23.11) + SF5 300,00 (30.11, the last day) = 2.950,00; SF1 overdue and SF6 (01.12) are out', () => {
    expect(dueFigure(rows, w, 'B', 'month')).toEqual({ amounts: [{ currency: 'TL', amount: 2_950_00 }], count: 4 });
    expect(rowsBehind(rows, w, 'B', 'month').map((r) => r.documentNo)).toEqual(['SF2', 'SF3', 'SF4', 'SF5']);
  });

  it("payables this week: the supplier's AF1, 3.000,00 left after our 2.000,00 payment; the USD invoice is not due this week", () => {
    expect(dueFigure(rows, w, 'A', 'week')).toEqual({ amounts: [{ currency: 'TL', amount: 3_000_00 }], count: 1 });
  });

  it('payables this month: 3.000,00 TL and 1.250,00 USD side by side, never added; the USD account in its own currency', () => {
    expect(dueFigure(rows, w, 'A', 'month')).toEqual({
      amounts: [
        { currency: 'TL', amount: 3_000_00 },
        { currency: 'USD', amount: 1_250_00 },
      ],
      count: 2,
    });
    const usd = rowsBehind(rows, w, 'A', 'month').find((r) => r.accountId === '1020')!;
    expect(usd).toMatchObject({ accountName: 'USD Tedarikçi', side: 'A', currency: 'USD', documentNo: 'AFU1', dueDate: '2026-11-25', remaining: 1_250_00 });
  });

  it('both sides of one window (the table without a side)', () => {
    expect(rowsBehind(rows, w, null, 'week').map((r) => r.documentNo)).toEqual(['SF2', 'SF3', 'AF1']);
  });
});

describe('a TL + USD account: every currency, each of its own lines (issue 31)', () => {
  // TL invoice 2.000,00 due 20.11 (this week); USD invoice 500,00 USD (TL 21.500,00) due 25.11 (this month).
  // Before: the first foreign currency only — the TL invoice was dropped. Now: 2.000,00 TL and 500,00 USD, never added,
  // and the USD invoice is never also a 21.500,00 TL item.
  const MIXED = readStatement([
    line('2026-10-21', '2026-11-20', 'Satış Faturası', 2000, 0, 'SF1', { OTHER_MONEY: 'TL', OTHER_CASH_ACT_VALUE: 2000 }),
    line('2026-10-26', '2026-11-25', 'Satış Faturası', 21500, 0, 'SFU1', { OTHER_MONEY: 'USD', OTHER_CASH_ACT_VALUE: 500 }),
  ]);
  const mixed = dueRowsOf({ id: '1040', name: 'Karma A.Ş.' }, MIXED, w).rows;

  it('both items, each in its currency', () => {
    expect(mixed.map((r) => [r.documentNo, r.currency, r.remaining, r.side])).toEqual([
      ['SF1', 'TL', 200000, 'B'],
      ['SFU1', 'USD', 50000, 'B'],
    ]);
    expect(dueFigure(mixed, w, 'B', 'month').amounts).toEqual([
      { currency: 'TL', amount: 200000 },
      { currency: 'USD', amount: 50000 },
    ]);
    expect(dueFigure(mixed, w, 'B', 'week')).toEqual({ amounts: [{ currency: 'TL', amount: 200000 }], count: 1 });
  });
});
