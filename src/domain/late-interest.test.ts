/** Vade farkı worked by hand (dates, amounts, days, rates written down per case; amounts in kuruş). */
import { describe, expect, it } from 'vitest';
import { interestOf, lateInterest, parseRateText } from './late-interest';
import { vatOf } from './money';
import type { LedgerLine } from './ledger';

const line = (index: number, date: string, dueDate: string | null, debit: number, credit: number): LedgerLine => ({
  index,
  date,
  dueDate,
  debit,
  credit,
  invalid: {},
});

// Invoice 10.000,00 on 01.01.2026 due 31.01.2026; payment 4.000,00 on 02.03.2026; as of 31.03.2026.
const customer = [line(0, '2026-01-01', '2026-01-31', 1000000, 0), line(1, '2026-03-02', null, 0, 400000)];

describe('vade farkı', () => {
  it('monthly 3 %: the paid part up to its payment day, the open part up to the as-of date; KDV 20 %', () => {
    // paid 4.000,00: 31.01 → 02.03 = 30 days → 4.000,00 × 30 × 3 % / 30 = 120,00; KDV 24,00
    // open 6.000,00: 31.01 → 31.03 = 59 days → 6.000,00 × 59 × 3 % / 30 = 354,00; KDV 70,80
    const r = lateInterest(customer, { asOf: '2026-03-31', rate: 3, period: 'monthly' });
    expect(r.side).toBe('debit');
    expect(r.rows.map((x) => [x.kind, x.amount, x.from, x.to, x.days, x.interest])).toEqual([
      ['closed', 400000, '2026-01-31', '2026-03-02', 30, 12000],
      ['open', 600000, '2026-01-31', '2026-03-31', 59, 35400],
    ]);
    expect([r.totalInterest, r.totalVat, r.total]).toEqual([47400, 9480, 56880]); // 474,00 + 94,80 = 568,80
  });

  it('annual 9 % (the legal default), 365 days, rounded half up per row', () => {
    // 4.000,00 × 30 × 9 % / 365 = 29,589… → 29,59; 6.000,00 × 59 × 9 % / 365 = 87,287… → 87,29
    const r = lateInterest(customer, { asOf: '2026-03-31', rate: 9, period: 'annual' });
    expect(r.rows.map((x) => x.interest)).toEqual([2959, 8729]);
    expect(r.totalVat).toBe(2338); // KDV on the total: 116,88 × 20 % = 23,376 → 23,38
  });

  it('an item due on the as-of date, or paid before its due date, carries no vade farkı', () => {
    const r = lateInterest(
      [line(0, '2026-01-01', '2026-03-31', 100000, 0), line(1, '2026-01-01', '2026-02-28', 50000, 0), line(2, '2026-02-20', null, 0, 50000)],
      {
        asOf: '2026-03-31',
        rate: 3,
        period: 'monthly',
      },
    );
    expect(r.rows).toEqual([]);
    expect(r.total).toBe(0);
  });

  it('the supplier side: their invoice 5.000,00 due 10.02.2026 paid on 20.02 → 10 days → 50,00 + KDV 10,00 (to check their vade farkı invoice)', () => {
    const r = lateInterest(
      [line(0, '2026-01-10', '2026-02-10', 0, 500000), line(1, '2026-02-20', null, 500000, 0), line(2, '2026-03-01', '2026-03-31', 0, 100)],
      {
        asOf: '2026-03-31',
        rate: 3,
        period: 'monthly',
      },
    );
    expect(r.side).toBe('credit');
    expect(r.rows.map((x) => [x.index, x.days, x.interest])).toEqual([[0, 10, 5000]]);
    expect(r.totalVat).toBe(1000);
  });

  it('interest and KDV are exact for large amounts (no float drift)', () => {
    // 123.456.789,01 × 365 × 12,5 % / 365 = 15.432.098,62625 → 15.432.098,63
    expect(interestOf(12345678901, 365, 12.5, 'annual')).toBe(1543209863);
    expect(vatOf(1543209863, 20)).toBe(308641973); // 3.086.419,726 → 3.086.419,73
  });
});

