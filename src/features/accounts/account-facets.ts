/**
 * Step 3 of the account-list pipeline (account-list.ts): the category / province / hide-zero / side
 * filter as ONE matcher (accountMatcher) — the table's rowFilter and the facet counts both use it —
 * over a list's facet and balance columns, built once per list (AccountListIndex), so counting on a
 * keystroke is typed-array increments, not string folding. facetView also adds up step 4's totals.
 */
import type { Account } from '../../domain/erp-types';
import { balanceTotalsAt } from '../../domain/balance-totals';
import { compareTr, foldTr, queryTokens } from '../../domain/turkish';
import type { AccountFilter, AccountTotals } from './account-list';

/** Facet value → its key: folded (Turkish rules) and trimmed, so "ISPARTA" and "Isparta" are one facet. */
export function facetKey(value: string): string {
  return foldTr(value).trim();
}

/** facetKey with a memo of its own (a matcher tests the same few values on every row). */
function memoFacetKey(): (value: string) => string {
  const memo = new Map<string, string>();
  return (value) => {
    let key = memo.get(value);
    if (key === undefined) memo.set(value, (key = facetKey(value)));
    return key;
  };
}

/** One facet (category or province) of a list: a small integer code per account, built once per list. */
export interface FacetColumn {
  /** code per account index */
  codes: Int32Array;
  /** folded key per code */
  keys: string[];
  /** label per code: the key's most frequent spelling in the list (ties: the first seen) */
  labels: string[];
  /** raw value → code */
  byValue: Map<string, number>;
  /** folded key → code */
  byKey: Map<string, number>;
  /** codes in the Turkish order of their labels (facetList; made at its first use) */
  order?: Int32Array;
}

/** A list's per-account columns for counting and adding up: built once per list, then typed-array loops. */
export interface ListColumns {
  category: FacetColumn;
  province: FacetColumn;
  /** Balance per account index in kuruş; NaN when it has none (null, unreadable). */
  balance: Float64Array;
}

function facetColumn(accounts: readonly Account[], value: (a: Account) => string): FacetColumn {
  const codes = new Int32Array(accounts.length);
  const keys: string[] = [];
  const byValue = new Map<string, number>();
  const byKey = new Map<string, number>();
  const spellings: Map<string, number>[] = [];
  for (let i = 0; i < accounts.length; i++) {
    const raw = value(accounts[i] as Account);
    let code = byValue.get(raw);
    if (code === undefined) {
      const key = facetKey(raw);
      code = byKey.get(key);
      if (code === undefined) {
        code = keys.length;
        keys.push(key);
        spellings.push(new Map());
        byKey.set(key, code);
      }
      byValue.set(raw, code);
    }
    codes[i] = code;
    const s = spellings[code] as Map<string, number>;
    s.set(raw, (s.get(raw) ?? 0) + 1);
  }
  const labels = spellings.map((s) => {
    let best = '';
    let bestCount = -1;
    for (const [spelling, n] of s) if (n > bestCount) [best, bestCount] = [spelling, n];
    return best;
  });
  return { codes, keys, labels, byValue, byKey };
}

function balanceColumn(accounts: readonly Account[]): Float64Array {
  const out = new Float64Array(accounts.length);
  for (let i = 0; i < accounts.length; i++) out[i] = (accounts[i] as Account).balance ?? NaN;
  return out;
}

/**
 * One list's facts, built as they are first needed and kept for as long as the page holds the list
 * (useAccountList makes one per list, through useAccountFacts): its facet and balance columns, and the facet counts and
 * totals of its searches with no filter on (typing a letter again — Backspace, then the letter — is
 * a lookup, and so is the first keystroke: the one-character searches are counted in idle time by
 * prefillSearchCounts while the box is empty). The last SEARCH_COUNTS_KEPT searches are kept.
 */
export interface AccountListIndex {
  readonly accounts: readonly Account[];
  readonly columns: ListColumns;
  readonly searches: Map<string, SearchCounts>;
}

export function accountListIndex(accounts: readonly Account[]): AccountListIndex {
  let columns: ListColumns | undefined;
  return {
    accounts,
    get columns() {
      return (columns ??= {
        category: facetColumn(accounts, (a) => a.category),
        province: facetColumn(accounts, (a) => a.province),
        balance: balanceColumn(accounts),
      });
    },
    searches: new Map(),
  };
}

