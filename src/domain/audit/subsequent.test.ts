/** The alternative procedure for an unanswered confirmation (issue 47, item 6), over hand-made statements; figures worked by hand (kuruş). */
import { describe, expect, it } from 'vitest';
import type { LedgerLine } from '../ledger';
import { subsequentSettlement } from './subsequent';

const line = (index: number, date: string, type: string, documentNo: string, debit: number, credit: number): LedgerLine => ({
  index,
  date,
  dueDate: null,
  debit,
  credit,
  type,
  documentNo,
});

// A customer: F1 10.000,00 (10.11), T1 4.000,00 received (15.12), F2 5.000,00 (20.12) — open at 31.12: F1 6.000 + F2 5.000 = 11.000,00.
// After it: F3 3.000,00 (05.01, not in the balance tested), T2 7.000,00 (10.01), T3 2.000,00 (20.01), T4 3.000,00 (10.02, after the window).
const CUSTOMER = [
  line(0, '2026-11-10', 'Satış Faturası', 'F1', 1_000_000, 0),
  line(1, '2026-12-15', 'Tahsilat', 'T1', 0, 400_000),
  line(2, '2026-12-20', 'Satış Faturası', 'F2', 500_000, 0),
  line(3, '2027-01-05', 'Satış Faturası', 'F3', 300_000, 0),
  line(4, '2027-01-10', 'Tahsilat', 'T2', 0, 700_000),
  line(5, '2027-01-20', 'Tahsilat', 'T3', 0, 200_000),
  line(6, '2027-02-10', 'Tahsilat', 'T4', 0, 300_000),
];

describe('subsequent receipts after the period end', () => {
  it('a customer: of 11.000,00 open at 31.12, T2 settled F1’s 6.000 and 1.000 of F2, T3 2.000 more of F2 — 9.000,00 (81,81 %) by 31.01', () => {
    const r = subsequentSettlement(CUSTOMER, { periodEnd: '2026-12-31', until: '2027-01-31' });
    expect(r).toMatchObject({ currency: 'TL', side: 'debit', openAtPeriodEnd: 1_100_000, settledAfter: 900_000, basisPoints: 8_181, incomplete: false });
    expect(r.items.map((i) => [i.documentNo, i.openAtPeriodEnd, i.settledAfter])).toEqual([
      ['F1', 600_000, 600_000],
      ['F2', 500_000, 300_000],
    ]);
    // T1 was before the period end (it is in the balance, not after it); T4 is after the window.
    expect(r.receipts.map((x) => [x.documentNo, x.date, x.applied])).toEqual([
      ['T2', '2027-01-10', 700_000],
      ['T3', '2027-01-20', 200_000],
    ]);
  });

  it('a later window takes T4 in: the rest of F2 (2.000,00) is settled — all 11.000,00; F3, invoiced after, is not counted', () => {
    const r = subsequentSettlement(CUSTOMER, { periodEnd: '2026-12-31', until: '2027-02-28' });
    expect([r.openAtPeriodEnd, r.settledAfter, r.basisPoints]).toEqual([1_100_000, 1_100_000, 10_000]);
    // T4 (3.000) settled F2's last 2.000 and 1.000 of F3, which is no part of the tested balance.
    expect(r.receipts.find((x) => x.documentNo === 'T4')!.applied).toBe(200_000);
  });

  it('a supplier: 8.000,00 owed at 31.12, 3.000,00 paid on 15.01 — 37,50 % settled; nothing paid yet gives 0', () => {
    const supplier = [line(0, '2026-12-01', 'Alış Faturası', 'A1', 0, 800_000), line(1, '2027-01-15', 'Ödeme', 'O1', 300_000, 0)];
    const r = subsequentSettlement(supplier, { periodEnd: '2026-12-31', until: '2027-01-31' });
    expect(r).toMatchObject({ side: 'credit', openAtPeriodEnd: 800_000, settledAfter: 300_000, basisPoints: 3_750 });
    expect(r.receipts.map((x) => [x.documentNo, x.type, x.applied])).toEqual([['O1', 'Ödeme', 300_000]]);
    const none = subsequentSettlement(supplier, { periodEnd: '2026-12-31', until: '2027-01-10' });
    expect([none.settledAfter, none.basisPoints, none.receipts]).toEqual([0, 0, []]);
  });
});
