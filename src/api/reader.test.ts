/**
 * The ERP reader against erp-contract.md, one describe per rule. Every input is written by hand;
 * every expected value is computed by hand from that input.
 */
import { ErpError, ErpFormatError } from './errors';
import {
  extendAliases,
  isSuccessStatus,
  parseErpBody,
  readAccounts,
  readInvoiceDetail,
  readLogin,
  readStatement,
  readTableAnswer,
  readableHeader,
  resetAliases,
  type RecordKind,
} from './reader';
import type { Account, Cell, ErpTable } from './types';
import aliases from './erp-aliases.json';

afterEach(() => resetAliases());

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

describe('§2 raw body', () => {
  it.each([
    ['plain JSON', '[{"A":1}]'],
    ['UTF-8 BOM', '\uFEFF[{"A":1}]'],
    ['whitespace and newlines around', '\r\n\n   [{"A":1}]  \n\t'],
    ['ColdFusion secure-JSON prefix', '//[{"A":1}]'],
    ['BOM, newlines, then the prefix', '\uFEFF\n  //  [{"A":1}]\n'],
  ])('%s is read', (_name, body) => {
    expect(parseErpBody(body)).toEqual([{ A: 1 }]);
  });

  it('strips only the leading "//": a URL inside a value stays as sent', () => {
    expect(parseErpBody('//[{"WEB":"https://ornek.com.tr/a//b"}]')).toEqual([{ WEB: 'https://ornek.com.tr/a//b' }]);
  });

  it.each([
    ['an HTML error page', '<html><head><title>Error</title></head><body>Element X is undefined</body></html>', 200],
    ['a cfdump', '<table class="cfdump_struct"><tr><th>struct</th></tr></table>', 200],
    ['a login page with status 200', '<!DOCTYPE html><form action="login.cfm">', 200],
    ['an empty body', '', 200],
    ['only whitespace and a BOM', '\uFEFF  \n ', 200],
    ['only the prefix', '//', 200],
    ['broken JSON', '[{"A":1},', 200],
    ['an HTML 500', '<h1>500</h1>', 500],
  ])('%s → ErpFormatError with the HTTP status', (_name, body, status) => {
    let error: unknown;
    try {
      parseErpBody(body, status);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ErpFormatError);
    expect((error as ErpFormatError).status).toBe(status);
    expect((error as ErpFormatError).bodyStart).toBe(body.slice(0, 200));
  });

  it('keeps only the first 200 characters, with a password in the text redacted, and never shows them to the user', () => {
    const body = `<html>Error in /wex.cfm/mobiusmus/get_cari?password=S3cret!x ${'x'.repeat(500)}</html>`;
    let error: ErpFormatError | undefined;
    try {
      parseErpBody(body);
    } catch (e) {
      error = e as ErpFormatError;
    }
    expect(error!.bodyStart.length).toBeLessThanOrEqual(200);
    expect(error!.bodyStart).toContain('password=***');
    expect(error!.bodyStart).not.toContain('S3cret');
    expect(error!.message).not.toContain('S3cret');
    expect(error!.userMessage).not.toContain('<html>');
    expect(error!.userMessage).toMatch(/ERP/);
  });
});

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
    ['column format, DATA keys in another case', { ROWCOUNT: 2, COLUMNS, DATA: Object.fromEntries(Object.entries(CF_COLUMN.DATA).map(([k, v]) => [k.toLowerCase(), v])) }],
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