/** Zero or empty balance. An unreadable one (balanceInvalid) is not zero: "hide zero" keeps it. */
const isZero = (a: Account) => a.balance === 0 || (a.balance === null && a.balanceInvalid === undefined);

/**
 * The filter as one matcher — the only place its rules live. `base` is everything but the two
 * facets (hide-zero, side); `category` / `province` test one facet. `keep` (all of them) is the
 * table's rowFilter; facetView counts each facet over the rows the *other* filters keep.
 */
export interface AccountMatcher {
  /** Nothing is filtered. */
  readonly none: boolean;
  base(a: Account): boolean;
  category(a: Account): boolean;
  province(a: Account): boolean;
  keep(a: Account): boolean;
  /** Folded keys of the selected values (null: that facet is not filtered). */
  readonly categoryKeys: ReadonlySet<string> | null;
  readonly provinceKeys: ReadonlySet<string> | null;
}

export function accountMatcher(f: AccountFilter): AccountMatcher {
  const categoryKeys = f.categories.length ? new Set(f.categories.map(facetKey)) : null;
  const provinceKeys = f.provinces.length ? new Set(f.provinces.map(facetKey)) : null;
  const keyOf = memoFacetKey();
  const { hideZero } = f;
  const side = f.side ?? null;
  const base = (a: Account) => !(hideZero && isZero(a)) && (side === null || (a.balance !== null && (side === 'B' ? a.balance > 0 : a.balance < 0)));
  const category = (a: Account) => categoryKeys === null || categoryKeys.has(keyOf(a.category));
  const province = (a: Account) => provinceKeys === null || provinceKeys.has(keyOf(a.province));
  return {
    none: !categoryKeys && !provinceKeys && !hideZero && side === null,
    base,
    category,
    province,
    keep: (a) => base(a) && category(a) && province(a),
    categoryKeys,
    provinceKeys,
  };
}

/** The matcher as a DataTable `rowFilter` (null when nothing is filtered). */
export function rowFilterOf(m: AccountMatcher): ((a: Account) => boolean) | null {
  return m.none ? null : m.keep;
}

export interface FacetCount {
  /** The value as the ERP wrote it (its most frequent spelling); put this in the URL. */
  value: string;
  count: number;
}

export interface FacetResult {
  /** Accounts that pass the search and every filter (what the table shows), in the view's order (built on first read). */
  readonly rows: readonly Account[];
  /** The same accounts as indices into the list. */
  shown: Int32Array;
  /** How many accounts the search alone matches (before facets and hide-zero). */
  searchMatches: number;
  categoryFacets: FacetCount[];
  provinceFacets: FacetCount[];
  /** Count, Σ borçlu, Σ alacaklı and net of the shown accounts. */
  totals: AccountTotals;
}

/** Selected codes of one facet (null: not filtered); a selected value the list does not have has no code. */
function selectedCodes(col: FacetColumn, keys: ReadonlySet<string> | null): Uint8Array | null {
  if (!keys) return null;
  const sel = new Uint8Array(col.keys.length);
  for (const k of keys) {
    const code = col.byKey.get(k);
    if (code !== undefined) sel[code] = 1;
  }
  return sel;
}

/** The column's codes in the Turkish order of their labels: sorted once per list, not per keystroke. */
function labelOrder(col: FacetColumn): Int32Array {
  return (col.order ??= Int32Array.from(col.labels.keys()).sort((a, b) => compareTr(col.labels[a] as string, col.labels[b] as string)));
}

function facetList(col: FacetColumn, counts: Int32Array, selected: readonly string[]): FacetCount[] {
  // Selected values stay visible (with 0) so they can be unticked.
  const kept = new Set<number>();
  const missing = new Map<string, string>();
  for (const v of selected) {
    const key = facetKey(v);
    const code = col.byKey.get(key);
    if (code !== undefined) kept.add(code);
    else if (!missing.has(key)) missing.set(key, v);
  }
  const out: FacetCount[] = [];
  for (const c of labelOrder(col)) if ((counts[c] as number) > 0 || kept.has(c)) out.push({ value: col.labels[c] as string, count: counts[c] as number });
  if (missing.size === 0) return out;
  // A selected value the list does not have (a stale URL): in its place in the order.
  for (const v of missing.values()) out.push({ value: v, count: 0 });
  return out.sort((a, b) => compareTr(a.value, b.value));
}

