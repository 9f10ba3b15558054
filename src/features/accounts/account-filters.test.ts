import { describe, expect, it } from 'vitest';
import type { Account } from '../../api/types';
import { accountTotals, facetFilter, fillAccountIndex, filterAccounts, indexAccounts } from './account-filters';

function acc(id: string, name: string, category: string, province: string, balance: number | null): Account {
  return { id, name, category, province, district: '', balance, extras: {} };
}

const list = [
  acc('1', 'İĞDIR Tarım A.Ş.', 'Müşteri', 'IĞDIR', 1050),
  acc('2', 'ISPARTA Gül Ltd. Şti.', 'Tedarikçi', 'ISPARTA', -2575),
  acc('3', 'Çiçek Sanayi ve Ticaret', 'Müşteri', 'İSTANBUL', 0),
  acc('4', 'Şahin Ticaret', 'Müşteri', 'ISPARTA', null),
  acc('5', 'Ankara Sanayi Koll. Şti.', 'Tedarikçi', 'ANKARA', 99),
];
const idx = indexAccounts(list);
const none = { q: '', categories: [], provinces: [], hideZero: false };
const ids = (rows: Account[]) => rows.map((r) => r.id);

describe('filterAccounts', () => {
  it('Turkish folding: ığdır finds İĞDIR, isparta and ısparta both find ISPARTA', () => {
    expect(ids(filterAccounts(idx, { ...none, q: 'ığdır' }).rows)).toEqual(['1']);
    // name "ISPARTA Gül…" and province ISPARTA (Şahin Ticaret)
    expect(ids(filterAccounts(idx, { ...none, q: 'isparta' }).rows)).toEqual(['2', '4']);
    expect(ids(filterAccounts(idx, { ...none, q: 'ısparta' }).rows)).toEqual(['2', '4']);
    expect(ids(filterAccounts(idx, { ...none, q: 'ISPARTA şahin' }).rows)).toEqual(['4']);
    expect(ids(filterAccounts(idx, { ...none, q: 'CICEK' }).rows)).toEqual(['3']);
  });
  it('legal suffixes do not decide a match', () => {
    // "A.Ş." alone matches every account (no tokens left); "şahin ltd şti" still finds Şahin Ticaret.
    expect(ids(filterAccounts(idx, { ...none, q: 'şahin ltd. şti.' }).rows)).toEqual(['4']);
    expect(filterAccounts(idx, { ...none, q: 'A.Ş.' }).rows).toHaveLength(5);
  });
  it('facets count what the other filters leave, and combine', () => {
    const r = filterAccounts(idx, { ...none, categories: ['Müşteri'] });
    expect(ids(r.rows)).toEqual(['1', '3', '4']);
    expect(r.categoryFacets).toEqual([
      { value: 'Müşteri', count: 3 },
      { value: 'Tedarikçi', count: 2 },
    ]);
    expect(r.provinceFacets).toEqual([
      { value: 'IĞDIR', count: 1 },
      { value: 'ISPARTA', count: 1 },
      { value: 'İSTANBUL', count: 1 },
    ]);
    const both = filterAccounts(idx, { ...none, categories: ['Müşteri'], provinces: ['ISPARTA'] });
    expect(ids(both.rows)).toEqual(['4']);
  });
  it('groups facet spellings by Turkish folding (ISPARTA = Isparta)', () => {
    const withMixed = indexAccounts([...list, acc('6', 'Gül Yağı', 'Tedarikçi', 'Isparta', 500)]);
    const r = filterAccounts(withMixed, { ...none, provinces: ['isparta'] });
    expect(ids(r.rows)).toEqual(['2', '4', '6']);
    expect(r.provinceFacets.find((f) => f.value === 'ISPARTA')).toEqual({ value: 'ISPARTA', count: 3 });
    expect(ids(facetFilter(withMixed.accounts, { categories: ['TEDARİKÇİ'], provinces: ['ISPARTA'], hideZero: false }))).toEqual(['2', '6']);
  });
  it('hide zero balances drops 0 and empty balances', () => {
    expect(ids(filterAccounts(idx, { ...none, hideZero: true }).rows)).toEqual(['1', '2', '5']);
  });
});

describe('indexAccounts', () => {
  it('fills lazily in steps and a search completes it', () => {
    const index = indexAccounts(Array.from({ length: 1500 }, (_, i) => acc(String(i), i === 1400 ? 'İĞDIR Son' : `Firma ${i}`, 'Müşteri', 'Ankara', 1)));
    let calls = 0;
    expect(fillAccountIndex(index, () => ++calls >= 1)).toBe(false);
    expect(index.filled).toBe(512);
    expect(ids(filterAccounts(index, { ...none, q: 'ığdır son' }).rows)).toEqual(['1400']);
    expect(index.filled).toBe(1500);
  });
});

describe('accountTotals', () => {
  it('count, Σ debit balances, Σ credit balances and net, in kuruş', () => {
    // debit: 10,50 + 0,99 = 11,49; credit: 25,75; net: -14,26
    expect(accountTotals(list)).toEqual({ count: 5, debit: 1149, credit: 2575, net: -1426 });
  });
});
