/**
 * Steps 3 and 4 of useAccountList (use-account-list.ts): the facet counts and totals of the rows the
 * model shows, once per (list, search, filter), computed after a big list's first paint and never
 * from the first rows of a list still arriving. While the search box is empty, the whole list's
 * one-character searches are counted in idle time, so the first keystroke's counts are a lookup.
 */
import { useEffect, useMemo } from 'react';
import type { Account } from '../../domain/erp-types';
import { DEFER_AFTER_PAINT_MIN_ROWS, usePainted, type TableModel } from '../../components/data-table';
import { whenIdle } from '../../lib/idle';
import type { AccountFilter } from './account-list';
import { accountListIndex, facetView, prefillSearchCounts, type AccountMatcher, type FacetResult } from './account-facets';

export function useAccountFacts(opts: {
  /** The model of the rows shown (the whole list's or the ERP search's). */
  model: TableModel<Account>;
  /** The whole list's model: its one-character searches are the ones counted in idle time. */
  fullModel: TableModel<Account>;
  filter: AccountFilter;
  matcher: AccountMatcher;
  /** `facts.rows` must follow the sort order (see useAccountList). */
  ordered: boolean;
  /** Only the first rows of the list are in: nothing is counted. */
  incomplete: boolean;
  /** The whole list is shown and its search box is empty: count its one-character searches in idle time. */
  prefill: boolean;
}): { facts: FacetResult | null; factsReady: boolean } {
  const { model, fullModel, filter, matcher, ordered, incomplete } = opts;
  const source = model.data;
  const listIndex = useMemo(() => accountListIndex(source), [source]);
  const factsReady = usePainted(source, source.length >= DEFER_AFTER_PAINT_MIN_ROWS) && !incomplete;
  const facts = useMemo(
    () => (factsReady ? facetView(listIndex, model.searched, filter, matcher, model.searchQuery) : null),
    // `searched` is the latest view of (source, columns, sorting, search): its sort order matters
    // only when `ordered`; the matcher stands for the filter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [factsReady, listIndex, model.columns, model.searchQuery, matcher, ordered ? model.searched : null],
  );
  // While the box is empty, a big list's one-character searches are counted in idle time: the
  // first keystroke's facet counts and totals are a lookup (AccountListIndex.searches).
  const prefill = factsReady && opts.prefill && source.length >= DEFER_AFTER_PAINT_MIN_ROWS;
  const viewOf = fullModel.viewOf;
  useEffect(() => {
    if (!prefill) return;
    // In the list's own order: counts do not depend on it, and no sort is computed for them.
    return whenIdle((stop) => prefillSearchCounts(listIndex, (q) => viewOf(q), stop));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- viewOf is new each render; the model's index follows (source, columns)
  }, [prefill, listIndex, fullModel.columns]);
  return { facts, factsReady };
}
