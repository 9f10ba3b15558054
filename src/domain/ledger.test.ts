/**
 * The open-item engine and the one fold, with figures worked by hand (dates, amounts, days written
 * down next to each case). Amounts in kuruş.
 */
import { describe, expect, it } from 'vitest';
import { balanceAsOf, closingsByPosition, foldRange, ledgerColumn, openItems, orderLines, type LedgerLine } from './ledger';

function line(index: number, date: string | null, dueDate: string | null, debit: number, credit: number, extra: Partial<LedgerLine> = {}): LedgerLine {
  return { index, date, dueDate, debit, credit, type: debit ? 'Fatura' : 'Tahsilat', invalid: {}, ...extra };
}
const amounts = (r: ReturnType<typeof openItems>) => Object.fromEntries(r.buckets.map((b) => [b.key, b.amount]));
const item = (r: ReturnType<typeof openItems>, index: number) => r.items.find((i) => i.index === index)!;

describe('openItems: customer side (borç)', () => {
  it('partial payments close the oldest invoice step by step', () => {
    // D0 1.000,00 due 01.12.2025 → 120 days at 31.03.2026 (91–120)
    // D1 600,00 due 09.02.2026 → 50 days (31–60)
    // C2 400,00 on 01.02 and C3 250,50 on 01.03 both go to D0 → D0 left 349,50
    // D4 200,00 due 19.04.2026 → −19 days, not yet due
    const lines = [
      line(0, '2025-12-01', '2025-12-01', 100000, 0),
      line(1, '2026-01-10', '2026-02-09', 60000, 0),
      line(2, '2026-02-01', null, 0, 40000),
      line(3, '2026-03-01', null, 0, 25050),
      line(4, '2026-03-20', '2026-04-19', 20000, 0),
    ];
    const r = openItems(lines, { asOf: '2026-03-31', explain: true });
    expect(r.side).toBe('debit');
    expect(r.sign).toBe(1);
    expect(amounts(r)).toEqual({ notDue: 20000, b0: 0, b1: 60000, b2: 0, b3: 34950, b4: 0 });
    expect(r.openTotal).toBe(114950); // 1.800,00 − 650,50
    expect(r.balance).toBe(114950);
    expect(r.overdueTotal).toBe(94950); // 349,50 + 600,00
    expect(r.overdueCount).toBe(2);
    expect(r.closings).toEqual([
      { item: 0, by: 2, amount: 40000 },
      { item: 0, by: 3, amount: 25050 },
    ]);
    expect(item(r, 0)).toMatchObject({ remaining: 34950, days: 120, bucket: 'b3' });
    expect(item(r, 1)).toMatchObject({ days: 50, bucket: 'b1' });
    expect(item(r, 4)).toMatchObject({ days: -19, bucket: 'notDue' });
  });

  it('a payment larger than the oldest invoice spills over to the next one', () => {
    // C 500,00 on 10.02 closes D0 300,00 fully (closed on 10.02) and 200,00 of D1 700,00 → D1 left
    // 500,00, due 19.02 → 10 days at 01.03 (0–30)
    const r = openItems([line(0, '2026-01-05', '2026-01-05', 30000, 0), line(1, '2026-01-20', '2026-02-19', 70000, 0), line(2, '2026-02-10', null, 0, 50000)], {
      asOf: '2026-03-01',
      explain: true,
    });
    expect(r.closings!.map((c) => [c.by, c.item, c.amount])).toEqual([
      [2, 0, 30000],
      [2, 1, 20000],
    ]);
    expect(item(r, 0)).toMatchObject({ remaining: 0, bucket: 'closed', closedOn: '2026-02-10' });
    expect(item(r, 1)).toMatchObject({ remaining: 50000, days: 10, bucket: 'b0', closedOn: null });
    expect(amounts(r).b0).toBe(50000);
  });

  it('a credit note (iade) closes the invoice before the later payment', () => {
    // Invoice 1.200,00 on 05.01 due 04.02; credit note 200,00 on 20.01; payment 500,00 on 10.02.
    // At 28.02: 700,00 closed, 500,00 open, 24 days past due (04.02 → 28.02) → 0–30.
    const r = openItems(
      [
        line(0, '2026-01-05', '2026-02-04', 120000, 0),
        line(1, '2026-01-20', null, 0, 20000, { type: 'Satış İade Faturası' }),
        line(2, '2026-02-10', null, 0, 50000),
      ],
      { asOf: '2026-02-28', explain: true },
    );
    expect(r.closings!.map((c) => [c.by, c.amount])).toEqual([
      [1, 20000],
      [2, 50000],
    ]);
    expect(item(r, 0)).toMatchObject({ remaining: 50000, days: 24, bucket: 'b0' });
    expect(r.overdueTotal).toBe(50000);
  });

  it('an item due ON the as-of date is not yet due (0 days), one due the day before is 1 day overdue', () => {
    const r = openItems([line(0, '2026-01-01', '2026-01-31', 10000, 0), line(1, '2026-01-01', '2026-01-30', 5000, 0)], { asOf: '2026-01-31' });
    expect(item(r, 0)).toMatchObject({ days: 0, bucket: 'notDue' });
    expect(item(r, 1)).toMatchObject({ days: 1, bucket: 'b0' });
    expect(r.overdueTotal).toBe(5000);
    expect(r.overdueCount).toBe(1);
  });

  it('the issue’s example: debit 1.000,00 on 01.01.2026 due 31.01.2026, credit 1.000,00 on 15.12.2026, as of 15.11.2026', () => {
    // The credit is after the as-of date: left out. 31.01 → 15.11.2026 = 288 days (over 120).
    const r = openItems([line(0, '2026-01-01', '2026-01-31', 100000, 0), line(1, '2026-12-15', null, 0, 100000)], { asOf: '2026-11-15' });
    expect(r.excluded).toBe(1);
    expect(r.overdueTotal).toBe(100000);
    expect(item(r, 0)).toMatchObject({ days: 288, bucket: 'b4' });
    // On 15.12.2026 the payment is in: nothing open.
    expect(openItems([line(0, '2026-01-01', '2026-01-31', 100000, 0), line(1, '2026-12-15', null, 0, 100000)], { asOf: '2026-12-15' }).overdueTotal).toBe(0);
  });

  it('ortalama vade is the amount-weighted due date of the open items', () => {
    // 300,00 due 01.03 and 100,00 due 21.03: 01.03 + 20 × 100/400 = 01.03 + 5 = 06.03.2026
    const r = openItems([line(0, '2026-02-01', '2026-03-01', 30000, 0), line(1, '2026-02-01', '2026-03-21', 10000, 0)], { asOf: '2026-02-15' });
    expect(r.averageDueDate).toBe('2026-03-06');
  });
});

