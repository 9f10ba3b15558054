/**
 * The ERP reader, step 4 (column kinds and values) against erp-contract.md §5/§6.
 * Every input is written by hand; every expected value is computed by hand from that input.
 */
import { readTableAnswer } from '.';

describe('§5 column kinds of undocumented answers (aging)', () => {
  const AGING = [
    {
      CARI_KOD: '00123',
      FIRMA_ADI: 'ADA A.Ş.',
      '0_30_GUN': 1500,
      '31_60_GUN': '250.5',
      GECIKME_GUN: 12,
      SON_ODEME_TARIHI: '31.01.2026',
      TOPLAM: '1.750,50',
      ACIKLAMA: '',
    },
    {
      CARI_KOD: '00124',
      FIRMA_ADI: 'BOR LTD.',
      '0_30_GUN': 0,
      '31_60_GUN': '',
      GECIKME_GUN: 40,
      SON_ODEME_TARIHI: "{ts '2026-02-15 00:00:00'}",
      TOPLAM: 'abc',
      ACIKLAMA: 'Takipte',
    },
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
    const table = readTableAnswer(
      values.map((v) => ({ FIRMA_ADI: 'ADA', [key]: v })),
      'aging',
    );
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
    const table = readTableAnswer(
      values.map((v) => ({ [key]: v })),
      'aging',
    );
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