describe('§5 keys → fields', () => {
  it('the spec labels, snake_case and camelCase keys are all recognised', () => {
    const labels = [{ 'Firma ID': '7', 'Firma Kategori (Text)': 'Müşteri', 'Firma Adı': 'Ada Ltd', 'Firma İl': 'İzmir', 'Firma İlçe': 'Bornova', Bakiye: '10.50' }];
    const snake = [{ firma_id: '7', firma_kategori: 'Müşteri', firma_adi: 'Ada Ltd', firma_il: 'İzmir', firma_ilce: 'Bornova', bakiye: '10.50' }];
    const camel = [{ firmaId: '7', firmaKategoriText: 'Müşteri', firmaAdi: 'Ada Ltd', firmaIl: 'İzmir', firmaIlce: 'Bornova', Balance: '10.50' }];
    const expected = [{ id: '7', category: 'Müşteri', name: 'Ada Ltd', province: 'İzmir', district: 'Bornova', balance: 1050, extras: {} }];
    for (const json of [labels, snake, camel]) expect(readAccounts(json).accounts).toEqual(expected);
  });

  it('every alias of the contract table is in the alias file', () => {
    const table = aliases as unknown as Record<string, Record<string, string[]>>;
    const mustHave: [string, string, string[]][] = [
      ['account', 'id', ['Firma ID', 'firma_id', 'company_id', 'cari_id', 'id']],
      ['account', 'category', ['Firma Kategori (Text)', 'firma_kategori', 'companycat', 'company_cat', 'category']],
      ['account', 'name', ['Firma Adı', 'firma_adi', 'fullname', 'company_name', 'nickname', 'name']],
      ['account', 'province', ['Firma İl', 'firma_il', 'city_name', 'city', 'il']],
      ['account', 'district', ['Firma İlçe', 'firma_ilce', 'county_name', 'county', 'ilce']],
      ['account', 'balance', ['Bakiye', 'bakiye', 'balance']],
      ['statementLine', 'date', ['İşlem Tarihi', 'islem_tarihi', 'action_date']],
      ['statementLine', 'dueDate', ['Vade Tarihi', 'vade_tarihi', 'due_date']],
      ['statementLine', 'type', ['İşlem Türü', 'islem_turu', 'action_name', 'process_cat', 'action_type']],
      ['statementLine', 'debit', ['Borç Tutarı', 'borc_tutari', 'borc', 'debit']],
      ['statementLine', 'credit', ['Alacak Tutarı', 'alacak_tutari', 'alacak', 'credit']],
      ['invoice', 'id', ['fatura_id', 'invoice_id', 'id']],
      ['invoice', 'number', ['fatura_no', 'invoice_no', 'invoice_number', 'belge_no']],
    ];
    for (const [record, field, list] of mustHave) expect(table[record]![field]).toEqual(expect.arrayContaining(list));
  });

  it('when several keys match one field, the earlier alias wins and the other key is kept as an extra', () => {
    const list = readAccounts([{ COMPANY_ID: 1, NICKNAME: 'ADA', FULLNAME: 'ADA TEKSTİL A.Ş.' }]);
    expect(list.accounts[0]!.name).toBe('ADA TEKSTİL A.Ş.');
    expect(list.accounts[0]!.extras).toEqual({ NICKNAME: { kind: 'text', text: 'ADA' } });
    expect(list.extraColumns.map((c) => c.key)).toEqual(['NICKNAME']);
  });

  it('unknown keys go to extras, in the order sent, with readable headers and kinds from their values', () => {
    const list = readAccounts([
      { COMPANY_ID: 1, VERGI_NO: '0012345678', FULLNAME: 'A', SON_ISLEM_TARIHI: '31.01.2026', RISK_LIMITI: '5000.00', TEMSILCI: 'Ayşe' },
      { COMPANY_ID: 2, VERGI_NO: '0098765432', FULLNAME: 'B', SON_ISLEM_TARIHI: '', RISK_LIMITI: '750.5', TEMSILCI: '' },
    ]);
    expect(list.extraColumns.map((c) => [c.key, c.label, c.kind])).toEqual([
      ['VERGI_NO', 'Vergi No', 'text'],
      ['SON_ISLEM_TARIHI', 'Son İşlem Tarihi', 'date'], // "islem" is spelt "İşlem" by the labels table
      ['RISK_LIMITI', 'Risk Limiti', 'money'],
      ['TEMSILCI', 'Temsilci', 'text'],
    ]);
    expect(list.accounts[0]!.extras).toEqual({
      VERGI_NO: { kind: 'text', text: '0012345678' },
      SON_ISLEM_TARIHI: { kind: 'date', iso: '2026-01-31', raw: '31.01.2026' },
      RISK_LIMITI: { kind: 'number', value: 5000, minor: 500000, decimals: 2, raw: '5000.00' },
      TEMSILCI: { kind: 'text', text: 'Ayşe' },
    });
    expect(list.accounts[1]!.extras.SON_ISLEM_TARIHI).toEqual({ kind: 'empty' });
    expect(list.accounts[1]!.extras.RISK_LIMITI).toMatchObject({ minor: 75050 });
  });

  it('extendAliases: an operator table maps a new key without code, and its aliases win', () => {
    const rows = [{ CARI_NO: 'C-9', MUSTERI_UNVANI: 'KAYA İNŞAAT', FULLNAME: 'eski ad', BORC_BAKIYE: '99.90' }];
    const before = readAccounts(rows).accounts[0]!;
    expect(before.name).toBe('eski ad');
    expect(before.id).toBe('');
    expect(before.balance).toBeNull();

    extendAliases({ account: { name: ['Müşteri Ünvanı'], id: ['cari_no'], balance: ['borc_bakiye'] }, junk: 5, statementLine: 'x' });
    const after = readAccounts(rows);
    expect(after.accounts[0]).toMatchObject({ id: 'C-9', name: 'KAYA İNŞAAT', balance: 9990 });
    expect(after.extraColumns.map((c) => c.key)).toEqual(['FULLNAME']);

    resetAliases();
    expect(readAccounts(rows).accounts[0]!.name).toBe('eski ad');
  });

  it.each([
    ['FATURA_TARIHI', 'Fatura Tarihi'],
    ['fatura_tarihi', 'Fatura Tarihi'],
    ['faturaTarihi', 'Fatura Tarihi'],
    ['islem_tarihi', 'İşlem Tarihi'], // "islem" has a Turkish spelling in the labels table
    ['KDV_ORANI', 'KDV Oranı'], // so has "orani"
    ['KDV_ORANLARI', 'KDV Oranlari'], // no spelling known: an ASCII I stays i, nothing is guessed
    ['SIPARIS_NO', 'Siparis No'],
    ['İL_KODU', 'İl Kodu'],
    ['ISLEM_ID', 'İşlem ID'],
    ['Vade Farkı', 'Vade Farkı'],
    ['0_30_GUN', '0–30 Gün'],
    ['GUN_91_120', 'Gün 91–120'],
    ['181_365_GUN', '181–365 Gün'],
    ['120_GUN_USTU', '120 Gün Üstü'],
    ['TAX_OFFICE_NAME', 'Tax Office Name'], // "tax" → "KDV %" is a translation of the whole key, not a word spelling
  ])('readable header %s → %s', (key, label) => {
    expect(readableHeader(key)).toBe(label);
  });

  it('recognised fields get Turkish labels', () => {
    const table = readTableAnswer([{ INVOICE_ID: 1, INVOICE_NUMBER: 'FT1', INVOICE_DATE: '2026-01-15', COMPANY_NAME: 'X', NETTOTAL: 10, OTHER_MONEY: 'TL', COMPANY_ID: 3 }], 'invoice');
    expect(table.columns.map((c) => [c.key, c.field, c.label, c.kind])).toEqual([
      ['INVOICE_ID', 'id', 'Fatura ID', 'text'],
      ['INVOICE_NUMBER', 'number', 'Fatura No', 'text'],
      ['INVOICE_DATE', 'date', 'Fatura Tarihi', 'date'],
      ['COMPANY_NAME', 'company', 'Firma Adı', 'text'],
      ['NETTOTAL', 'total', 'Toplam', 'money'],
      ['OTHER_MONEY', 'currency', 'Para Birimi', 'text'],
      ['COMPANY_ID', 'accountId', 'Firma ID', 'text'],
    ]);
  });
});

