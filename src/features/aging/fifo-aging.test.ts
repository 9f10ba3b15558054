import { describe, expect, it } from 'vitest';
import { bucketKeyForDays, emptyBuckets, fifoAging, parseEdges, type AgingLineInput } from './fifo-aging';

/** Statement line helper: amounts in kuruş. */
function line(index: number, date: string | null, dueDate: string | null, debit: number, credit: number): AgingLineInput {
  return { index, date, dueDate, type: debit ? 'Fatura' : 'Tahsilat', debit, credit };
}

const amounts = (r: ReturnType<typeof fifoAging>) => Object.fromEntries(r.buckets.map((b) => [b.key, b.amount]));

describe('fifoAging (hand-worked examples)', () => {
  it('partial payments close the oldest debit step by step', () => {
    // D0 1.000,00 due 01.12.2025 → 120 days at 31.03.2026 (91–120)
    // D1 600,00 due 09.02.2026 → 50 days (31–60)
    // C2 400,00 on 01.02 and C3 250,50 on 01.03 both go to D0 → D0 left 349,50
    // D4 200,00 due 19.04.2026 → not yet due
    const r = fifoAging(
      [
        line(0, '2025-12-01', '2025-12-01', 100000, 0),
        line(1, '2026-01-10', '2026-02-09', 60000, 0),
        line(2, '2026-02-01', null, 0, 40000),
        line(3, '2026-03-01', null, 0, 25050),
        line(4, '2026-03-20', '2026-04-19', 20000, 0),
      ],
      { asOf: '2026-03-31' },
    );
    expect(amounts(r)).toEqual({ notDue: 20000, b0: 0, b1: 60000, b2: 0, b3: 34950, b4: 0 });
    expect(r.total).toBe(114950); // 1.800,00 − 650,50
    expect(r.unappliedCredit).toBe(0);
    expect(r.allocations).toEqual([
      { creditIndex: 2, debitIndex: 0, amount: 40000, creditDate: '2026-02-01' },
      { creditIndex: 3, debitIndex: 0, amount: 25050, creditDate: '2026-03-01' },
    ]);
    const d0 = r.debits.find((d) => d.index === 0)!;
    expect(d0).toMatchObject({ remaining: 34950, days: 120, bucket: 'b3' });
    expect(r.debits.find((d) => d.index === 1)).toMatchObject({ days: 50, bucket: 'b1' });
    expect(r.debits.find((d) => d.index === 4)).toMatchObject({ days: -19, bucket: 'notDue' });
  });

  it('a payment larger than the oldest invoice spills over to the next one', () => {
    // C 500,00 closes D0 300,00 fully and 200,00 of D1 700,00 → D1 left 500,00, due 19.02 → 10 days at 01.03
    const r = fifoAging(
      [line(0, '2026-01-05', '2026-01-05', 30000, 0), line(1, '2026-01-20', '2026-02-19', 70000, 0), line(2, '2026-02-10', null, 0, 50000)],
      { asOf: '2026-03-01' },
    );
    expect(r.allocations.map((a) => [a.creditIndex, a.debitIndex, a.amount])).toEqual([
      [2, 0, 30000],
      [2, 1, 20000],
    ]);
    expect(r.debits.find((d) => d.index === 0)).toMatchObject({ remaining: 0, bucket: 'closed' });
    expect(amounts(r).b0).toBe(50000);
    expect(r.total).toBe(50000);
  });

  it('a credit with no open debit stays unapplied and pays the next debit (advance)', () => {
    // C 1.000,00 on 02.01 finds nothing; D 400,00 on 10.01 is paid from it → 600,00 unapplied credit
    const r = fifoAging([line(0, '2026-01-02', null, 0, 100000), line(1, '2026-01-10', '2026-01-10', 40000, 0)], { asOf: '2026-01-31' });
    expect(r.allocations).toEqual([{ creditIndex: 0, debitIndex: 1, amount: 40000, creditDate: '2026-01-02' }]);
    expect(r.unappliedCredit).toBe(60000);
    expect(r.total).toBe(-60000);
    expect(r.buckets.every((b) => b.amount === 0)).toBe(true);
  });

  it('credits only: everything is unapplied, total negative', () => {
    const r = fifoAging([line(0, '2026-01-02', null, 0, 12345)], { asOf: '2026-01-31' });
    expect(r.unappliedCredit).toBe(12345);
    expect(r.total).toBe(-12345);
    expect(r.allocations).toEqual([]);
  });

  it('lines after the as-of date are left out', () => {
    const lines = [line(0, '2026-01-01', '2026-01-31', 10000, 0), line(1, '2026-02-15', null, 0, 10000), line(2, '2026-03-01', '2026-03-31', 5000, 0)];
    // At 10.02 only D0 exists: due 31.01 → 10 days.
    const early = fifoAging(lines, { asOf: '2026-02-10' });
    expect(early.excludedAfterAsOf).toBe(2);
    expect(amounts(early).b0).toBe(10000);
    expect(early.total).toBe(10000);
    // At 15.03 D0 is paid; D2 is due 31.03 → 16 days ahead: not yet due.
    const later = fifoAging(lines, { asOf: '2026-03-15' });
    expect(later.excludedAfterAsOf).toBe(0);
    expect(amounts(later)).toMatchObject({ notDue: 5000, b0: 0 });
    expect(later.total).toBe(5000);
  });

  it('a debit with a due date but no transaction date is aged by its due date, not dropped as "after the as-of date"', () => {
    // As of 10.02: D0 100,00 due 31.01 (10 days overdue → 0–30), D1 250,00 with no transaction
    // date due 30.04 (not yet due). Nothing is paid: total 350,00.
    const lines = [line(0, '2026-01-01', '2026-01-31', 10000, 0), line(1, null, '2026-04-30', 25000, 0)];
    const r = fifoAging(lines, { asOf: '2026-02-10' });
    expect(r.excludedAfterAsOf).toBe(0);
    expect(amounts(r)).toMatchObject({ notDue: 25000, b0: 10000 });
    expect(r.undated).toBe(0);
    expect(r.total).toBe(35000);
    // Overdue by its due date too: as of 10.05 it is 10 days past 30.04.
    const later = fifoAging(lines, { asOf: '2026-05-10' });
    expect(amounts(later)).toMatchObject({ notDue: 0, b0: 25000, b3: 10000 });
    expect(later.debits.find((d) => d.index === 1)).toMatchObject({ refDate: '2026-04-30', days: 10, bucket: 'b0' });
  });

  it('basis: due date vs transaction date', () => {
    // Invoice 01.01.2026 due 01.03.2026, as of 10.03.2026: 9 days by due date, 68 days by transaction date.
    const lines = [line(0, '2026-01-01', '2026-03-01', 10000, 0)];
    expect(amounts(fifoAging(lines, { asOf: '2026-03-10', basis: 'due' })).b0).toBe(10000);
    const tx = fifoAging(lines, { asOf: '2026-03-10', basis: 'transaction' });
    expect(tx.debits[0]!.days).toBe(68);
    expect(amounts(tx).b2).toBe(10000);
  });

  it('FIFO goes by due date, not by the order the invoices were written', () => {
    // D0 written first but due 01.04; D1 written later, due 20.01 → the payment of 150,00 closes D1 first.
    const r = fifoAging(
      [line(0, '2026-01-01', '2026-04-01', 10000, 0), line(1, '2026-01-05', '2026-01-20', 10000, 0), line(2, '2026-02-01', null, 0, 15000)],
      { asOf: '2026-02-01' },
    );
    expect(r.allocations.map((a) => [a.debitIndex, a.amount])).toEqual([
      [1, 10000],
      [0, 5000],
    ]);
    expect(amounts(r).notDue).toBe(5000);
  });

  it('custom bucket edges', () => {
    expect(parseEdges('45, 15,abc')).toEqual([15, 45]);
    expect(parseEdges('')).toEqual([30, 60, 90, 120]);
    expect(emptyBuckets([15, 45]).map((b) => [b.from, b.to])).toEqual([
      [null, null],
      [0, 15],
      [16, 45],
      [46, null],
    ]);
    expect(bucketKeyForDays(0, [15, 45])).toBe('notDue'); // due today is not overdue
    expect(bucketKeyForDays(1, [15, 45])).toBe('b0');
    expect(bucketKeyForDays(15, [15, 45])).toBe('b0');
    expect(bucketKeyForDays(16, [15, 45])).toBe('b1');
    expect(bucketKeyForDays(46, [15, 45])).toBe('b2');
    const r = fifoAging([line(0, '2026-01-01', '2026-01-01', 777, 0)], { asOf: '2026-01-21', edges: [15, 45] });
    expect(amounts(r)).toEqual({ notDue: 0, b0: 0, b1: 777, b2: 0 });
  });

  it('undated debits are kept apart, sums stay exact to the kuruş', () => {
    const r = fifoAging([line(0, null, null, 10, 0), line(1, '2026-01-01', '2026-01-01', 20, 0), line(2, '2026-01-02', null, 0, 5)], {
      asOf: '2026-01-10',
    });
    // Rule change (src/lib/fifo.ts): an undated debit is paid LAST (its age is unknown), so the
    // 0,05 credit goes to the 0,20 debit due 01.01 → 0,15 open, 9 days (0–30); the undated 0,10
    // stays whole. Total 0,15 + 0,10 = 0,25 = 0,30 − 0,05.
    expect(r.undated).toBe(10);
    expect(amounts(r).b0).toBe(15);
    expect(r.debits.map((d) => [d.index, d.remaining, d.bucket])).toEqual([
      [1, 15, 'b0'],
      [0, 10, 'undated'],
    ]);
    expect(r.total).toBe(25);
  });

  it('a payment made before a later invoice that falls due earlier pays that invoice (pooled, as the ERP does)', () => {
    // D0 01.01.2026 due 30.06.2026 1.000,00 · C1 01.02.2026 400,00 · D2 10.02.2026 due 01.03.2026 300,00, as of 15.03.2026.
    // All credits pay the earliest due first: D2 (01.03) closed with 300,00, D0 gets 100,00 → 900,00 open,
    // due 30.06 → not yet due. Nothing overdue. (Replaying by date would have left D2 overdue 14 days.)
    const r = fifoAging(
      [line(0, '2026-01-01', '2026-06-30', 100000, 0), line(1, '2026-02-01', null, 0, 40000), line(2, '2026-02-10', '2026-03-01', 30000, 0)],
      { asOf: '2026-03-15' },
    );
    expect(r.allocations).toEqual([
      { creditIndex: 1, debitIndex: 2, amount: 30000, creditDate: '2026-02-01' },
      { creditIndex: 1, debitIndex: 0, amount: 10000, creditDate: '2026-02-01' },
    ]);
    expect(amounts(r)).toEqual({ notDue: 90000, b0: 0, b1: 0, b2: 0, b3: 0, b4: 0 });
    expect(r.debits.map((d) => [d.index, d.remaining, d.days, d.bucket])).toEqual([
      [2, 0, 14, 'closed'],
      [0, 90000, -107, 'notDue'],
    ]);
    expect(r.total).toBe(90000);
  });
});
