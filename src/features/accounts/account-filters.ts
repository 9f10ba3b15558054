/**
 * Pure account-list logic: search haystacks (folded once per list), facet filters with
 * counts, "hide zero balances", and the totals row — all money in integer kuruş.
 */
import type { Account } from '../../api/types';
import type { Minor } from '../../lib/types';
import { compareTr, foldTr, matchesTokens, queryTokens, searchText } from '../../lib/turkish';

export interface AccountFilter {
  q: string;
  categories: readonly string[];
  provinces: readonly string[];
  hideZero: boolean;
}

/**
 * Per-list search index: the searchText of every account (id, name, province, district), folded
 * once per list. Folding 100.000 names takes a while, so it is filled lazily: in idle time after
 * the first paint (fillAccountIndex with a deadline) and, if a search comes first, synchronously.
 * Searched: what an accountant types to find a company ("ığdır" finds İĞDIR names and accounts in
 * Iğdır). Category is a facet, not searched.
 */
export interface AccountIndex {
  accounts: readonly Account[];
  haystacks: string[];
  /** haystacks[0..filled) are ready. */
  filled: number;
}

export function indexAccounts(accounts: readonly Account[]): AccountIndex {
  return { accounts, haystacks: new Array<string>(accounts.length), filled: 0 };
}

/** Folds haystacks until done or `shouldStop()` (checked every 512 accounts); true when complete. */
export function fillAccountIndex(index: AccountIndex, shouldStop: () => boolean = () => false): boolean {
  const { accounts, haystacks } = index;
  const places = new Map<string, string>(); // provinces and districts repeat: fold each once
  const place = (v: string) => {
    let f = places.get(v);
    if (f === undefined) {
      f = searchText(v);
      places.set(v, f);
    }
    return f;
  };
  let i = index.filled;
  while (i < accounts.length) {
    const a = accounts[i]!;
    // join() gives one flat string (a template literal stays a rope until the first keystroke reads it).
    haystacks[i] = [searchText(`${a.id} ${a.name}`), place(a.province), place(a.district)].join(' ');
    i++;
    if ((i & 511) === 0 && shouldStop()) break;
  }
  index.filled = i;
  return i >= accounts.length;
}

export interface FacetCount {
  /** The value as the ERP wrote it (its most frequent spelling); put this in the URL. */
  value: string;
  count: number;
}
interface FacetAcc extends FacetCount {
  spellings: Map<string, number>;
}

/**
 * Facet values are grouped by their folded form, so "ISPARTA" and "Isparta" (or "İSTANBUL" and
 * "İstanbul") are one facet; the label is the most frequent spelling (ties: the first seen).
 */
const facetKeys = new Map<string, string>();
export const facetKey = (value: string): string => {
  // Memoised: called twice per account on every filter pass, over a few hundred distinct values (perf).
  let key = facetKeys.get(value);
  if (key === undefined) {
    key = foldTr(value).trim();
    if (facetKeys.size >= 10_000) facetKeys.clear();
    facetKeys.set(value, key);
  }
  return key;
};

export interface FilteredAccounts {
  rows: Account[];
  /** How many accounts the search alone matches (before facets and hide-zero). */
  searchMatches: number;
  categoryFacets: FacetCount[];
  provinceFacets: FacetCount[];
}

const isZero = (a: Account) => a.balance === null || a.balance === 0;

/**
 * Applies the filter. Facet counts follow the usual faceted-search rule: each facet counts the
 * accounts that match every *other* filter (search, hide-zero and the other facet), so picking a
 * category never makes the other categories' counts drop to zero.
 */
export function filterAccounts(index: AccountIndex, f: AccountFilter): FilteredAccounts {
  const tokens = queryTokens(f.q);
  if (tokens.length && index.filled < index.accounts.length) fillAccountIndex(index);
  const cats = f.categories.length ? new Set(f.categories.map(facetKey)) : null;
  const provs = f.provinces.length ? new Set(f.provinces.map(facetKey)) : null;
  const catCounts = new Map<string, FacetAcc>();
  const provCounts = new Map<string, FacetAcc>();
  const rows: Account[] = [];
  let searchMatches = 0;
  const { accounts, haystacks } = index;
  for (let i = 0; i < accounts.length; i++) {
    const a = accounts[i]!;
    if (tokens.length && !matchesTokens(haystacks[i]!, tokens)) continue;
    searchMatches++;
    if (f.hideZero && isZero(a)) continue;
    const catKey = facetKey(a.category);
    const provKey = facetKey(a.province);
    const catOk = cats === null || cats.has(catKey);
    const provOk = provs === null || provs.has(provKey);
    if (provOk) bump(catCounts, catKey, a.category);
    if (catOk) bump(provCounts, provKey, a.province);
    if (catOk && provOk) rows.push(a);
  }
  // Selected values stay visible (with 0) so they can be unticked.
  for (const c of f.categories) if (!catCounts.has(facetKey(c))) catCounts.set(facetKey(c), { value: c, count: 0, spellings: new Map() });
  for (const p of f.provinces) if (!provCounts.has(facetKey(p))) provCounts.set(facetKey(p), { value: p, count: 0, spellings: new Map() });
  return { rows, searchMatches, categoryFacets: toFacets(catCounts), provinceFacets: toFacets(provCounts) };
}

function bump(m: Map<string, FacetAcc>, key: string, value: string): void {
  let f = m.get(key);
  if (!f) {
    f = { value, count: 0, spellings: new Map() };
    m.set(key, f);
  }
  f.count++;
  f.spellings.set(value, (f.spellings.get(value) ?? 0) + 1);
}

function toFacets(m: Map<string, FacetAcc>): FacetCount[] {
  const out: FacetCount[] = [];
  for (const f of m.values()) {
    let best = f.value;
    let bestCount = f.spellings.get(best) ?? 0;
    for (const [spelling, n] of f.spellings) if (n > bestCount) [best, bestCount] = [spelling, n];
    out.push({ value: best, count: f.count });
  }
  return out.sort((a, b) => compareTr(a.value, b.value));
}

/** Accounts that pass the facet and zero-balance filters (not the search: the table searches). */
export function facetFilter(accounts: readonly Account[], f: Omit<AccountFilter, 'q'>): Account[] {
  const cats = f.categories.length ? new Set(f.categories.map(facetKey)) : null;
  const provs = f.provinces.length ? new Set(f.provinces.map(facetKey)) : null;
  if (!cats && !provs && !f.hideZero) return accounts as Account[];
  return accounts.filter(
    (a) =>
      !(f.hideZero && isZero(a)) &&
      (cats === null || cats.has(facetKey(a.category))) &&
      (provs === null || provs.has(facetKey(a.province))),
  );
}

export interface AccountTotals {
  count: number;
  /** Σ of positive balances (borçlu). */
  debit: Minor;
  /** Σ of |negative balances| (alacaklı), as a positive number. */
  credit: Minor;
  /** debit − credit. */
  net: Minor;
}

export function accountTotals(rows: readonly Account[]): AccountTotals {
  let debit = 0;
  let credit = 0;
  for (const a of rows) {
    const b = a.balance;
    if (b === null) continue;
    if (b > 0) debit += b;
    else credit -= b;
  }
  return { count: rows.length, debit, credit, net: debit - credit };
}
