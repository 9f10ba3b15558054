/**
 * A real Workcube (issue 23): the field labels the service's vendor documents (docs/erp-contract.md
 * §5, "mobius") and the forms ColdFusion's serializeJSON writes (§6). Every answer is written by
 * hand as the JSON text an installation sends; every expected value is worked out by hand.
 */
import { readAccounts, readInvoiceDetail, readStatement, readTableAnswer } from '../../src/domain/reader';
import type { Cell } from '../../src/domain/erp-types';
import { invoiceTotals } from '../../src/features/invoices/invoice-totals';
import { invoiceLayout, uniqueInvoiceHref } from '../../src/features/invoices/invoice-fields';
import { cellText } from '../../src/components/data-table/erp-columns';

const minor = (cell: Cell | undefined) => (cell?.kind === 'number' ? cell.minor : `not a number: ${JSON.stringify(cell)}`);

describe('the vendor’s documented labels are read natively', () => {
  it('get_fatura: Fatura ID, Fatura No, Cari, Fatura Tarihi and the three amounts (net, VAT-inclusive, total)', () => {
    const table = readTableAnswer(
      JSON.parse(
        '[{"Fatura ID":41,"Fatura No":"SF2026000417","Cari":"Öz-Çağ Gıda Ltd. Şti.","Fatura Tarihi":"March, 05 2026 00:00:00",' +
          '"Kdv Hariç Tutar":1000.0,"Kdv Dahil Tutar":1200.0,"Toplam Tutar":1200.5}]',
      ),
      'invoice',
    );
    expect(table.columns.map((c) => [c.key, c.field, c.kind])).toEqual([
      ['Fatura ID', 'id', 'text'],
      ['Fatura No', 'number', 'text'],
      ['Cari', 'company', 'text'],
      ['Fatura Tarihi', 'date', 'date'],
      ['Kdv Hariç Tutar', 'net', 'money'],
      ['Kdv Dahil Tutar', 'gross', 'money'],
      ['Toplam Tutar', 'total', 'money'],
    ]);
    const row = table.rows[0]!;
    expect([cellText(row['Fatura ID']), cellText(row['Fatura No']), cellText(row.Cari)]).toEqual(['41', 'SF2026000417', 'Öz-Çağ Gıda Ltd. Şti.']);
    expect(row['Fatura Tarihi']).toMatchObject({ kind: 'date', iso: '2026-03-05' });
    // 1000.0 → 1.000,00 TL = 100 000 kuruş; 1200.0 → 120 000; 1200.5 → 120 050.
    expect([minor(row['Kdv Hariç Tutar']), minor(row['Kdv Dahil Tutar']), minor(row['Toplam Tutar'])]).toEqual([100_000, 120_000, 120_050]);
    const layout = invoiceLayout(table.columns);
    expect([layout.idKey, layout.numberKey, layout.companyKey, layout.totalKey]).toEqual(['Fatura ID', 'Fatura No', 'Cari', 'Toplam Tutar']);
  });

  // Two lines: 150 × 4,25 = 637,50 net, KDV %10 → 701,25; 2 × 1.234,56 = 2.469,12 net, KDV %20 → 2.962,94.
  const HEADER = '"Fatura No":"SF2026000417","Fatura Tarihi":"March, 05 2026 00:00:00","Cari":"Öz-Çağ Gıda Ltd. Şti."';
  const LINES =
    '"Ürün":[' +
    '{"Ürün Adı":"Kaşar Peyniri 2 kg","Miktar":150.0,"Birim":"Adet","Birim Fiyat":"4,2500","Satır Toplam Fiyat KDV H.":637.5,"Satır Toplam Fiyat Kdv Dahil":701.25,"Para Birimi":"YTL"},' +
    '{"Ürün Adı":"Zeytinyağı 5 lt","Miktar":2.0,"Birim":"Teneke","Birim Fiyat":"1.234,5600","Satır Toplam Fiyat KDV H.":2469.12,"Satır Toplam Fiyat Kdv Dahil":2962.94,"Para Birimi":"YTL"}]';

  it.each([
    ['the header object itself', `{${HEADER},${LINES}}`],
    ['an array of one such object (a WEX query answer)', `[{${HEADER},${LINES}}]`],
    ['that array in an envelope', `{"status":true,"data":[{${HEADER},${LINES}}]}`],
  ])('get_fatura_det as %s: header + the nested Ürün lines, every documented line field', (_, text) => {
    const detail = readInvoiceDetail(JSON.parse(text));
    expect(detail.header.columns.map((c) => [c.key, c.field])).toEqual([
      ['Fatura No', 'number'],
      ['Fatura Tarihi', 'date'],
      ['Cari', 'company'],
    ]);
    expect(detail.lines.columns.map((c) => [c.key, c.field, c.kind])).toEqual([
      ['Ürün Adı', 'productName', 'text'],
      ['Miktar', 'quantity', 'number'],
      ['Birim', 'unit', 'text'],
      ['Birim Fiyat', 'unitPrice', 'money'],
      ['Satır Toplam Fiyat KDV H.', 'netAmount', 'money'],
      ['Satır Toplam Fiyat Kdv Dahil', 'amount', 'money'],
      ['Para Birimi', 'currency', 'text'],
    ]);
    expect(detail.lines.rows.map((r) => [cellText(r['Ürün Adı']), minor(r['Birim Fiyat']), minor(r['Satır Toplam Fiyat KDV H.'])])).toEqual([
      ['Kaşar Peyniri 2 kg', 425, 63_750],
      ['Zeytinyağı 5 lt', 123_456, 246_912],
    ]);
    const totals = invoiceTotals(detail.lines);
    // Net 637,50 + 2.469,12 = 3.106,62; with KDV 701,25 + 2.962,94 = 3.664,19; KDV = 557,57.
    expect([totals.netTotal, totals.linesTotal, totals.vatTotal]).toEqual([310_662, 366_419, 55_757]);
    expect(detail.lines.warnings + detail.header.warnings).toBe(0);
  });

  it('get_cari_extre: "Borç  Tutarı" written with two spaces is the debit', () => {
    const st = readStatement(
      JSON.parse('[{"İşlem Tarihi":"January, 05 2026 00:00:00","Vade Tarihi":"","İşlem Türü":"Satış Faturası","Borç  Tutarı":1180.0,"Alacak Tutarı":0.0}]'),
    );
    expect(st.lines[0]).toMatchObject({ date: '2026-01-05', dueDate: null, type: 'Satış Faturası', debit: 118_000, credit: 0 });
    expect(st.extraColumns).toEqual([]);
  });
});

