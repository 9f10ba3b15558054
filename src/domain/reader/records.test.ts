/**
 * The ERP reader, step 5 (record readers: statement, accounts, invoice detail, login).
 * Every input is written by hand; every expected value is computed by hand from that input.
 */
import { readAccounts, readInvoiceDetail, readLogin, readStatement } from '.';
import type { Cell, ErpTable } from '../erp-types';

describe('§6 values in the documented records', () => {
  it('statement lines: every date form, every number form, empty amounts are 0', () => {
    const st = readStatement({
      status: 'success',
      data: [
        { ACTION_DATE: 'January, 05 2026 00:00:00', DUE_DATE: "{ts '2026-02-04 00:00:00'}", ACTION_NAME: 'Satış Faturası', BORC: '1.180,00', ALACAK: '' },
        { ACTION_DATE: '2026-01-20T10:00:00Z', DUE_DATE: '', ACTION_NAME: 'Tahsilat', BORC: null, ALACAK: '1,000.50' },
        { ACTION_DATE: '25/01/2026', DUE_DATE: '25.02.2026', ACTION_NAME: 'İade', BORC: 0, ALACAK: 180 },
      ],
    });
    expect(st.lines).toEqual([
      { index: 0, date: '2026-01-05', dueDate: '2026-02-04', type: 'Satış Faturası', debit: 118000, credit: 0, invalid: {}, extras: {} },
      { index: 1, date: '2026-01-20', dueDate: null, type: 'Tahsilat', debit: 0, credit: 100050, invalid: {}, extras: {} },
      { index: 2, date: '2026-01-25', dueDate: '2026-02-25', type: 'İade', debit: 0, credit: 18000, invalid: {}, extras: {} },
    ]);
    expect(st.warnings).toBe(0);
  });

  it('statement lines: values that claim to be numbers/dates but cannot be read are kept raw and counted', () => {
    const st = readStatement([
      { 'İşlem Tarihi': '2026-02-30', 'Vade Tarihi': 'yarın', 'İşlem Türü': 'Virman', 'Borç Tutarı': '12,34,56', 'Alacak Tutarı': '5' },
      { 'İşlem Tarihi': '2026-02-01', 'Vade Tarihi': '', 'İşlem Türü': 'Virman', 'Borç Tutarı': '1', 'Alacak Tutarı': 'N/A' },
    ]);
    expect(st.lines[0]).toMatchObject({
      date: null,
      dueDate: null,
      debit: 0,
      credit: 500,
      invalid: { date: '2026-02-30', dueDate: 'yarın', debit: '12,34,56' },
    });
    expect(st.lines[1]).toMatchObject({ date: '2026-02-01', debit: 100, credit: 0, invalid: { credit: 'N/A' } });
    expect(st.warnings).toBe(4);
  });

  it('accounts: an unreadable balance is kept raw (balance null) and counted; an empty one is null without a warning', () => {
    const list = readAccounts([
      { COMPANY_ID: '00123', FULLNAME: 'A', BAKIYE: '1.2.3' },
      { COMPANY_ID: '00124', FULLNAME: 'B', BAKIYE: '' },
      { COMPANY_ID: '00125', FULLNAME: 'C', BAKIYE: '0,10' },
    ]);
    expect(list.accounts.map((a) => [a.id, a.balance, a.balanceInvalid])).toEqual([
      ['00123', null, '1.2.3'],
      ['00124', null, undefined],
      ['00125', 10, undefined],
    ]);
    expect(list.warnings).toBe(1);
  });
});