describe('§5 column kinds of undocumented answers (aging)', () => {
  const AGING = [
    { CARI_KOD: '00123', FIRMA_ADI: 'ADA A.Ş.', '0_30_GUN': 1500, '31_60_GUN': '250.5', GECIKME_GUN: 12, SON_ODEME_TARIHI: '31.01.2026', TOPLAM: '1.750,50', ACIKLAMA: '' },
    { CARI_KOD: '00124', FIRMA_ADI: 'BOR LTD.', '0_30_GUN': 0, '31_60_GUN': '', GECIKME_GUN: 40, SON_ODEME_TARIHI: "{ts '2026-02-15 00:00:00'}", TOPLAM: 'abc', ACIKLAMA: 'Takipte' },
  ];

  it('decides each column from its key and values', () => {
    const table = readTableAnswer(AGING, 'aging');
    expect(table.columns.map((c) => [c.key, c.kind, c.field])).toEqual([
      ['CARI_KOD', 'text', undefined], // "00123" is a code, not 123
      ['FIRMA_ADI', 'text', 'company'],
      ['0_30_GUN', 'money', undefined], // an aging bucket of amounts
      ['31_60_GUN', 'money', undefined],
      ['GECIKME_GUN', 'number', undefined], // a day count
      ['SON_ODEME_TARIHI', 'date', undefined],
      ['TOPLAM', 'money', undefined],
      ['ACIKLAMA', 'text', undefined],
    ]);
  });

  it('converts values, keeps ids as text and counts the unreadable money value as a warning', () => {
    const table = readTableAnswer(AGING, 'aging');
    const [a, b] = table.rows;
    expect(a!.CARI_KOD).toEqual({ kind: 'text', text: '00123' });
    expect(a!['0_30_GUN']).toMatchObject({ kind: 'number', minor: 150000 });
    expect(a!['31_60_GUN']).toMatchObject({ kind: 'number', minor: 25050 });
    expect(b!['31_60_GUN']).toEqual({ kind: 'empty' }); // WEX writes '' for what it could not convert
    expect(a!.SON_ODEME_TARIHI).toEqual({ kind: 'date', iso: '2026-01-31', raw: '31.01.2026' });
    expect(b!.SON_ODEME_TARIHI).toMatchObject({ kind: 'date', iso: '2026-02-15' });
    expect(a!.TOPLAM).toMatchObject({ kind: 'number', minor: 175050 });
    expect(b!.TOPLAM).toEqual({ kind: 'invalid', raw: 'abc', expected: 'number' });
    expect(a!.ACIKLAMA).toEqual({ kind: 'empty' });
    expect(table.warnings).toBe(1);
  });

  it('a numeric-looking column with a malformed value claims numbers: the bad one is invalid, not text', () => {
    const table = readTableAnswer([{ X: '12.50' }, { X: '1.234.56' }, { X: '7' }], 'aging');
    expect(table.columns[0]!.kind).toBe('money');
    expect(table.rows[1]!.X).toEqual({ kind: 'invalid', raw: '1.234.56', expected: 'number' });
    expect(table.warnings).toBe(1);
  });

  it('a column with a date that cannot exist: the bad one is invalid, the others dates', () => {
    const table = readTableAnswer([{ D: '2026-01-31' }, { D: '2026-02-30' }], 'invoice');
    expect(table.columns[0]!.kind).toBe('date');
    expect(table.rows[1]!.D).toEqual({ kind: 'invalid', raw: '2026-02-30', expected: 'date' });
    expect(table.warnings).toBe(1);
  });

  it('JSON numbers with a few unreadable strings (more than 2/3 numbers) claim numbers: the strings are invalid', () => {
    const table = readTableAnswer([{ ODENEN: 100 }, { ODENEN: 'abc' }, { ODENEN: 250.5 }, { ODENEN: 0 }], 'aging');
    expect(table.columns[0]!.kind).toBe('money');
    expect(table.rows.map((r) => r.ODENEN)).toEqual([
      { kind: 'number', value: 100, minor: 10000, decimals: 0, raw: '100' },
      { kind: 'invalid', raw: 'abc', expected: 'number' },
      { kind: 'number', value: 250.5, minor: 25050, decimals: 1, raw: '250.5' },
      { kind: 'number', value: 0, minor: 0, decimals: 0, raw: '0' },
    ]);
    expect(table.warnings).toBe(1);
  });

  it('two numbers and a word (not more than 2/3 numbers) stay text', () => {
    const table = readTableAnswer([{ SUBE: '1' }, { SUBE: '2' }, { SUBE: 'Merkez' }], 'aging');
    expect(table.columns[0]!.kind).toBe('text');
    expect(table.warnings).toBe(0);
  });

  it('free text with digits in it stays text; mixed number/word columns are text', () => {
    const table = readTableAnswer([{ ADRES: 'No 12' }, { ADRES: '15' }], 'aging');
    expect(table.columns[0]!.kind).toBe('text');
    expect(table.rows[1]!.ADRES).toEqual({ kind: 'text', text: '15' });
    expect(table.warnings).toBe(0);
  });

  it('nested values are shown as JSON text, never [object Object]', () => {
    const table = readTableAnswer([{ EK: { a: 1 } }], 'aging');
    expect(table.rows[0]!.EK).toEqual({ kind: 'text', text: '{"a":1}' });
  });
});

