import { describe, expect, it } from 'vitest';
import type { StatementLine } from './erp-types';
import { computeFx, computeStatement, orderLines, prepareStatement } from './running-balance';

function line(index: number, date: string | null, dueDate: string | null, type: string, debit: number, credit: number): StatementLine {
  return { index, date, dueDate, type, debit, credit, invalid: {}, extras: {} };
}

// Hand-made account (amounts in kuruş):
//   0  15.12.2025  vade 30.12.2025  Satış Faturası  borç 1.000,00
//   1  20.12.2025                   Tahsilat        alacak 300,00
//   2  05.01.2026  vade 04.02.2026  Satış Faturası  borç 250,50
//   3  10.01.2026                   Tahsilat        alacak 100,00
//   4  01.02.2026                   Satış Faturası  borç 50,00
const lines = [
  line(3, '2026-01-10', null, 'Tahsilat', 0, 10000),
  line(0, '2025-12-15', '2025-12-30', 'Satış Faturası', 100000, 0),
  line(4, '2026-02-01', null, 'Satış Faturası', 5000, 0),
  line(1, '2025-12-20', null, 'Tahsilat', 0, 30000),
  line(2, '2026-01-05', '2026-02-04', 'Satış Faturası', 25050, 0),
];

describe('computeStatement', () => {
  it('orders by date, collapses lines before the range into a devir row and keeps the running balance right', () => {
    const s = computeStatement(lines, { from: '2026-01-01', to: '2026-01-31', today: '2026-02-03' });
    expect(s.opening).toMatchObject({ kind: 'opening', debit: 100000, credit: 30000, balance: 70000 });
    expect(s.rows.map((r) => [r.line!.index, r.balance])).toEqual([
      [2, 95050],
      [3, 85050],
    ]);
    expect(s.totals).toEqual({ debit: 125050, credit: 40000, balance: 85050 });
    expect(s.closingBalance).toBe(85050);
    expect(s.finalBalance).toBe(90050);
  });

  it('without a range shows every line and no devir row', () => {
    const s = computeStatement(lines, { today: '2026-02-03' });
    expect(s.opening).toBeNull();
    expect(s.rows.map((r) => r.balance)).toEqual([100000, 70000, 95050, 85050, 90050]);
    expect(s.totals).toEqual({ debit: 130050, credit: 40000, balance: 90050 });
  });

  it('FIFO: credits pay the earliest due debits; overdue total and ortalama vade', () => {
    const s = computeStatement(lines, { today: '2026-02-03' });
    const open = Object.fromEntries(s.rows.map((r) => [r.line!.index, r.open]));
    // 400,00 of credits pay the 30.12.2025 debit partly: 600,00 left; the others fully open.
    expect(open).toEqual({ 0: 60000, 1: 0, 2: 25050, 3: 0, 4: 5000 });
    // due 30.12.2025 and 01.02.2026 are before 03.02.2026; 04.02.2026 is not.
    expect(s.overdue).toEqual({ total: 65000, count: 2 });
    expect(s.rows.filter((r) => r.overdue).map((r) => r.line!.index)).toEqual([0, 4]);
    // days after 30.12.2025: 0, 33, 36 → (60000·0 + 5000·33 + 25050·36) / 90050 = 11.85 → 12 → 11.01.2026
    expect(s.open).toEqual({ total: 90050, averageDueDate: '2026-01-11' });
  });

  it('type filter: the totals are the Σ of the shown lines only (no devir folded in), said to be filtered', () => {
    // Tahsilat lines in January: only line 3, alacak 100,00. The devir (700,00 B) is the account's,
    // not a Tahsilat figure: no devir row, not in the totals (was: 1.000,00 / 400,00 / 600,00 B).
    const s = computeStatement(lines, { from: '2026-01-01', to: '2026-01-31', today: '2026-02-03', types: new Set(['Tahsilat']) });
    expect(s.filtered).toBe(true);
    expect(s.opening).toBeNull();
    expect(s.rows.map((r) => r.line!.index)).toEqual([3]);
    expect(s.totals).toEqual({ debit: 0, credit: 10000, balance: -10000 });
    expect(s.closingBalance).toBe(85050);
    expect(s.types).toEqual(['Satış Faturası', 'Tahsilat']);
  });

  it('a line with an unreadable date sorts last and is never folded into the devir row', () => {
    const s = computeStatement([line(0, null, null, 'X', 700, 0), line(1, '2026-01-01', null, 'Y', 300, 0)], {
      from: '2026-06-01',
      today: '2026-07-01',
    });
    expect(s.opening).toMatchObject({ debit: 300 });
    expect(s.rows.map((r) => r.line!.index)).toEqual([0]);
    expect(s.totals.balance).toBe(1000);
  });

  it('lines after `to` are left out of the running balance of the undated lines shown after them', () => {
    // 01.01.2026 borç 100,00 (shown) · 01.03.2026 borç 500,00 (after `to`: hidden) · undated alacak 30,00 (shown).
    const s = computeStatement([line(0, '2026-01-01', null, 'F', 10000, 0), line(1, '2026-03-01', null, 'F', 50000, 0), line(2, null, null, 'T', 0, 3000)], {
      to: '2026-01-31',
      today: '2026-04-01',
    });
    // 100,00 − 30,00 = 70,00 (not 570,00)
    expect(s.rows.map((r) => [r.line!.index, r.balance])).toEqual([
      [0, 10000],
      [2, 7000],
    ]);
    expect(s.totals).toEqual({ debit: 10000, credit: 3000, balance: 7000 });
    expect(s.closingBalance).toBe(7000);
    expect(s.finalBalance).toBe(57000);
  });

  it('everything paid: nothing open on the debit side; the overpayment is the open item, on the credit side', () => {
    // borç 10,00 on 01.01, alacak 15,00 on 02.01 → balance 5,00 A: the credit side is what is open
    // (symmetric open items, like the ERP's aging): 5,00 of the 02.01 credit, 58 days old at 01.03.
    const s = computeStatement([line(0, '2026-01-01', null, 'F', 1000, 0), line(1, '2026-01-02', null, 'T', 0, 1500)], {
      today: '2026-03-01',
    });
    expect(s.side).toBe('credit');
    expect(s.rows.map((r) => r.open)).toEqual([0, 500]);
    expect(s.overdue).toEqual({ total: 500, count: 1 });
    expect(s.open).toEqual({ total: 500, averageDueDate: '2026-01-02' });
    // Exactly paid: nothing open anywhere.
    const paid = computeStatement([line(0, '2026-01-01', null, 'F', 1000, 0), line(1, '2026-01-02', null, 'T', 0, 1000)], { today: '2026-03-01' });
    expect(paid.overdue).toEqual({ total: 0, count: 0 });
    expect(paid.open).toEqual({ total: 0, averageDueDate: null });
  });

  it('sums 0,10 and 0,20 lines exactly (3.000 of each → 300,00 borç, 600,00 alacak)', () => {
    const many: StatementLine[] = [];
    for (let i = 0; i < 6000; i++) many.push(line(i, '2026-01-01', null, 'T', i % 2 === 0 ? 10 : 0, i % 2 === 1 ? 20 : 0));
    const s = computeStatement(many, { today: '2026-01-02' });
    expect(s.totals).toEqual({ debit: 30000, credit: 60000, balance: -30000 });
  });

  it('50.000 lines: a range over a long statement keeps the balance exact (speed is measured by npm run bench)', () => {
    const big: StatementLine[] = [];
    for (let i = 0; i < 50_000; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      const month = String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0');
      big.push(line(i, `2025-${month}-${day}`, `2026-${month}-${day}`, i % 3 ? 'Fatura' : 'Tahsilat', i % 3 ? 12345 : 0, i % 3 ? 0 : 20000));
    }
    const prepared = prepareStatement(big, '2026-03-15');
    const s = computeStatement(prepared, { from: '2025-06-01', to: '2025-12-31', today: '2026-03-15' });
    // 33.333 debits of 123,45 and 16.667 credits of 200,00
    expect(s.finalBalance).toBe(33333 * 12345 - 16667 * 20000);
    // Expected range figures, straight from the generator: month = floor(i / 28) % 12 + 1; months 1–5
    // (before 01.06.2025) are the devir row, months 6–12 the shown lines; every date is ≤ 31.12.2025.
    let devirDebit = 0;
    let devirCredit = 0;
    let shownDebit = 0;
    let shownCredit = 0;
    let shownCount = 0;
    for (let i = 0; i < 50_000; i++) {
      const month = 1 + (Math.floor(i / 28) % 12);
      const debit = i % 3 ? 12345 : 0;
      const credit = i % 3 ? 0 : 20000;
      if (month < 6) {
        devirDebit += debit;
        devirCredit += credit;
      } else {
        shownDebit += debit;
        shownCredit += credit;
        shownCount++;
      }
    }
    expect(s.opening).toMatchObject({ kind: 'opening', debit: devirDebit, credit: devirCredit, balance: devirDebit - devirCredit });
    expect(s.rows).toHaveLength(shownCount);
    expect(s.totals).toEqual({ debit: devirDebit + shownDebit, credit: devirCredit + shownCredit, balance: s.finalBalance });
    expect(s.totals.debit + s.totals.credit).toBe(33333 * 12345 + 16667 * 20000); // every line counted once
    expect(s.rows[s.rows.length - 1]!.balance).toBe(s.finalBalance);
    expect(s.closingBalance).toBe(s.finalBalance);
    expect(computeStatement(prepared, { today: '2026-03-15' }).totals.balance).toBe(s.finalBalance);
  });
});

