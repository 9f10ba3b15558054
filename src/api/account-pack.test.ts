/**
 * An account list crosses from the answer worker to the page packed (account-pack.ts): what comes
 * out is what the reader made, field for field — Turkish letters, `&%+"'`, empty and unreadable
 * balances, a foreign currency, extra columns of every cell kind, a "__proto__" key.
 */
import { AccountPacker, AccountUnpacker, CHUNK_ROWS, unpackAccounts, type PackedAccounts } from './account-pack';
import { readAccounts, visitAccounts } from '../domain/reader';

const answer = [
  {
    COMPANY_ID: '7',
    COMPANYCAT: 'Bayi',
    FULLNAME: 'Öz-Çağ "Yıldız" & Ortak %100 + \'Şirket\'',
    CITY_NAME: 'İSTANBUL',
    COUNTY_NAME: 'ÜSKÜDAR',
    BAKIYE: '1.234,56',
    MONEY: 'TL',
    NOT: 'ğüşıöç İĞÜŞÖÇ',
    SON_ODEME_TARIHI: '2026-01-31',
    LIMIT: '10.000,00',
    __proto__x: '',
  },
  {
    COMPANY_ID: '8',
    COMPANYCAT: '',
    FULLNAME: '',
    CITY_NAME: '',
    COUNTY_NAME: '',
    BAKIYE: '',
    MONEY: 'USD',
    NOT: '',
    SON_ODEME_TARIHI: '2026-02-30',
    LIMIT: '12,34,5',
    __proto__x: 'a',
  },
  {
    COMPANY_ID: '9',
    COMPANYCAT: 'Tedarikçi',
    FULLNAME: 'Ankara Ltd. Şti.',
    CITY_NAME: 'ANKARA',
    COUNTY_NAME: 'ÇANKAYA',
    BAKIYE: 'abc',
    MONEY: '',
    NOT: 'x',
    SON_ODEME_TARIHI: '',
    LIMIT: '-5',
    __proto__x: 'b',
  },
];

/** An answer packed as the answer worker packs it: the reader's rows straight into the packer. */
function packRead(json: unknown) {
  const packer = new AccountPacker();
  const read = visitAccounts(json, packer);
  return packer.finish(read.extraColumns, read.warnings);
}

