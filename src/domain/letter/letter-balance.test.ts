/**
 * The currencies a campaign letter states (issue 46 item 7): those the statement lines carry up to the
 * as-of date, whatever currency the account list (get_cari) gives the account — each on its own with
 * the ERP's TL figure beside. Figures by hand.
 */
import { describe, expect, it } from 'vitest';
import type { StatementLine } from '../erp-types';
import { prepareStatement } from '../running-balance';
import { letterBalances } from './letter-balance';

const L = (
  index: number,
  date: string | null,
  type: string,
  debit: number,
  credit: number,
  currency: string | null,
  currencyAmount: number | null,
  invalid: StatementLine['invalid'] = {},
): StatementLine => ({
  index,
  date,
  dueDate: date,
  type,
  debit,
  credit,
  currency,
  currencyAmount,
  invalid,
  extras: {},
});
const TODAY = '2026-11-18';
const balances = (lines: StatementLine[], asOf: string, declared: string | null = null) => letterBalances(prepareStatement(lines, TODAY), asOf, declared);

// SF1 10.000,00 TL borç; SFU1 1.000,00 USD borç (35.000,00 TL); Tahsilat 4.000,00 TL alacak.
const MIXED = [
  L(0, '2026-03-02', 'SF1', 1_000_000, 0, 'TL', 1_000_000),
  L(1, '2026-03-10', 'SFU1', 3_500_000, 0, 'USD', 100_000),
  L(2, '2026-04-01', 'Tahsilat', 0, 400_000, 'TL', 400_000),
];
// SFU1 1.000,00 USD borç (35.000,00 TL); SFU2 200,00 USD borç (7.000,00 TL); a USD payment 500,00 USD (18.000,00 TL).
const USD_ONLY = [
  L(0, '2026-03-10', 'SFU1', 3_500_000, 0, 'USD', 100_000),
  L(1, '2026-03-20', 'SFU2', 700_000, 0, 'USD', 20_000),
  L(2, '2026-04-15', 'Tahsilat', 0, 1_800_000, 'USD', 50_000),
];

describe('letterBalances: the currencies the lines carry', () => {
  it('an account listed in TL with TL and USD lines: TL 6.000,00 B (TL-written lines) and USD 1.000,00 B, the ERP TL 41.000,00 B beside', () => {
    const b = balances(MIXED, '2026-06-30');
    expect(b.balances).toEqual([
      { currency: 'TL', balance: 600_000 },
      { currency: 'USD', balance: 100_000 },
    ]);
    expect(b.localBalance).toBe(4_100_000);
    expect(b.declaredMissing).toBeNull();
  });

  it('an account listed in TL whose lines are all USD: USD 700,00 B alone (1.000 + 200 − 500), the ERP TL 24.000,00 B beside', () => {
    const b = balances(USD_ONLY, '2026-06-30');
    expect(b.balances).toEqual([{ currency: 'USD', balance: 70_000 }]);
    // The one balance the letter's sentence states is that USD balance, not the TL figure.
    expect(b).toMatchObject({ currency: 'USD', balance: 70_000, localBalance: 2_400_000 });
  });

  it('the same when the list gives a currency the lines do not carry (EUR): the lines decide, no "stated in TL" note', () => {
    const b = balances(MIXED, '2026-06-30', 'EUR');
    expect(b.balances).toEqual([
      { currency: 'TL', balance: 600_000 },
      { currency: 'USD', balance: 100_000 },
    ]);
    expect(b.declaredMissing).toBeNull();
  });

  it('only lines up to the as-of date: a USD invoice after it leaves the TL letter as it is (TL 10.000,00 B)', () => {
    const b = balances(MIXED, '2026-03-05');
    expect(b.balances).toEqual([{ currency: 'TL', balance: 1_000_000 }]);
    expect(b).toMatchObject({ currency: 'TL', balance: 1_000_000, localBalance: 1_000_000 });
  });

  it('a currency whose lines net to zero is still stated (the account view lists every currency with a line): USD 0,00', () => {
    // SFU1 paid in full: 1.000,00 USD alacak at 36.000,00 TL → ERP TL 10.000 + 35.000 − 36.000 = 9.000,00 B.
    const b = balances([...MIXED.slice(0, 2), L(2, '2026-04-01', 'Tahsilat', 0, 3_600_000, 'USD', 100_000)], '2026-06-30');
    expect(b.balances).toEqual([
      { currency: 'TL', balance: 1_000_000 },
      { currency: 'USD', balance: 0 },
    ]);
    expect(b.localBalance).toBe(900_000);
  });

  it('an unreadable USD amount on an account listed in TL is reported (the letter must not state a balance built on it)', () => {
    const b = balances([...MIXED, L(3, '2026-05-01', 'SFU2', 700_000, 0, 'USD', null, { currencyAmount: '2O0,00' })], '2026-06-30');
    expect(b.unreadable).toBe(1);
  });

  it('a TL-only account keeps its one TL balance', () => {
    const b = balances([MIXED[0]!, MIXED[2]!], '2026-06-30');
    expect(b.balances).toEqual([{ currency: 'TL', balance: 600_000 }]);
    expect(b).toMatchObject({ currency: 'TL', balance: 600_000, localBalance: 600_000, unreadable: 0 });
  });

  it('an account declared USD whose lines up to the as-of date are all TL: the TL balance they carry (TL 10.000,00 B), not 0,00 USD', () => {
    const b = balances(MIXED, '2026-03-05', 'USD');
    expect(b.balances).toEqual([{ currency: 'TL', balance: 1_000_000 }]);
    expect(b).toMatchObject({ currency: 'TL', balance: 1_000_000, localBalance: 1_000_000, declaredMissing: null });
  });

  it('an account declared USD whose statement has no USD amount at all: the TL balance, the declared currency named as missing', () => {
    const b = balances([MIXED[0]!, MIXED[2]!], '2026-06-30', 'USD');
    expect(b).toMatchObject({ currency: 'TL', balance: 600_000, declaredMissing: 'USD', balances: [{ currency: 'TL', balance: 600_000 }] });
  });

  it('an account declared USD (dataset 1012-like) keeps stating each currency', () => {
    const b = balances(MIXED, '2026-06-30', 'USD');
    expect(b.balances).toEqual([
      { currency: 'TL', balance: 600_000 },
      { currency: 'USD', balance: 100_000 },
    ]);
    expect(b).toMatchObject({ currency: 'USD', balance: 100_000, localBalance: 4_100_000 });
  });
});