describe('orderLines / open debits', () => {
  it('returns the same array when already ordered', () => {
    const ordered = [line(0, '2026-01-01', null, 'A', 1, 0), line(1, '2026-01-01', null, 'A', 1, 0)];
    expect(orderLines(ordered)).toBe(ordered);
  });
  it('a debit without a due date is due on its transaction date', () => {
    // D0 due 31.12.2026, D1 no due date → due 01.02.2026, so the 6,00 credit pays D1 (5,00) first,
    // then 1,00 of D0: D0 stays open 4,00.
    const s = computeStatement(
      [line(0, '2026-01-01', '2026-12-31', 'F', 500, 0), line(1, '2026-02-01', null, 'F', 500, 0), line(2, '2026-03-01', null, 'T', 0, 600)],
      { today: '2026-03-02' },
    );
    expect(s.rows.map((r) => [r.line!.index, r.open])).toEqual([
      [0, 400],
      [1, 0],
      [2, 0],
    ]);
    expect(s.overdue).toEqual({ total: 0, count: 0 }); // 4,00 is due 31.12.2026
  });
  it('a debit with no date at all is paid last and is neither overdue nor in the ortalama vade', () => {
    // 1,00 credit: the dated 3,00 debit (due 01.01.2026) is paid first → 2,00 open and overdue;
    // the undated 7,00 stays open but has no due day.
    const s = computeStatement([line(0, null, null, 'F', 700, 0), line(1, '2026-01-01', null, 'F', 300, 0), line(2, '2026-01-02', null, 'T', 0, 100)], {
      today: '2026-02-01',
    });
    expect(Object.fromEntries(s.rows.map((r) => [r.line!.index, r.open]))).toEqual({ 0: 700, 1: 200, 2: 0 });
    expect(s.overdue).toEqual({ total: 200, count: 1 });
    // Open total = Σ open = the balance (9,00); the ortalama vade only over the dated 2,00.
    expect(s.open).toEqual({ total: 900, averageDueDate: '2026-01-01' });
  });
});