describe('§5/§6 foreign currency: currency and currencyAmount of statement lines, the account currency', () => {
  it.each([
    ['Workcube keys', { OTHER_MONEY: 'USD', OTHER_CASH_ACT_VALUE: 1234.5 }],
    ['Turkish keys', { ISLEM_DOVIZI: 'usd', DOVIZ_TUTARI: '1.234,50' }],
    ['spec labels', { 'İşlem Dövizi': ' USD ', 'Döviz Tutarı': '1234,50' }],
  ])('%s: the currency code and the foreign amount are fields, not extra columns', (_, fx) => {
    const st = readStatement([{ ACTION_DATE: '2026-03-01', ACTION_NAME: 'Satış Faturası', BORC: '52.000,00', ALACAK: '', ...fx }]);
    expect(st.lines[0]).toMatchObject({ debit: 5_200_000, credit: 0, currency: 'USD', currencyAmount: 123_450, invalid: {} });
    expect(st.extraColumns).toEqual([]);
  });

  it('TL lines read as TL (TRY/YTL too); an unreadable foreign amount is raw, flagged and counted, never 0', () => {
    const st = readStatement([
      { OTHER_MONEY: 'TRY', OTHER_CASH_ACT_VALUE: '100,00', BORC: '100,00', ALACAK: '' },
      { OTHER_MONEY: 'EUR', OTHER_CASH_ACT_VALUE: '12,34,5', BORC: '', ALACAK: '500,00' },
      { OTHER_MONEY: '', OTHER_CASH_ACT_VALUE: '', BORC: '1,00', ALACAK: '' },
    ]);
    expect(st.lines.map((l) => [l.currency, l.currencyAmount, l.invalid.currencyAmount])).toEqual([
      ['TL', 10_000, undefined],
      ['EUR', null, '12,34,5'],
      [null, null, undefined],
    ]);
    expect(st.warnings).toBe(1);
  });

  it('accounts: a foreign currency is kept; TL and empty mean none', () => {
    const list = readAccounts([
      { COMPANY_ID: '1', FULLNAME: 'A', BAKIYE: 1, MONEY: 'USD' },
      { COMPANY_ID: '2', FULLNAME: 'B', BAKIYE: 1, MONEY: 'TL' },
      { COMPANY_ID: '3', FULLNAME: 'C', BAKIYE: 1, MONEY: '' },
      { COMPANY_ID: '4', FULLNAME: 'D', BAKIYE: 1, MONEY: 'eur' },
    ]);
    expect(list.accounts.map((a) => a.currency)).toEqual(['USD', undefined, undefined, 'EUR']);
    expect(list.extraColumns).toEqual([]);
  });
});