describe('openItems: supplier side (alacak), symmetric', () => {
  // Supplier invoices (alacak) 10.000,00 on 10.01 due 09.02 and 5.000,00 on 15.02 due 17.03;
  // our payments (borç) 4.000,00 on 20.02 and 3.000,00 on 10.03. As of 31.03.2026:
  // balance 15.000,00 − 7.000,00 = 8.000,00 A. The payments close the first invoice → 3.000,00 open,
  // 50 days past due (09.02 → 31.03: 19 + 31 = 50, 31–60); the second 5.000,00, 14 days (0–30).
  const supplier = [
    line(0, '2026-01-10', '2026-02-09', 0, 1000000, { type: 'Alış Faturası' }),
    line(1, '2026-02-15', '2026-03-17', 0, 500000, { type: 'Alış Faturası' }),
    line(2, '2026-02-20', null, 400000, 0, { type: 'Ödeme' }),
    line(3, '2026-03-10', null, 300000, 0, { type: 'Ödeme' }),
  ];
  it('ages the credit balance: partial payments, buckets, overdue payables', () => {
    const r = openItems(supplier, { asOf: '2026-03-31', explain: true });
    expect(r.side).toBe('credit');
    expect(r.sign).toBe(-1);
    expect(r.balance).toBe(-800000);
    expect(amounts(r)).toEqual({ notDue: 0, b0: 500000, b1: 300000, b2: 0, b3: 0, b4: 0 });
    expect(r.unapplied).toBe(0);
    expect(r.overdueTotal).toBe(800000);
    expect(item(r, 0)).toMatchObject({ amount: 1000000, remaining: 300000, days: 50, bucket: 'b1' });
    expect(item(r, 1)).toMatchObject({ remaining: 500000, days: 14, bucket: 'b0' });
    const { byItem } = closingsByPosition(r);
    expect(byItem.get(0)!.map((c) => [c.by, c.amount])).toEqual([
      [2, 400000],
      [3, 300000],
    ]);
    // Ortalama vade: 09.02 + 36 days × 5.000/8.000 = 09.02 + 22,5 → a tie goes to the earlier day: 03.03.2026
    expect(r.averageDueDate).toBe('2026-03-03');
  });
});

