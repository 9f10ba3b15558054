/**
 * /accounts — the account list (get_cari).
 *
 * The rows, facet counts, totals and the ERP search fallback come from the one account-list
 * pipeline (use-account-list.ts over account-list.ts), the same one the bulk letters page uses:
 * the full list is loaded ONCE (firma_ismi "") and cached; the search box filters it on the client
 * (Turkish folding, legal suffixes ignored). When the settled query finds nothing in the loaded
 * list (the list may be capped by the installation, or the ERP may match on fields it does not
 * return), the pipeline asks the ERP with firma_ismi=q and the page says it shows the ERP's answer.
 *
 * Typing: a keystroke's list work (search, facet counts, totals, the rows on screen) is a few
 * typed-array passes and one screenful of rows, so up to INSTANT_SEARCH_MAX_ROWS rows it is done
 * in the keystroke's own frame — the character and the rows it finds appear together. A bigger
 * list gets the text in a transition (TableSearch `deferred`): the character first, the rows in
 * a later frame, and a newer keystroke interrupts the list work of the previous one. The query
 * goes into the URL (?q=) debounced; opening an account (or any navigation) wins over that late
 * update.
 *
 * Over a slow link the list's first rows show before its last byte; the table says the rest is
 * coming and nothing is counted yet.
 *
 * URL state (account-list.ts listParams): q, category (repeatable), province (repeatable),
 * hideZero=1, side=B|A (borçlu / alacaklı only — the Özet page links here), sort. "Mutabakat
 * mektupları" opens /mutabakat with the same params.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router-dom';
import { statementQueries } from '../../api/statement';
import type { Account } from '../../api/types';
import { BalanceText } from '../../components/balance';
import { DataTable, INSTANT_SEARCH_MAX_ROWS, TableSearch, sortingToParam, type SortingState } from '../../components/data-table';
import { PageHeader } from '../../components/layout/page-header';
import { t } from '../../i18n';
import { formatCount } from '../../lib/format';
import { facetKey, listParams, type FacetCount } from './account-list';
import { accountHref } from './account-columns';
import { useAccountList } from './use-account-list';
import { FacetGroup } from './facet-group';
import { ShortcutsBar } from '../../components/account-shortcuts/shortcuts-bar';
import './accounts.css';
import { withParams } from '../../lib/search-params';
import { useScrollMemory } from './use-scroll-memory';
import { useCompanyTitle } from '../../api/session';
import { useToday } from '../../lib/use-today';

export const SEARCH_DEBOUNCE_MS = 300;
/** How long the row focus must rest on a row before its statement is prefetched. */
export const PREFETCH_AFTER_MS = 300;

const NO_FACETS: readonly FacetCount[] = [];
const NO_ACCOUNTS_BY_ID: ReadonlyMap<string, Account> = new Map();

export default function AccountsPage() {
  const [params, setParams] = useSearchParams();
  // The exports say whose list it is and as of when (issue 25).
  const company = useCompanyTitle();
  const today = useToday();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const { q: urlQ, categories, provinces, hideZero, side, sort: sortParam } = listParams(params);

  // ---- search text: the list follows the box (deferred past INSTANT_SEARCH_MAX_ROWS), in the URL after a pause ----
  const [input, setInput] = useState(urlQ);
  const search = input;
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

  // ---- the list: the one account-list pipeline (use-account-list.ts) ----
  const list = useAccountList({
    filter: { categories, provinces, hideZero, side },
    sort: sortParam,
    search,
    settledQuery: input === urlQ ? urlQ : null,
  });
  const { full, remote, incomplete, sourceKind, source, columns, sorting, facts } = list;
  const useRemote = sourceKind === 'remote';
  const remoteFailed = sourceKind === 'remote-failed';
  const remotePending = sourceKind === 'remote-pending';
  // A failed ERP search has no count: "0 cari" would be a false figure ("…" instead).
  const totals = remoteFailed ? undefined : facts?.totals;
  // The shortcuts' balances: after the first paint too (a 100k-entry map is not needed for it).
  const byId = useMemo(() => (list.all.length ? new Map(list.all.map((a) => [a.id, a])) : NO_ACCOUNTS_BY_ID), [list.all]);

  // ---- sort in the URL ----
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

  const warnings = list.warnings;

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
              {(['debit', 'credit', 'net'] as const).map((k) => (
                <div key={k}>
                  <dt>{t(`accounts.totals.${k}`)}</dt>
                  <dd className="num" data-testid={totals && !totals.overflow ? `accounts-${k}` : undefined}>
                    {!totals ? '…' : totals.overflow ? t('accounts.totals.overflowShort') : <BalanceText minor={k === 'credit' ? -totals.credit : totals[k]} />}
                  </dd>
                </div>
              ))}
            </dl>
          )}
          {totals?.overflow && (
            <p className="notice notice--warn" role="alert">
              {t('accounts.totals.overflow')}
            </p>
          )}
          {warnings > 0 && <p className="notice">{t('accounts.warnings', { count: formatCount(warnings) })}</p>}
          {sourceKind !== 'list' && remote.isFetching && (
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
            searchQuery={list.tableSearch}
            searchWordStartsFirst
            rowFilter={list.rowFilter}
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
                  : full.isSuccess && full.data.accounts.length === 0
                    ? t('accounts.empty.all')
                    : t('accounts.empty')
            }
            csvFileName={`${t('accounts.csv.file')}.csv`}
            documentHead={{ company, title: t('doc.title.accounts'), short: t('doc.short.accounts'), asOf: today }}
            tableId="accounts"
            sheetName={t('accounts.title')}
            searchInputRef={searchRef}
            totalsRow={{
              pin: '',
              id: t('accounts.totals.label'),
              name: totals ? t('accounts.totals.count', { count: formatCount(totals.count) }) : null,
              balance: totals ? totals.overflow ? t('accounts.totals.overflowShort') : <BalanceText minor={totals.net} /> : null,
            }}
            exportTotals={totals && !totals.overflow ? { balance: totals.net } : undefined}
            // Under the net total, the two sums the summary shows (balances signed: alacaklı negative).
            exportTotalsRows={
              totals && !totals.overflow
                ? [
                    { label: t('accounts.totals.debit'), values: { balance: totals.debit } },
                    { label: t('accounts.totals.credit'), values: { balance: -totals.credit } },
                  ]
                : undefined
            }
            toolbar={
              <TableSearch
                ref={searchRef}
                value={input}
                onChange={setInput}
                deferred={source.length > INSTANT_SEARCH_MAX_ROWS}
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
