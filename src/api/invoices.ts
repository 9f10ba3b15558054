/**
 * get_fatura (search by invoice number and company name; both sent, "" when not given) and
 * get_fatura_det (detail by fatura_id). Fields undocumented → ErpTable / InvoiceDetail.
 */
import { readInvoiceDetail, readTableAnswer } from './reader';
import { erpQuery } from './erp-call';
import { MAX_PARAM_CHARS, invoiceDetailCall, invoiceKeys, invoiceSearchCall } from '../contract/erp';

/** Longest search text the gateway accepts per parameter: longer input is refused in the form, before any request. */
export const MAX_INVOICE_SEARCH_CHARS = MAX_PARAM_CHARS;

const readInvoices = (json: unknown) => readTableAnswer(json, 'invoice');

export const invoiceQueries = {
  all: invoiceKeys.all,
  list: (search: { no?: string; firma?: string }) => erpQuery(invoiceSearchCall({ no: search.no ?? '', firma: search.firma ?? '' }), readInvoices),
  detail: (id: string) => erpQuery(invoiceDetailCall(id), readInvoiceDetail),
};
