// @vitest shared-modules
/**
 * The worklist's figures, the promise judgement and the PDFs read an account through THE account view
 * (src/domain/ledger/account.ts, issue 31) — the open-items page's rule: every currency of the account
 * on its own (TL = the lines written in TL), a return reducing the invoice it names. Figures by hand.
 */
import { describe, expect, it } from 'vitest';
import { accountLedger } from '../../src/domain/ledger';
import type { StatementLine } from '../../src/domain/erp-types';
import { readStatement } from '../../src/domain/reader';
import { figuresOf } from './figures';
import { judgePromises } from './promise';
import { openItemsParts } from './documents';

const L = (index: number, date: string, debit: number, credit: number, currency: string, currencyAmount: number): StatementLine => ({
  index,
  date,
  dueDate: date,
  type: debit ? 'Satış Faturası' : 'Tahsilat',
  debit,
  credit,
  currency,
  currencyAmount,
  extras: {},
  invalid: {},
});
// A TL invoice 1.000,00 (10.01); a USD invoice 100,00 USD = 3.500,00 TL (12.01); a TL payment 400,00 (01.02);
// a USD payment 30,00 USD = 1.050,00 TL (01.03).
const MIXED = {
  lines: [
    L(0, '2026-01-10', 100000, 0, 'TL', 100000),
    L(1, '2026-01-12', 350000, 0, 'USD', 10000),
    L(2, '2026-02-01', 0, 40000, 'TL', 40000),
    L(3, '2026-03-01', 0, 105000, 'USD', 3000),
  ],
  extraColumns: [],
  warnings: 0,
};

describe('a TL + USD account on the worklist, as on the open-items page', () => {
  it('TL 1.000 − 400 = 600,00 overdue, 80 days (10.01 → 31.03); USD 100 − 30 = 70,00 overdue, 78 days (12.01 → 31.03)', () => {
    const f = figuresOf('7', 'Karma Ltd.', MIXED, '2026-03-31')!;
    expect(f.overdue.map((c) => [c.currency, c.overdue, c.oldestDays])).toEqual([
      ['TL', 60000, 80],
      ['USD', 7000, 78],
    ]);
    // The open-items page's figures (its account view) are the same.
    const page = accountLedger(MIXED.lines, { asOf: '2026-03-31' });
    expect(page.views.map((v) => [v.currency, v.overdueTotal])).toEqual(f.overdue.map((c) => [c.currency, c.overdue]));
  });

  it('a TL promise of 500,00 (01.03, due 10.03, grace 3) is not kept by the USD payment of 01.03 (1.050,00 TL equivalent): broken, 500,00 short', () => {
    const v = judgePromises([{ id: 'p', amount: 50000, currency: 'TL', takenOn: '2026-03-01', due: '2026-03-10' }], MIXED.lines, '2026-03-31', 3).get('p')!;
    expect(v).toMatchObject({ status: 'broken', paid: 0, shortfall: 50000 });
  });

  it('the open-items PDF has a TL part and a USD part, totals 600,00 TL and 70,00 USD', () => {
    const parts = openItemsParts({
      company: 'Biz',
      account: { id: '7', name: 'Karma Ltd.' },
      lines: MIXED.lines,
      docKey: null,
      currencies: ['TL', 'USD'],
      asOf: '2026-03-31',
      now: new Date('2026-03-31T09:00:00Z'),
    });
    const text = JSON.stringify(parts);
    expect(text).toContain('600,00 TL');
    expect(text).toContain('70,00 USD');
    expect(text).not.toContain('3.500,00');
  });
});

describe('a return naming its invoice', () => {
  // SF1 1.000,00 due 31.01, SF2 1.000,00 due 28.02; a return of 400,00 (10.03) names SF2; a payment of 600,00 (20.03).
  // SF2 1.000 − 400 = 600 open (31 days on 31.03); the payment closes 600 of SF1 → 400 open (59 days). Σ 1.000,00.
  const answer = [
    {
      ACTION_DATE: '2026-01-01',
      DUE_DATE: '2026-01-31',
      ACTION_NAME: 'Satış Faturası',
      BORC: '1000,00',
      ALACAK: '',
      PAPER_NO: 'SF2026000001',
      ACTION_ID: 70001,
    },
    {
      ACTION_DATE: '2026-01-29',
      DUE_DATE: '2026-02-28',
      ACTION_NAME: 'Satış Faturası',
      BORC: '1000,00',
      ALACAK: '',
      PAPER_NO: 'SF2026000002',
      ACTION_ID: 70002,
    },
    {
      ACTION_DATE: '2026-03-10',
      DUE_DATE: '2026-03-10',
      ACTION_NAME: 'Satış İade Faturası',
      BORC: '',
      ALACAK: '400,00',
      PAPER_NO: 'SIF2026000001',
      ACTION_ID: 70003,
      'İlgili Belge No': 'SF2026000002',
    },
    { ACTION_DATE: '2026-03-20', DUE_DATE: '', ACTION_NAME: 'Tahsilat', BORC: '', ALACAK: '600,00', PAPER_NO: 'THS-2026-000001', ACTION_ID: 9001 },
  ];
  it('overdue 1.000,00 TL, the oldest item 59 days (SF1 still 400,00 open), as on the open-items page', () => {
    const st = readStatement(answer);
    const f = figuresOf('8', 'İade A.Ş.', st, '2026-03-31')!;
    expect(f.overdue.map((c) => [c.currency, c.overdue, c.oldestDays])).toEqual([['TL', 100000, 59]]);
  });
});
