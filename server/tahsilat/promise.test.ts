// @vitest shared-modules
import { describe, expect, it } from 'vitest';
import { judgePromises } from './promise';
import type { LedgerLine } from '../../src/domain/ledger';

// A customer's statement: an invoice of 100.000,00 TL, then payments (credits). Kuruş throughout.
let n = 0;
const inv = (date: string, debit: number): LedgerLine => ({ index: n++, date, dueDate: date, debit, credit: 0 });
const pay = (date: string, credit: number, currency?: string, currencyAmount?: number): LedgerLine => ({
  index: n++,
  date,
  dueDate: null,
  debit: 0,
  credit,
  currency,
  currencyAmount,
});

describe('promise judgement from the statement', () => {
  const lines = [inv('2026-09-01', 10_000_000)];

  it('kept by two payments: 30.000 + 20.000 cover a promise of 50.000 due 20.11', () => {
    const l = [...lines, pay('2026-11-12', 3_000_000), pay('2026-11-19', 2_000_000)];
    const v = judgePromises([{ id: 'a', amount: 5_000_000, currency: 'TL', takenOn: '2026-11-10', due: '2026-11-20' }], l, '2026-11-26', 3).get('a')!;
    expect(v).toMatchObject({ status: 'kept', paid: 5_000_000, shortfall: 0, keptOn: '2026-11-19', late: false });
  });

  it('kept late within the grace: due 20.11, paid 23.11 (20 + 3 days) → kept, late', () => {
    const l = [...lines, pay('2026-11-23', 5_000_000)];
    const v = judgePromises([{ id: 'a', amount: 5_000_000, currency: 'TL', takenOn: '2026-11-10', due: '2026-11-20' }], l, '2026-11-26', 3).get('a')!;
    expect(v).toMatchObject({ status: 'kept', keptOn: '2026-11-23', late: true });
    // 24.11 is outside the grace: broken (nothing paid in the window).
    const l2 = [...lines, pay('2026-11-24', 5_000_000)];
    expect(
      judgePromises([{ id: 'a', amount: 5_000_000, currency: 'TL', takenOn: '2026-11-10', due: '2026-11-20' }], l2, '2026-11-26', 3).get('a')!.status,
    ).toBe('broken');
  });

  it('partly kept: 50.000 promised, 35.000,50 paid → shortfall 14.999,50', () => {
    const l = [...lines, pay('2026-11-15', 3_500_050)];
    const v = judgePromises([{ id: 'a', amount: 5_000_000, currency: 'TL', takenOn: '2026-11-10', due: '2026-11-20' }], l, '2026-11-26', 3).get('a')!;
    expect(v).toMatchObject({ status: 'partial', paid: 3_500_050, shortfall: 1_499_950 });
  });

  it('broken: nothing paid in the window; a payment before the promise does not count', () => {
    const l = [...lines, pay('2026-11-05', 5_000_000)];
    const v = judgePromises([{ id: 'a', amount: 5_000_000, currency: 'TL', takenOn: '2026-11-10', due: '2026-11-20' }], l, '2026-11-24', 3).get('a')!;
    expect(v).toMatchObject({ status: 'broken', paid: 0, shortfall: 5_000_000 });
  });

  it('pending while the window is open (today = due + grace)', () => {
    const v = judgePromises([{ id: 'a', amount: 5_000_000, currency: 'TL', takenOn: '2026-11-10', due: '2026-11-20' }], lines, '2026-11-23', 3).get('a')!;
    expect(v.status).toBe('pending');
  });

  it('another currency: USD 1.200,00 promised; a USD payment of 1.200,00 (TL 41.000,00) keeps it, a TL payment does not', () => {
    const l = [...lines, pay('2026-11-14', 4_100_000, 'USD', 120_000), pay('2026-11-15', 9_000_000)];
    const v = judgePromises([{ id: 'u', amount: 120_000, currency: 'USD', takenOn: '2026-11-10', due: '2026-11-20' }], l, '2026-11-26', 3).get('u')!;
    expect(v).toMatchObject({ status: 'kept', paid: 120_000, keptOn: '2026-11-14' });
    const onlyTl = [...lines, pay('2026-11-15', 9_000_000)];
    expect(
      judgePromises([{ id: 'u', amount: 120_000, currency: 'USD', takenOn: '2026-11-10', due: '2026-11-20' }], onlyTl, '2026-11-26', 3).get('u')!.status,
    ).toBe('broken');
  });

  it('two promises never share one payment: 30.000 paid, promises of 30.000 (due 15.11) and 20.000 (due 20.11)', () => {
    const l = [...lines, pay('2026-11-12', 3_000_000)];
    const r = judgePromises(
      [
        { id: 'b', amount: 2_000_000, currency: 'TL', takenOn: '2026-11-10', due: '2026-11-20' },
        { id: 'a', amount: 3_000_000, currency: 'TL', takenOn: '2026-11-10', due: '2026-11-15' },
      ],
      l,
      '2026-11-26',
      3,
    );
    expect(r.get('a')!.status).toBe('kept');
    expect(r.get('b')).toMatchObject({ status: 'broken', paid: 0 });
  });

  it('grace is configurable: 0 days makes the 21.11 payment of a promise due 20.11 broken', () => {
    const l = [...lines, pay('2026-11-21', 5_000_000)];
    expect(judgePromises([{ id: 'a', amount: 5_000_000, currency: 'TL', takenOn: '2026-11-10', due: '2026-11-20' }], l, '2026-11-26', 0).get('a')!.status).toBe(
      'broken',
    );
  });
});
