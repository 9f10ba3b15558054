/**
 * /invoices?no=<number>&firma=<company>&q=<filter>&sort=&open=1 — get_fatura: every field the ERP
 * returns; number, date, company and total recognised (invoice alias table) and formatted; a row
 * opens /invoices/:faturaId (keeping this search for "back"). ?q filters the loaded results with
 * Turkish rules ("417" also finds "SF2026000417"). No totals row: the totals are per document type
 * and currency (invoice-type-totals.tsx). The internal invoice id is the last column. ?open=1 (a
 * statement's document number): when the number means one invoice, go straight to it.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { invoiceQueries } from '../../api/invoices';
import { tooLongMessage } from '../../components/form/field-limit';
import type { ErpTable } from '../../api/types';
import { DataTable, TableSearch, sortingFromParam, sortingToParam, tableView, type DataColumn } from '../../components/data-table';
import { erpDataColumns, type ErpRow } from '../../components/data-table/erp-columns';
import { useUrlFilter } from '../../components/data-table/use-url-filter';
import { EmptyState } from '../../components/feedback';
import { PageHeader } from '../../components/layout/page-header';
import { useCompanyTitle } from '../../api/session';
import { useToday } from '../../lib/use-today';
import { t } from '../../i18n';
import { formatCount } from '../../lib/format';
import { TextField } from '../../components/form/text-field';
import { idColumnLast, invoiceLayout, invoiceHref, uniqueInvoiceHref } from './invoice-fields';
import { InvoiceTypeTotals, invoiceTypeTotals } from './invoice-type-totals';
import './invoices.css';
import { withParams } from '../../lib/search-params';

const EMPTY_TABLE: ErpTable = { columns: [], rows: [], warnings: 0 };

export default function InvoiceSearchPage() {
  const [params, setParams] = useSearchParams();
  const company = useCompanyTitle();
  const today = useToday();
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

  // Longer than the gateway accepts: said next to the box, nothing is asked of the ERP.
  const noTooLong = (v: string) => tooLongMessage(t('invoices.search.no.field'), v);
  const firmaTooLong = (v: string) => tooLongMessage(t('invoices.search.firma'), v);
  const valid = !noTooLong(no) && !firmaTooLong(firma);

  const query = useQuery({ ...invoiceQueries.list({ no, firma }), enabled: searched && valid });
  const table = query.data ?? EMPTY_TABLE;
  const layout = useMemo(() => invoiceLayout(table.columns), [table]);

  // ?open=1: one invoice → its detail, replacing this entry (Back returns to where the link was).
  const openUnique = params.get('open') === '1';
  const uniqueHref = openUnique && no && query.data ? uniqueInvoiceHref(query.data, no) : null;
  useEffect(() => {
    if (uniqueHref) void navigate(uniqueHref, { replace: true });
  }, [uniqueHref, navigate]);

  const columns = useMemo<DataColumn<ErpRow>[]>(
    () =>
      idColumnLast(
        erpDataColumns(table.columns, {
          // Amounts without a currency suffix: the currency column says it (and the list fits a laptop screen).
          totals: false,
          override: (col) => {
            if (col.key === layout.primaryKey && layout.idKey) return { primary: true, href: (row) => invoiceHref(row, layout) ?? '#', width: '9.5rem' };
            if (col.key === layout.dateKey || col.key === layout.dueDateKey) return { width: '7.5rem' };
            // One name for the document type: the column says what the totals box below it says.
            if (col.key === layout.typeKey) return { width: '9rem', header: () => t('invoices.type') };
            if (col.key === layout.companyKey) return { wrap: true };
            // Internal ids (the number and the company name are the links): hidden until the column chooser shows them.
            if (col.key === layout.idKey || col.key === layout.accountIdKey) return { width: '5.75rem', defaultHidden: true, exportAlways: true };
            if (col.key === layout.currencyKey) return { width: '5.75rem' };
            return undefined;
          },
          rows: table.rows,
        }),
        layout.idKey,
      ),
    [table, layout],
  );
  const moneyColumns = useMemo(() => table.columns.filter((c) => c.kind === 'money'), [table]);
  const sortParam = params.get('sort');
  // Totals over the rows the list shows (its search ?q= included), per document type and currency.
  const typeTotals = useMemo(() => {
    if (!layout.typeKey || !query.isSuccess) return [];
    const view = tableView(table.rows, columns, sortingFromParam(sortParam), q);
    const shown: ErpRow[] = [];
    for (const i of view) shown.push(table.rows[i]!);
    return invoiceTypeTotals(shown, moneyColumns.map((c) => c.key), layout);
  }, [layout, query.isSuccess, table, columns, sortParam, q, moneyColumns]);

  const setParam = (patch: Record<string, string | null>, replace: boolean) =>
    setParams((prev) => withParams(prev, patch), { replace });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (noTooLong(draftNo) || firmaTooLong(draftFirma)) return;
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
          error={noTooLong(draftNo)}
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
          error={firmaTooLong(draftFirma)}
          placeholder={t('invoices.search.firma.placeholder')}
          autoComplete="off"
        />
        <button type="submit" className="button button--primary">
          {t('invoices.search.submit')}
        </button>
        <p className="invoice-search__hint">{t('invoices.search.hint')}</p>
      </form>

      {!searched || !valid ? (
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
            documentHead={{ company, title: t('doc.title.invoices'), short: t('doc.short.invoices'), asOf: today }}
            exportTotalsRows={typeTotals.map((g) => ({ label: `${t('common.table.totals')} · ${g.type || t('invoices.typeTotals.noType')}${g.currency ? ` · ${g.currency}` : ''}`, values: g.sums }))}
            tableId="invoices"
            sheetName={t('invoices.title')}
            searchQuery={q}
            sorting={sorting}
            onSortingChange={(next) => setParam({ sort: sortingToParam(next) || null }, true)}
            onRowOpen={layout.idKey ? openRow : undefined}
            searchInputRef={filterRef}
            toolbar={<TableSearch ref={filterRef} label={t('invoices.table.filter')} placeholder={t('invoices.table.filter.placeholder')} value={q} onChange={setQ} />}
          />
          <InvoiceTypeTotals totals={typeTotals} moneyColumns={moneyColumns} />
        </>
      )}
    </div>
  );
}
