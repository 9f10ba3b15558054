import { describe, expect, it } from 'vitest';
import type { Account } from '../../domain/erp-types';
import { tableView } from '../../components/data-table';
import { chooseSource, wantsRemote, type AccountFilter } from './account-list';
import { accountListIndex, accountMatcher, facetView, prefillSearchCounts, rowFilterOf, type AccountListIndex } from './account-facets';
import { BASE_COLUMNS } from './account-columns';

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
const none: AccountFilter = { categories: [], provinces: [], hideZero: false };
const facetPredicate = (f: AccountFilter) => rowFilterOf(accountMatcher(f));
const ids = (rows: readonly Account[]) => rows.map((r) => r.id);
/** The page's pipeline: the table's search over the account columns, then facets. */
const searchIds = (q: string) => ids(facetView(list, tableView(list, BASE_COLUMNS, [], q), none).rows);

describe('search over the account columns (the table’s view)', () => {
  it('Turkish folding: ığdır finds İĞDIR, isparta and ısparta both find ISPARTA (name or province)', () => {
    expect(searchIds('ığdır')).toEqual(['1']);
    expect(searchIds('isparta')).toEqual(['2', '4']);
    expect(searchIds('ısparta')).toEqual(['2', '4']);
    expect(searchIds('ISPARTA şahin')).toEqual(['4']);
    expect(searchIds('CICEK')).toEqual(['3']);
    expect(searchIds('5')).toEqual(['5']); // the id is searched
  });
  it('legal suffixes do not decide a match when the query has other words', () => {
    expect(searchIds('şahin ltd. şti.')).toEqual(['4']);
    expect(searchIds('çiçek a.ş.')).toEqual(['3']);
  });
  it('a query of legal-form words alone finds those words, not every account (issue 16)', () => {
    expect(searchIds('A.Ş.')).toEqual(['1']);
    expect(searchIds('Ticaret')).toEqual(['3', '4']);
    expect(searchIds('Sanayi')).toEqual(['3', '5']);
    expect(searchIds('Şti')).toEqual(['2', '5']);
  });
});

describe('facetView', () => {
  it('facets count what the other filters leave, and combine', () => {
    const r = facetView(list, null, { ...none, categories: ['Müşteri'] });
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
    expect(ids(facetView(list, null, { ...none, categories: ['Müşteri'], provinces: ['ISPARTA'] }).rows)).toEqual(['4']);
  });
  it('counts only the accounts the search matched (indices in any order)', () => {
    const r = facetView(list, Int32Array.from([3, 1]), none);
    expect(r.searchMatches).toBe(2);
    expect(ids(r.rows)).toEqual(['4', '2']);
    expect(r.categoryFacets).toEqual([
      { value: 'Müşteri', count: 1 },
      { value: 'Tedarikçi', count: 1 },
    ]);
  });
  it('groups facet spellings by Turkish folding (ISPARTA = Isparta)', () => {
    const withMixed = [...list, acc('6', 'Gül Yağı', 'Tedarikçi', 'Isparta', 500)];
    const r = facetView(withMixed, null, { ...none, provinces: ['isparta'] });
    expect(ids(r.rows)).toEqual(['2', '4', '6']);
    expect(r.provinceFacets.find((f) => f.value === 'ISPARTA')).toEqual({ value: 'ISPARTA', count: 3 });
  });
  it('hide zero balances drops 0 and empty balances', () => {
    expect(ids(facetView(list, null, { ...none, hideZero: true }).rows)).toEqual(['1', '2', '5']);
  });
  it('hide zero balances keeps an account whose balance could not be read (it may be anything but zero)', () => {
    const unreadable: Account = { ...acc('7', 'Okunamaz Ltd.', 'Müşteri', 'ANKARA', null), balanceInvalid: '1.234' };
    const withUnreadable = [...list, unreadable];
    expect(ids(facetView(withUnreadable, null, { ...none, hideZero: true }).rows)).toEqual(['1', '2', '5', '7']);
    expect(ids(withUnreadable.filter(facetPredicate({ ...none, hideZero: true })!))).toEqual(['1', '2', '5', '7']);
  });
});

