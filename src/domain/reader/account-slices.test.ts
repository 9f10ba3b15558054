/**
 * AccountSlices: get_cari read a slice of rows at a time as BodySegments parses them (the answer worker),
 * giving exactly readAccounts' list — and refusing, so that the whole text is read, wherever slice by
 * slice could differ: an extra column (its kind comes from all its values), a slice with other keys, an
 * answer whose whole does not locate those rows (a failure envelope, a duplicate key).
 */
import { describe, expect, it } from 'vitest';
import type { Account } from '../erp-types';
import { AccountSlices } from './account-slices';
import { BodySegments } from './segments';
import { readAccounts, type AccountRows } from './records';

/** A list's rows as AccountRows gets them (what the packer would pack), by index. */
function collector() {
  const got: { total: number | null; accounts: Account[] } = { total: null, accounts: [] };
  const rows: AccountRows = {
    start(n, extraKeys) {
      expect(extraKeys).toEqual([]);
      got.total = n;
    },
    row(i, id, category, name, province, district, balance, balanceInvalid, currency) {
      const a: Account = { id, category, name, province, district, balance, extras: {} };
      if (balanceInvalid !== undefined) a.balanceInvalid = balanceInvalid;
      if (currency !== undefined) a.currency = currency;
      got.accounts[i] = a;
    },
    extra() {
      throw new Error('no extra column here');
    },
  };
  return { got, rows };
}

/** `text` fed in parts of 17 characters, slices of 120: several slices of a few rows each. */
function sliced(text: string) {
  const { got, rows } = collector();
  const slices = new AccountSlices(rows);
  const segments = new BodySegments(120, slices.take);
  for (let i = 0; i < text.length; i += 17) segments.feed(text.slice(i, i + 17));
  return { got, slices, result: segments.result() };
}

const row = (i: number) => ({
  COMPANY_ID: String(1000 + i),
  COMPANYCAT: i % 2 ? 'Bayi' : 'Tedarikçi',
  FULLNAME: `Öz-Çağ "Yıldız" & Ortak %${i} + 'Şirket' {x}, [y]`,
  CITY_NAME: 'İZMİR',
  COUNTY_NAME: 'KONAK',
  BAKIYE: i === 4 ? '12,3,4' : `${i}.${String(i).padStart(2, '0')}`,
  MONEY: i === 7 ? 'USD' : 'TL',
});
const rows = Array.from({ length: 12 }, (_, i) => row(i));

describe('AccountSlices', () => {
  it('reads a WEX array, and an envelope, a slice at a time: readAccounts’ list, its unreadable balance and warning too', () => {
    for (const text of [JSON.stringify(rows), JSON.stringify({ status: 'success', recordcount: 12, data: rows })]) {
      const expected = readAccounts(JSON.parse(text));
      const { got, slices, result } = sliced(text);
      expect(result?.given).toBe(12);
      expect(slices.visited).toBe(12);
      expect(slices.matches(result!.value)).toBe(true);
      expect(got.total).toBe(Infinity);
      expect(got.accounts).toEqual(expected.accounts);
      expect(slices.warnings).toBe(expected.warnings);
      // By hand: row 3's balance 3.03 TL = 303 kuruş; row 4's "12,3,4" is unreadable (one warning); row 7 is in USD.
      expect(got.accounts[3]!.balance).toBe(303);
      expect(got.accounts[4]).toMatchObject({ balance: null, balanceInvalid: '12,3,4' });
      expect(got.accounts[7]!.currency).toBe('USD');
      expect(slices.warnings).toBe(1);
    }
  });

  it('an extra column: nothing is taken, the rows are kept for the whole answer’s reader', () => {
    const text = JSON.stringify(rows.map((r) => ({ ...r, VERGI_NO: '1234567890' })));
    const { got, slices, result } = sliced(text);
    expect(slices.visited).toBe(0);
    expect(got.accounts).toEqual([]);
    expect(result).toEqual({ value: JSON.parse(text), given: 0 });
  });

  it('a slice with other keys after some were taken: no value (the whole text is read instead)', () => {
    const mixed = [...rows, ...rows.map((r) => ({ FULLNAME: r.FULLNAME, COMPANY_ID: r.COMPANY_ID, BAKIYE: r.BAKIYE }))];
    const { slices, result } = sliced(JSON.stringify(mixed));
    expect(slices.visited).toBeGreaterThan(0);
    expect(result).toBeNull();
  });

  it('rows the whole answer does not read as its list: a failure envelope, a later duplicate key', () => {
    const failed = sliced(JSON.stringify({ status: 'error', message: 'Yetki yok', data: rows }));
    expect(failed.slices.visited).toBe(12);
    expect(failed.slices.matches(failed.result!.value)).toBe(false);
    const twice = sliced(`{"data":${JSON.stringify(rows)},"data":${JSON.stringify(rows.slice(0, 2))}}`);
    expect(twice.slices.visited).toBe(12);
    expect(twice.slices.matches(twice.result!.value)).toBe(false);
  });
});
