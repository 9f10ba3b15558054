/**
 * /aging?firma=<name>&cari=<account id>&asOf=&basis=&edges=&side=B|A&overdue=1&sort= — the ERP's aging
 * (get_yaslandirma) with every field it returns, bucket totals and a stacked bar per company; with
 * ?cari= the account's aging computed from its statement (FIFO) beside the ERP's own row. side=B keeps
 * the rows whose total is borçlu (receivables), side=A the alacaklı ones (payables); without a side
 * the summary shows receivables and payables apart — never one netted overdue figure. overdue=1 keeps
 * the rows with an overdue amount (the Özet page's overdue links land here: exactly its rows).
 * State: use-aging-view.ts; the columns: aging-columns.tsx.
 */
import { useMemo, useRef } from 'react';
import { DataTable, TableSearch, sortingToParam, type SortingState } from '../../components/data-table';
import type { ErpRow } from '../../components/data-table/erp-columns';
import { PageHeader } from '../../components/layout/page-header';
import { agingRowHref } from '../../domain/aging-buckets';
import { formatCount, formatDate } from '../../domain/format';
import { t } from '../../i18n';
import { AccountAgingPanel } from './account-aging-panel';
import { agingColumns, barScale } from './aging-columns';
import { agingDocument } from './aging-document';
import { AgingSearchForm } from './aging-search-form';
import { AgingSummaries } from './side-summary';
import { useAgingView } from './use-aging-view';
import './aging.css';

export default function AgingPage() {
  const v = useAgingView();
  const { query, table, layout, params, side, q, company, asOf, reportDate } = v;
  const searchRef = useRef<HTMLInputElement>(null);
  const scale = useMemo(() => barScale(table, layout), [table, layout]);
  // params: only the ?cari= link's target depends on it.
  const columns = useMemo(() => agingColumns(table, layout, scale, params), [table, layout, scale, params]);
  const emptyMessage = v.firma ? t('aging.empty', { firma: v.firma }) : t('aging.empty.all');

  return (
    <div className="aging-page" ref={v.pageRef}>
      <PageHeader title={t('aging.title')} />
      <AgingSearchForm
        draft={v.draft}
        onDraftChange={v.setDraft}
        draftError={v.draftError}
        onSubmit={v.onSubmit}
        side={side}
        onlyOverdue={v.onlyOverdue}
        update={v.update}
      />

      {v.cari && (
        <AccountAgingPanel
          cariId={v.cari}
          name={v.cariName}
          erpRow={v.cariRow}
          erpLoaded={query.isSuccess}
          erpError={query.isError ? query.error : undefined}
          onErpRetry={() => void query.refetch()}
          layout={layout}
          params={params}
          onChange={v.update}
          onClose={() => v.update({ cari: null, asOf: null, basis: null, edges: null, cur: null })}
          reportDate={reportDate}
        />
      )}

      {query.isSuccess && table.rows.length > 0 && <AgingSummaries summaries={v.summaries} layout={layout} single={side !== null} />}

      {reportDate && <p className="aging-report-date">{t('aging.reportDate', { date: formatDate(reportDate) })}</p>}
      {table.warnings > 0 && (
        <p className="notice notice--warn" role="status">
          {t('aging.warnings', { count: formatCount(table.warnings) })}
        </p>
      )}

      {/* A name too long to ask for: the box says so; no list stands under it. */}
      {v.firmaValid && (
        <div className="aging-list">
          <DataTable<ErpRow>
            data={table.rows}
            columns={columns}
            aria-label={t('aging.table.label')}
            loading={query.isPending}
            error={query.isError ? query.error : undefined}
            onRetry={() => void query.refetch()}
            emptyMessage={q ? undefined : emptyMessage}
            csvFileName={t('aging.csv.file')}
            documentHead={{ company, title: t('doc.title.aging'), short: t('doc.short.aging'), asOf }}
            // On paper: a document with every page's head, Σ of each bucket carried (nakli yekün), totals once.
            printDocument={
              query.isSuccess
                ? (view) =>
                    agingDocument(
                      { company, title: t('doc.title.aging'), short: t('doc.short.aging'), asOf, madeAt: new Date() },
                      table,
                      layout,
                      view.columns,
                      view.rows,
                      side ? [side] : ['B', 'A'],
                    )
                : undefined
            }
            exportSumMoney
            tableId="aging"
            sheetName={t('aging.title')}
            searchQuery={q}
            rowFilter={v.sideFilter}
            sorting={v.sorting}
            onSortingChange={(next: SortingState) => v.update({ sort: sortingToParam(next) || null }, true)}
            onRowOpen={(row) => void v.navigate(agingRowHref(row, layout))}
            searchInputRef={searchRef}
            toolbar={<TableSearch ref={searchRef} value={q} onChange={v.setQ} placeholder={t('aging.table.filter')} />}
          />
        </div>
      )}
    </div>
  );
}