describe('§5 Turkish headers for every key the demo ERP sends, in every key family', () => {
  // Keys in the order each operation sends them (server/demo-erp/service.ts): Workcube names (wex, cf-row,
  // envelope-cf-column), Turkish names (envelope, cf-column, envelope-cf-row), the spec's labels (labels).
  // Expected headers written by hand: recognised fields keep their common.field.* label, every other key
  // gets its `labels` entry from erp-aliases.json (with Turkish letters).
  const ACCOUNT = ['Firma ID', 'Firma Kategori', 'Firma Adı', 'Firma İl', 'Firma İlçe', 'Bakiye'];
  const STATEMENT = ['İşlem Tarihi', 'Vade Tarihi', 'İşlem Türü', 'Borç Tutarı', 'Alacak Tutarı', 'Belge No', 'Açıklama'];
  const AGING = ['Firma ID', 'Firma Adı', 'Vadesi Gelmemiş', '0–30 Gün', '31–60 Gün', '61–90 Gün', '91–120 Gün', '120 Gün Üstü', 'Toplam'];
  // NETTOTAL/GRANDTOTAL both alias "total": the earlier alias (grand total) wins, net total is an extra column.
  const INVOICE = ['Fatura ID', 'Fatura No', 'Fatura Tarihi', 'Vade Tarihi', 'Firma ID', 'Firma Adı', 'İşlem Adı', 'Net Toplam', 'KDV Toplamı', 'Toplam', 'Para Birimi'];
  const INVOICE_TR = [...INVOICE.slice(0, 6), 'Fatura Türü', ...INVOICE.slice(7)];
  const LINES = ['Satır No', 'Ürün Kodu', 'Ürün', 'Miktar', 'Birim', 'Birim Fiyat', 'KDV Oranı', 'Net Tutar', 'KDV Tutarı', 'Satır Toplamı'];
  const cases: [string, RecordKind, string[], string[]][] = [
    ['accounts, Workcube', 'account', ['COMPANY_ID', 'COMPANYCAT', 'FULLNAME', 'CITY_NAME', 'COUNTY_NAME', 'BAKIYE'], ACCOUNT],
    ['accounts, Turkish', 'account', ['FIRMA_ID', 'FIRMA_KATEGORI', 'FIRMA_ADI', 'FIRMA_IL', 'FIRMA_ILCE', 'BAKIYE'], ACCOUNT],
    ['accounts, labels', 'account', ['Firma ID', 'Firma Kategori (Text)', 'Firma Adı', 'Firma İl', 'Firma İlçe', 'Bakiye'], ACCOUNT],
    ['statement, Workcube', 'statementLine', ['ACTION_DATE', 'DUE_DATE', 'ACTION_NAME', 'BORC', 'ALACAK', 'BELGE_NO', 'ACIKLAMA'], STATEMENT],
    ['statement, Turkish', 'statementLine', ['ISLEM_TARIHI', 'VADE_TARIHI', 'ISLEM_TURU', 'BORC_TUTARI', 'ALACAK_TUTARI', 'BELGE_NO', 'ACIKLAMA'], STATEMENT],
    ['statement, labels', 'statementLine', ['İşlem Tarihi', 'Vade Tarihi', 'İşlem Türü', 'Borç Tutarı', 'Alacak Tutarı', 'Belge No', 'Açıklama'], STATEMENT],
    ['aging, Workcube', 'aging', ['COMPANY_ID', 'FULLNAME', 'VADESI_GELMEMIS', '0_30_GUN', '31_60_GUN', '61_90_GUN', '91_120_GUN', '120_GUN_USTU', 'TOPLAM'], AGING],
    ['aging, Turkish', 'aging', ['FIRMA_ID', 'FIRMA_ADI', 'VADESI_GELMEMIS', 'GUN_0_30', 'GUN_31_60', 'GUN_61_90', 'GUN_91_120', 'GUN_120_USTU', 'TOPLAM'], AGING],
    ['aging, labels', 'aging', ['Firma ID', 'Firma Adı', 'Vadesi Gelmemiş', '0-30 Gün', '31-60 Gün', '61-90 Gün', '91-120 Gün', '120 Gün Üstü', 'Toplam'], AGING],
    ['invoices, Workcube', 'invoice', ['INVOICE_ID', 'INVOICE_NUMBER', 'INVOICE_DATE', 'DUE_DATE', 'COMPANY_ID', 'FULLNAME', 'PROCESS_NAME', 'NETTOTAL', 'TAXTOTAL', 'GRANDTOTAL', 'MONEY'], INVOICE],
    ['invoices, Turkish', 'invoice', ['FATURA_ID', 'FATURA_NO', 'FATURA_TARIHI', 'VADE_TARIHI', 'FIRMA_ID', 'FIRMA_ADI', 'FATURA_TURU', 'NET_TOPLAM', 'KDV_TOPLAM', 'GENEL_TOPLAM', 'PARA_BIRIMI'], INVOICE_TR],
    ['invoices, labels', 'invoice', ['Fatura ID', 'Fatura No', 'Fatura Tarihi', 'Vade Tarihi', 'Firma ID', 'Firma Adı', 'Fatura Türü', 'Net Toplam', 'KDV Toplam', 'Genel Toplam', 'Para Birimi'], INVOICE_TR],
    ['invoice lines, Workcube', 'invoiceLine', ['LINE_NO', 'STOCK_CODE', 'PRODUCT_NAME', 'AMOUNT', 'UNIT', 'PRICE', 'TAX', 'ROW_NETTOTAL', 'ROW_TAXTOTAL', 'ROW_TOTAL'], LINES],
    ['invoice lines, Turkish', 'invoiceLine', ['SATIR_NO', 'STOK_KODU', 'URUN_ADI', 'MIKTAR', 'BIRIM', 'BIRIM_FIYAT', 'KDV_ORANI', 'SATIR_NET_TUTAR', 'SATIR_KDV_TUTARI', 'SATIR_TOPLAM'], LINES],
    ['invoice lines, labels', 'invoiceLine', ['Sıra No', 'Stok Kodu', 'Ürün Adı', 'Miktar', 'Birim', 'Birim Fiyat', 'KDV Oranı', 'Net Tutar', 'KDV Tutarı', 'Satır Toplamı'], ['Sıra No', ...LINES.slice(1)]],
  ];
  it.each(cases)('%s', (_name, record, keys, headers) => {
    const row = Object.fromEntries(keys.map((k) => [k, '']));
    expect(readTableAnswer([row], record).columns.map((c) => c.label)).toEqual(headers);
  });

  it.each([
    ['Nettotal', 'Net Toplam'],
    ['grossTotal', 'Brüt Toplam'],
    ['PAPER_NO', 'Belge No'],
    ['OTHER_MONEY', 'Para Birimi'],
    ['tax', 'KDV %'],
    ['INVOICE_DATE', 'Fatura Tarihi'],
    ['aciklama', 'Açıklama'],
  ])('a key that is no field of the record still gets its label: %s → %s', (key, header) => {
    // 'aging' has no alias for any of these keys.
    expect(readTableAnswer([{ [key]: '' }], 'aging').columns[0]!.label).toBe(header);
  });

  it('the operator’s labels (extendAliases) add and override headers, but never rename a recognised field', () => {
    const rows = [{ FULLNAME: 'ADA A.Ş.', ACIKLAMA: 'x', RISK_LIMITI: '10.00' }];
    expect(readAccounts(rows).extraColumns.map((c) => c.label)).toEqual(['Açıklama', 'Risk Limiti']);
    extendAliases({ labels: { ACIKLAMA: 'Not', 'Risk Limiti': 'Risk Limiti (TL)', fullname: 'Ünvan', bad: 5 } });
    const list = readAccounts(rows);
    expect(list.extraColumns.map((c) => [c.key, c.label])).toEqual([
      ['ACIKLAMA', 'Not'],
      ['RISK_LIMITI', 'Risk Limiti (TL)'],
    ]);
    expect(readTableAnswer(rows, 'account').columns[0]!.label).toBe('Firma Adı');
    resetAliases();
    expect(readAccounts(rows).extraColumns.map((c) => c.label)).toEqual(['Açıklama', 'Risk Limiti']);
  });
});