describe('§5 invoice detail', () => {
  const cellText = (t: ErpTable, key: string, row = 0): Cell | undefined => t.rows[row]?.[key];

  const LINES = [
    { PRODUCT_NAME: 'Kalem', AMOUNT: 10, PRICE: '100.00', TAX: 20, ROW_TOTAL: '1.200,00' },
    { PRODUCT_NAME: 'Defter', AMOUNT: 4, PRICE: '250.00', TAX: 20, ROW_TOTAL: '1.200,00' },
  ];
  const OBJECT_WITH_LINES = {
    INVOICE_ID: 5,
    INVOICE_NUMBER: 'FT2026000005',
    INVOICE_DATE: '2026-01-15',
    COMPANY_NAME: 'ADA A.Ş.',
    NETTOTAL: '2.400,00',
    ROWS: LINES,
  };

  it.each([
    ['one object with a nested array', OBJECT_WITH_LINES],
    ['the same inside an envelope', { status: true, data: OBJECT_WITH_LINES }],
    [
      'header in a nested object, lines in a nested ColdFusion query',
      {
        INVOICE: { INVOICE_ID: 5, INVOICE_NUMBER: 'FT2026000005', INVOICE_DATE: '2026-01-15', COMPANY_NAME: 'ADA A.Ş.', NETTOTAL: '2.400,00' },
        LINES: {
          COLUMNS: ['PRODUCT_NAME', 'AMOUNT', 'PRICE', 'TAX', 'ROW_TOTAL'],
          DATA: [
            ['Kalem', 10, '100.00', 20, '1.200,00'],
            ['Defter', 4, '250.00', 20, '1.200,00'],
          ],
        },
      },
    ],
  ])('%s: the array is the lines table, the scalars the header', (_name, json) => {
    const detail = readInvoiceDetail(json);
    expect(detail.header.rows).toHaveLength(1);
    expect(detail.header.columns.map((c) => [c.key, c.field])).toEqual([
      ['INVOICE_ID', 'id'],
      ['INVOICE_NUMBER', 'number'],
      ['INVOICE_DATE', 'date'],
      ['COMPANY_NAME', 'company'],
      ['NETTOTAL', 'total'],
    ]);
    expect(cellText(detail.header, 'NETTOTAL')).toMatchObject({ minor: 240000 });
    expect(cellText(detail.header, 'INVOICE_DATE')).toMatchObject({ iso: '2026-01-15' });
    expect(detail.lines.columns.map((c) => [c.key, c.field, c.kind])).toEqual([
      ['PRODUCT_NAME', 'productName', 'text'],
      ['AMOUNT', 'quantity', 'number'], // Workcube's AMOUNT is the quantity
      ['PRICE', 'unitPrice', 'money'],
      ['TAX', 'vatRate', 'number'],
      ['ROW_TOTAL', 'amount', 'money'],
    ]);
    expect(detail.lines.rows).toHaveLength(2);
    expect(cellText(detail.lines, 'PRICE', 1)).toMatchObject({ minor: 25000 });
    expect(cellText(detail.lines, 'AMOUNT', 1)).toMatchObject({ value: 4 });
  });

  it('flat line rows repeating the header: fields equal on every row are the header, the rest the lines', () => {
    const detail = readInvoiceDetail([
      { FATURA_NO: 'FT7', FATURA_TARIHI: '10.01.2026', FIRMA_ADI: 'BOR LTD.', URUN_ADI: 'Vida', MIKTAR: '100', BIRIM_FIYAT: '0,25', SEVK_NOTU: 'A' },
      { FATURA_NO: 'FT7', FATURA_TARIHI: '10.01.2026', FIRMA_ADI: 'BOR LTD.', URUN_ADI: 'Somun', MIKTAR: '100', BIRIM_FIYAT: '0,40', SEVK_NOTU: 'B' },
      { FATURA_NO: 'FT7', FATURA_TARIHI: '10.01.2026', FIRMA_ADI: 'BOR LTD.', URUN_ADI: 'Pul', MIKTAR: '50', BIRIM_FIYAT: '0,05', SEVK_NOTU: 'C' },
    ]);
    expect(detail.header.columns.map((c) => c.key)).toEqual(['FATURA_NO', 'FATURA_TARIHI', 'FIRMA_ADI']);
    expect(detail.header.rows).toEqual([
      {
        FATURA_NO: { kind: 'text', text: 'FT7' },
        FATURA_TARIHI: { kind: 'date', iso: '2026-01-10', raw: '10.01.2026' },
        FIRMA_ADI: { kind: 'text', text: 'BOR LTD.' },
      },
    ]);
    expect(detail.lines.columns.map((c) => c.key)).toEqual(['URUN_ADI', 'MIKTAR', 'BIRIM_FIYAT', 'SEVK_NOTU']);
    expect(detail.lines.rows.map((r) => (r.BIRIM_FIYAT as { minor: number }).minor)).toEqual([25, 40, 5]);
  });

  it('a one-line flat answer still has a lines table (recognised line fields stay in the lines)', () => {
    const detail = readInvoiceDetail([{ INVOICE_NUMBER: 'FT9', PRODUCT_NAME: 'Kalem', AMOUNT: 2, PRICE: 5 }]);
    expect(detail.header.columns.map((c) => c.key)).toEqual(['INVOICE_NUMBER']);
    expect(detail.lines.columns.map((c) => c.key)).toEqual(['PRODUCT_NAME', 'AMOUNT', 'PRICE']);
    expect(detail.lines.rows).toHaveLength(1);
  });

  it('an empty answer has no header row (the page shows "not found")', () => {
    const detail = readInvoiceDetail([]);
    expect(detail.header.rows).toEqual([]);
    expect(detail.lines.rows).toEqual([]);
  });

  it('warnings are counted per table', () => {
    const detail = readInvoiceDetail({ INVOICE_DATE: '2026-13-01', ROWS: [{ PRICE: 'x' }, { PRICE: 'y' }] });
    expect(detail.header.warnings).toBe(1);
    expect(detail.lines.warnings).toBe(2);
  });
});

