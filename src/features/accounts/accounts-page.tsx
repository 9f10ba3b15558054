/**
 * /accounts — the account list (get_cari).
 *
 * Search design (documented choice): the full list is loaded ONCE (firma_ismi "") and cached; the
 * search box filters it on the client instantly (Turkish folding, legal suffixes ignored), so
 * typing never waits for the ERP and every keystroke reuses the cached list. The query goes into
 * the URL (?q=) debounced. The ERP's own firma_ismi filter is used only as a fallback: when the
 * settled query finds nothing in the loaded list (the list may be partial on an installation that
 * caps it, or the ERP may match on fields it does not return), the page asks the ERP with
 * firma_ismi=q and shows what it answers.
 *
 * URL state: q, category (repeatable), province (repeatable), hideZero=1, sort.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { accountQueries } from '../../api/accounts';
import { statementQueries } from '../../api/statement';
import type { Account } from '../../api/types';
import { DataTable, TableSearch, sortingFromParam, sortingToParam, type SortingState } from '../../components/data-table';
import { PageHeader } from '../../components/layout/page-header';
import { t } from '../../i18n';
import { formatCount } from '../../lib/format';
import { queryTokens } from '../../lib/turkish';
import { accountTotals, facetFilter, facetKey, fillAccountIndex, filterAccounts, indexAccounts, type AccountIndex, type FacetCount } from './account-filters';
import { accountHref, BASE_COLUMNS, extraAccountColumns } from './account-columns';
import { BalanceText } from './balance-text';
import { ShortcutsBar } from './shortcuts-bar';
import './accounts.css';

export const SEARCH_DEBOUNCE_MS = 300;

/** Scroll positions per list URL (this tab only), so Back from a statement lands where the user was. */
const scrollMemory = new Map<string, { table: number; page: number }>();

const EMPTY: readonly Account[] = [];