describe('AccountPacker / unpackAccounts', () => {
  it('gives back the reader’s list exactly, with its extra columns and counts', () => {
    const list = readAccounts(answer);
    const { packed, transfer } = packRead(answer);
    const back = unpackAccounts(packed);
    expect(back).toEqual(list);
    // Worked out by hand from the answer above.
    expect(back.accounts.map((a) => [a.id, a.name, a.balance, a.balanceInvalid, a.currency])).toEqual([
      ['7', 'Öz-Çağ "Yıldız" & Ortak %100 + \'Şirket\'', 123456, undefined, undefined],
      ['8', '', null, undefined, 'USD'],
      ['9', 'Ankara Ltd. Şti.', null, 'abc', undefined],
    ]);
    expect(back.accounts[0]!.extras.NOT).toEqual({ kind: 'text', text: 'ğüşıöç İĞÜŞÖÇ' });
    expect(back.accounts[0]!.extras.LIMIT).toMatchObject({ kind: 'number', minor: 1_000_000 });
    expect(back.accounts[2]!.extras.LIMIT).toMatchObject({ kind: 'number', minor: -500 });
    expect(back.accounts[1]!.extras.LIMIT).toMatchObject({ kind: 'invalid', raw: '12,34,5', expected: 'number' });
    expect(back.accounts[0]!.extras.SON_ODEME_TARIHI).toMatchObject({ kind: 'date', iso: '2026-01-31' });
    expect(back.accounts[1]!.extras.SON_ODEME_TARIHI).toMatchObject({ kind: 'invalid', raw: '2026-02-30', expected: 'date' });
    expect(back.accounts[2]!.extras.SON_ODEME_TARIHI).toEqual({ kind: 'empty' });
    expect(back.warnings).toBe(list.warnings);
    // The bulk goes as moved buffers, not copied objects.
    expect(transfer).toContain(packed.ends.buffer);
    expect(transfer).toContain(packed.balance.buffer);
  });

  it('each extra column keeps its own texts, row by row (four columns, texts in three of them)', () => {
    const back = unpackAccounts(packRead(answer).packed);
    expect(Object.keys(back.accounts[0]!.extras)).toHaveLength(4);
    // By hand: row 2's NOT is "x", row 1's is empty; row 1's __proto__x is "a", row 2's "b".
    expect(back.accounts.map((a) => a.extras.NOT)).toEqual([{ kind: 'text', text: 'ğüşıöç İĞÜŞÖÇ' }, { kind: 'empty' }, { kind: 'text', text: 'x' }]);
    expect(back.accounts.map((a) => a.extras.__proto__x)).toEqual([{ kind: 'empty' }, { kind: 'text', text: 'a' }, { kind: 'text', text: 'b' }]);
  });

  it('keeps a "__proto__" extra key an own key (not the prototype)', () => {
    const json = JSON.parse('[{"COMPANY_ID":"1","FULLNAME":"A","__proto__":"gizli"}]') as unknown;
    const list = readAccounts(json);
    const back = unpackAccounts(packRead(json).packed);
    const extras = back.accounts[0]!.extras;
    expect(Object.getPrototypeOf(extras)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(extras, '__proto__')?.value).toEqual({ kind: 'text', text: 'gizli' });
    expect(back).toEqual(list);
  });

  it('an empty list', () => {
    expect(unpackAccounts(packRead([]).packed)).toEqual(readAccounts([]));
  });

  it('in chunks: each full chunk goes as soon as its rows are packed, the rest at the end; unpacked in order, the same list', () => {
    const chunks: PackedAccounts[] = [];
    const packer = new AccountPacker((chunk) => chunks.push(chunk), 2);
    const read = visitAccounts(answer, packer);
    const { packed: last } = packer.finish(read.extraColumns, read.warnings);
    // By hand: 3 rows in chunks of 2 — rows 0–1 in the first, row 2 at the end.
    expect(chunks.map((c) => [c.from, c.n, c.total])).toEqual([[0, 2, 3]]);
    expect([last.from, last.n, last.total]).toEqual([2, 1, 3]);
    // A word goes once, in the first chunk that has it: row 2's "Tedarikçi", "ANKARA", "ÇANKAYA" are new there.
    expect(chunks[0]!.words).toEqual(['Bayi', 'İSTANBUL', 'ÜSKÜDAR', '']);
    expect(last.words).toEqual(['Tedarikçi', 'ANKARA', 'ÇANKAYA']);
    // The unreadable balance is row 2's (its index in the whole list); the extra columns come with the last chunk.
    expect(last.invalid).toEqual([[2, 'abc']]);
    expect(chunks[0]!.extraColumns).toEqual([]);
    const unpacker = new AccountUnpacker();
    for (const c of chunks) unpacker.add(c);
    unpacker.add(last);
    expect(unpacker.list()).toEqual(readAccounts(answer));
  });

  it('a list of unknown length (read a slice at a time): chunks say Infinity, the last one the length; only in chunks', () => {
    const chunks: PackedAccounts[] = [];
    const packer = new AccountPacker((chunk) => chunks.push(chunk), 2);
    packer.start(Infinity, []);
    const names = ['Öz-Çağ "Yıldız"', 'Ilgaz & Ortak %5', "Şimşek + 'Yapı'", 'Ünal Gıda', 'Işık Kırtasiye'];
    names.forEach((name, i) => packer.row(i, String(i + 1), 'Bayi', name, 'İZMİR', 'KONAK', i * 100 + 1, undefined, undefined));
    const { packed: last } = packer.finish([], 0);
    // By hand: 5 rows in chunks of 2 — rows 0–1, 2–3, then row 4 with the length.
    expect(chunks.map((c) => [c.from, c.n, c.total])).toEqual([
      [0, 2, Infinity],
      [2, 2, Infinity],
    ]);
    expect([last.from, last.n, last.total]).toEqual([4, 1, 5]);
    const unpacker = new AccountUnpacker();
    for (const c of [...chunks, last]) unpacker.add(c);
    const list = unpacker.list();
    expect(list.accounts.map((a) => [a.id, a.name, a.balance])).toEqual(names.map((name, i) => [String(i + 1), name, i * 100 + 1]));
    expect(() => new AccountPacker().start(Infinity, [])).toThrow('a list of unknown length is packed in chunks');
  });

  it('a long list: chunks of CHUNK_ROWS rows, then the rest; out of order or incomplete is refused', () => {
    const rows = Array.from({ length: 2 * CHUNK_ROWS + 5 }, (_, i) => ({
      COMPANY_ID: String(i),
      COMPANYCAT: i % 3 ? 'Müşteri' : 'Bayi',
      FULLNAME: `Firma ${i} & "Ortak" %${i}`,
      CITY_NAME: `İl ${i % 81}`,
      BAKIYE: (i % 7 === 0 ? -i : i) / 100,
      MONEY: i === CHUNK_ROWS + 1 ? 'EUR' : '',
    }));
    const chunks: PackedAccounts[] = [];
    const packer = new AccountPacker((chunk) => chunks.push(chunk));
    const read = visitAccounts(rows, packer);
    const { packed: last } = packer.finish(read.extraColumns, read.warnings);
    expect(chunks.map((c) => [c.from, c.n])).toEqual([
      [0, CHUNK_ROWS],
      [CHUNK_ROWS, CHUNK_ROWS],
    ]);
    expect([last.from, last.n]).toEqual([2 * CHUNK_ROWS, 5]);
    // The euro account is the second chunk's second row.
    expect(chunks[1]!.currency).toEqual([[CHUNK_ROWS + 1, 'EUR']]);
    expect(() => new AccountUnpacker().add(chunks[1]!)).toThrow(/out of order/);
    const unpacker = new AccountUnpacker();
    unpacker.add(chunks[0]!);
    unpacker.add(chunks[1]!);
    expect(() => unpacker.list()).toThrow(/incomplete/);
    unpacker.add(last);
    const list = unpacker.list();
    expect(list).toEqual(readAccounts(rows));
    // By hand: row 7 (a multiple of 7) is -0.07 TL = -7 kuruş; the last row is 32,772 → 327.72 TL.
    expect(list.accounts[7]!.balance).toBe(-7);
    expect(list.accounts[2 * CHUNK_ROWS + 4]).toMatchObject({ id: String(2 * CHUNK_ROWS + 4), balance: 32_772, province: `İl ${(2 * CHUNK_ROWS + 4) % 81}` });
  });

  it('words that share the letters it looks at are told apart, and a list with more distinct words than its table still reads right', () => {
    // "Ankara" and "Anbara" differ only in their third letter, which the word table does not look at.
    const alike = ['Ankara', 'Anbara', 'Ankara', '', 'Anbara'].map((city, i) => ({ COMPANY_ID: String(i), FULLNAME: `F${i}`, CITY_NAME: city }));
    const back = unpackAccounts(packRead(alike).packed);
    expect(back.accounts.map((a) => a.province)).toEqual(['Ankara', 'Anbara', 'Ankara', '', 'Anbara']);
    // 10,000 districts, each its own (more than the 8,192 the table holds), over chunks of 16,384 rows.
    const many = Array.from({ length: 20_000 }, (_, i) => ({ COMPANY_ID: String(i), FULLNAME: `F${i}`, COUNTY_NAME: `İlçe ${i % 10_000}` }));
    const chunks: PackedAccounts[] = [];
    const packer = new AccountPacker((chunk) => chunks.push(chunk));
    const read = visitAccounts(many, packer);
    const { packed: last } = packer.finish(read.extraColumns, read.warnings);
    // Each word goes once: the empty category and province (one word, "") and the 10,000 districts, all
    // in the first chunk (rows 0–16,383 hold every one), none after.
    expect(chunks[0]!.words).toHaveLength(1 + 10_000);
    expect(last.words).toEqual([]);
    const unpacker = new AccountUnpacker();
    for (const c of chunks) unpacker.add(c);
    unpacker.add(last);
    const list = unpacker.list();
    expect(list).toEqual(readAccounts(many));
    expect(list.accounts[19_999]!.district).toBe('İlçe 9999');
  });
});
