/**
 * The accounts page's view hook: the URL's list parameters, the search box and its ?q=
 * (use-search-text.ts), the list (useAccountList: the table model, facets, totals), opening a row
 * (its query written first) and the statement prefetch of a row the keyboard rests on. The page (accounts-page.tsx)
 * lays out what this returns.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { statementQueries } from '../../api/statement';
import type { Account } from '../../domain/erp-types';
import { sortingToParam, type SortingState } from '../../components/data-table';
import { listParams } from './account-list';
import { facetKey } from './account-facets';
import { accountHref } from './account-columns';
import { useAccountList } from './use-account-list';
import { useUrlParams, withParams } from '../../lib/search-params';
import { useScrollMemory } from './use-scroll-memory';
import { useSearchText } from './use-search-text';
import { useCompanyTitle } from '../../api/session';
import { useToday } from '../../lib/use-today';

/** How long the row focus must rest on a row before its statement is prefetched. */
export const PREFETCH_AFTER_MS = 300;

const NO_ACCOUNTS_BY_ID: ReadonlyMap<string, Account> = new Map();

export function useAccountsPage() {
  const [params, setParams] = useUrlParams();
  // The exports say whose list it is and as of when (issue 25).
  const company = useCompanyTitle();
  const today = useToday();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const { q: urlQ, categories, provinces, hideZero, side, sort: sortParam } = listParams(params);

  // ---- search text: the list follows the box (deferred past INSTANT_SEARCH_MAX_ROWS), in the URL after a pause ----
  const { input, setInput, writingNow } = useSearchText(urlQ, setParams);
  const search = input;

  const updateParams = (edit: (p: URLSearchParams) => void) =>
    setParams(
      (prev) => {
        const next = withParams(prev, { q: input });
        edit(next);
        return next;
      },
      { replace: true },
    );

  // ---- the list: the one account-list pipeline (use-account-list.ts) ----
  // ---- sort in the URL ----
  const onSortingChange = (next: SortingState) =>
    updateParams((p) => {
      const v = sortingToParam(next);
      if (v) p.set('sort', v);
      else p.delete('sort');
    });
  const list = useAccountList({
    filter: { categories, provinces, hideZero, side },
    sort: sortParam,
    onSortingChange,
    search,
    settledQuery: input === urlQ ? urlQ : null,
  });
  const { sourceKind, source, facts } = list;
  const remoteFailed = sourceKind === 'remote-failed';
  // A failed ERP search has no count: "0 cari" would be a false figure ("…" instead).
  const totals = remoteFailed ? undefined : facts?.totals;
  // The shortcuts' balances: after the first paint too (a 100k-entry map is not needed for it).
  const byId = useMemo(() => (list.all.length ? new Map(list.all.map((a) => [a.id, a])) : NO_ACCOUNTS_BY_ID), [list.all]);

  // ---- opening a row: remember where the list was ----
  const listUrl = () => {
    const p = new URLSearchParams(params);
    if (input) p.set('q', input);
    else p.delete('q');
    const s = p.toString();
    return `${location.pathname}${s ? `?${s}` : ''}`;
  };
  const linkState = { from: listUrl() };
  const opening = useRef(0);
  useEffect(
    () => () => {
      opening.current = -1; // left the page: a pending open is dropped
    },
    [],
  );
  const openAccount = (a: Account) => {
    const from = listUrl();
    const go = () => void navigate(accountHref(a), { state: { from } });
    // The query is not in the URL yet: write it first (replacing this entry, so Back returns to
    // the search), then open the account — unless the user left or opened another one meanwhile.
    writingNow();
    if (input === urlQ) return go();
    const ticket = ++opening.current;
    void Promise.resolve(navigate(from, { replace: true, preventScrollReset: true })).then(() => {
      if (opening.current === ticket) go();
    });
  };
  // A row the keyboard rests on prefetches its statement; rows passed over on the way (arrow key
  // held down) do not, so scrolling through the list never downloads statements nobody opens.
  const prefetchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(prefetchTimer.current), []);
  const prefetch = (a: Account) => {
    clearTimeout(prefetchTimer.current);
    prefetchTimer.current = setTimeout(() => void queryClient.prefetchQuery(statementQueries.detail(a.id)), PREFETCH_AFTER_MS);
  };

  // Scroll remembered per search and restored on return (Back from a statement).
  const wrapRef = useScrollMemory(location.search, source.length > 0);

  const searchRef = useRef<HTMLInputElement>(null);
  const toggleFacet = (name: 'category' | 'province', value: string, on: boolean) =>
    updateParams((p) => {
      const current = p.getAll(name).filter((v) => facetKey(v) !== facetKey(value));
      p.delete(name);
      for (const v of on ? [...current, value] : current) p.append(name, v);
    });
  const clearFilters = () =>
    updateParams((p) => {
      p.delete('category');
      p.delete('province');
      p.delete('hideZero');
      p.delete('side');
    });

  const setParam = (name: 'hideZero' | 'side', value: string | null) => updateParams((p) => (value ? p.set(name, value) : p.delete(name)));
  return {
    params: { urlQ, categories, provinces, hideZero, side },
    input,
    setInput,
    searchRef,
    wrapRef,
    list,
    totals,
    byId,
    linkState,
    company,
    today,
    lettersHref: `/mutabakat${listUrl().slice(location.pathname.length)}`,
    openAccount,
    prefetch,
    toggleFacet,
    setParam,
    clearFilters,
  };
}

export type AccountsPageView = ReturnType<typeof useAccountsPage>;