describe('rates in force each day (issue 31): kanuni faiz and TTK md. 1530 schedules', () => {
  it('50.000,00 due 15.05.2024 paid 15.07.2024 at kanuni faiz: 16 days at 9 % + 45 days at 24 % = 1.676,71', () => {
    // late days 16.05–31.05 = 16 at 9 %; 01.06–15.07 = 30 + 15 = 45 at 24 % (change on 01.06.2024).
    // 50.000 × (16 × 0,09 + 45 × 0,24) / 365 = 50.000 × 12,24 / 365 = 1.676,712… → 1.676,71
    const r = lateInterest([line(0, '2024-04-15', '2024-05-15', 5000000, 0), line(1, '2024-07-15', null, 0, 5000000)], {
      asOf: '2024-12-31',
      rate: 'kanuni',
      period: 'annual',
    });
    expect(r.rows.map((x) => [x.days, x.interest])).toEqual([[61, 167671]]);
    expect(r.rows[0]!.segments).toEqual([
      { from: '2024-05-16', to: '2024-05-31', days: 16, rate: 9, period: 'annual' },
      { from: '2024-06-01', to: '2024-07-15', days: 45, rate: 24, period: 'annual' },
    ]);
  });

  it('a leap year: 29.02.2024 is one more late day (year of 365 days): 10.000,00 due 31.01.2024 paid 01.03.2024 → 30 days at 9 % = 73,97', () => {
    // 01.02–29.02 = 29 days + 01.03 = 30 days; 10.000 × 0,09 × 30 / 365 = 73,972… → 73,97
    const r = lateInterest([line(0, '2024-01-01', '2024-01-31', 1000000, 0), line(1, '2024-03-01', null, 0, 1000000)], {
      asOf: '2024-12-31',
      rate: 'kanuni',
      period: 'annual',
    });
    expect(r.rows.map((x) => [x.days, x.interest])).toEqual([[30, 7397]]);
  });

  it('TTK md. 1530 across a calendar year: 100.000,00 due 15.12.2025 paid 15.01.2026 → 16 days at 53,25 % + 15 days at 43 % = 4.101,37', () => {
    // 100.000 × (16 × 0,5325 + 15 × 0,43) / 365 = 100.000 × 14,97 / 365 = 4.101,369… → 4.101,37
    const r = lateInterest([line(0, '2025-11-15', '2025-12-15', 10000000, 0), line(1, '2026-01-15', null, 0, 10000000)], {
      asOf: '2026-03-31',
      rate: 'ttk1530',
      period: 'annual',
    });
    expect(r.rows.map((x) => [x.days, x.interest])).toEqual([[31, 410137]]);
    // the minimum collection cost of the years with late days is named (2025: 1.450,00; 2026: 2.020,00 TL);
    // 2025's cost is unconfirmed (reports of the 02.01.2026 Tebliğ say 1.450 and 1.475 TL), 2026's is the RG text
    expect(r.minCollectionCosts).toEqual([
      { year: 2025, amount: 145000, unconfirmed: true },
      { year: 2026, amount: 202000, unconfirmed: false },
    ]);
  });

  it('late days before a schedule has a rate are counted, never charged at a guessed rate', () => {
    // TTK 1530 table starts 01.01.2023: due 21.12.2022, paid 10.01.2023: 10 days (22.12–31.12) with no rate, 10 at 11,75 %.
    // 10.000 × 0,1175 × 10 / 365 = 32,19
    const r = lateInterest([line(0, '2022-11-21', '2022-12-21', 1000000, 0), line(1, '2023-01-10', null, 0, 1000000)], {
      asOf: '2023-03-31',
      rate: 'ttk1530',
      period: 'annual',
    });
    expect(r.rows.map((x) => [x.days, x.interest])).toEqual([[20, 3219]]);
    expect(r.unratedDays).toBe(10);
  });

  it('a fixed number stays a fixed rate for every day', () => {
    const r = lateInterest([line(0, '2024-04-15', '2024-05-15', 5000000, 0), line(1, '2024-07-15', null, 0, 5000000)], {
      asOf: '2024-12-31',
      rate: 9,
      period: 'annual',
    });
    // 50.000 × 0,09 × 61 / 365 = 752,05
    expect(r.rows.map((x) => x.interest)).toEqual([75205]);
  });
});

describe('KDV and the opening line (issue 35 item 9)', () => {
  it('KDV on the total, not the sum of rounded lines: 29.684,12 × 20 % = 5.936,82 (rows would give 5.936,84)', () => {
    // Four invoices of 742.103,00 open 30 days at 1 % a month: 7.421,03 each, Σ 29.684,12.
    // per row KDV 1.484,206 → 1.484,21; × 4 = 5.936,84. On the total: 5.936,824 → 5.936,82.
    const lines = [0, 1, 2, 3].map((i) => line(i, '2026-01-01', '2026-03-01', 74210300, 0));
    const r = lateInterest(lines, { asOf: '2026-03-31', rate: 1, period: 'monthly' });
    expect(r.rows.map((x) => x.interest)).toEqual([742103, 742103, 742103, 742103]);
    expect([r.totalInterest, r.totalVat, r.total]).toEqual([2968412, 593682, 2968412 + 593682]);
  });

  it('an opening-balance line (Açılış Fişi) is left out by default and said; the switch takes it in', () => {
    // Açılış Fişi 1.000,00 dated 01.01.2026 (no real due date); invoice 2.000,00 due 31.01; nothing paid; as of 02.03.2026 at 3 % a month:
    // invoice 31.01 → 02.03 = 30 days → 60,00. With the opening line: 01.01 → 02.03 = 60 days → 1.000 × 0,03 × 60 / 30 = 60,00 more.
    const lines = [
      { ...line(0, '2026-01-01', null, 100000, 0), type: 'Açılış Fişi' },
      { ...line(1, '2026-01-01', '2026-01-31', 200000, 0), type: 'Satış Faturası' },
    ];
    const r = lateInterest(lines, { asOf: '2026-03-02', rate: 3, period: 'monthly' });
    expect(r.rows.map((x) => [x.index, x.interest])).toEqual([[1, 6000]]);
    expect(r.openingLeftOut).toEqual({ count: 1, amount: 100000 });
    const all = lateInterest(lines, { asOf: '2026-03-02', rate: 3, period: 'monthly', includeOpening: true });
    expect(all.rows.map((x) => [x.index, x.interest])).toEqual([
      [0, 6000],
      [1, 6000],
    ]);
    expect(all.openingLeftOut).toEqual({ count: 0, amount: 0 });
  });
});

describe('the rate field (issue 35 item 5)', () => {
  it('reads Turkish: "3", "3,5", "%24"; refuses "1.000" (a thousand), "abc", over 100', () => {
    expect(parseRateText('3')).toEqual({ ok: true, rate: 3 });
    expect(parseRateText('3,5')).toEqual({ ok: true, rate: 3.5 });
    expect(parseRateText('%24')).toEqual({ ok: true, rate: 24 });
    expect(parseRateText('1.000')).toEqual({ ok: false, reason: 'thousands' });
    expect(parseRateText('12.500')).toEqual({ ok: false, reason: 'thousands' });
    expect(parseRateText('abc')).toEqual({ ok: false, reason: 'unreadable' });
    expect(parseRateText('150')).toEqual({ ok: false, reason: 'range' });
    expect(parseRateText('')).toEqual({ ok: false, reason: 'unreadable' });
  });
});
