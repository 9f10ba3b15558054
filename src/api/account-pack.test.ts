/**
 * An account list crosses from the answer worker to the page packed (account-pack.ts): what comes
 * out is what the reader made, field for field — Turkish letters, `&%+"'`, empty and unreadable
 * balances, a foreign currency, extra columns of every cell kind, a "__proto__" key.
 */
import { AccountPacker, packAccounts, unpackAccounts } from './account-pack';
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

describe('packAccounts / unpackAccounts', () => {
  it('gives back the reader’s list exactly, with its extra columns and counts', () => {
    const list = readAccounts(answer);
    const { packed, transfer } = packAccounts(list);
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

  it('packed as the reader reads (the answer worker’s way, no objects between) is the same list', () => {
    const packer = new AccountPacker();
    const read = visitAccounts(answer, packer);
    const { packed } = packer.finish(read.extraColumns, read.warnings);
    expect(unpackAccounts(packed)).toEqual(readAccounts(answer));
    // Four extra columns, texts in several of them: each cell back in its own column and row.
    expect(read.extraColumns.map((c) => c.key)).toHaveLength(4);
    expect(unpackAccounts(packed).accounts[1]!.extras.NOT).toEqual({ kind: 'empty' });
  });

  it('keeps a "__proto__" extra key an own key (not the prototype)', () => {
    const list = readAccounts(JSON.parse('[{"COMPANY_ID":"1","FULLNAME":"A","__proto__":"gizli"}]'));
    const back = unpackAccounts(packAccounts(list).packed);
    const extras = back.accounts[0]!.extras;
    expect(Object.getPrototypeOf(extras)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(extras, '__proto__')?.value).toEqual({ kind: 'text', text: 'gizli' });
    expect(back).toEqual(list);
  });

  it('an empty list', () => {
    const list = readAccounts([]);
    expect(unpackAccounts(packAccounts(list).packed)).toEqual(list);
  });
});
