/**
 * /invoices/:faturaId — get_fatura_det. Header fields (every scalar the ERP sent), the lines table
 * (every line field), totals (Σ lines, VAT by rate, the invoice's own total, currency), print
 * (A4) and CSV of the lines. "Back" returns to the search that opened it.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router-dom';
import { invoiceQueries } from '../../api/invoices';
import { accountQueries } from '../../api/accounts';
import { whole } from '../../api/erp-call';
import { normalizeCurrency } from '../../domain/currency';
import type { Cell, ErpColumn, ErpTable } from '../../domain/erp-types';
import { DataTable, displayValue, type DataColumn } from '../../components/data-table';
import { cellText, erpCellValue, erpDataColumns, InvalidValue, type ErpRow } from '../../components/data-table/erp-columns';
import { ErrorState, Loading, NotFoundState } from '../../components/feedback';
import { PageHeader } from '../../components/layout/page-header';
import { useDocumentTitle } from '../../components/layout/document-title';
import { useCompanyTitle } from '../../api/session';
import { t } from '../../i18n';
import { formatCount, formatMoney, formatNumber } from '../../domain/format';
import type { Minor } from '../../domain/types';
import { idColumnLast, invoiceLayout } from './invoice-fields';
import { foldKey, foldTr } from '../../domain/turkish';
import { ErpError } from '../../domain/errors';
import { invoiceTotals } from './invoice-totals';
import './invoices.css';

const EMPTY_ROW: ErpRow = {};

function HeaderValue({ col, cell, currency, accountHref }: { col: ErpColumn; cell: Cell | undefined; currency: string; accountHref?: string }) {
  if (cell?.kind === 'invalid') return <InvalidValue raw={cell.raw} />;
  const text = displayValue(col.kind, erpCellValue(col, cell));
  if (!text) return <>–</>;
  // The company opens its statement (the statement's document numbers open the invoice back).
  if (accountHref) return <Link to={accountHref} title={t('invoices.detail.openStatement', { name: text })}>{text}</Link>;
  return <>{col.kind === 'money' && currency ? `${text} ${currency}` : text}</>;
}

/**
 * The account of an invoice: its id when the ERP sent one, else found by the company name the
 * invoice carries (the vendor's get_fatura / get_fatura_det give only "Cari"): get_cari filtered by
 * that name, the one account whose name is the same (Turkish case and letters folded). "" while
 * unknown or when no single account has that name (then the name is shown without a link).
 */
function useAccountIdOf(id: string, name: string): string {
  const byName = useQuery({ ...accountQueries.list(name), enabled: !id && name.trim() !== '' });
  if (id) return id;
  const wanted = foldTr(name.trim());
  // Only the whole answer can say that exactly one account has that name.
  const same = whole(byName.data)?.accounts.filter((a) => foldTr(a.name.trim()) === wanted) ?? [];
  return same.length === 1 ? same[0]!.id : '';
}

/** Line-number columns ("Sıra No", "SATIR_NO"): a few digits, a narrow column. */
const LINE_NO_KEYS = new Set(['sirano', 'satirno', 'lineno', 'rowno', 'linenumber', 'sira']);
/** A VAT rate as Turkish invoices write it: "%20", "%0,5". */
const vatRateText = (v: unknown) => (typeof v === 'number' ? `%${formatNumber(v, 2)}` : '');