describe('an unreadable amount: the balance says it is incomplete from that line on', () => {
  // The hand-made account above, with line 2's borç ("250,50") unreadable: the reader keeps 0 and
  // the raw text. Every balance from line 2 on, and every total that includes it, is not known.
  const broken: StatementLine[] = lines.map((l) => (l.index === 2 ? { ...l, debit: 0, invalid: { debit: '250,5O' } } : l));

  it('rows before it are exact, rows from it on are marked incomplete', () => {
    const s = computeStatement(broken, { today: '2026-02-03' });
    expect(s.rows.map((r) => [r.line!.index, r.balance, r.incomplete])).toEqual([
      [0, 100000, false],
      [1, 70000, false],
      [2, 70000, true],
      [3, 60000, true],
      [4, 65000, true],
    ]);
    expect(s.incomplete).toMatchObject({ totals: true, closing: true, final: true, open: true });
    expect(s.incomplete.from?.index).toBe(2);
  });

  it('a range that ends before the unreadable line is exact; a devir row that holds it is incomplete', () => {
    const before = computeStatement(broken, { to: '2025-12-31', today: '2026-02-03' });
    expect(before.rows.every((r) => !r.incomplete)).toBe(true);
    expect(before.incomplete).toMatchObject({ totals: false, closing: false, final: true });
    const after = computeStatement(broken, { from: '2026-01-06', today: '2026-02-03' });
    expect(after.opening).toMatchObject({ incomplete: true });
    expect(after.rows.map((r) => r.incomplete)).toEqual([true, true]);
    expect(after.incomplete.totals).toBe(true);
  });

  it('a type filter that hides the unreadable line still marks the balances after it (they include it)', () => {
    const s = computeStatement(broken, { types: new Set(['Tahsilat']), today: '2026-02-03' });
    expect(s.rows.map((r) => [r.line!.index, r.incomplete])).toEqual([
      [1, false],
      [3, true],
    ]);
    // The totals of the shown lines (two Tahsilat lines) are exact; the closing balance is not.
    expect(s.incomplete).toMatchObject({ totals: false, closing: true });
  });

  it('an unreadable line after "to" is left out of the undated rows shown after it', () => {
    const withUndated = [...broken, line(5, null, null, 'Virman', 1000, 0)];
    const s = computeStatement(withUndated, { to: '2026-01-01', today: '2026-02-03' });
    expect(s.rows.map((r) => [r.line!.index, r.balance, r.incomplete])).toEqual([
      [0, 100000, false],
      [1, 70000, false],
      [5, 71000, false],
    ]);
  });

  it('no unreadable amount: nothing is marked', () => {
    const s = computeStatement(lines, { today: '2026-02-03' });
    expect(s.rows.some((r) => r.incomplete)).toBe(false);
    expect(s.incomplete).toEqual({ from: null, totals: false, closing: false, final: false, open: false });
  });
});

