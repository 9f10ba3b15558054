/** Code-review defects of the ledger (issue 31), each worked by hand. Amounts in kuruş. */
import { describe, expect, it } from 'vitest';
import { normalizeCurrency } from '../currency';
import { computeFx, prepareStatement } from '../running-balance';
import type { StatementLine } from '../erp-types';
import { accountCurrencies, accountLedger, defaultCurrencyOf, effectiveAsOf, ledgerColumn, openItems, type LedgerLine } from '.';

const sl = (index: number, date: string, debit: number, credit: number, extra: Partial<StatementLine> = {}): StatementLine =>
  ({
    index,
    date,
    dueDate: null,
    type: 'Satış Faturası',
    debit,
    credit,
    description: '',
    documentNo: '',
    currency: null,
    currencyAmount: null,
    invalid: {},
    extra: {},
    ...extra,
  }) as unknown as StatementLine;

describe('the foreign-currency side comes from the currency amount, not from the TL difference', () => {
  it('a USD payment whose TL amount is unreadable is flagged, never booked as a USD debit', () => {
    // ALACAK unreadable (read as 0), BORC 0, 100,00 USD: the TL side is unknown → the USD amount cannot be placed.
    const pay: LedgerLine = {
      index: 0,
      date: '2026-01-10',
      dueDate: null,
      debit: 0,
      credit: 0,
      currency: 'USD',
      currencyAmount: 10000,
      invalid: { credit: 'abc' },
    };
    const col = ledgerColumn([pay], 'USD');
    expect([col.debit[0], col.credit[0], col.unreadable[0]]).toEqual([0, 0, 1]);
  });

  it('a signed (negative) currency amount says its side even when the TL amount is unreadable', () => {
    const pay: LedgerLine = {
      index: 0,
      date: '2026-01-10',
      dueDate: null,
      debit: 0,
      credit: 0,
      currency: 'USD',
      currencyAmount: -10000,
      invalid: { credit: 'abc' },
    };
    const col = ledgerColumn([pay], 'USD');
    expect([col.debit[0], col.credit[0], col.unreadable[0]]).toEqual([0, 10000, 0]);
  });
});

describe('currency codes are upper-cased without Turkish dotted capitals', () => {
  it('"ils" is ILS (not "İLS", a second currency beside ILS); "usd " is USD', () => {
    expect(normalizeCurrency('ils')).toBe('ILS');
    expect(normalizeCurrency('ILS')).toBe('ILS');
    expect(normalizeCurrency('usd ')).toBe('USD');
    expect(normalizeCurrency('chf')).toBe('CHF');
  });
});

describe('foreign-currency totals under a type filter', () => {
  it('are not marked incomplete because of an unreadable line before the range', () => {
    // USD line before the range with an unreadable amount; in range one readable USD invoice 50,00.
    const lines = [
      sl(0, '2025-12-01', 100000, 0, { currency: 'USD', currencyAmount: null, invalid: { currencyAmount: 'x' } as StatementLine['invalid'] }),
      sl(1, '2026-01-05', 175000, 0, { currency: 'USD', currencyAmount: 5000 }),
    ];
    const p = prepareStatement(lines, '2026-01-31');
    const fx = computeFx(p, { from: '2026-01-01', to: '2026-01-31', types: new Set(['Satış Faturası']) })!;
    expect(fx.totals[0]).toMatchObject({ currency: 'USD', debit: 5000, credit: 0, incomplete: false });
  });
});

describe('ortalama vade: an exact mean, a tie goes to the earlier day', () => {
  it('100,00 due 01.03 and 100,00 due 04.03: mean 02.03 12:00 → 02.03 (Math.round gave 03.03)', () => {
    const lines: LedgerLine[] = [
      { index: 0, date: '2026-02-01', dueDate: '2026-03-01', debit: 10000, credit: 0 },
      { index: 1, date: '2026-02-01', dueDate: '2026-03-04', debit: 10000, credit: 0 },
    ];
    expect(openItems(lines, { asOf: '2026-03-31' }).averageDueDate).toBe('2026-03-02');
    // not a tie: 300,00 due 01.03 and 100,00 due 05.03 → (0 × 3 + 4) / 4 = 1 day → 02.03
    expect(
      openItems(
        [
          { ...lines[0]!, debit: 30000 },
          { ...lines[1]!, dueDate: '2026-03-05' },
        ],
        { asOf: '2026-03-31' },
      ).averageDueDate,
    ).toBe('2026-03-02');
  });
});