describe('one matcher for the table and the facets', () => {
  it('is null without filters and keeps the same accounts as facetView', () => {
    expect(facetPredicate(none)).toBeNull();
    const withMixed = [...list, acc('6', 'Gül Yağı', 'Tedarikçi', 'Isparta', 500)];
    const keep = facetPredicate({ categories: ['TEDARİKÇİ'], provinces: ['ISPARTA'], hideZero: false })!;
    expect(ids(withMixed.filter(keep))).toEqual(['2', '6']);
    expect(ids(list.filter(facetPredicate({ ...none, hideZero: true })!))).toEqual(['1', '2', '5']);
  });
  it('for every combination of filters, the table’s rowFilter keeps exactly the rows facetView shows', () => {
    const withMixed = [
      ...list,
      acc('6', 'Gül Yağı', 'Tedarikçi', 'Isparta', 500),
      { ...acc('7', 'Okunamaz', 'Müşteri', 'ANKARA', null), balanceInvalid: '1.234' },
    ];
    for (const categories of [[], ['Müşteri'], ['TEDARİKÇİ'], ['Müşteri', 'Tedarikçi'], ['Yok']])
      for (const provinces of [[], ['isparta'], ['ANKARA', 'İstanbul']])
        for (const hideZero of [false, true])
          for (const side of [null, 'B', 'A'] as const) {
            const f = { categories, provinces, hideZero, side };
            const keep = facetPredicate(f) ?? (() => true);
            expect(ids(facetView(withMixed, null, f).rows), JSON.stringify(f)).toEqual(ids(withMixed.filter(keep)));
          }
  });
  it('a selected value the list does not have stays listed with 0 (so it can be unticked), once', () => {
    const r = facetView(list, null, { ...none, provinces: ['Van', 'VAN'] });
    expect(r.rows).toEqual([]);
    expect(r.provinceFacets.filter((f) => f.value.toLocaleLowerCase('tr-TR') === 'van')).toEqual([{ value: 'Van', count: 0 }]);
    expect(r.provinceFacets).toHaveLength(5); // the four provinces of the list + Van
    // In Turkish order (I before İ), Van in its place: ANKARA, IĞDIR, ISPARTA, İSTANBUL, Van.
    expect(r.provinceFacets.map((f) => f.value)).toEqual(['ANKARA', 'IĞDIR', 'ISPARTA', 'İSTANBUL', 'Van']);
    // Without a stale value: the same order, from the list's own labels.
    expect(facetView(list, null, none).provinceFacets.map((f) => f.value)).toEqual(['ANKARA', 'IĞDIR', 'ISPARTA', 'İSTANBUL']);
  });
});

const accountTotals = (rows: readonly Account[]) => facetView(rows, null, none).totals;

describe('totals of the shown accounts', () => {
  it('count, Σ debit balances, Σ credit balances and net, in kuruş', () => {
    // debit: 10,50 + 0,99 = 11,49; credit: 25,75; net: -14,26
    expect(accountTotals(list)).toEqual({ count: 5, debit: 1149, credit: 2575, net: -1426, overflow: false });
  });

  it('count an account without a readable balance but add nothing for it; follow the search and filters', () => {
    const withNone = [...list, { ...acc('9', 'Okunamayan', 'Müşteri', 'X', 0), balance: null, balanceInvalid: '12,3,4' }];
    // the five above + one without a balance: 6 accounts, the same sums
    expect(accountTotals(withNone)).toEqual({ count: 6, debit: 1149, credit: 2575, net: -1426, overflow: false });
    // side B: 10,50 + 0,99
    expect(facetView(withNone, null, { ...none, side: 'B' }).totals).toEqual({ count: 2, debit: 1149, credit: 0, net: 1149, overflow: false });
  });
});

describe('totals past 2^53 kuruş', () => {
  it('are flagged, never rounded silently', () => {
    // 45.035.996.273.704,97 TL + 45.035.996.273.704,98 TL = 9.007.199.254.740.995 kuruş > 2^53 − 1
    // (9.007.199.254.740.991): as a double it would read …996.
    const big = [acc('1', 'A', 'Müşteri', 'X', 4_503_599_627_370_497), acc('2', 'B', 'Müşteri', 'X', 4_503_599_627_370_498)];
    expect(accountTotals(big).overflow).toBe(true);
    const bigCredit = big.map((a) => ({ ...a, balance: -a.balance! }));
    expect(accountTotals(bigCredit).overflow).toBe(true);
    // Exactly at the limit is still exact.
    expect(accountTotals([acc('1', 'A', 'Müşteri', 'X', 4_503_599_627_370_495), acc('2', 'B', 'Müşteri', 'X', 4_503_599_627_370_496)])).toEqual({
      count: 2,
      debit: 9_007_199_254_740_991,
      credit: 0,
      net: 9_007_199_254_740_991,
      overflow: false,
    });
  });
});

