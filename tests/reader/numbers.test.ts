/**
 * The reader's number rules on whole answers (docs/team-contracts.md "Numbers"): an ambiguous
 * "1.234" / "1,234" is read the way the rest of its column reads, and flagged (raw, counted in the
 * warnings) when its column shows no decimal mark. Accounting negatives and space grouping too.
 * Every expected amount is worked out by hand from the input.
 */
import { readAccounts, readInvoiceDetail, readStatement, readTableAnswer } from '../../src/domain/reader';
import type { Cell } from '../../src/domain/erp-types';
import { displayValue } from '../../src/components/data-table/cell-format';

const minorOf = (c: Cell | undefined) => (c?.kind === 'number' ? c.minor : c?.kind === 'invalid' ? `invalid:${c.raw}` : c?.kind);

describe('accounts balance: "1.234" is read by its column', () => {
  it.each([
    // [other balances of the column, what "1.234" is, in kuruş]
    ['Turkish amounts ("1.234,56")', ['1.234,56', '10,00'], 123_400],
    ['grouped thousands ("12.345.678")', ['12.345.678'], 123_400],
    ['comma decimals ("0,5")', ['0,5'], 123_400],
    ['dot decimals ("0.5")', ['0.5', '99.90'], 123],
    ['comma groups ("1,234,567")', ['1,234,567'], 123],
    ['space groups ("1 234,50")', ['1 234,50'], 123_400],
  ])('%s', (_what, others, minor) => {
    const list = readAccounts([...others, '1.234'].map((b, i) => ({ COMPANY_ID: String(i + 1), FULLNAME: `F${i}`, BAKIYE: b })));
    expect(list.accounts.at(-1)).toMatchObject({ balance: minor });
    expect(list.accounts.at(-1)!.balanceInvalid).toBeUndefined();
    expect(list.warnings).toBe(0);
  });

  it('with no evidence in the column the value is shown raw and counted, never a confident number', () => {
    const list = readAccounts([
      { COMPANY_ID: '1', FULLNAME: 'A', BAKIYE: '1.234' },
      { COMPANY_ID: '2', FULLNAME: 'B', BAKIYE: '5,678' },
      { COMPANY_ID: '3', FULLNAME: 'C', BAKIYE: 750 },
      { COMPANY_ID: '4', FULLNAME: 'D', BAKIYE: '' },
    ]);
    expect(list.accounts.map((a) => [a.balance, a.balanceInvalid])).toEqual([
      [null, '1.234'],
      [null, '5,678'],
      [75_000, undefined],
      [null, undefined],
    ]);
    expect(list.warnings).toBe(2);
  });

  it('a column that contradicts itself ("0,5" and "0.5") decides nothing', () => {
    const list = readAccounts(['0,5', '0.5', '1.234'].map((b, i) => ({ COMPANY_ID: String(i), FULLNAME: 'X', BAKIYE: b })));
    expect(list.accounts.map((a) => a.balance)).toEqual([50, 50, null]);
    expect(list.accounts[2]!.balanceInvalid).toBe('1.234');
    expect(list.warnings).toBe(1);
  });

  it('the ColdFusion column format (the fast path) follows the same rule', () => {
    const cf = {
      ROWCOUNT: 3,
      COLUMNS: ['COMPANY_ID', 'FULLNAME', 'BAKIYE'],
      DATA: { COMPANY_ID: [1, 2, 3], FULLNAME: ['A', 'B', 'C'], BAKIYE: ['1.234,56', '(2.500,00)', '1.234'] },
    };
    expect(readAccounts(cf).accounts.map((a) => a.balance)).toEqual([123_456, -250_000, 123_400]);
  });
});

describe('statement debit/credit: each column by its own evidence', () => {
  it('"1.234" in the borç column is 1.234 TL when the column writes "1.234,56"; the alacak column with no evidence is flagged', () => {
    const st = readStatement([
      { ACTION_DATE: '2026-01-05', ACTION_NAME: 'Fatura', BORC: '1.234,56', ALACAK: '' },
      { ACTION_DATE: '2026-01-06', ACTION_NAME: 'Fatura', BORC: '1.234', ALACAK: '' },
      { ACTION_DATE: '2026-01-07', ACTION_NAME: 'Tahsilat', BORC: '', ALACAK: '2.000' },
    ]);
    expect(st.lines.map((l) => [l.debit, l.credit, l.invalid])).toEqual([
      [123_456, 0, {}],
      [123_400, 0, {}],
      [0, 0, { credit: '2.000' }],
    ]);
    expect(st.warnings).toBe(1);
  });

  it('accounting negatives and space / no-break-space / narrow no-break-space grouping', () => {
    const st = readStatement([
      { ACTION_DATE: '2026-01-05', ACTION_NAME: 'Düzeltme', BORC: '(1.234,56)', ALACAK: '1 234,50' },
      { ACTION_DATE: '2026-01-06', ACTION_NAME: 'Fatura', BORC: '12\u00a0345,00', ALACAK: '7\u202f000,25' },
    ]);
    expect(st.lines.map((l) => [l.debit, l.credit])).toEqual([
      [-123_456, 123_450],
      [1_234_500, 700_025],
    ]);
    expect(st.warnings).toBe(0);
  });
});