describe('§4 get_user → readLogin', () => {
  it.each([
    [
      { status: true, data: { USER_ID: 7, NAME: 'Ayşe', SURNAME: 'Yılmaz' } },
      { ok: true, user: { name: 'Ayşe Yılmaz', id: '7', fields: { USER_ID: '7', NAME: 'Ayşe', SURNAME: 'Yılmaz' } } },
    ],
    [
      { STATUS: 'BAŞARILI', DATA: [{ EMPLOYEE_NAME: 'Ali', EMPLOYEE_SURNAME: 'Veli' }] },
      { ok: true, user: { name: 'Ali Veli', fields: { EMPLOYEE_NAME: 'Ali', EMPLOYEE_SURNAME: 'Veli' } } },
    ],
    [{ status: '1', data: 'oturum-anahtari' }, { ok: true }],
    [
      { status: 'false', data: 'Kullanıcı adı veya şifre yanlış' },
      { ok: false, message: 'Kullanıcı adı veya şifre yanlış' },
    ],
    [
      { status: 0, message: 'Hesap kilitli' },
      { ok: false, message: 'Hesap kilitli' },
    ],
    [{ status: 0 }, { ok: false }],
    [{ data: { NAME: 'x' } }, { ok: false }], // no status = failure
    [true, { ok: false }], // a bare status is no login (issue 36): only an object with a success status
    ['ok', { ok: false }],
    [1, { ok: false }],
    ['hata', { ok: false }],
  ])('%j', (json, expected) => {
    expect(readLogin(json)).toEqual(expected);
  });
});

describe('accounts read by position or by key: the same values', () => {
  it('rows with the same keys in the same order, one in another order, one without a key', () => {
    const same = [
      { COMPANY_ID: '1', FULLNAME: 'Ak A.Ş.', CITY_NAME: 'İZMİR', BAKIYE: 10.5 },
      { COMPANY_ID: '2', FULLNAME: 'Öz Ltd.', CITY_NAME: 'ANKARA', BAKIYE: -3 },
    ];
    // By hand: 10,50 TL = 1050 kuruş, -3 TL = -300.
    const expected = [
      { id: '1', name: 'Ak A.Ş.', province: 'İZMİR', balance: 1050 },
      { id: '2', name: 'Öz Ltd.', province: 'ANKARA', balance: -300 },
    ];
    expect(readAccounts(same).accounts).toMatchObject(expected);
    const reordered = [same[0], { BAKIYE: -3, CITY_NAME: 'ANKARA', FULLNAME: 'Öz Ltd.', COMPANY_ID: '2' }];
    expect(readAccounts(reordered).accounts).toMatchObject(expected);
    const missing = [same[0], { COMPANY_ID: '2', FULLNAME: 'Öz Ltd.', BAKIYE: -3 }];
    expect(readAccounts(missing).accounts).toMatchObject([expected[0], { id: '2', name: 'Öz Ltd.', province: '', balance: -300 }]);
    // An own "__proto__" key among the fields is a value like any other.
    const proto = JSON.parse('[{"COMPANY_ID":"9","__proto__":"x","FULLNAME":"Dokuz"},{"COMPANY_ID":"10","__proto__":"y","FULLNAME":"On"}]') as unknown;
    expect(readAccounts(proto).accounts.map((a) => [a.id, a.name])).toEqual([
      ['9', 'Dokuz'],
      ['10', 'On'],
    ]);
  });
});