describe('counts of a search kept per list (the first keystroke is a lookup)', () => {
  // A fresh list index per test: the counts are kept with it (as useAccountList keeps one per list).
  const fresh = () => accountListIndex(list.map((a) => ({ ...a })));
  const view = (li: AccountListIndex, q: string) => tableView(li.accounts, BASE_COLUMNS, [], q);
  const search = (li: AccountListIndex, q: string, f: AccountFilter = none) => facetView(li, view(li, q), f, accountMatcher(f), q);

  it('one-character searches counted in idle time give what counting them then gives', () => {
    const accounts = fresh();
    expect(
      prefillSearchCounts(
        accounts,
        (q) => view(accounts, q),
        () => false,
      ),
    ).toBe(true);
    // "a" is in 1 (Tarım A.Ş.), 2 (ISPARTA), 3 (Sanayi), 4 (Şahin, ISPARTA), 5 (Ankara): all five
    // "g" (folded: İĞDIR → igdir, Gül → gul): 1 and 2 — 10,50 B and 25,75 A
    const g = search(accounts, 'g');
    expect(ids(g.rows)).toEqual(['1', '2']);
    expect(g.totals).toEqual({ count: 2, debit: 1050, credit: 2575, net: -1525, overflow: false });
    expect(g.provinceFacets).toEqual([
      { value: 'IĞDIR', count: 1 },
      { value: 'ISPARTA', count: 1 },
    ]);
    expect(g.categoryFacets).toEqual([
      { value: 'Müşteri', count: 1 },
      { value: 'Tedarikçi', count: 1 },
    ]);
    // "Ğ" folds to "g": the same counts, and its rows in the order asked (by name: I before İ in Turkish)
    const sorted = facetView(accounts, tableView(accounts.accounts, BASE_COLUMNS, [{ id: 'name', desc: false }], 'Ğ'), none, accountMatcher(none), 'Ğ');
    expect(ids(sorted.rows)).toEqual(['2', '1']);
    expect(sorted.totals).toEqual(g.totals);
  });

  it('a filter on is counted, not looked up', () => {
    const accounts = fresh();
    prefillSearchCounts(
      accounts,
      (q) => view(accounts, q),
      () => false,
    );
    // "a" with hide-zero: 1 (10,50 B), 2 (25,75 A), 5 (0,99 B) — 3 is zero and 4 has no balance
    const r = search(accounts, 'a', { ...none, hideZero: true });
    expect(ids(r.rows)).toEqual(['1', '2', '5']);
    expect(r.totals).toEqual({ count: 3, debit: 1149, credit: 2575, net: -1426, overflow: false });
    expect(search(accounts, 'a').totals.count).toBe(5);
  });

  it('stops when told and goes on where it stopped', () => {
    const accounts = fresh();
    let calls = 0;
    const counting = (q: string) => (calls++, view(accounts, q));
    expect(prefillSearchCounts(accounts, counting, () => true)).toBe(false);
    expect(calls).toBe(1);
    expect(prefillSearchCounts(accounts, counting, () => false)).toBe(true);
    // a–z and 0–9: 36 searches in all, none twice
    expect(calls).toBe(36);
  });
});

describe('source: the ERP is asked only for a settled search the loaded list cannot find', () => {
  it('wantsRemote', () => {
    expect(wantsRemote({ listLoaded: true, settledQuery: 'zzqx', listMatches: 0 })).toBe(true);
    expect(wantsRemote({ listLoaded: true, settledQuery: 'zzqx', listMatches: 1 })).toBe(false);
    expect(wantsRemote({ listLoaded: true, settledQuery: null, listMatches: 0 })).toBe(false); // still typing
    expect(wantsRemote({ listLoaded: true, settledQuery: '  ', listMatches: 0 })).toBe(false); // no words
    expect(wantsRemote({ listLoaded: false, settledQuery: 'zzqx', listMatches: 0 })).toBe(false);
  });
  it('chooseSource', () => {
    expect(chooseSource(false, { success: true, failed: false, rows: 3 })).toBe('list');
    expect(chooseSource(true, { success: false, failed: false, rows: 0 })).toBe('remote-pending');
    expect(chooseSource(true, { success: false, failed: true, rows: 0 })).toBe('remote-failed');
    expect(chooseSource(true, { success: true, failed: false, rows: 2 })).toBe('remote');
    expect(chooseSource(true, { success: true, failed: false, rows: 0 })).toBe('list');
  });
});

describe('balance side (?side=B / ?side=A, linked from Özet)', () => {
  it('B keeps borçlu (> 0), A alacaklı (< 0); zero and unreadable balances are in neither', () => {
    expect(ids(facetView(list, null, { ...none, side: 'B' }).rows)).toEqual(['1', '5']);
    expect(ids(facetView(list, null, { ...none, side: 'A' }).rows)).toEqual(['2']);
    expect(list.filter(facetPredicate({ ...none, side: 'B' })!).map((a) => a.id)).toEqual(['1', '5']);
    expect(list.filter(facetPredicate({ ...none, side: 'A' })!).map((a) => a.id)).toEqual(['2']);
    expect(facetView(list, null, { ...none, side: 'B' }).totals).toEqual({ count: 2, debit: 1149, credit: 0, net: 1149, overflow: false });
  });
  it('facet counts follow the side', () => {
    const f = facetView(list, null, { ...none, side: 'B' });
    expect(f.categoryFacets).toEqual([
      { value: 'Müşteri', count: 1 },
      { value: 'Tedarikçi', count: 1 },
    ]);
  });
});