describe('openItems: currencies, unreadable amounts', () => {
  // A USD customer: opening 1.000,00 TL (TL line, 01.01.2026); invoice 64.000,00 TL = 2.000,00 USD
  // on 15.01 due 14.02; payment 33.000,00 TL = 1.000,00 USD on 01.02. As of 01.03.2026:
  // USD: 1.000,00 USD open, 15 days past due (14.02 → 01.03) → 0–30.
  // TL: 65.000,00 − 33.000,00 = 32.000,00 B; the payment closes the opening 1.000,00 and 32.000,00 of
  // the invoice → invoice 32.000,00 open, 15 days.
  const usd = [
    line(0, '2026-01-01', null, 100000, 0, { type: 'Devir', currency: 'TL', currencyAmount: 100000 }),
    line(1, '2026-01-15', '2026-02-14', 6400000, 0, { currency: 'USD', currencyAmount: 200000 }),
    line(2, '2026-02-01', null, 0, 3300000, { currency: 'USD', currencyAmount: 100000 }),
  ];
  it('ages a USD account in USD, the TL lines apart', () => {
    const r = openItems(usd, { asOf: '2026-03-01', currency: 'USD' });
    expect(r.balance).toBe(100000);
    expect(r.items.map((i) => [i.index, i.remaining, i.days])).toEqual([[1, 100000, 15]]);
    expect(amounts(r).b0).toBe(100000);
    const tl = openItems(usd, { asOf: '2026-03-01' });
    expect(tl.balance).toBe(3200000);
    expect(item(tl, 0)).toMatchObject({ remaining: 0, bucket: 'closed' });
    expect(item(tl, 1)).toMatchObject({ remaining: 3200000, days: 15 });
  });

  it('leaves out and counts a line whose amount could not be read (never 0)', () => {
    const lines = [line(0, '2026-01-01', '2026-01-10', 50000, 0), line(1, '2026-01-05', null, 0, 0, { invalid: { credit: '1.234' } })];
    const r = openItems(lines, { asOf: '2026-02-01' });
    expect(r.unreadable).toBe(1);
    expect(r.incomplete).toBe(true);
  });
});