describe('§6 column kinds on small answers: a money key stays money', () => {
  // Two rows, one unreadable value: half the values are numbers, which alone would make a text column.
  it.each([
    ['0_30_GUN', [1500, 'abc'], 150000],
    ['GUN_91_120', ['250,50', '12a'], 25050],
    ['120_GUN_USTU', [10, '--5'], 1000],
    ['OVER_120', ['7.5', 'x'], 750],
    ['91_120', [3, 'x'], 300],
    ['VADESI_GELMEMIS', [100, 'abc'], 10000],
    ['TOPLAM', ['1.750,50', 'abc'], 175050],
    ['KALAN_BAKIYE', ['0,10', '?'], 10],
    ['NETTOTAL', ['99.90', 'yok'], 9990],
    ['BORC_TUTARI', [1, 'a'], 100],
    ['alacakToplami', [2, 'b'], 200],
    ['KDV_TUTARI', ['18', 'c'], 1800],
    ['AMOUNT_PAID', [5, 'd'], 500], // ends in "id" but is an amount
    ['totalPaid', [6, 'e'], 600],
  ] as [string, unknown[], number][])('%s: money, the unreadable value is invalid and counted', (key, values, firstMinor) => {
    const table = readTableAnswer(values.map((v) => ({ FIRMA_ADI: 'ADA', [key]: v })), 'aging');
    const col = table.columns.find((c) => c.key === key)!;
    expect(col.kind).toBe('money');
    expect(table.rows[0]![key]).toMatchObject({ kind: 'number', minor: firstMinor });
    expect(table.rows[1]![key]).toEqual({ kind: 'invalid', raw: values[1], expected: 'number' });
    expect(table.warnings).toBe(1);
  });

  it.each([
    ['GECIKME_GUN', 'number', [12, 'abc'], 1], // a day count
    ['KDV_ORANI', 'number', [20, 'x'], 1],
    ['LINE_NO', 'text', [1, 'abc'], 0], // "…_NO" is an id / document number: text, nothing to warn about
    ['CARI_KOD', 'text', ['00123', 'x'], 0],
    ['FATURA_ID', 'text', [5, 'y'], 0],
    ['ODENEN', 'text', [1, 'abc'], 0], // the key says nothing: half numbers is not enough
    // Workcube's audit columns: "update" contains "date" but is no date; ids and flags are text.
    ['UPDATE_EMP', 'text', [12, 15], 0],
    ['UPDATE_IP', 'text', ['192.168.1.10', '10.0.0.2'], 0],
    ['UPDATE_PAR', 'text', [3, ''], 0],
    ['IS_UPDATED', 'text', [1, 0], 0],
    ['RECORD_EMP', 'text', [4, 5], 0],
    ['UPDATE_DATE', 'date', ['2026-01-05', 'x'], 1], // "DATE" is a word: a date
    ['lastUpdated', 'text', ['a', 'b'], 0],
    ['DUEDATE', 'date', ['2026-01-05', '05.02.2026'], 0],
    ['FATURA_TARIHI', 'date', ['2026-01-05', '?'], 1],
  ] as [string, string, unknown[], number][])('%s → %s (%#)', (key, kind, values, warnings) => {
    const table = readTableAnswer(values.map((v) => ({ [key]: v })), 'aging');
    expect(table.columns[0]!.kind).toBe(kind);
    expect(table.warnings).toBe(warnings);
  });

  it('a two-row aging answer with one unreadable bucket amount keeps every bucket and the total as money', () => {
    // As the demo ERP's malformed-numbers mode writes it (wex shape): row 2 has "abc" in the first bucket.
    const table = readTableAnswer(
      [
        { COMPANY_ID: 1001, FULLNAME: 'ADA A.Ş.', VADESI_GELMEMIS: 120.5, '0_30_GUN': 0, '31_60_GUN': 80, TOPLAM: 200.5 },
        { COMPANY_ID: 1002, FULLNAME: 'BOR LTD.', VADESI_GELMEMIS: 'abc', '0_30_GUN': 40, '31_60_GUN': 0, TOPLAM: 40 },
      ],
      'aging',
    );
    expect(table.columns.map((c) => [c.label, c.kind])).toEqual([
      ['Firma ID', 'text'],
      ['Firma Adı', 'text'],
      ['Vadesi Gelmemiş', 'money'],
      ['0–30 Gün', 'money'],
      ['31–60 Gün', 'money'],
      ['Toplam', 'money'],
    ]);
    expect(table.rows[0]!.VADESI_GELMEMIS).toMatchObject({ kind: 'number', minor: 12050 });
    expect(table.rows[1]!.VADESI_GELMEMIS).toEqual({ kind: 'invalid', raw: 'abc', expected: 'number' });
    expect(table.rows[0]!.TOPLAM).toMatchObject({ kind: 'number', minor: 20050 });
    expect(table.warnings).toBe(1);
  });
});

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
    expect(st.lines[0]).toMatchObject({ date: null, dueDate: null, debit: 0, credit: 500, invalid: { date: '2026-02-30', dueDate: 'yarın', debit: '12,34,56' } });
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

