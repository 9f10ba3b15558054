/**
 * An account list crosses from the answer worker to the page packed (account-pack.ts): what comes
 * out is what the reader made, field for field — Turkish letters, `&%+"'`, empty and unreadable
 * balances, a foreign currency, extra columns of every cell kind, a "__proto__" key.
 */
import { AccountPacker, unpackAccounts } from './account-pack';
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
});
