/** Vade farkı worked by hand (dates, amounts, days, rates written down per case; amounts in kuruş). */
import { describe, expect, it } from 'vitest';
import { interestOf, lateInterest, vatOf } from './late-interest';
import type { LedgerLine } from './ledger';

const line = (index: number, date: string, dueDate: string | null, debit: number, credit: number): LedgerLine => ({ index, date, dueDate, debit, credit, invalid: {} });

// Invoice 10.000,00 on 01.01.2026 due 31.01.2026; payment 4.000,00 on 02.03.2026; as of 31.03.2026.
const customer = [line(0, '2026-01-01', '2026-01-31', 1000000, 0), line(1, '2026-03-02', null, 0, 400000)];

describe('vade farkı', () => {
  it('monthly 3 %: the paid part up to its payment day, the open part up to the as-of date; KDV 20 %', () => {
    // paid 4.000,00: 31.01 → 02.03 = 30 days → 4.000,00 × 30 × 3 % / 30 = 120,00; KDV 24,00
    // open 6.000,00: 31.01 → 31.03 = 59 days → 6.000,00 × 59 × 3 % / 30 = 354,00; KDV 70,80
    const r = lateInterest(customer, { asOf: '2026-03-31', rate: 3, period: 'monthly' });
    expect(r.side).toBe('debit');
    expect(r.rows.map((x) => [x.kind, x.amount, x.from, x.to, x.days, x.interest, x.vat])).toEqual([
      ['closed', 400000, '2026-01-31', '2026-03-02', 30, 12000, 2400],
      ['open', 600000, '2026-01-31', '2026-03-31', 59, 35400, 7080],
    ]);
    expect([r.totalInterest, r.totalVat, r.total]).toEqual([47400, 9480, 56880]); // 474,00 + 94,80 = 568,80
  });

  it('annual 9 % (the legal default), 365 days, rounded half up per row', () => {
    // 4.000,00 × 30 × 9 % / 365 = 29,589… → 29,59; 6.000,00 × 59 × 9 % / 365 = 87,287… → 87,29
    const r = lateInterest(customer, { asOf: '2026-03-31', rate: 9, period: 'annual' });
    expect(r.rows.map((x) => x.interest)).toEqual([2959, 8729]);
    expect(r.totalVat).toBe(592 + 1746); // 5,918 → 5,92; 17,458 → 17,46
  });

  it('an item due on the as-of date, or paid before its due date, carries no vade farkı', () => {
    const r = lateInterest([line(0, '2026-01-01', '2026-03-31', 100000, 0), line(1, '2026-01-01', '2026-02-28', 50000, 0), line(2, '2026-02-20', null, 0, 50000)], {
      asOf: '2026-03-31',
      rate: 3,
      period: 'monthly',
    });
    expect(r.rows).toEqual([]);
    expect(r.total).toBe(0);
  });

  it('the supplier side: their invoice 5.000,00 due 10.02.2026 paid on 20.02 → 10 days → 50,00 + KDV 10,00 (to check their vade farkı invoice)', () => {
    const r = lateInterest([line(0, '2026-01-10', '2026-02-10', 0, 500000), line(1, '2026-02-20', null, 500000, 0), line(2, '2026-03-01', '2026-03-31', 0, 100)], {
      asOf: '2026-03-31',
      rate: 3,
      period: 'monthly',
    });
    expect(r.side).toBe('credit');
    expect(r.rows.map((x) => [x.index, x.days, x.interest, x.vat])).toEqual([[0, 10, 5000, 1000]]);
  });

  it('interest and KDV are exact for large amounts (no float drift)', () => {
    // 123.456.789,01 × 365 × 12,5 % / 365 = 15.432.098,62625 → 15.432.098,63
    expect(interestOf(12345678901, 365, 12.5, 'annual')).toBe(1543209863);
    expect(vatOf(1543209863, 20)).toBe(308641973); // 3.086.419,726 → 3.086.419,73
  });
});