let n = 0;
function fxLine(
  date: string,
  type: string,
  debit: number,
  credit: number,
  currency: string | null,
  currencyAmount: number | null,
  invalid: StatementLine['invalid'] = {},
): StatementLine {
  return { index: n++, date, dueDate: date, type, debit, credit, currency, currencyAmount, invalid, extras: {} };
}

// A USD customer with a TL opening: TL amounts and USD amounts side by side (amounts by hand).
//   01.01 Açılış (TL)        borç 10.000,00 TL
//   10.01 Satış   USD        borç 42.000,00 TL = 1.000,00 USD
//   20.02 Tahsilat USD       alacak 17.500,00 TL = 400,00 USD
//   05.03 Satış   EUR        borç 11.000,00 TL = 250,00 EUR
//   15.03 Satış   USD        borç 8.850,00 TL = 200,00 USD
const fxLines = [
  fxLine('2026-01-01', 'Açılış Fişi', 1_000_000, 0, 'TL', 1_000_000),
  fxLine('2026-01-10', 'Satış Faturası', 4_200_000, 0, 'usd', 100_000),
  fxLine('2026-02-20', 'Tahsilat', 0, 1_750_000, 'USD', 40_000),
  fxLine('2026-03-05', 'Satış Faturası', 1_100_000, 0, 'EUR', 25_000),
  fxLine('2026-03-15', 'Satış Faturası', 885_000, 0, 'USD', 20_000),
];

describe('per-currency running balance (computeFx: the same fold per currency)', () => {
  it('TL-only statements have no foreign currency at all', () => {
    expect(
      computeFx(
        prepareStatement([fxLine('2026-01-01', 'Satış Faturası', 100, 0, null, null), fxLine('2026-01-02', 'Tahsilat', 0, 100, 'TRY', 100)], '2026-12-31'),
        {},
      ),
    ).toBeNull();
  });

  it('each currency runs over its own lines only; TL lines never enter a foreign balance', () => {
    const r = computeFx(prepareStatement(fxLines, '2026-12-31'), {})!;
    expect(r.currencies).toEqual(['USD', 'EUR']);
    const usd = fxLines.map((l) => r.rowBalances.get(l.index)!.balances[0]);
    const eur = fxLines.map((l) => r.rowBalances.get(l.index)!.balances[1]);
    expect(usd).toEqual([0, 100_000, 60_000, 60_000, 80_000]);
    expect(eur).toEqual([0, 0, 0, 25_000, 25_000]);
    expect(r.totals).toEqual([
      // Overdue as of 31.12.2026 (each line due on its date): USD 400 pays the 10.01 invoice → 600 +
      // the 15.03 200 open, both overdue = 800,00 USD (2); EUR 250,00 (1).
      { currency: 'USD', debit: 120_000, credit: 40_000, balance: 80_000, incomplete: false, overdue: 80_000, overdueCount: 2 },
      { currency: 'EUR', debit: 25_000, credit: 0, balance: 25_000, incomplete: false, overdue: 25_000, overdueCount: 1 },
    ]);
    expect(r.opening).toBeNull();
  });

  it('a range folds earlier lines into a per-currency devir and leaves later ones out', () => {
    const r = computeFx(prepareStatement(fxLines, '2026-12-31'), { from: '2026-02-01', to: '2026-03-10' })!;
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
      fxLine('2026-01-10', 'Satış Faturası', 4_200_000, 0, 'USD', 100_000),
      fxLine('2026-01-11', 'Satış Faturası', 1_100_000, 0, 'USD', null, { currencyAmount: '1.2.3' }),
      fxLine('2026-01-12', 'Satış Faturası', 1_100_000, 0, 'EUR', 25_000),
    ];
    const r = computeFx(prepareStatement(bad, '2026-12-31'), {})!;
    expect(bad.map((l) => r.rowBalances.get(l.index)!.incomplete)).toEqual([
      [false, false],
      [true, false],
      [true, false],
    ]);
    expect(r.totals.map((t) => t.incomplete)).toEqual([true, false]);
  });
});