describe('foldRange: one fold for every currency', () => {
  it('devir, running balance and totals in TL and USD', () => {
    const usd = [
      line(0, '2026-01-01', null, 100000, 0, { currency: 'TL', currencyAmount: 100000 }),
      line(1, '2026-01-15', null, 6400000, 0, { currency: 'USD', currencyAmount: 200000 }),
      line(2, '2026-02-01', null, 0, 3300000, { currency: 'USD', currencyAmount: 100000 }),
    ];
    const tl = foldRange(usd, ledgerColumn(usd), { from: '2026-01-10' });
    expect(tl.opening).toMatchObject({ debit: 100000, credit: 0, balance: 100000 });
    expect(Array.from(tl.balance)).toEqual([6500000, 3200000]);
    expect(tl.totals).toMatchObject({ debit: 6500000, credit: 3300000, balance: 3200000, incomplete: false });
    const fx = foldRange(usd, ledgerColumn(usd, 'USD'), { from: '2026-01-10' });
    expect(fx.opening).toBeNull(); // the TL devir line is not a USD line
    expect(Array.from(fx.balance)).toEqual([200000, 100000]);
    expect(fx.totals).toMatchObject({ debit: 200000, credit: 100000, balance: 100000 });
  });

  it('an unreadable line left out after `to` does not make the undated line shown after it incomplete — in TL and in USD alike', () => {
    // Ordered: 10.01 (read), 20.03 (unreadable, after to = 28.02), undated (shown last).
    const lines = orderLines([
      line(0, '2026-01-10', null, 10000, 0, { currency: 'USD', currencyAmount: 1000 }),
      line(1, '2026-03-20', null, 0, 0, { currency: 'USD', currencyAmount: null, invalid: { credit: '1.234', currencyAmount: '1.234' } }),
      line(2, null, null, 5000, 0, { currency: 'USD', currencyAmount: 500 }),
    ]);
    for (const cur of ['TL', 'USD']) {
      const f = foldRange(lines, ledgerColumn(lines, cur), { to: '2026-02-28' });
      expect([cur, f.shown.length, f.totals.incomplete, f.closingIncomplete, Array.from(f.incomplete)]).toEqual([cur, 2, false, false, [0, 0]]);
      expect(f.finalIncomplete).toBe(true);
    }
  });

  it('the type filter keeps the account’s balances and sums only the shown lines', () => {
    const lines = [line(0, '2026-01-01', null, 100000, 0), line(1, '2026-01-05', null, 0, 30000), line(2, '2026-01-09', null, 0, 20000)];
    const f = foldRange(lines, ledgerColumn(lines), { types: new Set(['Tahsilat']) });
    expect(f.shown).toEqual([1, 2]);
    expect(f.shownCredit).toBe(50000);
    expect(f.final).toBe(50000);
  });

  it('balanceAsOf counts the day itself', () => {
    const lines = [line(0, '2026-01-01', null, 100000, 0), line(1, '2026-01-31', null, 0, 30000), line(2, '2026-02-01', null, 0, 20000)];
    expect(balanceAsOf(lines, '2026-01-31')).toEqual({ balance: 70000, incomplete: false });
  });
});

describe('paymentBehaviour', () => {
  it('amount-weighted days late and days to pay of the closed part', () => {
    // Invoice 1.000,00 on 01.01.2026 due 31.01; paid 600,00 on 10.02 (10 days late, 40 days after
    // the invoice) and 400,00 on 02.03 (30 days late, 60 days). Late: (600×10 + 400×30)/1.000 = 18,0;
    // to pay: (600×40 + 400×60)/1.000 = 48,0.
    const lines = [line(0, '2026-01-01', '2026-01-31', 100000, 0), line(1, '2026-02-10', null, 0, 60000), line(2, '2026-03-02', null, 0, 40000)];
    const r = openItems(lines, { asOf: '2026-03-31', explain: true });
    expect(r.behaviour).toEqual({ closedAmount: 100000, averageDaysLate: 18, averageDaysToPay: 48 });
    expect(item(r, 0).closedOn).toBe('2026-03-02');
    // As of 15.02 only the first payment is in.
    const early = openItems(lines, { asOf: '2026-02-15', explain: true });
    expect(early.behaviour).toEqual({ closedAmount: 60000, averageDaysLate: 10, averageDaysToPay: 40 });
  });
});
