/** Which ERP columns of an invoice answer carry the recognised fields (erp-aliases.json, "invoice"). */
import type { ErpColumn, ErpTable } from '../../domain/erp-types';
import { cellText, type ErpRow } from '../../components/data-table/erp-columns';
import { invoiceTypeKey } from '../../domain/invoice-type-key';
import { matchInvoiceNumber } from './invoice-totals';

export interface InvoiceLayout {
  idKey?: string;
  numberKey?: string;
  dateKey?: string;
  dueDateKey?: string;
  companyKey?: string;
  accountIdKey?: string;
  totalKey?: string;
  currencyKey?: string;
  /** The document type ("Satış Faturası", "Alış Faturası", "İade…"): totals are kept apart per type. */
  typeKey?: string;
  /** The column that opens the detail: the number, else the id. */
  primaryKey?: string;
  text: (row: ErpRow, key: string | undefined) => string;
}

export function invoiceLayout(columns: readonly ErpColumn[]): InvoiceLayout {
  const key = (field: string) => columns.find((c) => c.field === field)?.key;
  const typeKey = invoiceTypeKey(columns);
  const idKey = key('id');
  const numberKey = key('number');
  return {
    idKey,
    numberKey,
    dateKey: key('date'),
    dueDateKey: key('dueDate'),
    companyKey: key('company'),
    accountIdKey: key('accountId'),
    totalKey: key('total'),
    currencyKey: key('currency'),
    typeKey,
    primaryKey: numberKey ?? idKey,
    text: (row, k) => (k ? cellText(row[k]) : ''),
  };
}

/** /invoices/:faturaId of a row, or null when the ERP sent no invoice id. */
export function invoiceHref(row: ErpRow, layout: InvoiceLayout): string | null {
  const id = layout.text(row, layout.idKey);
  return id ? `/invoices/${encodeURIComponent(id)}` : null;
}

/** The columns with the internal invoice id moved last (users read the number; the id is for the ERP). */
export function idColumnLast<C extends { id: string }>(columns: C[], idKey: string | undefined): C[] {
  if (!idKey) return columns;
  const id = columns.find((c) => c.id === idKey);
  return id ? [...columns.filter((c) => c !== id), id] : columns;
}

/**
 * The one invoice a number search means, if it is unambiguous: the only exact match, else the only
 * row that matches at all ("417" → "SF2026000417"). Its /invoices/:id, or null (then show the list).
 */
export function uniqueInvoiceHref(table: ErpTable, no: string): string | null {
  const layout = invoiceLayout(table.columns);
  const numberOf = (row: ErpRow) => layout.text(row, layout.numberKey);
  const candidates = table.rows.filter((row) => layout.numberKey === undefined || matchInvoiceNumber(no, numberOf(row)) !== null);
  const exact = layout.numberKey ? candidates.filter((row) => matchInvoiceNumber(no, numberOf(row)) === 'exact') : [];
  const single = exact.length === 1 ? exact[0] : candidates.length === 1 ? candidates[0] : undefined;
  return single ? invoiceHref(single, layout) : null;
}
