/**
 * The invoice search's state: the URL's number and company (the form's drafts follow it), the ERP's
 * answer and its recognised fields, the columns, the totals per document type and currency over the
 * rows the list shows, and ?open=1 (one invoice → straight to it).
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { invoiceQueries } from '../../api/invoices';
import { useCompanyTitle } from '../../api/session';
import { sortingFromParam, tableView } from '../../components/data-table';
import type { ErpRow } from '../../components/data-table/erp-columns';
import { useUrlFilter } from '../../components/data-table/use-url-filter';
import { tooLongMessage } from '../../components/form/field-limit';
import type { ErpTable } from '../../domain/erp-types';
import { useToday } from '../../lib/use-today';
import { useUrlParams, withParams } from '../../lib/search-params';
import { t } from '../../i18n';
import { invoiceLayout, invoiceHref, uniqueInvoiceHref } from './invoice-fields';
import { invoiceSearchColumns } from './invoice-search-columns';
import { invoiceTypeTotals } from './invoice-type-totals';

const EMPTY_TABLE: ErpTable = { columns: [], rows: [], warnings: 0 };

export type InvoiceSearch = ReturnType<typeof useInvoiceSearch>;

export function useInvoiceSearch() {
  const [params, setParams] = useUrlParams();
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

  const columns = useMemo(() => invoiceSearchColumns(table, layout), [table, layout]);
  const moneyColumns = useMemo(() => table.columns.filter((c) => c.kind === 'money'), [table]);
  const sortParam = params.get('sort');
  // Totals over the rows the list shows (its search ?q= included), per document type and currency.
  const typeTotals = useMemo(() => {
    if (!layout.typeKey || !query.isSuccess) return [];
    const view = tableView(table.rows, columns, sortingFromParam(sortParam), q);
    const shown: ErpRow[] = [];
    for (const i of view) shown.push(table.rows[i]!);
    return invoiceTypeTotals(
      shown,
      moneyColumns.map((c) => c.key),
      layout,
    );
  }, [layout, query.isSuccess, table, columns, sortParam, q, moneyColumns]);

  const setParam = (patch: Record<string, string | null>, replace: boolean) => setParams((prev) => withParams(prev, patch), { replace });

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

  return {
    company,
    today,
    searched,
    valid,
    no,
    q,
    setQ,
    sorting,
    setParam,
    filterRef,
    query,
    table,
    layout,
    columns,
    moneyColumns,
    typeTotals,
    openRow,
    form: { draftNo, setDraftNo, draftFirma, setDraftFirma, noError: noTooLong(draftNo), firmaError: firmaTooLong(draftFirma), onSubmit },
  };
}
