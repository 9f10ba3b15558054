/**
 * The ERP reader, step 2 (locating the rows) against erp-contract.md §3/§4: every envelope and
 * ColdFusion shape gives the same accounts; failure envelopes and status values.
 * Every input is written by hand; every expected value is computed by hand from that input.
 */
import { ErpError, ErpFormatError } from '../errors';
import { isSuccessStatus, readAccounts, readInvoiceDetail, readStatement, readTableAnswer } from '.';
import type { Account } from '../erp-types';

// Two accounts as WEX sends them (array of objects, UPPERCASE Workcube column names).
const WEX_ROWS = [
  { COMPANY_ID: 101, COMPANYCAT: 'Müşteri', FULLNAME: 'İĞDIR GIDA LTD. ŞTİ.', CITY_NAME: 'IĞDIR', COUNTY_NAME: 'Merkez', BAKIYE: '1.234,56' },
  { COMPANY_ID: 102, COMPANYCAT: 'Tedarikçi', FULLNAME: 'ISPARTA HALI A.Ş.', CITY_NAME: 'ISPARTA', COUNTY_NAME: 'Eğirdir', BAKIYE: -250.5 },
];
const COLUMNS = ['COMPANY_ID', 'COMPANYCAT', 'FULLNAME', 'CITY_NAME', 'COUNTY_NAME', 'BAKIYE'];
const CF_ROW = {
  COLUMNS,
  DATA: [
    [101, 'Müşteri', 'İĞDIR GIDA LTD. ŞTİ.', 'IĞDIR', 'Merkez', '1.234,56'],
    [102, 'Tedarikçi', 'ISPARTA HALI A.Ş.', 'ISPARTA', 'Eğirdir', -250.5],
  ],
};
const CF_COLUMN = {
  ROWCOUNT: 2,
  COLUMNS,
  DATA: {
    COMPANY_ID: [101, 102],
    COMPANYCAT: ['Müşteri', 'Tedarikçi'],
    FULLNAME: ['İĞDIR GIDA LTD. ŞTİ.', 'ISPARTA HALI A.Ş.'],
    CITY_NAME: ['IĞDIR', 'ISPARTA'],
    COUNTY_NAME: ['Merkez', 'Eğirdir'],
    BAKIYE: ['1.234,56', -250.5],
  },
};
const EXPECTED_ACCOUNTS: Account[] = [
  { id: '101', category: 'Müşteri', name: 'İĞDIR GIDA LTD. ŞTİ.', province: 'IĞDIR', district: 'Merkez', balance: 123456, extras: {} },
  { id: '102', category: 'Tedarikçi', name: 'ISPARTA HALI A.Ş.', province: 'ISPARTA', district: 'Eğirdir', balance: -25050, extras: {} },
];

describe('§3 envelopes → rows (every shape gives the same accounts)', () => {
  it.each([
    ['plain array of objects', WEX_ROWS],
    ['{status:true, data}', { status: true, data: WEX_ROWS }],
    ['{DATA}', { DATA: WEX_ROWS }],
    ['{result}', { result: WEX_ROWS }],
    ['{rows}', { rows: WEX_ROWS }],
    ['{items}', { items: WEX_ROWS }],
    ['{Status:"Başarılı", Data} (keys in any case)', { Status: 'Başarılı', Data: WEX_ROWS }],
    ['envelope with meta keys', { STATUS: 1, MESSAGE: '', RECORDCOUNT: 2, DATA: WEX_ROWS }],
    ['ColdFusion query, row format', CF_ROW],
    ['ColdFusion query, column format', CF_COLUMN],
    ['row format nested in an envelope', { STATUS: 1, DATA: CF_ROW }],
    ['column format nested in an envelope', { status: 'ok', data: CF_COLUMN }],
    [
      'column format, DATA keys in another case',
      { ROWCOUNT: 2, COLUMNS, DATA: Object.fromEntries(Object.entries(CF_COLUMN.DATA).map(([k, v]) => [k.toLowerCase(), v])) },
    ],
  ])('%s', (_name, json) => {
    const list = readAccounts(json);
    expect(list.accounts).toEqual(EXPECTED_ACCOUNTS);
    expect(list.extraColumns).toEqual([]);
    expect(list.warnings).toBe(0);
  });

  it('a single object is one record', () => {
    expect(readAccounts(WEX_ROWS[0]).accounts).toEqual([EXPECTED_ACCOUNTS[0]]);
  });

  it.each([
    ['[]', []],
    ['{status:true, data:[]}', { status: true, data: [] }],
    ['{status:true, data:null}', { status: true, data: null }],
    ['{status:true} only', { status: true }],
    ['a column-format query with no rows', { ROWCOUNT: 0, COLUMNS: ['A'], DATA: { A: [] } }],
    ['a row-format query with no rows', { COLUMNS: ['A'], DATA: [] }],
    ['an empty object', {}],
  ])('%s is an empty list', (_name, json) => {
    expect(readAccounts(json).accounts).toEqual([]);
  });

  it.each([
    ['a bare string', 'OK'],
    ['null', null],
    ['an array of numbers', [1, 2]],
    ['a row-format query whose rows are not arrays', { COLUMNS: ['A'], DATA: [{ A: 1 }] }],
  ])('%s is an ErpFormatError, not an empty table', (_name, json) => {
    expect(() => readAccounts(json)).toThrow(ErpFormatError);
  });

  it('an object with its own fields next to a "rows" array is a record, not an envelope', () => {
    const table = readTableAnswer({ INVOICE_ID: 5, STATUS: 'Onaylandı', ROWS: [{ A: 1 }] }, 'invoice');
    expect(table.rows).toHaveLength(1);
    expect(table.rows[0]!.STATUS).toEqual({ kind: 'text', text: 'Onaylandı' });
  });
});