describe('ColdFusion’s serialisation forms', () => {
  it('whole floats written with ".0" are whole amounts and quantities', () => {
    const list = readAccounts(JSON.parse('[{"Firma ID":1,"Firma Adı":"A","Bakiye":1234.0},{"Firma ID":2,"Firma Adı":"B","Bakiye":-0.5}]'));
    expect(list.accounts.map((a) => a.balance)).toEqual([123_400, -50]);
  });

  it('English month dates ("October, 03 2007 15:01:00") are business dates, whatever the time', () => {
    const st = readStatement([
      { 'İşlem Tarihi': 'October, 03 2007 15:01:00', 'Vade Tarihi': 'December, 31 2007 23:59:59', 'Borç Tutarı': 1.0 },
      { 'İşlem Tarihi': 'February, 29 2008 00:00:00', 'Vade Tarihi': 'March, 01 2008 00:00:00', 'Borç Tutarı': 2.0 },
    ]);
    expect(st.lines.map((l) => [l.date, l.dueDate])).toEqual([
      ['2007-10-03', '2007-12-31'],
      ['2008-02-29', '2008-03-01'],
    ]);
    expect(st.warnings).toBe(0);
  });

  it("'' for a cell the server could not convert is an empty value, not 0 and not a warning", () => {
    const st = readStatement(JSON.parse('[{"İşlem Tarihi":"","Vade Tarihi":"","İşlem Türü":"","Borç  Tutarı":"","Alacak Tutarı":250.0}]'));
    expect(st.lines[0]).toMatchObject({ date: null, dueDate: null, type: '', debit: 0, credit: 25_000, invalid: {} });
    const list = readAccounts(JSON.parse('[{"Firma ID":7,"Firma Adı":"C","Bakiye":""}]'));
    expect([list.accounts[0]!.balance, list.accounts[0]!.balanceInvalid, list.warnings]).toEqual([null, undefined, 0]);
  });

  it('keys upper-cased by the server, in a Turkish locale too (i → İ): FİRMA ADI, BORÇ  TUTARI', () => {
    const list = readAccounts(
      JSON.parse('[{"FİRMA İD":12,"FİRMA KATEGORİ (TEXT)":"Müşteri","FİRMA ADI":"İĞDIR GIDA","FİRMA İL":"IĞDIR","FİRMA İLÇE":"Merkez","BAKİYE":99.9}]'),
    );
    expect(list.accounts[0]).toMatchObject({ id: '12', category: 'Müşteri', name: 'İĞDIR GIDA', province: 'IĞDIR', district: 'Merkez', balance: 9990 });
    expect(list.extraColumns).toEqual([]);
    const st = readStatement(JSON.parse('[{"İŞLEM TARİHİ":"May, 02 2026 00:00:00","İŞLEM TÜRÜ":"Tahsilat","BORÇ  TUTARI":0.0,"ALACAK TUTARI":500.0}]'));
    expect(st.lines[0]).toMatchObject({ date: '2026-05-02', type: 'Tahsilat', debit: 0, credit: 50_000 });
    expect(st.extraColumns).toEqual([]);
  });

  it('numeric-looking values sent as numbers: an id or invoice number that lost its leading zeros still opens the invoice the ERP has', () => {
    // The ERP holds invoice "000123" with id "0007"; an older ColdFusion writes both as numbers.
    const table = readTableAnswer(JSON.parse('[{"Fatura ID":7,"Fatura No":123,"Cari":"A","Toplam Tutar":10.0}]'), 'invoice');
    const row = table.rows[0]!;
    expect([cellText(row['Fatura ID']), cellText(row['Fatura No'])]).toEqual(['7', '123']);
    // The user searches the number as printed on paper, with its zeros: the one match opens it.
    expect(uniqueInvoiceHref(table, '000123')).toBe('/invoices/7');
    expect(uniqueInvoiceHref(table, '123')).toBe('/invoices/7');
    const list = readAccounts(JSON.parse('[{"Firma ID":457,"Firma Adı":"Şimşek Hırdavat","Bakiye":10.0}]'));
    expect(list.accounts[0]!.id).toBe('457');
  });

  it('amounts written with four decimals ("1.234,5600", "1234.5600") are exact to the kuruş', () => {
    const table = readTableAnswer(
      [
        { 'Fatura No': 'F1', 'Toplam Tutar': '1.234,5600' },
        { 'Fatura No': 'F2', 'Toplam Tutar': '1234.5650' },
        { 'Fatura No': 'F3', 'Toplam Tutar': '-0,0049' },
      ],
      'invoice',
    );
    // 1234,5650 rounds half away from zero to 1.234,57; -0,0049 to 0,00.
    expect(table.rows.map((r) => minor(r['Toplam Tutar']))).toEqual([123_456, 123_457, 0]);
    expect(table.warnings).toBe(0);
  });

  it('YTL is TL: a TL statement line, an account in the accounting currency', () => {
    const st = readStatement([{ 'İşlem Tarihi': '2026-01-02', 'Borç Tutarı': 5.0, 'İşlem Dövizi': 'YTL', 'Döviz Tutarı': 5.0 }]);
    expect(st.lines[0]!.currency).toBe('TL');
    const list = readAccounts([{ 'Firma ID': 1, 'Firma Adı': 'A', Bakiye: 1.0, 'Para Birimi': 'YTL' }]);
    expect(list.accounts[0]!.currency).toBeUndefined();
  });
});