describe('the account view', () => {
  it('as of the earlier of the range end and today', () => {
    expect(effectiveAsOf('2026-12-31', '2026-11-18')).toBe('2026-11-18');
    expect(effectiveAsOf('2026-10-31', '2026-11-18')).toBe('2026-10-31');
    expect(effectiveAsOf(null, '2026-11-18')).toBe('2026-11-18');
  });

  it('TL and USD items each on their own: the USD invoice is in USD only, never also in TL', () => {
    // TL invoice 1.000,00 due 31.01; USD invoice 100,00 USD (TL 3.500,00) due 15.02; as of 31.03 both overdue.
    const lines: LedgerLine[] = [
      { index: 0, date: '2026-01-01', dueDate: '2026-01-31', debit: 100000, credit: 0, currency: 'TL', currencyAmount: 100000 },
      { index: 1, date: '2026-01-16', dueDate: '2026-02-15', debit: 350000, credit: 0, currency: 'USD', currencyAmount: 10000 },
    ];
    const v = accountLedger(lines, { asOf: '2026-03-31' });
    expect(v.currencies).toEqual(['TL', 'USD']);
    expect(v.views.map((x) => [x.currency, x.openTotal, x.overdueTotal, x.sign])).toEqual([
      ['TL', 100000, 100000, 1],
      ['USD', 10000, 10000, 1],
    ]);
    expect(v.defaultCurrency).toBe('TL');
    expect(v.views.map((x) => [x.currency, x.balance, x.incomplete])).toEqual([
      ['TL', 100000, false],
      ['USD', 10000, false],
    ]);
  });

  it('an account whose every line is USD opens in USD', () => {
    const lines: LedgerLine[] = [{ index: 0, date: '2026-01-01', dueDate: '2026-01-31', debit: 350000, credit: 0, currency: 'usd', currencyAmount: 10000 }];
    const v = accountLedger(lines, { asOf: '2026-03-31' });
    expect(v.defaultCurrency).toBe('USD');
    expect(v.currencies).toEqual(['USD']);
  });

  it('currencies in first-seen order, TL first only when a line is in TL; an account of no lines is a TL one', () => {
    // EUR, then a TL line, then USD: own currencies TL, EUR, USD; mixed; ages in its first foreign one (EUR).
    const mixed: LedgerLine[] = [
      { index: 0, date: '2026-01-01', dueDate: null, debit: 400000, credit: 0, currency: 'EUR', currencyAmount: 10000 },
      { index: 1, date: '2026-01-02', dueDate: null, debit: 100000, credit: 0, currency: 'TL', currencyAmount: 100000 },
      { index: 2, date: '2026-01-03', dueDate: null, debit: 350000, credit: 0, currency: 'USD', currencyAmount: 10000 },
    ];
    const v = accountLedger(mixed, { asOf: '2026-03-31' });
    expect([v.currencies, v.defaultCurrency, v.mixed, v.agingCurrency]).toEqual([['TL', 'EUR', 'USD'], 'TL', true, 'EUR']);
    expect([accountCurrencies(mixed), defaultCurrencyOf(mixed)]).toEqual([['TL', 'EUR', 'USD'], 'TL']);
    // Only foreign lines: no TL among its own currencies, but the TL equivalent is still there.
    const foreignOnly = [mixed[2]!, mixed[0]!];
    const f = accountLedger(foreignOnly, { asOf: '2026-03-31' });
    expect([f.currencies, f.defaultCurrency, f.mixed, f.agingCurrency, f.equivalent.balance]).toEqual([['USD', 'EUR'], 'USD', true, 'USD', 750000]);
    const none = accountLedger([], { asOf: '2026-03-31' });
    expect([none.currencies, none.defaultCurrency, none.mixed, none.agingCurrency]).toEqual([['TL'], 'TL', false, 'TL']);
  });

  it('refuses figures beyond exact kuruş (overflow guard)', () => {
    const big: LedgerLine[] = [
      { index: 0, date: '2026-01-01', dueDate: null, debit: 2 ** 52, credit: 0 },
      { index: 1, date: '2026-01-02', dueDate: null, debit: 2 ** 52, credit: 0 },
    ];
    expect(accountLedger(big, { asOf: '2026-03-31' }).overflow).toBe(true);
  });
});
