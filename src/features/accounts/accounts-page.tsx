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
import { Link } from 'react-router-dom';
import type { Account } from '../../domain/erp-types';
import { BalanceText } from '../../components/balance';
import { DataTable, INSTANT_SEARCH_MAX_ROWS, TableSearch } from '../../components/data-table';
import { PageHeader } from '../../components/layout/page-header';
import { ShortcutsBar } from '../../components/account-shortcuts/shortcuts-bar';
import { t } from '../../i18n';
import { formatCount } from '../../domain/format';
import { AccountsFilters } from './accounts-filters';
import { AccountsSummary } from './accounts-summary';
import { useAccountsPage } from './use-accounts-page';
import './accounts.css';

export { PREFETCH_AFTER_MS } from './use-accounts-page';
export { SEARCH_DEBOUNCE_MS } from './use-search-text';

export default function AccountsPage() {
  const v = useAccountsPage();
  const { list, totals } = v;
  const { full, remote, sourceKind, facts, incomplete } = list;
  const remoteFailed = sourceKind === 'remote-failed';
  const remotePending = sourceKind === 'remote-pending';
  return (
    <div className="accounts-page" ref={v.wrapRef}>
      <PageHeader title={t('accounts.title')}>
        <Link className="button" to={v.lettersHref}>
          {t('accounts.letters')}
        </Link>
      </PageHeader>
      <ShortcutsBar byId={v.byId} linkState={v.linkState} />
      <div className="accounts-layout">
        <AccountsFilters
          {...v.params}
          categoryFacets={facts?.categoryFacets}
          provinceFacets={facts?.provinceFacets}
          setParam={v.setParam}
          toggleFacet={v.toggleFacet}
          clearFilters={v.clearFilters}
        />
        <div className="accounts-main">
          <AccountsSummary list={list} totals={totals} urlQ={v.params.urlQ} />
          <DataTable<Account>
            model={list.model}
            getRowId={(a) => a.id}
            onRowOpen={v.openAccount}
            onRowFocus={v.prefetch}
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
            documentHead={{ company: v.company, title: t('doc.title.accounts'), short: t('doc.short.accounts'), asOf: v.today }}
            tableId="accounts"
            sheetName={t('accounts.title')}
            searchInputRef={v.searchRef}
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
                ref={v.searchRef}
                value={v.input}
                onChange={v.setInput}
                deferred={list.source.length > INSTANT_SEARCH_MAX_ROWS}
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
