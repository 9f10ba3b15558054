/**
 * Pure account-list logic: facet filters with counts, "hide zero balances", and the totals row —
 * all money in integer kuruş. The search itself is the DataTable's (one folded haystack per
 * row, built once per list): the page asks the table's view for the rows the search matches
 * (tableView) and this module counts facets and totals over them.
 */
import type { Account } from '../../api/types';
import type { Minor } from '../../lib/types';
import { compareTr, foldTr } from '../../lib/turkish';

/** Balance side: 'B' borçlu (balance > 0, we are owed), 'A' alacaklı (balance < 0, we owe). */
export type BalanceSide = 'B' | 'A';

export interface AccountFilter {
  categories: readonly string[];
  provinces: readonly string[];
  hideZero: boolean;
  /** Only borçlu or only alacaklı accounts (?side=B / ?side=A); null = both. */
  side?: BalanceSide | null;
}

/** ?side= read safely: 'B', 'A' or null (anything else). */
export function parseSide(value: string | null | undefined): BalanceSide | null {
  return value === 'B' || value === 'A' ? value : null;
}

const sideOk = (a: Account, side: BalanceSide | null | undefined): boolean =>
  !side || (a.balance !== null && (side === 'B' ? a.balance > 0 : a.balance < 0));

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
  /** Accounts that pass the search and every filter (what the table shows), in the given order. */
  rows: Account[];
  /** How many accounts the search alone matches (before facets and hide-zero). */
  searchMatches: number;
  categoryFacets: FacetCount[];
  provinceFacets: FacetCount[];
}

/** Zero or empty balance. An unreadable one (balanceInvalid) is not zero: "hide zero" keeps it. */
const isZero = (a: Account) => a.balance === 0 || (a.balance === null && a.balanceInvalid === undefined);

/**
 * Applies the filter to the accounts the search matched (`matched`: indices into `accounts`, as
 * the table's view gives them; null = all). Facet counts follow the usual faceted-search rule:
 * each facet counts the accounts that match every *other* filter (search, hide-zero and the other
 * facet), so picking a category never makes the other categories' counts drop to zero.
 */
export function facetView(accounts: readonly Account[], matched: ArrayLike<number> | null, f: AccountFilter): FilteredAccounts {
  const cats = f.categories.length ? new Set(f.categories.map(facetKey)) : null;
  const provs = f.provinces.length ? new Set(f.provinces.map(facetKey)) : null;
  const catCounts = new Map<string, FacetAcc>();
  const provCounts = new Map<string, FacetAcc>();
  const rows: Account[] = [];
  const n = matched ? matched.length : accounts.length;
  for (let k = 0; k < n; k++) {
    const a = accounts[matched ? (matched[k] as number) : k]!;
    if ((f.hideZero && isZero(a)) || !sideOk(a, f.side)) continue;
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
  return { rows, searchMatches: n, categoryFacets: toFacets(catCounts), provinceFacets: toFacets(provCounts) };
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

/**
 * The facet and zero-balance filters as a row predicate for the DataTable's `rowFilter` (null when
 * nothing is filtered). Build it once per filter (useMemo): the table recomputes its view when
 * the function changes.
 */
export function facetPredicate(f: AccountFilter): ((a: Account) => boolean) | null {
  const cats = f.categories.length ? new Set(f.categories.map(facetKey)) : null;
  const provs = f.provinces.length ? new Set(f.provinces.map(facetKey)) : null;
  if (!cats && !provs && !f.hideZero && !f.side) return null;
  return (a) =>
    !(f.hideZero && isZero(a)) && sideOk(a, f.side) && (cats === null || cats.has(facetKey(a.category))) && (provs === null || provs.has(facetKey(a.province)));
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
