/** Movement classes: a return, a discount or a price-difference credit is not a payment (issue 31). Worked by hand. */
import { afterEach, describe, expect, it } from 'vitest';
import { lateInterest } from '../late-interest';
import { classifyMovement, extendMovementClasses, openItems, resetMovementClasses, type LedgerLine } from '.';

const line = (
  index: number,
  date: string,
  dueDate: string | null,
  debit: number,
  credit: number,
  type: string,
  extra: Partial<LedgerLine> = {},
): LedgerLine => ({
  index,
  date,
  dueDate,
  debit,
  credit,
  type,
  invalid: {},
  ...extra,
});

afterEach(() => resetMovementClasses());

describe('movement classes (one table, İşlem Türü → class)', () => {
  it('reads the usual Workcube types, whatever the case and spacing', () => {
    expect(classifyMovement('Satış Faturası')).toBe('invoice');
    expect(classifyMovement('  SATIŞ İADE FATURASI ')).toBe('return');
    expect(classifyMovement('Tahsilat')).toBe('payment');
    expect(classifyMovement('Açılış Fişi')).toBe('opening');
    expect(classifyMovement('Virman')).toBe('transfer');
    expect(classifyMovement('Verilen Fiyat Farkı Faturası')).toBe('priceDifference');
    expect(classifyMovement('İskonto')).toBe('discount');
    expect(classifyMovement('Bilinmeyen Tür')).toBe('other');
  });

  it('an installation adds its own types (same shape as the alias file)', () => {
    expect(classifyMovement('Müşteri Mahsup İadesi')).toBe('other');
    extendMovementClasses({ return: ['Müşteri Mahsup İadesi'], junk: 5, payment: 'x' });
    expect(classifyMovement('müşteri mahsup iadesi')).toBe('return');
  });

  it('a type already read is read again after the table changes (added, then back to the built-in one)', () => {
    // Read once as 'other' (and remembered as such), then the installation names it a return.
    expect(classifyMovement('Kur Farkı İadesi')).toBe('other');
    expect(classifyMovement('Kur Farkı İadesi')).toBe('other');
    extendMovementClasses({ return: ['Kur Farkı İadesi'] });
    expect(classifyMovement('Kur Farkı İadesi')).toBe('return');
    resetMovementClasses();
    expect(classifyMovement('Kur Farkı İadesi')).toBe('other');
  });
});

describe('which invoice a credit names (document number, else record id)', () => {
  // Three invoices of 1.000,00 (due 31.01, 28.02, 31.03); one return of 300,00 on 10.04; as of 30.04.
  const invoices = (extra: Partial<LedgerLine>[]) => [
    line(0, '2026-01-01', '2026-01-31', 100000, 0, 'Satış Faturası', extra[0]),
    line(1, '2026-01-29', '2026-02-28', 100000, 0, 'Satış Faturası', extra[1]),
    line(2, '2026-03-01', '2026-03-31', 100000, 0, 'Satış Faturası', extra[2]),
  ];
  const remaining = (lines: LedgerLine[]) => openItems(lines, { asOf: '2026-04-30' }).items.map((i) => [i.index, i.remaining]);

  it('two invoices with the same number: the return reduces the first of them in due order (SF-A on line 1), not the other', () => {
    const lines = [
      ...invoices([{ documentNo: 'SF-X' }, { documentNo: 'SF-A' }, { documentNo: 'SF-A' }]),
      line(3, '2026-04-10', null, 0, 30000, 'Satış İade Faturası', { ref: 'SF-A' }),
    ];
    // 1.000,00 − 300,00 = 700,00 left on line 1; lines 0 and 2 untouched.
    expect(remaining(lines)).toEqual([
      [0, 100000],
      [1, 70000],
      [2, 100000],
    ]);
  });

  it('a record id is never matched against a document number: refId "77" names the invoice with id 77, not the one numbered 77', () => {
    const lines = [...invoices([{ documentNo: '77' }, {}, { documentId: '77' }]), line(3, '2026-04-10', null, 0, 30000, 'İade', { refId: '77' })];
    expect(remaining(lines)).toEqual([
      [0, 100000],
      [1, 100000],
      [2, 70000],
    ]);
  });

  it('two returns naming one invoice: the second reduces what the first left, then the oldest open one takes the rest', () => {
    // Line 2 (SF-C) 1.000,00: return 600,00 → 400,00; return 700,00 → 400,00 closes it, 300,00 left for the oldest (line 0).
    const lines = [
      ...invoices([{ documentNo: 'SF-A' }, { documentNo: 'SF-B' }, { documentNo: 'SF-C' }]),
      line(3, '2026-04-10', null, 0, 60000, 'Satış İade Faturası', { ref: 'SF-C' }),
      line(4, '2026-04-11', null, 0, 70000, 'Satış İade Faturası', { ref: ' SF-C ' }),
    ];
    expect(remaining(lines)).toEqual([
      [0, 70000],
      [1, 100000],
      [2, 0],
    ]);
  });
});

