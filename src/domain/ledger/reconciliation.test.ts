/**
 * The account view's reconciliation (letters, letters batch, mutabakat snapshots) and its two TL
 * figures (docs/decisions/0006-tl-figure.md). Figures by hand.
 */
import { accountLedger } from './account';
import type { LedgerLine } from './lines';

const L = (
  index: number,
  date: string | null,
  debit: number,
  credit: number,
  currency: string | null,
  currencyAmount: number | null,
  extra: Partial<LedgerLine> = {},
): LedgerLine => ({
  index,
  date,
  dueDate: date,
  debit,
  credit,
  currency,
  currencyAmount,
  ...extra,
});
// TL invoice 1.000,00; USD invoice 100,00 USD = 3.500,00 TL; TL payment 400,00; USD payment 30,00 USD = 1.050,00 TL (after the as-of date).
const MIXED = [
  L(0, '2026-01-10', 100000, 0, 'TL', 100000),
  L(1, '2026-01-12', 350000, 0, 'USD', 10000),
  L(2, '2026-02-01', 0, 40000, 'TL', 40000),
  L(3, '2026-04-01', 0, 105000, 'USD', 3000),
];

describe('accountLedger: the two TL figures and the letter', () => {
  it('TL equivalent of every line 1.000 + 3.500 − 400 = 4.100,00; TL-written only 1.000 − 400 = 600,00; USD 100,00 (as of 31.03)', () => {
    const a = accountLedger(MIXED, { asOf: '2026-03-31' });
    expect(a.mixed).toBe(true);
    expect(a.equivalent.balance).toBe(410000);
    expect(a.view('TL')!.balance).toBe(60000);
    expect(a.view('USD')!.balance).toBe(10000);
  });

  it('an account kept in TL (nothing declared) reconciles 4.100,00 TL, with no foreign balance', () => {
    expect(accountLedger(MIXED, { asOf: '2026-03-31' }).reconciliation(null)).toEqual({
      currency: 'TL',
      balance: 410000,
      localBalance: 410000,
      undated: 0,
      unreadable: 0,
      declaredMissing: null,
    });
  });

  it('declared USD: 100,00 USD as of 31.03, 70,00 USD as of 01.04 (the USD payment 30,00), the TL equivalent beside', () => {
    expect(accountLedger(MIXED, { asOf: '2026-03-31' }).reconciliation('usd')).toMatchObject({ currency: 'USD', balance: 10000, localBalance: 410000 });
    // 01.04: 4.100 − 1.050 = 3.050,00 TL
    expect(accountLedger(MIXED, { asOf: '2026-04-01' }).reconciliation('USD')).toMatchObject({ currency: 'USD', balance: 7000, localBalance: 305000 });
  });

  it('declared EUR with no EUR amount: the TL balance, and the declared currency named as missing', () => {
    expect(accountLedger(MIXED, { asOf: '2026-03-31' }).reconciliation('EUR')).toMatchObject({ currency: 'TL', balance: 410000, declaredMissing: 'EUR' });
  });

  it('a USD line whose TL amount cannot be read counts once as unreadable (not once per currency); an undated line is counted', () => {
    const lines = [...MIXED.slice(0, 3), L(3, null, 0, 0, 'USD', 2000, { invalid: { credit: 'x' } })];
    expect(accountLedger(lines, { asOf: '2026-03-31' }).reconciliation('USD')).toMatchObject({ unreadable: 1, undated: 1 });
  });

  it('a TL-only account: the two TL figures are one (the same view)', () => {
    const a = accountLedger([L(0, '2026-01-10', 100000, 0, null, null)], { asOf: '2026-03-31' });
    expect(a.mixed).toBe(false);
    expect(a.equivalent).toBe(a.view('TL'));
  });
});
