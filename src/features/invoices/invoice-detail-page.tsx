/**
 * /invoices/:faturaId — get_fatura_det. Header fields (every scalar the ERP sent), the lines table
 * (every line field), totals (Σ lines, VAT by rate, the invoice's own total, currency), print
 * (A4) and CSV of the lines. "Back" returns to the search that opened it. State: use-invoice-detail.ts.
 */
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { DataTable } from '../../components/data-table';
import type { ErpRow } from '../../components/data-table/erp-columns';
import { ErrorState, Loading, NotFoundState } from '../../components/feedback';
import { PageHeader } from '../../components/layout/page-header';
import { useDocumentTitle } from '../../components/layout/document-title';
import { formatCount } from '../../domain/format';
import { t } from '../../i18n';
import { InvoiceHeaderFields } from './invoice-header-fields';
import { invoiceLineColumns } from './invoice-line-columns';
import { InvoiceTotalsBox } from './invoice-totals-box';
import { useInvoiceDetail } from './use-invoice-detail';
import './invoices.css';

export default function InvoiceDetailPage() {
  const v = useInvoiceDetail();
  const { query, lines, number, backTo } = v;
  useDocumentTitle(query.isSuccess && !v.notFound ? t('invoices.detail.title', { number }) : undefined);
  const lineColumns = useMemo(() => invoiceLineColumns(lines), [lines]);

  const back = (
    <Link to={backTo} className="invoice-detail__back no-print">
      {t('invoices.detail.back')}
    </Link>
  );

  if (query.isPending) {
    return (
      <div className="invoice-detail">
        {back}
        <PageHeader title={t('invoices.detail.titleUnknown')} />
        <Loading rows={6} />
      </div>
    );
  }
  // Not found (the ERP's own message says what the heading says, so it is not repeated).
  if (v.notFound) {
    return (
      <NotFoundState title={t('invoices.detail.notFound')} backTo={backTo} backLabel={t('invoices.detail.backLabel')}>
        {t('invoices.detail.notFound.text', { id: v.faturaId })}
      </NotFoundState>
    );
  }
  if (query.isError) {
    return (
      <div className="invoice-detail">
        {back}
        <PageHeader title={t('invoices.detail.titleUnknown')} />
        <ErrorState title={t('invoices.detail.error.title')} error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }

  return (
    <div className="invoice-detail">
      {back}
      <PageHeader title={t('invoices.detail.title', { number })}>
        <button type="button" className="button" onClick={() => window.print()}>
          {t('invoices.detail.print')}
        </button>
      </PageHeader>

      {v.warnings > 0 && (
        <p className="notice notice--warn" role="status">
          {t('invoices.detail.warnings', { count: formatCount(v.warnings) })}
        </p>
      )}

      <section className="invoice-sheet" aria-labelledby="invoice-header-title">
        <h2 id="invoice-header-title">{t('invoices.detail.header')}</h2>
        <InvoiceHeaderFields columns={v.header?.columns ?? []} row={v.headerRow} layout={v.layout} currency={v.currency} accountId={v.accountId} />
      </section>

      <section className="invoice-sheet" aria-labelledby="invoice-lines-title">
        <h2 id="invoice-lines-title">{t('invoices.detail.lines')}</h2>
        {lines && lines.rows.length > 0 ? (
          <DataTable<ErpRow>
            data={lines.rows}
            columns={lineColumns}
            aria-label={t('invoices.detail.lines')}
            csvFileName={t('invoices.detail.csv.file', { number })}
            documentHead={{
              company: v.company,
              title: t('doc.title.invoiceLines', { number }),
              short: t('doc.short.invoiceLines', { number }),
              ...(v.accountForDoc ? { account: v.accountForDoc } : {}),
            }}
            tableId="invoices.lines"
            sheetName={t('invoices.detail.title', { number })}
            virtualize={lines.rows.length > 200}
            maxHeight="none"
          />
        ) : (
          <p>{t('invoices.detail.noLines')}</p>
        )}

        {v.mixedCurrencies && (
          <p className="notice notice--warn" role="status">
            {t('invoices.detail.mixedCurrencies', { currencies: v.lineCurrencies.join(', ') })}
          </p>
        )}
        {v.totals && !v.mixedCurrencies && (
          <InvoiceTotalsBox totals={v.totals} headerTotal={v.headerTotal} headerTotalLabel={v.headerTotalLabel} currency={v.currency} />
        )}
      </section>
    </div>
  );
}