describe('generic answers (aging, invoices) and the invoice detail', () => {
  it('aging buckets: a column with "1.234,56" reads "1.234" as 1.234 TL; "(500,00)" is −500', () => {
    const table = readTableAnswer(
      [
        { CARI_ID: '1', UNVAN: 'A', '0_30_GUN': '1.234,56', TOPLAM: '(500,00)' },
        { CARI_ID: '2', UNVAN: 'B', '0_30_GUN': '1.234', TOPLAM: '1.234' },
      ],
      'aging',
    );
    expect(table.rows.map((r) => [minorOf(r['0_30_GUN']), minorOf(r.TOPLAM)])).toEqual([
      [123_456, -50_000],
      [123_400, 123_400],
    ]);
    expect(table.warnings).toBe(0);
  });

  it('invoices: an undocumented amount column with nothing but "1.234"-style values is flagged, not guessed', () => {
    const table = readTableAnswer(
      [
        { INVOICE_NUMBER: 'F1', NETTOTAL: '1.234', GROSSTOTAL: '1.480,80' },
        { INVOICE_NUMBER: 'F2', NETTOTAL: '2.000', GROSSTOTAL: '2.400' },
      ],
      'invoice',
    );
    expect(table.rows.map((r) => [minorOf(r.NETTOTAL), minorOf(r.GROSSTOTAL)])).toEqual([
      ['invalid:1.234', 148_080],
      ['invalid:2.000', 240_000],
    ]);
    expect(table.warnings).toBe(2);
    const cell = table.rows[0]!.NETTOTAL;
    expect(cell).toEqual({ kind: 'invalid', raw: '1.234', expected: 'number', ambiguous: true });
  });

  it('invoice detail lines: the line amounts are read by their column', () => {
    const detail = readInvoiceDetail({
      INVOICE_NUMBER: 'F1',
      ROWS: [
        { PRODUCT_NAME: 'Kalem', AMOUNT: 2, PRICE: '1.500', ROW_TOTAL: '3.000,00' },
        { PRODUCT_NAME: 'Defter', AMOUNT: 1, PRICE: '12,50', ROW_TOTAL: '12,50' },
      ],
    });
    expect(detail.lines.rows.map((r) => [minorOf(r.PRICE), minorOf(r.ROW_TOTAL)])).toEqual([
      [150_000, 300_000],
      [1250, 1250],
    ]);
  });
});

describe('two keys that differ only in case', () => {
  it('the one with a value wins (BORC: "" / borc: "100,00") and the duplicate is counted in the warnings', () => {
    const st = readStatement([
      { ACTION_DATE: '2026-01-05', ACTION_NAME: 'Fatura', BORC: '', borc: '100,00', ALACAK: '' },
      { ACTION_DATE: '2026-01-06', ACTION_NAME: 'Fatura', BORC: '50,00', ALACAK: '' },
    ]);
    expect(st.lines.map((l) => l.debit)).toEqual([10_000, 5000]);
    expect(st.warnings).toBe(1);
    expect(st.extraColumns.map((c) => c.key)).toEqual([]);
  });

  it('accounts and generic tables too; when both have a value the first is kept and it is counted', () => {
    const list = readAccounts([
      { COMPANY_ID: '1', FULLNAME: '', fullname: 'ADA A.Ş.', BAKIYE: '10,00', bakiye: '' },
      { COMPANY_ID: '2', FULLNAME: 'BORA LTD.', fullname: 'BORA', BAKIYE: '20,00' },
    ]);
    expect(list.accounts.map((a) => [a.name, a.balance])).toEqual([
      ['ADA A.Ş.', 1000],
      ['BORA LTD.', 2000],
    ]);
    expect(list.warnings).toBe(3);
    const table = readTableAnswer([{ CARI_ID: '1', TOPLAM: '', toplam: '5,00' }], 'aging');
    expect(table.columns.map((c) => c.key)).toEqual(['CARI_ID', 'TOPLAM']);
    expect(minorOf(table.rows[0]!.TOPLAM)).toBe(500);
    expect(table.warnings).toBe(1);
  });
});

describe('JSON -0.0 (a ColdFusion float that rounded to zero) is zero, never "-0" — review defect', () => {
  it('a money column shows 0,00, a plain number column 0, and the value is +0', () => {
    const table = readTableAnswer(JSON.parse('[{"NO":"F1","KALAN":-0.0,"ORAN":-0.0},{"NO":"F2","KALAN":12.5,"ORAN":3}]'), 'invoice');
    const kalan = table.columns.find((c) => c.key === 'KALAN')!;
    const oran = table.columns.find((c) => c.key === 'ORAN')!;
    expect([kalan.kind, oran.kind]).toEqual(['money', 'number']);
    const shown = (kind: 'money' | 'number', cell: Cell | undefined) =>
      cell?.kind === 'number' ? displayValue(kind, kind === 'money' ? cell.minor : cell.value) : `not a number: ${JSON.stringify(cell)}`;
    expect(shown('money', table.rows[0]!.KALAN)).toBe('0,00');
    expect(shown('number', table.rows[0]!.ORAN)).toBe('0');
    const oranCell = table.rows[0]!.ORAN;
    expect(oranCell?.kind === 'number' && Object.is(oranCell.value, -0)).toBe(false);
  });
});