describe('§3/§4 failure envelopes → ErpError with the ERP message', () => {
  it.each([
    [{ status: false, message: 'Firma bulunamadı' }, 'Firma bulunamadı'],
    [{ STATUS: 'hata', DATA: 'Yetkisiz erişim' }, 'Yetkisiz erişim'],
    [{ status: 'error', error: '  Sorgu hatası  ' }, 'Sorgu hatası'],
    [{ status: 0, data: [] }, undefined],
    [{ Status: 'fail' }, undefined],
    [{ status: 'FALSE', message: '' }, undefined],
  ])('%j', (json, message) => {
    let error: unknown;
    try {
      readTableAnswer(json, 'aging');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ErpError);
    expect((error as ErpError).erpMessage).toBe(message);
    expect((error as ErpError).userMessage).toContain(message ?? 'ERP');
  });
});

describe('§4 status values', () => {
  it.each([true, 1, '1', 'true', 'TRUE', ' ok ', 'OK', 'success', 'Succeeded', 'başarılı', 'BAŞARILI', 'BASARILI', 'yes', 'Y'])('%j is success', (v) => {
    expect(isSuccessStatus(v)).toBe(true);
  });
  it.each([false, 0, 2, '0', 'false', 'error', 'hata', 'fail', 'no', 'n', '', null, undefined, 'başarısız', {}])('%j is failure', (v) => {
    expect(isSuccessStatus(v)).toBe(false);
  });
});

describe('a bare error object (no status, no data) is the ERP saying no — review defect', () => {
  // Before: {"error":"Yetki yok"} was read as one account whose every field is blank.
  it.each([
    [{ error: 'Yetki yok' }, 'Yetki yok'],
    [{ message: 'Kayıt bulunamadı' }, 'Kayıt bulunamadı'],
    [{ ERRORMESSAGE: ' Oturum süresi doldu ' }, 'Oturum süresi doldu'],
    [{ code: 403, error: { message: 'Erişim reddedildi' } }, 'Erişim reddedildi'],
  ])('%j → ErpError with the ERP message, from every reader', (json, message) => {
    for (const read of [() => readAccounts(json), () => readStatement(json), () => readTableAnswer(json, 'invoice'), () => readInvoiceDetail(json)]) {
      let error: unknown;
      try {
        read();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ErpError);
      expect((error as ErpError).erpMessage).toBe(message);
      expect((error as ErpError).userMessage).toContain(message);
    }
  });

  it('a record with real fields beside a message stays a record (an invoice whose note is called "message")', () => {
    const detail = readInvoiceDetail({ FATURA_NO: 'F1', MESSAGE: 'Teslimat notu' });
    expect(detail.header.rows[0]!.FATURA_NO).toEqual({ kind: 'text', text: 'F1' });
    expect(detail.header.rows[0]!.MESSAGE).toEqual({ kind: 'text', text: 'Teslimat notu' });
  });
});
