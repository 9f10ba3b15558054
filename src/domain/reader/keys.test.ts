/**
 * The ERP reader, step 3 (keys → fields, headers) against erp-contract.md §5.
 * Every input is written by hand; every expected value is computed by hand from that input.
 */
import { extendAliases, readAccounts, readInvoiceDetail, readStatement, readTableAnswer, readableHeader, resetAliases, type RecordKind } from '.';
import aliases from './erp-aliases.json';

afterEach(() => resetAliases());

describe('§5 keys → fields', () => {
  it('the spec labels, snake_case and camelCase keys are all recognised', () => {
    const labels = [
      { 'Firma ID': '7', 'Firma Kategori (Text)': 'Müşteri', 'Firma Adı': 'Ada Ltd', 'Firma İl': 'İzmir', 'Firma İlçe': 'Bornova', Bakiye: '10.50' },
    ];
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
    const table = readTableAnswer(
      [{ INVOICE_ID: 1, INVOICE_NUMBER: 'FT1', INVOICE_DATE: '2026-01-15', COMPANY_NAME: 'X', NETTOTAL: 10, OTHER_MONEY: 'TL', COMPANY_ID: 3 }],
      'invoice',
    );
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

describe('§5 Turkish headers for every key the demo ERP sends, in every key family', () => {
  // Keys in the order each operation sends them (server/demo-erp/service.ts): Workcube names (wex, cf-row,
  // envelope-cf-column), Turkish names (envelope, cf-column, envelope-cf-row), the spec's labels (labels).
  // Expected headers written by hand: recognised fields keep their common.field.* label, every other key
  // gets its `labels` entry from erp-aliases.json (with Turkish letters).
  const ACCOUNT = ['Firma ID', 'Firma Kategori', 'Firma Adı', 'Firma İl', 'Firma İlçe', 'Bakiye'];
  const STATEMENT = ['İşlem Tarihi', 'Vade Tarihi', 'İşlem Türü', 'Borç Tutarı', 'Alacak Tutarı', 'Belge No', 'Açıklama'];
  const AGING = ['Firma ID', 'Firma Adı', 'Vadesi Gelmemiş', '0–30 Gün', '31–60 Gün', '61–90 Gün', '91–120 Gün', '120 Gün Üstü', 'Toplam'];
  // NETTOTAL/GRANDTOTAL both alias "total": the earlier alias (grand total) wins, net total is an extra column.
  const INVOICE = [
    'Fatura ID',
    'Fatura No',
    'Fatura Tarihi',
    'Vade Tarihi',
    'Firma ID',
    'Firma Adı',
    'İşlem Adı',
    'Net Toplam',
    'KDV Toplamı',
    'Toplam',
    'Para Birimi',
  ];
  const INVOICE_TR = [...INVOICE.slice(0, 6), 'Fatura Türü', ...INVOICE.slice(7)];
  const LINES = ['Satır No', 'Ürün Kodu', 'Ürün', 'Miktar', 'Birim', 'Birim Fiyat', 'KDV Oranı', 'Net Tutar', 'KDV Tutarı', 'Satır Toplamı'];
  const cases: [string, RecordKind, string[], string[]][] = [
    ['accounts, Workcube', 'account', ['COMPANY_ID', 'COMPANYCAT', 'FULLNAME', 'CITY_NAME', 'COUNTY_NAME', 'BAKIYE'], ACCOUNT],
    ['accounts, Turkish', 'account', ['FIRMA_ID', 'FIRMA_KATEGORI', 'FIRMA_ADI', 'FIRMA_IL', 'FIRMA_ILCE', 'BAKIYE'], ACCOUNT],
    ['accounts, labels', 'account', ['Firma ID', 'Firma Kategori (Text)', 'Firma Adı', 'Firma İl', 'Firma İlçe', 'Bakiye'], ACCOUNT],
    ['statement, Workcube', 'statementLine', ['ACTION_DATE', 'DUE_DATE', 'ACTION_NAME', 'BORC', 'ALACAK', 'BELGE_NO', 'ACIKLAMA'], STATEMENT],
    ['statement, Turkish', 'statementLine', ['ISLEM_TARIHI', 'VADE_TARIHI', 'ISLEM_TURU', 'BORC_TUTARI', 'ALACAK_TUTARI', 'BELGE_NO', 'ACIKLAMA'], STATEMENT],
    ['statement, labels', 'statementLine', ['İşlem Tarihi', 'Vade Tarihi', 'İşlem Türü', 'Borç Tutarı', 'Alacak Tutarı', 'Belge No', 'Açıklama'], STATEMENT],
    [
      'aging, Workcube',
      'aging',
      ['COMPANY_ID', 'FULLNAME', 'VADESI_GELMEMIS', '0_30_GUN', '31_60_GUN', '61_90_GUN', '91_120_GUN', '120_GUN_USTU', 'TOPLAM'],
      AGING,
    ],
    [
      'aging, Turkish',
      'aging',
      ['FIRMA_ID', 'FIRMA_ADI', 'VADESI_GELMEMIS', 'GUN_0_30', 'GUN_31_60', 'GUN_61_90', 'GUN_91_120', 'GUN_120_USTU', 'TOPLAM'],
      AGING,
    ],
    [
      'aging, labels',
      'aging',
      ['Firma ID', 'Firma Adı', 'Vadesi Gelmemiş', '0-30 Gün', '31-60 Gün', '61-90 Gün', '91-120 Gün', '120 Gün Üstü', 'Toplam'],
      AGING,
    ],
    [
      'invoices, Workcube',
      'invoice',
      ['INVOICE_ID', 'INVOICE_NUMBER', 'INVOICE_DATE', 'DUE_DATE', 'COMPANY_ID', 'FULLNAME', 'PROCESS_NAME', 'NETTOTAL', 'TAXTOTAL', 'GRANDTOTAL', 'MONEY'],
      INVOICE,
    ],
    [
      'invoices, Turkish',
      'invoice',
      [
        'FATURA_ID',
        'FATURA_NO',
        'FATURA_TARIHI',
        'VADE_TARIHI',
        'FIRMA_ID',
        'FIRMA_ADI',
        'FATURA_TURU',
        'NET_TOPLAM',
        'KDV_TOPLAM',
        'GENEL_TOPLAM',
        'PARA_BIRIMI',
      ],
      INVOICE_TR,
    ],
    [
      'invoices, labels',
      'invoice',
      [
        'Fatura ID',
        'Fatura No',
        'Fatura Tarihi',
        'Vade Tarihi',
        'Firma ID',
        'Firma Adı',
        'Fatura Türü',
        'Net Toplam',
        'KDV Toplam',
        'Genel Toplam',
        'Para Birimi',
      ],
      INVOICE_TR,
    ],
    [
      'invoice lines, Workcube',
      'invoiceLine',
      ['LINE_NO', 'STOCK_CODE', 'PRODUCT_NAME', 'AMOUNT', 'UNIT', 'PRICE', 'TAX', 'ROW_NETTOTAL', 'ROW_TAXTOTAL', 'ROW_TOTAL'],
      LINES,
    ],
    [
      'invoice lines, Turkish',
      'invoiceLine',
      ['SATIR_NO', 'STOK_KODU', 'URUN_ADI', 'MIKTAR', 'BIRIM', 'BIRIM_FIYAT', 'KDV_ORANI', 'SATIR_NET_TUTAR', 'SATIR_KDV_TUTARI', 'SATIR_TOPLAM'],
      LINES,
    ],
    [
      'invoice lines, labels',
      'invoiceLine',
      ['Sıra No', 'Stok Kodu', 'Ürün Adı', 'Miktar', 'Birim', 'Birim Fiyat', 'KDV Oranı', 'Net Tutar', 'KDV Tutarı', 'Satır Toplamı'],
      ['Sıra No', ...LINES.slice(1)],
    ],
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

describe('keys named like Object.prototype members are plain ERP keys — review defect', () => {
  // Before: "constructor" got the header "function Object() { [native code] }" and "__proto__" vanished.
  const json = JSON.parse('[{"FATURA_NO":"F1","constructor":"x","__proto__":"y","toString":"z","hasOwnProperty":"h"}]') as unknown;

  it('every such key is a column with a readable header and its own value', () => {
    const table = readTableAnswer(json, 'invoice');
    expect(table.columns.map((c) => [c.key, c.label])).toEqual([
      ['FATURA_NO', 'Fatura No'],
      ['constructor', 'Constructor'],
      ['__proto__', 'Proto'],
      ['toString', 'To String'],
      ['hasOwnProperty', 'Has Own Property'],
    ]);
    const row = table.rows[0]!;
    expect(Object.hasOwn(row, '__proto__')).toBe(true);
    expect([row.constructor, row.__proto__, row.toString, row.hasOwnProperty]).toEqual([
      { kind: 'text', text: 'x' },
      { kind: 'text', text: 'y' },
      { kind: 'text', text: 'z' },
      { kind: 'text', text: 'h' },
    ]);
  });

  it('accounts and statement lines keep them in their extras; the invoice detail header too', () => {
    const list = readAccounts(JSON.parse('[{"FIRMA_ID":"1","FIRMA_ADI":"A","__proto__":"p","constructor":"c"}]'));
    expect(Object.keys(list.accounts[0]!.extras)).toEqual(['__proto__', 'constructor']);
    expect(list.accounts[0]!.extras.__proto__).toEqual({ kind: 'text', text: 'p' });
    const st = readStatement(JSON.parse('[{"ISLEM_TARIHI":"2026-01-02","__proto__":"p"}]'));
    expect(st.lines[0]!.extras.__proto__).toEqual({ kind: 'text', text: 'p' });
    const detail = readInvoiceDetail(JSON.parse('{"FATURA_NO":"F1","constructor":"c","__proto__":"p","LINES":[{"URUN_ADI":"Kalem"}]}'));
    expect(detail.header.columns.map((c) => c.key)).toEqual(['FATURA_NO', 'constructor', '__proto__']);
  });

  it('an operator alias table with such names is read as data, never as the prototype', () => {
    extendAliases(JSON.parse('{"invoice":{"constructor":["KOD"]},"labels":{"__proto__":"Öz","constructor":"Yapıcı"}}'));
    try {
      const table = readTableAnswer(JSON.parse('[{"KOD":"1","constructor":"c","__proto__":"p"}]'), 'invoice');
      expect(table.columns.map((c) => [c.label, c.field])).toEqual([
        ['Kod', 'constructor'],
        ['Yapıcı', undefined],
        ['Öz', undefined],
      ]);
    } finally {
      resetAliases();
    }
  });
});
