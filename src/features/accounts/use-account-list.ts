/**
 * useAccountList: the account-list pipeline (account-list.ts) over the accounts query — the one
 * way a page gets "the accounts the list shows for these URL parameters": source (the whole list,
 * or the ERP's answer for a search the list cannot find) → order (the table's sorted, searched
 * view) → facets → totals. /accounts and /mutabakat both use it, so the same URL gives the same
 * accounts on both.
 *
 * `search` is what the list is searched for now (on /accounts the deferred search box text, so a
 * keystroke's list work runs after its echo); `settledQuery` is the search the ERP may be asked
 * for (the URL's q once the box agrees with it; null while the user is still typing).
 *
 * Facet counts and totals of a big list are computed after its first rows are painted (they are
 * not needed for the first screenful), and never from the first rows of a list still arriving.
 */
import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { accountQueries } from '../../api/accounts';
import { whole, type Arriving } from '../../api/erp-call';
import type { Account, AccountList } from '../../api/types';
import { DEFER_AFTER_PAINT_MIN_ROWS, sortingFromParam, tableView, usePainted, type DataColumn, type SortingState } from '../../components/data-table';
import { whenIdle } from '../../lib/idle';
import { accountMatcher, chooseSource, facetView, filterKey, prefillSearchCounts, rowFilterOf, wantsRemote, type AccountFilter, type FacetResult, type SourceKind } from './account-list';
import { useAccountColumns } from './account-columns';

const EMPTY: readonly Account[] = [];
const NO_SORT: SortingState = [];

export interface AccountListView {
  /** The whole list's query (get_cari, firma_ismi ""; `data.complete` false while only its first rows are in). */
  full: ReturnType<typeof useQuery<Arriving<AccountList>>>;
  /** The ERP search's query (enabled only when the loaded list cannot find the settled search). */
  remote: ReturnType<typeof useQuery<Arriving<AccountList>>>;
  /** Only the first rows of the list are in (the rest is still arriving): nothing is counted. */
  incomplete: boolean;
  /** Where the rows come from (account-list.ts SourceKind). */
  sourceKind: SourceKind;
  /** The rows the table is given, its columns and sort state. */
  source: readonly Account[];
  columns: readonly DataColumn<Account>[];
  sorting: SortingState;
  /** The search the table applies to `source` ('' for the ERP's answer: the ERP did the search). */
  tableSearch: string;
  /** The facet/zero/side filter as the table's rowFilter (stable per filter). */
  rowFilter: ((a: Account) => boolean) | null;
  /** Shown rows (in the list's order when `ordered`), facet counts and totals; null until counted (see above). */
  facts: FacetResult | null;
  /** The whole list, for lookups by id (after the first paint of a big list). */
  all: readonly Account[];
  warnings: number;
}

export function useAccountList(opts: {
  filter: AccountFilter;
  sort: string | null;
  search: string;
  settledQuery: string | null;
  /**
   * `facts.rows` must follow the sort order (the letters page prints them in it). Without it the
   * facts are not recounted on a header click (a sort changes no count or sum).
   */
  ordered?: boolean;
}): AccountListView {
  const { filter, sort, search, settledQuery, ordered = false } = opts;

  // ---- 1. source: the whole list once (+ its first rows while it arrives), the ERP for a search it cannot find ----
  const full = useQuery(accountQueries.list(''));
  const fullList = whole(full.data);
  const incomplete = full.data?.complete === false;
  const fullAccounts = full.data?.accounts ?? EMPTY;
  const fullColumns = useAccountColumns(full.data);
  const fullSorting = useMemo(() => sortingFromParam(sort, fullColumns.map((c) => c.id)), [sort, fullColumns]);
  // ---- 2. order: the table's own view (its cache answers the table's call with the same arguments) ----
  const fullOrder = useMemo(() => tableView(fullAccounts, fullColumns, fullSorting, search, true), [fullAccounts, fullColumns, fullSorting, search]);

  const want = wantsRemote({ listLoaded: !!fullList, settledQuery: search === settledQuery ? settledQuery : null, listMatches: fullOrder.length });
  const remote = useQuery({ ...accountQueries.list(settledQuery ?? ''), enabled: want });
  const remoteList = whole(remote.data);
  const sourceKind = chooseSource(want, { success: !!remoteList, failed: remote.isError && !remote.isFetching, rows: remoteList?.accounts.length ?? 0 });
  const remoteColumns = useAccountColumns(remoteList);
  const useRemote = sourceKind === 'remote';
  const source = useRemote ? remoteList!.accounts : fullAccounts;
  const columns = useRemote ? remoteColumns : fullColumns;
  const sorting = useMemo(() => (useRemote ? sortingFromParam(sort, remoteColumns.map((c) => c.id)) : fullSorting), [useRemote, sort, remoteColumns, fullSorting]);
  const tableSearch = useRemote ? '' : search;
  const order = useRemote ? tableView(source, columns, sorting, '') : fullOrder;

  // ---- 3. facets and 4. totals: once per (list, search, filter), after a big list's first paint ----
  const fKey = filterKey(filter);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- fKey is the filter's value
  const matcher = useMemo(() => accountMatcher(filter), [fKey]);
  const rowFilter = useMemo(() => rowFilterOf(matcher), [matcher]);
  const factsReady = usePainted(source, source.length >= DEFER_AFTER_PAINT_MIN_ROWS) && !incomplete;
  const facts = useMemo(
    () => {
      if (!factsReady) return null;
      return facetView(source, order, filter, matcher, tableSearch);
    },
    // `order` is the latest view of (source, columns, sorting, search): its sort order matters only
    // when `ordered`; the matcher stands for the filter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [factsReady, source, columns, tableSearch, matcher, ordered ? order : null],
  );
  // While the box is empty, a big list's one-character searches are counted in idle time: the
  // first keystroke's facet counts and totals are a lookup (account-list.ts searchCounts).
  const prefill = factsReady && !useRemote && search === '' && source.length >= DEFER_AFTER_PAINT_MIN_ROWS;
  useEffect(() => {
    if (!prefill) return;
    // In the list's own order: counts do not depend on it, and no sort is computed for them.
    return whenIdle((stop) => prefillSearchCounts(source, (q) => tableView(source, columns, NO_SORT, q), stop));
  }, [prefill, source, columns]);

  const all = factsReady ? fullAccounts : EMPTY;
  const warnings = (useRemote ? remoteList!.warnings : fullList?.warnings) ?? 0;
  return { full, remote, incomplete, sourceKind, source, columns, sorting, tableSearch, rowFilter, facts, all, warnings };
}
