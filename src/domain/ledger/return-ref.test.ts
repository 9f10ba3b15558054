/**
 * A return names the invoice it belongs to through the ERP's answer (issue 31): the reader's document
 * keys (Workcube CARI_ROWS.PAPER_NO "Belge No", ACTION_ID; the return's related invoice by number
 * "İlgili Belge No" or by id RELATED_INVOICE_ID) reach the open-item engine through the account view.
 * Figures by hand in each case.
 */
import { readStatement } from '../reader';
import { accountLedger } from './account';

// Two invoices of 1.000,00 each (SF1 due 31.01.2026, SF2 due 28.02.2026); a return of 400,00 on
// 10.03 for SF2 (the LATER one); a payment of 600,00 on 20.03.
const rows = (returnKeys: Record<string, string>) => [
  { ACTION_DATE: '2026-01-01', DUE_DATE: '2026-01-31', ACTION_NAME: 'Satış Faturası', BORC: '1000,00', ALACAK: '', PAPER_NO: 'SF2026000001', ACTION_ID: 70001 },
  { ACTION_DATE: '2026-01-29', DUE_DATE: '2026-02-28', ACTION_NAME: 'Satış Faturası', BORC: '1000,00', ALACAK: '', PAPER_NO: 'SF2026000002', ACTION_ID: 70002 },
  {
    ACTION_DATE: '2026-03-10',
    DUE_DATE: '2026-03-10',
    ACTION_NAME: 'Satış İade Faturası',
    BORC: '',
    ALACAK: '400,00',
    PAPER_NO: 'SIF2026000001',
    ACTION_ID: 70003,
    ...returnKeys,
  },
  { ACTION_DATE: '2026-03-20', DUE_DATE: '', ACTION_NAME: 'Tahsilat', BORC: '', ALACAK: '600,00', PAPER_NO: 'THS-2026-000001', ACTION_ID: 9001 },
];
const openOf = (answer: unknown) => {
  const { lines } = readStatement(answer);
  const v = accountLedger(lines, { asOf: '2026-03-31' }).view('TL')!;
  return v.items.items.map((i) => [i.index, i.remaining]);
};

describe('a return reduces the invoice it names (through the reader)', () => {
  it('by number (İlgili Belge No): the return takes 400,00 off SF2; the payment 600,00 then closes 600,00 of SF1', () => {
    // SF1 1.000,00 − 600,00 = 400,00 open; SF2 1.000,00 − 400,00 = 600,00 open. Σ open 1.000,00 = 2.000 − 400 − 600.
    expect(openOf(rows({ 'İlgili Belge No': 'SF2026000002' }))).toEqual([
      [0, 40000],
      [1, 60000],
    ]);
  });

  it('by id (Workcube RELATED_INVOICE_ID against ACTION_ID): the same', () => {
    expect(openOf(rows({ RELATED_INVOICE_ID: '70002' }))).toEqual([
      [0, 40000],
      [1, 60000],
    ]);
  });

  it('without a reference it reduces the oldest open one: SF1 closed (400 + 600), SF2 all open', () => {
    expect(openOf(rows({}))).toEqual([
      [0, 0],
      [1, 100000],
    ]);
  });

  it('a reference naming no invoice of the statement falls back to the oldest open one', () => {
    expect(openOf(rows({ 'İlgili Belge No': 'SF2025999999' }))).toEqual([
      [0, 0],
      [1, 100000],
    ]);
  });

  it('the document columns stay on the statement as columns (Belge No, İlgili Belge No)', () => {
    const st = readStatement(rows({ 'İlgili Belge No': 'SF2026000002' }));
    expect(st.lines[2]).toMatchObject({ documentNo: 'SIF2026000001', ref: 'SF2026000002' });
    expect(st.extraColumns.map((c) => c.label)).toEqual(expect.arrayContaining(['Belge No', 'İlgili Belge No']));
  });
});
