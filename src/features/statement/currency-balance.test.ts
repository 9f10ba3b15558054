import { describe, expect, it } from 'vitest';
import type { StatementLine } from '../../api/types';
import { computeFx, prepareFx } from './currency-balance';

let n = 0;
function line(date: string, type: string, debit: number, credit: number, currency: string | null, currencyAmount: number | null, invalid: StatementLine['invalid'] = {}): StatementLine {
  return { index: n++, date, dueDate: date, type, debit, credit, currency, currencyAmount, invalid, extras: {} };
}

// A USD customer with a TL opening: TL amounts and USD amounts side by side (amounts by hand).
//   01.01 Açılış (TL)        borç 10.000,00 TL
//   10.01 Satış   USD        borç 42.000,00 TL = 1.000,00 USD
//   20.02 Tahsilat USD       alacak 17.500,00 TL = 400,00 USD
//   05.03 Satış   EUR        borç 11.000,00 TL = 250,00 EUR
//   15.03 Satış   USD        borç 8.850,00 TL = 200,00 USD
const lines = [
  line('2026-01-01', 'Açılış Fişi', 1_000_000, 0, 'TL', 1_000_000),
  line('2026-01-10', 'Satış Faturası', 4_200_000, 0, 'usd', 100_000),
  line('2026-02-20', 'Tahsilat', 0, 1_750_000, 'USD', 40_000),
  line('2026-03-05', 'Satış Faturası', 1_100_000, 0, 'EUR', 25_000),
  line('2026-03-15', 'Satış Faturası', 885_000, 0, 'USD', 20_000),
];

describe('per-currency running balance', () => {
  it('TL-only statements have no foreign currency at all', () => {
    expect(prepareFx([line('2026-01-01', 'Satış Faturası', 100, 0, null, null), line('2026-01-02', 'Tahsilat', 0, 100, 'TRY', 100)])).toBeNull();
  });

  it('each currency runs over its own lines only; TL lines never enter a foreign balance', () => {
    const fx = prepareFx(lines)!;
    expect(fx.currencies).toEqual(['USD', 'EUR']);
    const r = computeFx(fx, lines, {});
    const usd = lines.map((l) => r.rowBalances.get(l.index)!.balances[0]);
    const eur = lines.map((l) => r.rowBalances.get(l.index)!.balances[1]);
    expect(usd).toEqual([0, 100_000, 60_000, 60_000, 80_000]);
    expect(eur).toEqual([0, 0, 0, 25_000, 25_000]);
    expect(r.totals).toEqual([
      { currency: 'USD', debit: 120_000, credit: 40_000, balance: 80_000, incomplete: false },
      { currency: 'EUR', debit: 25_000, credit: 0, balance: 25_000, incomplete: false },
    ]);
    expect(r.opening).toBeNull();
  });

  it('a range folds earlier lines into a per-currency devir and leaves later ones out', () => {
    const fx = prepareFx(lines)!;
    const r = computeFx(fx, lines, { from: '2026-02-01', to: '2026-03-10' });
    expect(r.opening).toEqual([100_000, 0]);
    expect([...r.rowBalances.values()].map((b) => b.balances)).toEqual([
      [60_000, 0],
      [60_000, 25_000],
    ]);
    // totals include the devir: USD 1.000 borç (devir) + 400 alacak → 600 USD
    expect(r.totals[0]).toMatchObject({ debit: 100_000, credit: 40_000, balance: 60_000 });
    expect(r.totals[1]).toMatchObject({ debit: 25_000, credit: 0, balance: 25_000 });
  });

  it('an unreadable foreign amount makes that currency incomplete from that line on, not the other one', () => {
    const bad = [
      line('2026-01-10', 'Satış Faturası', 4_200_000, 0, 'USD', 100_000),
      line('2026-01-11', 'Satış Faturası', 1_100_000, 0, 'USD', null, { currencyAmount: '1.2.3' }),
      line('2026-01-12', 'Satış Faturası', 1_100_000, 0, 'EUR', 25_000),
    ];
    const r = computeFx(prepareFx(bad)!, bad, {});
    expect(bad.map((l) => r.rowBalances.get(l.index)!.incomplete)).toEqual([
      [false, false],
      [true, false],
      [true, false],
    ]);
    expect(r.totals.map((t) => t.incomplete)).toEqual([true, false]);
  });
});
