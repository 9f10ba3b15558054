/**
 * get_fatura (search by invoice number and company name; both sent, "" when not given) and
 * get_fatura_det (detail by fatura_id). Fields undocumented → ErpTable / InvoiceDetail.
 */
import { readInvoiceDetail, readTableAnswer } from './reader';
import { queryOptions } from '@tanstack/react-query';
import { erpQuery, fetchErp } from './erp-call';
import { MAX_PARAM_CHARS, invoiceDetailCall, invoiceKeys, invoiceSearchCall } from '../contract/erp';

/** Longest search text the gateway accepts per parameter: longer input is refused in the form, before any request. */
export const MAX_INVOICE_SEARCH_CHARS = MAX_PARAM_CHARS;

const readInvoices = (json: unknown) => readTableAnswer(json, 'invoice');

/** An invoice number without the separators people write into it: "SF2026-000417", "sf 2026/000417" → "SF2026000417". */
export function compactInvoiceNumber(no: string): string {
  return no.replace(/[\s\-/._]+/g, '').toLocaleUpperCase('tr-TR');
}

/**
 * get_fatura by number (and company). e-invoice numbers have no separators but people type them in:
 * a number with separators that the ERP does not find as typed is asked once more without them (an
 * installation whose numbers do carry separators still finds them as typed).
 */
function invoiceList(search: { no?: string; firma?: string }) {
  const no = search.no ?? '';
  const firma = search.firma ?? '';
  const call = invoiceSearchCall({ no, firma });
  const compact = compactInvoiceNumber(no);
  if (!/[\s\-/._]/.test(no.trim()) || !compact) return erpQuery(call, readInvoices);
  return queryOptions({
    queryKey: call.queryKey,
    queryFn: async ({ signal }) => {
      const asTyped = readInvoices(await fetchErp(call, { signal }));
      if (asTyped.rows.length > 0) return asTyped;
      return readInvoices(await fetchErp(invoiceSearchCall({ no: compact, firma }), { signal }));
    },
  });
}

export const invoiceQueries = {
  all: invoiceKeys.all,
  list: invoiceList,
  detail: (id: string) => erpQuery(invoiceDetailCall(id), readInvoiceDetail),
};
