/**
 * useAccountList: the account-list pipeline (account-list.ts) over the accounts query — the one
 * way a page gets "the accounts the list shows for these URL parameters": source (the whole list,
 * or the ERP's answer for a search the list cannot find) → order (the table model, made here and
 * handed to the page's DataTable: one computation read by both) → facets → totals. /accounts and
 * /mutabakat both use it, so the same URL gives the same accounts on both.
 *
 * `search` is what the list is searched for now (on /accounts the deferred search box text, so a
 * keystroke's list work runs after its echo); `settledQuery` is the search the ERP may be asked
 * for (the URL's q once the box agrees with it; null while the user is still typing).
 *
 * Facet counts and totals of a big list are computed after its first rows are painted (they are
 * not needed for the first screenful), and never from the first rows of a list still arriving.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { accountQueries } from '../../api/accounts';
import { whole, type Arriving } from '../../api/erp-call';
import type { Account, AccountList } from '../../domain/erp-types';
import { sortingFromParam, useTableModel, type DataColumn, type SortingState, type TableModel } from '../../components/data-table';
import { chooseSource, filterKey, wantsRemote, type AccountFilter, type SourceKind } from './account-list';
import { accountMatcher, rowFilterOf, type FacetResult } from './account-facets';
import { useAccountFacts } from './use-account-facts';
import { useAccountColumns } from './account-columns';

const EMPTY: readonly Account[] = [];

export interface AccountListView {
  /** The whole list's query (get_cari, firma_ismi ""; `data.complete` false while only its first rows are in). */
  full: ReturnType<typeof useQuery<Arriving<AccountList>>>;
  /** The ERP search's query (enabled only when the loaded list cannot find the settled search). */
  remote: ReturnType<typeof useQuery<Arriving<AccountList>>>;
  /** Only the first rows of the list are in (the rest is still arriving): nothing is counted. */
  incomplete: boolean;
  /** Where the rows come from (account-list.ts SourceKind). */
  sourceKind: SourceKind;
  /** The table model of the rows shown (give it to the DataTable: `<DataTable model={list.model}>`). */
  model: TableModel<Account>;
  /** The rows the table is given (the model's data), its columns and sort state. */
  source: readonly Account[];
  columns: readonly DataColumn<Account>[];
  sorting: SortingState;
  /** Shown rows (in the list's order when `ordered`), facet counts and totals; null until counted (see above). */
  facts: FacetResult | null;
  /** The whole list, for lookups by id (after the first paint of a big list). */
  all: readonly Account[];
  warnings: number;
}

export function useAccountList(opts: {
  filter: AccountFilter;
  sort: string | null;
  /** The sort the user picks on the table (the page writes it to the URL). */
  onSortingChange?: (next: SortingState) => void;
  search: string;
  settledQuery: string | null;
  /**
   * `facts.rows` must follow the sort order (the letters page prints them in it). Without it the
   * facts are not recounted on a header click (a sort changes no count or sum).
   */
  ordered?: boolean;
}): AccountListView {
  const { filter, sort, onSortingChange, search, settledQuery, ordered = false } = opts;
  const fKey = filterKey(filter);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- fKey is the filter's value
  const matcher = useMemo(() => accountMatcher(filter), [fKey]);
  const rowFilter = useMemo(() => rowFilterOf(matcher), [matcher]);

  // ---- 1. source: the whole list once (+ its first rows while it arrives), the ERP for a search it cannot find ----
  const full = useQuery(accountQueries.list(''));
  const fullList = whole(full.data);
  const incomplete = full.data?.complete === false;
  const fullAccounts = full.data?.accounts ?? EMPTY;
  const fullColumns = useAccountColumns(full.data);
  const fullSorting = useMemo(
    () =>
      sortingFromParam(
        sort,
        fullColumns.map((c) => c.id),
      ),
    [sort, fullColumns],
  );
  // ---- 2. order: the table model (computed once; the page's DataTable shows it) ----
  const fullModel = useTableModel({
    data: fullAccounts,
    columns: fullColumns,
    sorting: fullSorting,
    onSortingChange,
    searchQuery: search,
    searchWordStartsFirst: true,
    rowFilter,
  });

  const want = wantsRemote({ listLoaded: !!fullList, settledQuery: search === settledQuery ? settledQuery : null, listMatches: fullModel.searched.length });
  const remote = useQuery({ ...accountQueries.list(settledQuery ?? ''), enabled: want });
  const remoteList = whole(remote.data);
  const sourceKind = chooseSource(want, { success: !!remoteList, failed: remote.isError && !remote.isFetching, rows: remoteList?.accounts.length ?? 0 });
  const remoteColumns = useAccountColumns(remoteList);
  const remoteSorting = useMemo(
    () =>
      sortingFromParam(
        sort,
        remoteColumns.map((c) => c.id),
      ),
    [sort, remoteColumns],
  );
  const useRemote = sourceKind === 'remote';
  // The ERP did the search: its answer is shown unsearched. Only then does this model get rows (for
  // an empty search the "remote" query is the whole list's own: a second index of it would be waste).
  const remoteModel = useTableModel({
    data: useRemote ? remoteList!.accounts : EMPTY,
    columns: remoteColumns,
    sorting: remoteSorting,
    onSortingChange,
    rowFilter,
  });
  const model = useRemote ? remoteModel : fullModel;
  const source = model.data;

  // ---- 3. facets and 4. totals: once per (list, search, filter), after a big list's first paint ----
  const { facts, factsReady } = useAccountFacts({ model, fullModel, filter, matcher, ordered, incomplete, prefill: !useRemote && search === '' });

  const all = factsReady ? fullAccounts : EMPTY;
  const warnings = (useRemote ? remoteList!.warnings : fullList?.warnings) ?? 0;
  return { full, remote, incomplete, sourceKind, model, source, columns: model.columns, sorting: model.sorting, facts, all, warnings };
}