export default function InvoiceDetailPage() {
  const { faturaId = '' } = useParams();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const backTo = typeof from === 'string' && from.startsWith('/invoices') ? from : '/invoices';

  const query = useQuery(invoiceQueries.detail(faturaId));
  const header: ErpTable | undefined = query.data?.header;
  const lines: ErpTable | undefined = query.data?.lines;
  const headerRow = header?.rows[0] ?? EMPTY_ROW;
  const layout = useMemo(() => invoiceLayout(header?.columns ?? []), [header]);
  const number = layout.text(headerRow, layout.numberKey) || layout.text(headerRow, layout.idKey) || faturaId;
  // The invoice's currency (YTL is TL), else the one currency of its lines ("Para Birimi" per line).
  const lineCurrencies = useMemo(() => {
    const col = lines?.columns.find((c) => c.field === 'currency');
    const codes = new Set<string>();
    if (col) for (const row of lines!.rows) {
      const code = normalizeCurrency(cellText(row[col.key]));
      if (code) codes.add(code);
    }
    return [...codes];
  }, [lines]);
  const currency = normalizeCurrency(layout.text(headerRow, layout.currencyKey)) ?? (lineCurrencies.length === 1 ? lineCurrencies[0]! : '');
  const mixedCurrencies = lineCurrencies.length > 1;
  const companyName = layout.text(headerRow, layout.companyKey);
  const accountId = useAccountIdOf(layout.text(headerRow, layout.accountIdKey), companyName);
  const company = useCompanyTitle();
  const accountForDoc = accountId || companyName ? { id: accountId, name: companyName || accountId } : null;
  const notFound = query.isSuccess && (header?.rows.length ?? 0) === 0 && (lines?.rows.length ?? 0) === 0;
  useDocumentTitle(query.isSuccess && !notFound ? t('invoices.detail.title', { number }) : undefined);

  const lineColumns = useMemo<DataColumn<ErpRow>[]>(
    () =>
      erpDataColumns(lines?.columns ?? [], {
        // A sum of unit prices means nothing: no total under that column.
        override: (col) => {
          if (col.field === 'unitPrice') return { footer: undefined };
          // The product name takes the room the others leave (never cut while there is room).
          if (col.field === 'productName') return { width: undefined };
          if (col.field === 'vatRate') return { width: '6.5rem', cell: (row) => vatRateText(erpCellValue(col, row[col.key])) };
          if (col.field === 'quantity' || col.field === 'unit') return { width: '6.5rem' };
          // The line's currency as one code (Workcube's old "YTL" is TL).
          if (col.field === 'currency') return { width: '6.5rem', cell: (row) => normalizeCurrency(cellText(row[col.key])) ?? '' };
          if (col.field === 'productCode') return { width: '8rem' };
          // The line number is the lines' own order: narrow (room for the totals row's "Toplam"), no sort button.
          if (LINE_NO_KEYS.has(col.folded) || LINE_NO_KEYS.has(foldKey(col.label))) return { width: '5rem', sortable: false };
          return undefined;
        },
        rows: lines?.rows,
      }),
    [lines],
  );
  const totals = useMemo(() => (lines ? invoiceTotals(lines) : null), [lines]);
  const headerTotalCol = header?.columns.find((c) => c.key === layout.totalKey);
  const headerTotalCell = layout.totalKey ? headerRow[layout.totalKey] : undefined;
  const headerTotal: Minor | null = headerTotalCell?.kind === 'number' ? headerTotalCell.minor : null;
  const headerDiffers = headerTotal !== null && totals?.linesTotal != null && headerTotal !== totals.linesTotal;
  const warnings = (header?.warnings ?? 0) + (lines?.warnings ?? 0);
  const withCurrency = (minor: Minor) => (currency ? `${formatMoney(minor)} ${currency}` : formatMoney(minor));

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
  // The ERP said so itself (an envelope with status false and "Fatura bulunamadı."): the same state
  // (its message says what the heading says, so it is not repeated).
  const erpSaysNotFound = query.error instanceof ErpError && /bulunamad|not found/.test(foldTr(query.error.erpMessage ?? ''));
  if (erpSaysNotFound || notFound) {
    return (
      <NotFoundState title={t('invoices.detail.notFound')} backTo={backTo} backLabel={t('invoices.detail.backLabel')}>
        {t('invoices.detail.notFound.text', { id: faturaId })}
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

      {warnings > 0 && (
        <p className="notice notice--warn" role="status">
          {t('invoices.detail.warnings', { count: formatCount(warnings) })}
        </p>
      )}

      <section className="invoice-sheet" aria-labelledby="invoice-header-title">
        <h2 id="invoice-header-title">{t('invoices.detail.header')}</h2>
        <dl className="invoice-header-fields">
          {idColumnLast(header?.columns.map((c) => ({ ...c, id: c.key })) ?? [], layout.idKey).map((col) => (
            <div key={col.key}>
              <dt>{col.label}</dt>
              <dd className={col.kind === 'money' || col.kind === 'number' ? 'num' : undefined}>
                <HeaderValue
                  col={col}
                  cell={headerRow[col.key]}
                  currency={currency}
                  accountHref={col.key === layout.companyKey && accountId ? `/accounts/${encodeURIComponent(accountId)}` : undefined}
                />
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="invoice-sheet" aria-labelledby="invoice-lines-title">
        <h2 id="invoice-lines-title">{t('invoices.detail.lines')}</h2>
        {lines && lines.rows.length > 0 ? (
          <DataTable<ErpRow>
            data={lines.rows}
            columns={lineColumns}
            aria-label={t('invoices.detail.lines')}
            csvFileName={t('invoices.detail.csv.file', { number })}
            documentHead={{ company, title: t('doc.title.invoiceLines', { number }), short: t('doc.short.invoiceLines', { number }), ...(accountForDoc ? { account: accountForDoc } : {}) }}
            tableId="invoices.lines"
            sheetName={t('invoices.detail.title', { number })}
            virtualize={lines.rows.length > 200}
            maxHeight="none"
          />
        ) : (
          <p>{t('invoices.detail.noLines')}</p>
        )}

        {mixedCurrencies && (
          <p className="notice notice--warn" role="status">
            {t('invoices.detail.mixedCurrencies', { currencies: lineCurrencies.join(', ') })}
          </p>
        )}
        {totals && !mixedCurrencies && (
          <div className="invoice-totals" aria-labelledby="invoice-totals-title">
            <h3 id="invoice-totals-title" className="visually-hidden">
              {t('invoices.detail.totals')}
            </h3>
            <table>
              <tbody>
                {totals.netTotal !== null && (
                  <tr>
                    <th scope="row">{t('invoices.detail.netTotal')}</th>
                    <td>{withCurrency(totals.netTotal)}</td>
                  </tr>
                )}
                {totals.vatByRate?.map((g) => (
                  <tr key={g.rateHundredths}>
                    <th scope="row">
                      {t('invoices.detail.vatRate', { rate: formatNumber(g.rate, 2) })}{' '}
                      <span className="invoice-totals__base">({t('invoices.detail.vatBase', { base: formatMoney(g.base) })})</span>
                    </th>
                    <td>{withCurrency(g.vat)}</td>
                  </tr>
                ))}
                {totals.vatTotal !== null && (
                  <tr>
                    <th scope="row">{t('invoices.detail.vatTotal')}</th>
                    <td>{withCurrency(totals.vatTotal)}</td>
                  </tr>
                )}
                {totals.linesTotal !== null && (
                  <tr className="invoice-totals__grand">
                    <th scope="row">{t(headerDiffers ? 'invoices.detail.linesTotalDiffers' : 'invoices.detail.linesTotal')}</th>
                    <td>{withCurrency(totals.linesTotal)}</td>
                  </tr>
                )}
                {/* The invoice's own total: its own row only when the lines do not add up to it (or have no total). */}
                {headerTotal !== null && headerTotalCol && (headerDiffers || totals.linesTotal === null) && (
                  <tr>
                    <th scope="row">{t('invoices.detail.headerTotal', { label: headerTotalCol.label })}</th>
                    <td>{withCurrency(headerTotal)}</td>
                  </tr>
                )}
              </tbody>
            </table>
            {totals.vatComputed && totals.vatByRate && <p className="invoice-totals__note">{t('invoices.detail.vatComputed')}</p>}
            {headerTotal !== null && totals.linesTotal !== null && headerTotal !== totals.linesTotal && (
              <p className="notice notice--warn" role="alert">
                {t('invoices.detail.mismatch', { lines: formatMoney(totals.linesTotal), header: formatMoney(headerTotal) })}
              </p>
            )}
            {currency && <p className="invoice-totals__note">{t('invoices.detail.currency', { currency })}</p>}
          </div>
        )}
      </section>
    </div>
  );
}