describe('a return after the due date reduces the invoice, not charged as a late payment', () => {
  // Invoice 2.000,00 on 29.01.2026 due 28.02.2026; sales return 500,00 on 10.03; payment 1.500,00 on 30.03.
  const lines = [
    line(0, '2026-01-29', '2026-02-28', 200000, 0, 'Satış Faturası', { documentNo: 'SF1' }),
    line(1, '2026-03-10', null, 0, 50000, 'Satış İade Faturası', { documentNo: 'IA1' }),
    line(2, '2026-03-30', null, 0, 150000, 'Tahsilat'),
  ];

  it('vade farkı at 2 % a month: only the 1.500,00 paid 30 days late, 1.500 × 0,02 / 30 × 30 = 30,00 (not 33,33)', () => {
    // the return: from the invoice's own date (29.01), before its due date → 0 days, no row.
    // the payment: 28.02 → 30.03 = 30 days → 1.500,00 × 2 % × 30 / 30 = 30,00.
    const r = lateInterest(lines, { asOf: '2026-03-31', rate: 2, period: 'monthly' });
    expect(r.rows.map((x) => [x.amount, x.days, x.interest])).toEqual([[150000, 30, 3000]]);
    expect(r.totalInterest).toBe(3000);
  });

  it('payment behaviour counts only the payment: 1.500,00 paid 30 days late', () => {
    const r = openItems(lines, { asOf: '2026-03-31' });
    expect(r.behaviour.closedAmount).toBe(150000);
    expect(r.behaviour.averageDaysLate).toBe(30);
    // 29.01 → 30.03 = 60 days to pay
    expect(r.behaviour.averageDaysToPay).toBe(60);
  });

  it('a discount after the due date, same: it reduces the invoice from its date', () => {
    const withDiscount = [lines[0]!, { ...lines[1]!, type: 'İskonto' }, lines[2]!];
    const r = lateInterest(withDiscount, { asOf: '2026-03-31', rate: 2, period: 'monthly' });
    expect(r.totalInterest).toBe(3000);
  });

  it('a return names the invoice it belongs to (ref = its document number): it reduces that one, not the oldest', () => {
    // Two invoices 1.000,00 each: SF1 due 31.01, SF2 due 28.02; a return of 1.000,00 on 10.03 for SF2;
    // payment 1.000,00 on 30.03 closes SF1, 31.01 → 30.03 = 58 days at 3 % a month: 1.000 × 0,03 × 58 / 30 = 58,00.
    const two = [
      line(0, '2026-01-01', '2026-01-31', 100000, 0, 'Satış Faturası', { documentNo: 'SF1' }),
      line(1, '2026-01-29', '2026-02-28', 100000, 0, 'Satış Faturası', { documentNo: 'SF2' }),
      line(2, '2026-03-10', null, 0, 100000, 'Satış İade Faturası', { documentNo: 'IA1', ref: 'SF2' }),
      line(3, '2026-03-30', null, 0, 100000, 'Tahsilat'),
    ];
    const r = lateInterest(two, { asOf: '2026-03-31', rate: 3, period: 'monthly' });
    expect(r.rows.map((x) => [x.index, x.amount, x.days, x.interest])).toEqual([[0, 100000, 58, 5800]]);
    // Without the reference it reduces the oldest open one (SF1): the payment then closes SF2 30 days late: 30,00.
    const noRef = two.map((l) => ({ ...l, ref: null }));
    expect(lateInterest(noRef, { asOf: '2026-03-31', rate: 3, period: 'monthly' }).rows.map((x) => [x.index, x.days, x.interest])).toEqual([[1, 30, 3000]]);
  });
});
