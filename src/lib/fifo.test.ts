import { describe, expect, it } from 'vitest';
import { allocateFifo, basisDate, type FifoLine, type FifoOptions } from './fifo';

/** Amounts in kuruş. */
function line(index: number, date: string | null, dueDate: string | null, debit: number, credit: number): FifoLine {
  return { index, date, dueDate, debit, credit };
}

interface Case {
  name: string;
  lines: FifoLine[];
  options?: FifoOptions;
  /** Expected open (debits) and unapplied (credits) per POSITION, worked out by hand. */
  open: number[];
  unapplied: number[];
  /** [credit position, debit position, amount] in payment order. */
  allocations: [number, number, number][];
  excluded?: number;
}

const CASES: Case[] = [
  {
    // D 1.000,00 due 31.01; payments 300,00 and 250,50 → 1.000,00 − 550,50 = 449,50 open.
    name: 'partial payments close the oldest debit step by step',
    lines: [line(0, '2026-01-01', '2026-01-31', 100000, 0), line(1, '2026-02-10', null, 0, 30000), line(2, '2026-02-20', null, 0, 25050)],
    open: [44950, 0, 0],
    unapplied: [0, 0, 0],
    allocations: [
      [1, 0, 30000],
      [2, 0, 25050],
    ],
  },
  {
    // 500,00 closes D0 300,00 and 200,00 of D1 700,00 → D1 500,00 open.
    name: 'a payment larger than the oldest invoice spills over to the next one',
    lines: [line(0, '2026-01-01', '2026-01-01', 30000, 0), line(1, '2026-01-05', '2026-02-04', 70000, 0), line(2, '2026-02-10', null, 0, 50000)],
    open: [0, 50000, 0],
    unapplied: [0, 0, 0],
    allocations: [
      [2, 0, 30000],
      [2, 1, 20000],
    ],
  },
  {
    name: 'a credit with no debit at all stays unapplied',
    lines: [line(0, '2026-01-02', null, 0, 100000)],
    open: [0],
    unapplied: [100000],
    allocations: [],
  },
  {
    // 1.000,00 paid on 02.01 before any invoice; the 400,00 invoice of 10.01 is paid from it → 600,00 left.
    name: 'a credit before any debit pays the later debit (advance), the rest stays unapplied',
    lines: [line(0, '2026-01-02', null, 0, 100000), line(1, '2026-01-10', '2026-01-10', 40000, 0)],
    open: [0, 0],
    unapplied: [60000, 0],
    allocations: [[0, 1, 40000]],
  },
  {
    // As of 10.02 only D0 (01.01) is in; C1 (15.02) and D2 (01.03) are after it.
    name: 'as-of date before some lines leaves them out',
    lines: [line(0, '2026-01-01', '2026-01-31', 10000, 0), line(1, '2026-02-15', null, 0, 10000), line(2, '2026-03-01', '2026-03-31', 5000, 0)],
    options: { asOf: '2026-02-10' },
    open: [10000, 0, 0],
    unapplied: [0, 0, 0],
    allocations: [],
    excluded: 2,
  },
  {
    // As of 15.03 all lines are in: C1 100,00 pays D0 (due 31.01); D2 50,00 open.
    name: 'as-of date after every line takes them all',
    lines: [line(0, '2026-01-01', '2026-01-31', 10000, 0), line(1, '2026-02-15', null, 0, 10000), line(2, '2026-03-01', '2026-03-31', 5000, 0)],
    options: { asOf: '2026-03-15' },
    open: [0, 0, 5000],
    unapplied: [0, 0, 0],
    allocations: [[1, 0, 10000]],
    excluded: 0,
  },
  {
    // D1 has a due date (30.04) but no transaction date: its transaction day is unknown, so it is
    // never "after the as-of date" — it takes part. As of 10.02: D0 100,00 + D1 250,00 − C2 120,00.
    // Pooled by due date: C2 pays D0 (due 31.01) 100,00, then 20,00 of D1 → D1 230,00 open.
    name: 'a debit with a due date but no transaction date is not left out by the as-of date',
    lines: [line(0, '2026-01-01', '2026-01-31', 10000, 0), line(1, null, '2026-04-30', 25000, 0), line(2, '2026-02-05', null, 0, 12000)],
    options: { asOf: '2026-02-10' },
    open: [0, 23000, 0],
    unapplied: [0, 0, 0],
    allocations: [
      [2, 0, 10000],
      [2, 1, 2000],
    ],
    excluded: 0,
  },
  {
    // D0 written 01.01 due 30.06; C1 400,00 on 01.02; D2 written 10.02 due 01.03 (earlier due).
    // Pooled by due date: D2 300,00 paid first, then 100,00 of D0 → D0 900,00 open.
    name: 'a later invoice with an earlier due date is paid first',
    lines: [line(0, '2026-01-01', '2026-06-30', 100000, 0), line(1, '2026-02-01', null, 0, 40000), line(2, '2026-02-10', '2026-03-01', 30000, 0)],
    open: [90000, 0, 0],
    unapplied: [0, 0, 0],
    allocations: [
      [1, 2, 30000],
      [1, 0, 10000],
    ],
  },
  {
    // Same lines on the transaction-date basis: D0 (01.01) before D2 (10.02) → D0 600,00, D2 300,00 open.
    name: 'basis "transaction" orders the debits by their transaction date',
    lines: [line(0, '2026-01-01', '2026-06-30', 100000, 0), line(1, '2026-02-01', null, 0, 40000), line(2, '2026-02-10', '2026-03-01', 30000, 0)],
    options: { basis: 'transaction' },
    open: [60000, 0, 30000],
    unapplied: [0, 0, 0],
    allocations: [[1, 0, 40000]],
  },
  {
    // Undated 0,10 is paid last: the 0,05 credit goes to the 0,20 debit → 0,15 open; 0,10 stays.
    name: 'a debit with no date at all is paid last',
    lines: [line(0, null, null, 10, 0), line(1, '2026-01-01', '2026-01-01', 20, 0), line(2, '2026-01-02', null, 0, 5)],
    open: [10, 15, 0],
    unapplied: [0, 0, 0],
    allocations: [[2, 1, 5]],
  },
  {
    // A credit of −200,00 is a reversal = a debit of 200,00 due 02.01. Pool 1.100,00 pays D0 1.000,00 and 100,00 of it.
    name: 'a negative credit counts as a debit',
    lines: [line(0, '2026-01-01', null, 100000, 0), line(1, '2026-01-02', null, 0, -20000), line(2, '2026-01-03', null, 0, 110000)],
    open: [0, 10000, 0],
    unapplied: [0, 0, 0],
    allocations: [
      [2, 0, 100000],
      [2, 1, 10000],
    ],
  },
  {
    // Same due date 01.03: the earlier transaction date (index 2, 01.01) first; equal dates → lower ERP index (3 before 7).
    name: 'ties: transaction date, then the ERP order, whatever the array order',
    lines: [line(5, '2026-02-01', '2026-03-01', 100, 0), line(7, '2026-01-01', '2026-03-01', 100, 0), line(3, '2026-01-01', '2026-03-01', 100, 0), line(9, '2026-03-05', null, 0, 150)],
    open: [100, 50, 0, 0],
    unapplied: [0, 0, 0, 0],
    allocations: [
      [3, 2, 100],
      [3, 1, 50],
    ],
  },
  {
    // Credits are consumed in date order: C 01.02 (30,00) before C 01.03 (50,00); the debit needs 60,00 → 20,00 of the later one stays.
    name: 'unapplied credit sits on the latest credits',
    lines: [line(2, '2026-03-01', null, 0, 5000), line(0, '2026-01-01', '2026-01-01', 6000, 0), line(1, '2026-02-01', null, 0, 3000)],
    open: [0, 0, 0],
    unapplied: [2000, 0, 0],
    allocations: [
      [2, 1, 3000],
      [0, 1, 3000],
    ],
  },
];

