/**
 * /accounts — the account list (get_cari).
 *
 * Search design (documented choice): the full list is loaded ONCE (firma_ismi "") and cached; the
 * search box filters it on the client instantly (Turkish folding, legal suffixes ignored), so
 * typing never waits for the ERP and every keystroke reuses the cached list. The search is the
 * DataTable's (text folded once per list); facets and hide-zero are its `rowFilter`, and the page
 * reads the same view (tableView) for the facet counts and totals. The query goes into the URL
 * (?q=) debounced; opening an account (or any navigation) wins over that late update. The ERP's own firma_ismi filter is used only as a fallback: when the
 * settled query finds nothing in the loaded list (the list may be partial on an installation that
 * caps it, or the ERP may match on fields it does not return), the page asks the ERP with
 * firma_ismi=q and shows what it answers.
 *
 * Over a slow link the list's first rows show before its last byte (usePartialAccounts: the start
 * of the answer read as it arrives); the table says the rest is coming and nothing is counted yet.
 *
 * URL state: q, category (repeatable), province (repeatable), hideZero=1, side=B|A (borçlu / alacaklı
 * only — the Özet page links here), sort. "Mutabakat mektupları" opens /mutabakat with the same params.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router-dom';
import { accountQueries } from '../../api/accounts';
import { usePartialAnswer } from '../../api/partial-answers';
import { statementQueries } from '../../api/statement';
import type { Account, AccountList } from '../../api/types';
import { BalanceText } from '../../components/balance';
import { DataTable, DEFER_AFTER_PAINT_MIN_ROWS, TableSearch, sortingFromParam, sortingToParam, tableView, usePainted, type SortingState } from '../../components/data-table';
import { PageHeader } from '../../components/layout/page-header';
import { t } from '../../i18n';
import { formatCount } from '../../lib/format';
import { queryTokens } from '../../lib/turkish';
import { accountTotals, facetKey, facetPredicate, facetView, parseSide, type AccountTotals, type FacetCount, type FilteredAccounts } from './account-filters';
import { accountHref, useAccountColumns } from './account-columns';
import { FacetGroup } from './facet-group';
import { ShortcutsBar } from '../../components/account-shortcuts/shortcuts-bar';
import './accounts.css';
import { withParams } from '../../lib/search-params';
import { useScrollMemory } from './use-scroll-memory';

export const SEARCH_DEBOUNCE_MS = 300;
/** How long the row focus must rest on a row before its statement is prefetched. */
export const PREFETCH_AFTER_MS = 300;

/** Scroll positions per list URL (this tab only), so Back from a statement lands where the user was. */

const EMPTY: readonly Account[] = [];
const NO_FACETS: readonly FacetCount[] = [];
const NO_ACCOUNTS_BY_ID: ReadonlyMap<string, Account> = new Map();

