/**
 * get_fatura (search by invoice number and company name; both sent, "" when not given) and
 * get_fatura_det (detail by fatura_id). Fields undocumented → ErpTable / InvoiceDetail.
 */
import { queryOptions } from '@tanstack/react-query';
import { postErp, type RequestOptions } from './client';
import { readInvoiceDetail, readTableAnswer } from './reader';
import type { ErpTable, InvoiceDetail, InvoiceSearch } from './types';

/**
 * Longest search text the gateway accepts per parameter (server/gateway/operations.ts
 * MAX_PARAM_CHARS): longer input is refused in the form, before any request.
 */
export const MAX_INVOICE_SEARCH_CHARS = 200;

export async function fetchInvoices(search: InvoiceSearch, options?: RequestOptions): Promise<ErpTable> {
  return readTableAnswer(await postErp('get_fatura', { fatura_no: search.no.trim(), firma_ismi: search.firma.trim() }, options), 'invoice');
}

export async function fetchInvoiceDetail(id: string, options?: RequestOptions): Promise<InvoiceDetail> {
  return readInvoiceDetail(await postErp('get_fatura_det', { fatura_id: id.trim() }, options));
}

export const invoiceQueries = {
  all: ['invoices'] as const,
  list: (search: { no?: string; firma?: string }) => {
    const criteria: InvoiceSearch = { no: (search.no ?? '').trim(), firma: (search.firma ?? '').trim() };
    return queryOptions({
      queryKey: [...invoiceQueries.all, 'list', criteria] as const,
      queryFn: ({ signal }) => fetchInvoices(criteria, { signal }),
    });
  },
  detail: (id: string) =>
    queryOptions({
      queryKey: [...invoiceQueries.all, 'detail', id] as const,
      queryFn: ({ signal }) => fetchInvoiceDetail(id, { signal }),
    }),
};