describe('allocateFifo (hand-worked table)', () => {
  it.each(CASES)('$name', (c) => {
    const r = allocateFifo(c.lines, { ...c.options, explain: true });
    expect(Array.from(r.open)).toEqual(c.open);
    expect(Array.from(r.unapplied)).toEqual(c.unapplied);
    expect(r.allocations!.map((a) => [a.credit, a.debit, a.amount])).toEqual(c.allocations);
    expect(r.excluded).toBe(c.excluded ?? 0);
    expect(r.openTotal).toBe(c.open.reduce((s, x) => s + x, 0));
    expect(r.unappliedTotal).toBe(c.unapplied.reduce((s, x) => s + x, 0));
    // Without explain: same numbers, nothing recorded.
    const quiet = allocateFifo(c.lines, c.options);
    expect(quiet.allocations).toBeNull();
    expect(Array.from(quiet.open)).toEqual(c.open);
  });
});

describe('basisDate', () => {
  it('due basis falls back to the transaction date, transaction basis to the due date', () => {
    expect(basisDate({ date: '2026-01-01', dueDate: '2026-02-01' })).toBe('2026-02-01');
    expect(basisDate({ date: '2026-01-01', dueDate: null }, 'due')).toBe('2026-01-01');
    expect(basisDate({ date: '2026-01-01', dueDate: '2026-02-01' }, 'transaction')).toBe('2026-01-01');
    expect(basisDate({ date: null, dueDate: '2026-02-01' }, 'transaction')).toBe('2026-02-01');
  });
});