export default function AccountsPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const urlQ = params.get('q') ?? '';
  const categories = params.getAll('category');
  const provinces = params.getAll('province');
  const hideZero = params.get('hideZero') === '1';

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
  useEffect(() => {
    if (input === urlQ) return;
    const handle = setTimeout(() => {
      pushedQ.current = input;
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (input) next.set('q', input);
          else next.delete('q');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(handle);
  }, [input, urlQ, setParams]);

  const updateParams = (edit: (p: URLSearchParams) => void) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (input) next.set('q', input);
        else next.delete('q');
        edit(next);
        return next;
      },
      { replace: true },
    );

  // ---- data ----
  const full = useQuery(accountQueries.list(''));
  const fullAccounts = full.data?.accounts ?? EMPTY;
  const fullIndex = useMemo(() => indexAccounts(fullAccounts), [fullAccounts]);
  useIdleFill(fullIndex);
  const facetState = { categories, provinces, hideZero };
  const catKey = categories.join('\u0000');
  const provKey = provinces.join('\u0000');
  const local = useMemo(
    () => filterAccounts(fullIndex, { q: input, categories, provinces, hideZero }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- catKey/provKey are the arrays' values
    [fullIndex, input, catKey, provKey, hideZero],
  );

  const settled = input === urlQ;
  const wantRemote = full.isSuccess && settled && queryTokens(urlQ).length > 0 && local.searchMatches === 0;
  const remote = useQuery({ ...accountQueries.list(urlQ), enabled: wantRemote });
  const useRemote = wantRemote && remote.isSuccess && remote.data.accounts.length > 0;
  const remoteIndex = useMemo(() => (remote.data ? indexAccounts(remote.data.accounts) : null), [remote.data]);
  const shown = useRemote && remoteIndex ? filterAccounts(remoteIndex, { q: '', categories, provinces, hideZero }) : local;

  const source = useRemote ? remote.data!.accounts : fullAccounts;
  const tableData = useMemo(
    () => facetFilter(source, facetState),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- catKey/provKey are the arrays' values
    [source, catKey, provKey, hideZero],
  );
  const extraColumns = (useRemote ? remote.data!.extraColumns : full.data?.extraColumns) ?? null;
  const columns = useMemo(() => (extraColumns?.length ? [...BASE_COLUMNS, ...extraAccountColumns(extraColumns)] : BASE_COLUMNS), [extraColumns]);
  const totals = accountTotals(shown.rows);
  const byId = useMemo(() => new Map(fullAccounts.map((a) => [a.id, a])), [fullAccounts]);

  // ---- sort in the URL ----
  const columnIds = useMemo(() => columns.map((c) => c.id), [columns]);
  const sorting = sortingFromParam(params.get('sort'), columnIds);
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
  const openAccount = (a: Account) => navigate(accountHref(a), { state: { from: listUrl() } });
  const prefetch = (a: Account) => void queryClient.prefetchQuery(statementQueries.detail(a.id));

  // ---- scroll: remembered while scrolling (a detached box reads 0 on unmount), restored on return ----
  const wrapRef = useRef<HTMLDivElement>(null);
  const scrollKey = location.search;
  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const remember = () => {
      if (!wrap.isConnected) return; // leaving: the detached box would read 0
      const table = wrap.querySelector<HTMLElement>('.dt-scroll')?.scrollTop ?? 0;
      scrollMemory.set(scrollKey, { table, page: window.scrollY });
    };
    wrap.addEventListener('scroll', remember, { capture: true, passive: true });
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      wrap.removeEventListener('scroll', remember, { capture: true });
      window.removeEventListener('scroll', remember);
    };
  }, [scrollKey]);
  const restored = useRef(false);
  const hasRows = tableData.length > 0;
  useEffect(() => {
    if (restored.current || !hasRows) return;
    restored.current = true;
    const saved = scrollMemory.get(scrollKey);
    if (!saved) return;
    // The virtualized table gets its full height a frame or two after mounting: retry briefly.
    let frame = 0;
    let handle = 0;
    let done = false;
    const apply = () => {
      const box = wrapRef.current?.querySelector<HTMLElement>('.dt-scroll');
      if (box) box.scrollTop = saved.table;
      if (saved.page) window.scrollTo?.(0, saved.page);
      done = !box || Math.abs(box.scrollTop - saved.table) < 2 || ++frame >= 30;
      if (!done) handle = requestAnimationFrame(apply);
    };
    apply();
    return () => {
      cancelAnimationFrame(handle);
      if (!done) restored.current = false; // re-run (StrictMode) starts over
    };
  }, [hasRows, scrollKey]);

  const searchRef = useRef<HTMLInputElement>(null);
  const toggle = (name: 'category' | 'province', value: string, on: boolean) =>
    updateParams((p) => {
      const current = p.getAll(name).filter((v) => facetKey(v) !== facetKey(value));
      p.delete(name);
      for (const v of on ? [...current, value] : current) p.append(name, v);
    });
  const anyFilter = categories.length > 0 || provinces.length > 0 || hideZero;

  const warnings = (useRemote ? remote.data!.warnings : full.data?.warnings) ?? 0;

  return (
    <div className="accounts-page" ref={wrapRef}>
      <PageHeader title={t('accounts.title')} />
      <ShortcutsBar byId={byId} linkState={linkState} />
      <div className="accounts-layout">
        <aside className="accounts-filters no-print" aria-label={t('accounts.filters.label')}>
          <label className="accounts-filters__check">
            <input type="checkbox" checked={hideZero} onChange={(e) => updateParams((p) => (e.target.checked ? p.set('hideZero', '1') : p.delete('hideZero')))} />
            {t('accounts.filters.hideZero')}
          </label>
          <FacetGroup legend={t('accounts.filters.category')} facets={shown.categoryFacets} selected={categories} onToggle={(v, on) => toggle('category', v, on)} />
          <FacetGroup legend={t('accounts.filters.province')} facets={shown.provinceFacets} selected={provinces} onToggle={(v, on) => toggle('province', v, on)} scroll />
          {anyFilter && (
            <button
              type="button"
              className="button button--small"
              onClick={() =>
                updateParams((p) => {
                  p.delete('category');
                  p.delete('province');
                  p.delete('hideZero');
                })
              }
            >
              {t('accounts.filters.clear')}
            </button>
          )}
        </aside>
        <div className="accounts-main">
          {full.isSuccess && (
            <dl className="accounts-totals" aria-label={t('accounts.totals.label')}>
              <div>
                <dt>{t('accounts.totals.label')}</dt>
                <dd data-testid="accounts-count">{t('accounts.totals.count', { count: formatCount(totals.count) })}</dd>
              </div>
              <div>
                <dt>{t('accounts.totals.debit')}</dt>
                <dd className="num" data-testid="accounts-debit">
                  <BalanceText minor={totals.debit} />
                </dd>
              </div>
              <div>
                <dt>{t('accounts.totals.credit')}</dt>
                <dd className="num" data-testid="accounts-credit">
                  <BalanceText minor={-totals.credit} />
                </dd>
              </div>
              <div>
                <dt>{t('accounts.totals.net')}</dt>
                <dd className="num" data-testid="accounts-net">
                  <BalanceText minor={totals.net} />
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
          {useRemote && <p className="notice">{t('accounts.search.remoteResult', { q: urlQ })}</p>}
          <DataTable<Account>
            data={tableData}
            columns={columns}
            getRowId={(a) => a.id}
            searchQuery={useRemote ? '' : input}
            sorting={sorting}
            onSortingChange={onSortingChange}
            onRowOpen={openAccount}
            onRowFocus={prefetch}
            aria-label={t('accounts.table.label')}
            loading={full.isPending}
            error={full.error ?? undefined}
            onRetry={() => void full.refetch()}
            emptyMessage={fullAccounts.length === 0 ? t('accounts.empty.all') : t('accounts.empty')}
            csvFileName={`${t('accounts.csv.file')}.csv`}
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

/** Folds the list's search text in idle time, so the first keystroke does not pay for it. */
function useIdleFill(index: AccountIndex) {
  useEffect(() => {
    if (index.filled >= index.accounts.length) return;
    let cancelled = false;
    let handle = 0;
    const hasIdle = typeof window.requestIdleCallback === 'function';
    const schedule = (cb: (d: { timeRemaining: () => number }) => void): number =>
      hasIdle ? window.requestIdleCallback(cb) : window.setTimeout(() => cb({ timeRemaining: () => 8 }), 1);
    const step = (deadline: { timeRemaining: () => number }) => {
      if (cancelled) return;
      if (!fillAccountIndex(index, () => deadline.timeRemaining() < 1)) handle = schedule(step);
    };
    handle = schedule(step);
    return () => {
      cancelled = true;
      if (hasIdle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, [index]);
}

function FacetGroup({
  legend,
  facets,
  selected,
  onToggle,
  scroll = false,
}: {
  legend: string;
  facets: readonly FacetCount[];
  selected: readonly string[];
  onToggle: (value: string, on: boolean) => void;
  scroll?: boolean;
}) {
  if (facets.length === 0) return null;
  const isOn = (v: string) => selected.some((s) => facetKey(s) === facetKey(v));
  return (
    <fieldset className="facet">
      <legend>{legend}</legend>
      <ul className={`facet__list${scroll ? ' facet__list--scroll' : ''}`}>
        {facets.map((f) => (
          <li key={f.value}>
            <label>
              <input type="checkbox" checked={isOn(f.value)} onChange={(e) => onToggle(f.value, e.target.checked)} />
              <span className="facet__value">{f.value || t('accounts.filters.none')}</span>{' '}
              <span className="facet__count">{formatCount(f.count)}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
