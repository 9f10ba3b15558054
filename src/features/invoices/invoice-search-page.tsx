/**
 * /invoices?no=<number>&firma=<company>&q=<filter>&sort= — get_fatura: every field the ERP
 * returns; number, date, company and total recognised (invoice alias table) and formatted; a row
 * opens /invoices/:faturaId (keeping this search for "back"). ?q filters the loaded results with
 * Turkish rules ("417" also finds "SF2026000417").
 */
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { invoiceQueries } from '../../api/invoices';
import type { ErpTable } from '../../api/types';
import { DataTable, TableSearch, sortingFromParam, sortingToParam, type DataColumn } from '../../components/data-table';
import { erpDataColumns, type ErpRow } from '../../components/data-table/erp-columns';
import { useUrlFilter } from '../../components/data-table/use-url-filter';
import { EmptyState } from '../../components/feedback';
import { PageHeader } from '../../components/layout/page-header';
import { t } from '../../i18n';
import { formatCount } from '../../lib/format';
import { TextField } from '../../components/form/text-field';
import { invoiceLayout, invoiceHref } from './invoice-fields';
import './invoices.css';
import { withParams } from '../../lib/search-params';

const EMPTY_TABLE: ErpTable = { columns: [], rows: [], warnings: 0 };

export default function InvoiceSearchPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const searched = params.has('no') || params.has('firma');
  const no = params.get('no') ?? '';
  const firma = params.get('firma') ?? '';
  const [q, setQ] = useUrlFilter('q');
  const sorting = sortingFromParam(params.get('sort'));

  const [draftNo, setDraftNo] = useState(no);
  const [draftFirma, setDraftFirma] = useState(firma);
  const [synced, setSynced] = useState(`${no}\u0000${firma}`);
  if (synced !== `${no}\u0000${firma}`) {
    // The URL changed (back/forward, quick box): the form follows it.
    setSynced(`${no}\u0000${firma}`);
    setDraftNo(no);
    setDraftFirma(firma);
  }
  const filterRef = useRef<HTMLInputElement>(null);

  const query = useQuery({ ...invoiceQueries.list({ no, firma }), enabled: searched });
  const table = query.data ?? EMPTY_TABLE;
  const layout = useMemo(() => invoiceLayout(table.columns), [table]);

  const columns = useMemo<DataColumn<ErpRow>[]>(
    () =>
      erpDataColumns(table.columns, {
        currencyOf: layout.currencyKey ? (row) => layout.text(row, layout.currencyKey) : undefined,
        override: (col) => {
          if (col.key === layout.primaryKey && layout.idKey) return { primary: true, href: (row) => invoiceHref(row, layout) ?? '#', width: '9.5rem' };
          if (col.key === layout.companyKey) return { width: '12rem' };
          if (col.key === layout.idKey || col.key === layout.accountIdKey || col.key === layout.currencyKey) return { width: '5.75rem' };
          return undefined;
        },
        rows: table.rows,
      }),
    [table, layout],
  );

  const setParam = (patch: Record<string, string | null>, replace: boolean) =>
    setParams((prev) => withParams(prev, patch), { replace });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // Both criteria stay in the URL (empty ones too: an empty search is a real search).
    const next = new URLSearchParams();
    next.set('no', draftNo.trim());
    next.set('firma', draftFirma.trim());
    setParams(next);
  };

  const openRow = (row: ErpRow) => {
    const href = invoiceHref(row, layout);
    if (href) void navigate(href, { state: { from: location.pathname + location.search } });
  };

  return (
    <div className="invoice-search-page">
      <PageHeader title={t('invoices.title')} />
      <form className="invoice-search no-print" role="search" onSubmit={onSubmit}>
        <TextField
          id="invoice-no"
          type="search"
          label={t('invoices.search.no')}
          value={draftNo}
          onValueChange={setDraftNo}
          placeholder={t('invoices.search.no.placeholder')}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          id="invoice-firma"
          type="search"
          label={t('invoices.search.firma')}
          value={draftFirma}
          onValueChange={setDraftFirma}
          placeholder={t('invoices.search.firma.placeholder')}
          autoComplete="off"
        />
        <button type="submit" className="button button--primary">
          {t('invoices.search.submit')}
        </button>
        <p className="invoice-search__hint">{t('invoices.search.hint')}</p>
      </form>

      {!searched ? (
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
            columns={columns}
            aria-label={t('invoices.table.label')}
            loading={query.isPending}
            error={query.isError ? query.error : undefined}
            onRetry={() => void query.refetch()}
            emptyMessage={q ? undefined : no ? t('invoices.empty.no', { no }) : t('invoices.empty')}
            csvFileName={t('invoices.csv.file')}
            searchQuery={q}
            sorting={sorting}
            onSortingChange={(next) => setParam({ sort: sortingToParam(next) || null }, true)}
            onRowOpen={layout.idKey ? openRow : undefined}
            searchInputRef={filterRef}
            toolbar={<TableSearch ref={filterRef} label={t('invoices.table.filter')} placeholder={t('invoices.table.filter.placeholder')} value={q} onChange={setQ} />}
          />
        </>
      )}
    </div>
  );
}