describe('allocateFifo on many lines', () => {
  // Deterministic pseudo-random statement (LCG), checked against a deliberately naive pooled FIFO
  // written here: sort the debits by (due, date, index), pay them from the total of the credits.
  function statement(n: number, seed: number): FifoLine[] {
    let s = seed;
    const rnd = (m: number) => ((s = (s * 1103515245 + 12345) % 2147483648), s % m);
    const out: FifoLine[] = [];
    for (let i = 0; i < n; i++) {
      const day = 1 + rnd(28);
      const month = 1 + rnd(12);
      const date = `2025-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      const isDebit = rnd(3) > 0;
      const due = isDebit && rnd(4) > 0 ? `2026-${String(1 + rnd(12)).padStart(2, '0')}-${String(1 + rnd(28)).padStart(2, '0')}` : null;
      const amount = 1 + rnd(500000);
      out.push(line(i, date, due, isDebit ? amount : 0, isDebit ? 0 : amount));
    }
    return out;
  }

  function naiveOpen(lines: FifoLine[]): number[] {
    let pool = lines.reduce((s, l) => s + l.credit, 0);
    const open = lines.map(() => 0);
    const debits = lines
      .map((l, p) => ({ p, key: `${l.dueDate ?? l.date}|${l.date}|${String(l.index).padStart(8, '0')}`, amount: l.debit }))
      .filter((d) => d.amount > 0)
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (const d of debits) {
      const paid = Math.min(pool, d.amount);
      pool -= paid;
      open[d.p] = d.amount - paid;
    }
    return open;
  }

  it('matches a naive pooled FIFO and keeps Σ open − Σ unapplied = balance, exact to the kuruş', () => {
    for (const seed of [1, 7, 42]) {
      const lines = statement(3000, seed);
      const r = allocateFifo(lines, { explain: true });
      expect(Array.from(r.open)).toEqual(naiveOpen(lines));
      const balance = lines.reduce((s, l) => s + l.debit - l.credit, 0);
      expect(r.openTotal - r.unappliedTotal).toBe(balance);
      expect(r.openTotal === 0 || r.unappliedTotal === 0).toBe(true);
      const allocated = r.allocations!.reduce((s, a) => s + a.amount, 0);
      expect(allocated).toBe(lines.reduce((s, l) => s + l.debit, 0) - r.openTotal);
    }
  });

  it('50.000 unordered lines: open minus unapplied equals the balance (speed: npm run bench)', () => {
    const lines = statement(50_000, 2026);
    const r = allocateFifo(lines);
    expect(r.openTotal - r.unappliedTotal).toBe(lines.reduce((s, l) => s + l.debit - l.credit, 0));
  });
});
