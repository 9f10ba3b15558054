/**
 * /invoices?no=<number>&firma=<company>&q=<filter>&sort=&open=1 — get_fatura: every field the ERP
 * returns; number, date, company and total recognised (invoice alias table) and formatted; a row
 * opens /invoices/:faturaId (keeping this search for "back"). ?q filters the loaded results with
 * Turkish rules ("417" also finds "SF2026000417"). No totals row: the totals are per document type
 * and currency (invoice-type-totals.tsx). The internal invoice id is the last column. ?open=1 (a
 * statement's document number): when the number means one invoice, go straight to it.
 * State: use-invoice-search.ts.
 */
import { DataTable, TableSearch, sortingToParam } from '../../components/data-table';
import type { ErpRow } from '../../components/data-table/erp-columns';
import { EmptyState } from '../../components/feedback';
import { PageHeader } from '../../components/layout/page-header';
import { formatCount } from '../../domain/format';
import { t } from '../../i18n';
import { InvoiceSearchForm } from './invoice-search-form';
import { InvoiceTypeTotals } from './invoice-type-totals';
import { useInvoiceSearch } from './use-invoice-search';
import './invoices.css';

export default function InvoiceSearchPage() {
  const v = useInvoiceSearch();
  const { query, table, q, no } = v;
  return (
    <div className="invoice-search-page">
      <PageHeader title={t('invoices.title')} />
      <InvoiceSearchForm {...v.form} />

      {!v.searched || !v.valid ? (
        <EmptyState title={t('invoices.search.start')} />
      ) : (
        <>
          {table.warnings > 0 && (
            <p className="notice notice--warn" role="status">
              {t('invoices.warnings', { count: formatCount(table.warnings) })}
            </p>
          )}
          <DataTable<ErpRow>
            data={table.rows}
            columns={v.columns}
            aria-label={t('invoices.table.label')}
            loading={query.isPending}
            error={query.isError ? query.error : undefined}
            onRetry={() => void query.refetch()}
            emptyMessage={q ? undefined : no ? t('invoices.empty.no', { no }) : t('invoices.empty')}
            csvFileName={t('invoices.csv.file')}
            documentHead={{ company: v.company, title: t('doc.title.invoices'), short: t('doc.short.invoices'), asOf: v.today }}
            exportTotalsRows={v.typeTotals.map((g) => ({
              label: `${t('common.table.totals')} · ${g.type || t('invoices.typeTotals.noType')}${g.currency ? ` · ${g.currency}` : ''}`,
              values: g.sums,
            }))}
            tableId="invoices"
            sheetName={t('invoices.title')}
            searchQuery={q}
            sorting={v.sorting}
            onSortingChange={(next) => v.setParam({ sort: sortingToParam(next) || null }, true)}
            onRowOpen={v.layout.idKey ? v.openRow : undefined}
            searchInputRef={v.filterRef}
            toolbar={
              <TableSearch
                ref={v.filterRef}
                label={t('invoices.table.filter')}
                placeholder={t('invoices.table.filter.placeholder')}
                value={q}
                onChange={v.setQ}
              />
            }
          />
          <InvoiceTypeTotals totals={v.typeTotals} moneyColumns={v.moneyColumns} />
        </>
      )}
    </div>
  );
}