export default function AccountsPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const urlQ = params.get('q') ?? '';
  const categories = params.getAll('category');
  const provinces = params.getAll('province');
  const hideZero = params.get('hideZero') === '1';
  const side = parseSide(params.get('side'));

  // ---- search text: instant locally, in the URL after a pause ----
  const [input, setInput] = useState(urlQ);
  const pushedQ = useRef(urlQ);
  useEffect(() => {
    // The URL changed from outside (Back/Forward, a link): show its query.
    if (urlQ !== pushedQ.current) {
      pushedQ.current = urlQ;
      setInput(urlQ);
    }
  }, [urlQ]);
  // A navigation under way (opening an account, a menu link) wins: the pending URL update is
  // dropped (it would replace that navigation and pull the user back to the list), and comes
  // again if the navigation ends on this page.
  const navigating = useNavigation().state !== 'idle';
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (input === urlQ || navigating) return;
    const handle = setTimeout(() => {
      pushedQ.current = input;
      setParams((prev) => withParams(prev, { q: input }), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    debounce.current = handle;
    return () => clearTimeout(handle);
  }, [input, urlQ, setParams, navigating]);

  const updateParams = (edit: (p: URLSearchParams) => void) =>
    setParams(
      (prev) => {
        const next = withParams(prev, { q: input });
        edit(next);
        return next;
      },
      { replace: true },
    );

  // ---- data: the full list once; the DataTable searches it (one folded text per row) ----
  const full = useQuery(accountQueries.list(''));
  // A long list's first rows while the rest is still arriving (slow link): shown as such — no
  // counts, totals, facets or export until the whole list is in.
  const partial = usePartialAnswer<AccountList>(accountQueries.list('').queryKey, full.isPending);
  const incomplete = !full.data && partial !== undefined;
  const fullAccounts = full.data?.accounts ?? partial?.accounts ?? EMPTY;
  const fullColumns = useAccountColumns(full.data ?? partial);
  const sortParam = params.get('sort');
  const fullSorting = useMemo(() => sortingFromParam(sortParam, fullColumns.map((c) => c.id)), [sortParam, fullColumns]);
  // The same view the table computes (its cache answers the table's own call): the accounts the
  // search matches, for the facet counts, the totals and the ERP fallback below.
  const fullMatched = useMemo(() => tableView(fullAccounts, fullColumns, fullSorting, input), [fullAccounts, fullColumns, fullSorting, input]);

  const settled = input === urlQ;
  const wantRemote = full.isSuccess && settled && queryTokens(urlQ).length > 0 && fullMatched.length === 0;
  const remote = useQuery({ ...accountQueries.list(urlQ), enabled: wantRemote });
  const useRemote = wantRemote && remote.isSuccess && remote.data.accounts.length > 0;
  // The ERP fallback failed: the search has no answer — never shown as "nothing found".
  const remoteFailed = wantRemote && remote.isError && !remote.isFetching;
  const remotePending = wantRemote && !remote.isSuccess && !remoteFailed;
  const remoteColumns = useAccountColumns(remote.data);

  const source = useRemote ? remote.data!.accounts : fullAccounts;
  const columns = useRemote ? remoteColumns : fullColumns;
  const catKey = categories.join('\u0000');
  const provKey = provinces.join('\u0000');
  // Facet counts and totals: a big list paints its first rows before they are counted (they are
  // not needed for the first screenful); then once per (list, search, filters) — not per sort
  // order (a header click does not change a count or a sum).
  const factsReady = usePainted(source, source.length >= DEFER_AFTER_PAINT_MIN_ROWS) && !incomplete;
  const facts = useMemo<(FilteredAccounts & { totals: AccountTotals }) | null>(
    () => {
      if (!factsReady) return null;
      const shown = facetView(source, useRemote ? null : fullMatched, { categories, provinces, hideZero, side });
      return { ...shown, totals: accountTotals(shown.rows) };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- catKey/provKey are the arrays' values; fullMatched is the latest view of (fullAccounts, fullColumns, input), its sort order changes no count
    [factsReady, source, useRemote, fullAccounts, fullColumns, input, catKey, provKey, hideZero, side],
  );
  const rowFilter = useMemo(
    () => facetPredicate({ categories, provinces, hideZero, side }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- catKey/provKey are the arrays' values
    [catKey, provKey, hideZero, side],
  );
  // A failed ERP search has no count: "0 cari" would be a false figure ("…" instead).
  const totals = remoteFailed ? undefined : facts?.totals;
  // The shortcuts' balances: after the first paint too (a 100k-entry map is not needed for it).
  const byId = useMemo(() => (factsReady ? new Map(fullAccounts.map((a) => [a.id, a])) : NO_ACCOUNTS_BY_ID), [factsReady, fullAccounts]);

  // ---- sort in the URL ----
  const sorting = useRemote ? sortingFromParam(sortParam, columns.map((c) => c.id)) : fullSorting;
  const onSortingChange = (next: SortingState) =>
    updateParams((p) => {
      const v = sortingToParam(next);
      if (v) p.set('sort', v);
      else p.delete('sort');
    });

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
    clearTimeout(debounce.current);
    const from = listUrl();
    const go = () => void navigate(accountHref(a), { state: { from } });
    if (input === urlQ) return go();
    // The query is not in the URL yet: write it first (replacing this entry, so Back returns to
    // the search), then open the account — unless the user left or opened another one meanwhile.
    const ticket = ++opening.current;
    pushedQ.current = input;
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
  const toggle = (name: 'category' | 'province', value: string, on: boolean) =>
    updateParams((p) => {
      const current = p.getAll(name).filter((v) => facetKey(v) !== facetKey(value));
      p.delete(name);
      for (const v of on ? [...current, value] : current) p.append(name, v);
    });
  const anyFilter = categories.length > 0 || provinces.length > 0 || hideZero || side !== null;

  const warnings = (useRemote ? remote.data!.warnings : full.data?.warnings) ?? 0;

  return (
    <div className="accounts-page" ref={wrapRef}>
      <PageHeader title={t('accounts.title')}>
        <Link className="button" to={`/mutabakat${listUrl().slice(location.pathname.length)}`}>
          {t('accounts.letters')}
        </Link>
      </PageHeader>
      <ShortcutsBar byId={byId} linkState={linkState} />
      <div className="accounts-layout">
        <aside className="accounts-filters no-print" aria-label={t('accounts.filters.label')}>
          <label className="accounts-filters__check">
            <input type="checkbox" checked={hideZero} onChange={(e) => updateParams((p) => (e.target.checked ? p.set('hideZero', '1') : p.delete('hideZero')))} />
            {t('accounts.filters.hideZero')}
          </label>
          <fieldset className="facet">
            <legend>{t('accounts.filters.side')}</legend>
            <div className="facet__list">
              {([null, 'B', 'A'] as const).map((s) => (
                <label key={s ?? 'all'}>
                  <input
                    type="radio"
                    name="accounts-side"
                    checked={side === s}
                    onChange={() => updateParams((p) => (s ? p.set('side', s) : p.delete('side')))}
                  />
                  {t(s === 'B' ? 'accounts.filters.side.B' : s === 'A' ? 'accounts.filters.side.A' : 'accounts.filters.side.all')}
                </label>
              ))}
            </div>
          </fieldset>
          <FacetGroup legend={t('accounts.filters.category')} facets={facts?.categoryFacets ?? NO_FACETS} selected={categories} onToggle={(v, on) => toggle('category', v, on)} />
          <FacetGroup legend={t('accounts.filters.province')} facets={facts?.provinceFacets ?? NO_FACETS} selected={provinces} onToggle={(v, on) => toggle('province', v, on)} scroll titleCase />
          {anyFilter && (
            <button
              type="button"
              className="button button--small"
              onClick={() =>
                updateParams((p) => {
                  p.delete('category');
                  p.delete('province');
                  p.delete('hideZero');
                  p.delete('side');
                })
              }
            >
              {t('accounts.filters.clear')}
            </button>
          )}
        </aside>
        <div className="accounts-main">
          {(full.isSuccess || incomplete) && (
            // Before a big list's totals are counted (right after its first paint) the box is
            // already there, so the table below does not move when they arrive.
            <dl className="accounts-totals" aria-label={t('accounts.totals.label')} aria-busy={!totals || undefined}>
              <div>
                <dt>{t('accounts.totals.label')}</dt>
                {totals ? <dd data-testid="accounts-count">{t('accounts.totals.count', { count: formatCount(totals.count) })}</dd> : <dd>…</dd>}
              </div>
              <div>
                <dt>{t('accounts.totals.debit')}</dt>
                <dd className="num" data-testid={totals && 'accounts-debit'}>
                  {totals ? <BalanceText minor={totals.debit} /> : '…'}
                </dd>
              </div>
              <div>
                <dt>{t('accounts.totals.credit')}</dt>
                <dd className="num" data-testid={totals && 'accounts-credit'}>
                  {totals ? <BalanceText minor={-totals.credit} /> : '…'}
                </dd>
              </div>
              <div>
                <dt>{t('accounts.totals.net')}</dt>
                <dd className="num" data-testid={totals && 'accounts-net'}>
                  {totals ? <BalanceText minor={totals.net} /> : '…'}
                </dd>
              </div>
            </dl>
          )}
          {warnings > 0 && <p className="notice">{t('accounts.warnings', { count: formatCount(warnings) })}</p>}
          {wantRemote && remote.isFetching && (
            <p className="notice" role="status">
              {t('accounts.search.remote')}
            </p>
          )}
          {remoteFailed && <p className="notice notice--warn">{t('accounts.search.remoteFailed', { q: urlQ })}</p>}
          {useRemote && <p className="notice">{t('accounts.search.remoteResult', { q: urlQ })}</p>}
          <DataTable<Account>
            data={source}
            columns={columns}
            getRowId={(a) => a.id}
            searchQuery={useRemote ? '' : input}
            rowFilter={rowFilter}
            sorting={sorting}
            onSortingChange={onSortingChange}
            onRowOpen={openAccount}
            onRowFocus={prefetch}
            aria-label={t('accounts.table.label')}
            maxHeight="viewport"
            loading={full.isPending}
            incomplete={incomplete}
            error={full.error ?? (remoteFailed ? remote.error : undefined)}
            onRetry={() => void (full.isError ? full.refetch() : remote.refetch())}
            emptyMessage={
              remoteFailed
                ? t('accounts.search.remoteFailed.empty')
                : remotePending
                  ? t('accounts.search.remote')
                  : fullAccounts.length === 0
                    ? t('accounts.empty.all')
                    : t('accounts.empty')
            }
            csvFileName={`${t('accounts.csv.file')}.csv`}
            tableId="accounts"
            sheetName={t('accounts.title')}
            searchInputRef={searchRef}
            totalsRow={{ pin: '', id: t('accounts.totals.label') }}
            toolbar={
              <TableSearch
                ref={searchRef}
                value={input}
                onChange={setInput}
                label={t('accounts.search.label')}
                placeholder={t('accounts.search.placeholder')}
              />
            }
          />
        </div>
      </div>
    </div>
  );
}
