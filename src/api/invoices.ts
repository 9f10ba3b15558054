/**
 * get_fatura (search by invoice number and company name; both sent, "" when not given) and
 * get_fatura_det (detail by fatura_id). Fields undocumented → ErpTable / InvoiceDetail.
 */
import { queryOptions } from '@tanstack/react-query';
import { postErp, type RequestOptions } from './client';
import { readInvoiceDetail, readTableAnswer } from './reader';
import type { ErpTable, InvoiceDetail, InvoiceSearch } from './types';
import { MAX_PARAM_CHARS, invoiceDetailCall, invoiceKeys, invoiceSearchCall } from '../contract/erp';

/** Longest search text the gateway accepts per parameter: longer input is refused in the form, before any request. */
export const MAX_INVOICE_SEARCH_CHARS = MAX_PARAM_CHARS;

export async function fetchInvoices(search: InvoiceSearch, options?: RequestOptions): Promise<ErpTable> {
  const call = invoiceSearchCall(search);
  return readTableAnswer(await postErp(call.operation, call.params, options), 'invoice');
}

export async function fetchInvoiceDetail(id: string, options?: RequestOptions): Promise<InvoiceDetail> {
  const call = invoiceDetailCall(id);
  return readInvoiceDetail(await postErp(call.operation, call.params, options));
}

export const invoiceQueries = {
  all: invoiceKeys.all,
  list: (search: { no?: string; firma?: string }) => {
    const criteria: InvoiceSearch = { no: (search.no ?? '').trim(), firma: (search.firma ?? '').trim() };
    return queryOptions({
      queryKey: invoiceKeys.list(criteria),
      queryFn: ({ signal }) => fetchInvoices(criteria, { signal }),
    });
  },
  detail: (id: string) =>
    queryOptions({
      queryKey: invoiceKeys.detail(id),
      queryFn: ({ signal }) => fetchInvoiceDetail(id, { signal }),
    }),
};
