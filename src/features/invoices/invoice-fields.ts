/** Which ERP columns of an invoice answer carry the recognised fields (erp-aliases.json, "invoice"). */
import type { ErpColumn } from '../../api/types';
import { cellText, type ErpRow } from '../../components/data-table/erp-columns';

export interface InvoiceLayout {
  idKey?: string;
  numberKey?: string;
  dateKey?: string;
  companyKey?: string;
  accountIdKey?: string;
  totalKey?: string;
  currencyKey?: string;
  /** The column that opens the detail: the number, else the id. */
  primaryKey?: string;
  text: (row: ErpRow, key: string | undefined) => string;
}

export function invoiceLayout(columns: readonly ErpColumn[]): InvoiceLayout {
  const key = (field: string) => columns.find((c) => c.field === field)?.key;
  const idKey = key('id');
  const numberKey = key('number');
  return {
    idKey,
    numberKey,
    dateKey: key('date'),
    companyKey: key('company'),
    accountIdKey: key('accountId'),
    totalKey: key('total'),
    currencyKey: key('currency'),
    primaryKey: numberKey ?? idKey,
    text: (row, k) => (k ? cellText(row[k]) : ''),
  };
}

/** /invoices/:faturaId of a row, or null when the ERP sent no invoice id. */
export function invoiceHref(row: ErpRow, layout: InvoiceLayout): string | null {
  const id = layout.text(row, layout.idKey);
  return id ? `/invoices/${encodeURIComponent(id)}` : null;
}