/**
 * Applies the filter to the accounts the search matched (`matched`: indices into `accounts`, in
 * the view's order, as tableView gives them; null = all, in list order). Facet counts follow the
 * usual faceted-search rule: each facet counts the accounts that match every *other* filter
 * (search, hide-zero, side and the other facet), so picking a category never makes the other
 * categories' counts drop to zero.
 */
export function facetView(
  list: AccountListIndex | readonly Account[],
  matched: ArrayLike<number> | null,
  f: AccountFilter,
  m: AccountMatcher = accountMatcher(f),
  /** The search `matched` answers: with no filter on, its facet counts and totals are kept with the list (AccountListIndex.searches). */
  search?: string,
): FacetResult {
  const li = 'searches' in list ? list : accountListIndex(list);
  const { accounts } = li;
  const key = m.none && search !== undefined && matched instanceof Int32Array ? queryTokens(search).join(' ') : null;
  const kept = key !== null ? li.searches.get(key) : undefined;
  if (kept && matched instanceof Int32Array) return facetResult(accounts, matched, kept);
  const { category, province, balance } = li.columns;
  const catSel = selectedCodes(category, m.categoryKeys);
  const provSel = selectedCodes(province, m.provinceKeys);
  const catCounts = new Int32Array(category.keys.length);
  const provCounts = new Int32Array(province.keys.length);
  const n = matched ? matched.length : accounts.length;
  // Nothing filtered: every matched account is shown (no copy of the list).
  const all = m.none && matched instanceof Int32Array ? matched : null;
  const shown = all ?? new Int32Array(n);
  let count = 0;
  const checkBase = f.hideZero || !!f.side;
  for (let k = 0; k < n; k++) {
    const i = matched ? (matched[k] as number) : k;
    if (checkBase && !m.base(accounts[i] as Account)) continue;
    const c = category.codes[i] as number;
    const p = province.codes[i] as number;
    const catOk = catSel === null || catSel[c] === 1;
    const provOk = provSel === null || provSel[p] === 1;
    if (provOk) catCounts[c] = (catCounts[c] as number) + 1;
    if (catOk) provCounts[p] = (provCounts[p] as number) + 1;
    if (catOk && provOk && !all) shown[count++] = i;
  }
  const at = all ?? shown.subarray(0, count);
  const counts: SearchCounts = {
    searchMatches: n,
    categoryFacets: facetList(category, catCounts, f.categories),
    provinceFacets: facetList(province, provCounts, f.provinces),
    totals: { count: at.length, ...balanceTotalsAt(balance, at) },
  };
  if (key !== null) keepCounts(li, key, counts);
  return facetResult(accounts, at, counts);
}

/** What facetView counts for a set of shown accounts (independent of their order). */
type SearchCounts = Omit<FacetResult, 'rows' | 'shown'>;

function facetResult(accounts: readonly Account[], shown: Int32Array, counts: SearchCounts): FacetResult {
  let rows: readonly Account[] | undefined;
  return {
    ...counts,
    get rows() {
      return (rows ??= Array.from(shown, (i) => accounts[i] as Account));
    },
    shown,
  };
}

const SEARCH_COUNTS_KEPT = 64;
function keepCounts(li: AccountListIndex, key: string, counts: SearchCounts): void {
  const m = li.searches;
  m.delete(key);
  m.set(key, counts);
  if (m.size > SEARCH_COUNTS_KEPT) m.delete(m.keys().next().value as string);
}

/** The characters a folded search can start with (lib/turkish foldTr: Turkish letters folded to ASCII). */
const FIRST_KEYS = 'abcdefghijklmnopqrstuvwxyz0123456789';
const NO_FILTER: AccountFilter = { categories: [], provinces: [], hideZero: false };
const NO_FILTER_MATCHER = accountMatcher(NO_FILTER);

/**
 * Counts the one-character searches of a list (`view(q)`: the table's rows for the search q), until
 * `stop()` says so; true when all are counted. Run in idle time while the search box is empty.
 */
export function prefillSearchCounts(li: AccountListIndex, view: (q: string) => Int32Array, stop: () => boolean): boolean {
  for (const ch of FIRST_KEYS) {
    if (li.searches.has(ch)) continue;
    facetView(li, view(ch), NO_FILTER, NO_FILTER_MATCHER, ch);
    if (stop()) return false;
  }
  return true;
}