describe('§5 invoice detail', () => {
  const cellText = (t: ErpTable, key: string, row = 0): Cell | undefined => t.rows[row]?.[key];

  const LINES = [
    { PRODUCT_NAME: 'Kalem', AMOUNT: 10, PRICE: '100.00', TAX: 20, ROW_TOTAL: '1.200,00' },
    { PRODUCT_NAME: 'Defter', AMOUNT: 4, PRICE: '250.00', TAX: 20, ROW_TOTAL: '1.200,00' },
  ];
  const OBJECT_WITH_LINES = { INVOICE_ID: 5, INVOICE_NUMBER: 'FT2026000005', INVOICE_DATE: '2026-01-15', COMPANY_NAME: 'ADA A.Ş.', NETTOTAL: '2.400,00', ROWS: LINES };

  it.each([
    ['one object with a nested array', OBJECT_WITH_LINES],
    ['the same inside an envelope', { status: true, data: OBJECT_WITH_LINES }],
    ['header in a nested object, lines in a nested ColdFusion query', {
      INVOICE: { INVOICE_ID: 5, INVOICE_NUMBER: 'FT2026000005', INVOICE_DATE: '2026-01-15', COMPANY_NAME: 'ADA A.Ş.', NETTOTAL: '2.400,00' },
      LINES: { COLUMNS: ['PRODUCT_NAME', 'AMOUNT', 'PRICE', 'TAX', 'ROW_TOTAL'], DATA: [['Kalem', 10, '100.00', 20, '1.200,00'], ['Defter', 4, '250.00', 20, '1.200,00']] },
    }],
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
    [{ status: true, data: { USER_ID: 7, NAME: 'Ayşe', SURNAME: 'Yılmaz' } }, { ok: true, user: { name: 'Ayşe Yılmaz', id: '7', fields: { USER_ID: '7', NAME: 'Ayşe', SURNAME: 'Yılmaz' } } }],
    [{ STATUS: 'BAŞARILI', DATA: [{ EMPLOYEE_NAME: 'Ali', EMPLOYEE_SURNAME: 'Veli' }] }, { ok: true, user: { name: 'Ali Veli', fields: { EMPLOYEE_NAME: 'Ali', EMPLOYEE_SURNAME: 'Veli' } } }],
    [{ status: '1', data: 'oturum-anahtari' }, { ok: true }],
    [{ status: 'false', data: 'Kullanıcı adı veya şifre yanlış' }, { ok: false, message: 'Kullanıcı adı veya şifre yanlış' }],
    [{ status: 0, message: 'Hesap kilitli' }, { ok: false, message: 'Hesap kilitli' }],
    [{ status: 0 }, { ok: false }],
    [{ data: { NAME: 'x' } }, { ok: false }], // no status = failure
    [true, { ok: true }],
    ['hata', { ok: false }],
  ])('%j', (json, expected) => {
    expect(readLogin(json)).toEqual(expected);
  });
});
