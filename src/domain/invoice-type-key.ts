/**
 * The column of an invoice answer that names the document type ("Satış Faturası", "Alış Faturası",
 * "İade…"): matched by key or label rather than as a reader field (the type only groups totals and
 * places a document on Form Ba or Bs; every column is shown anyway).
 */
import type { ErpColumn } from './erp-types';
import { foldKey } from './turkish';

const TYPE_KEYS = new Set([
  'faturaturu',
  'faturatipi',
  'processname',
  'processcat',
  'invoicetype',
  'invoicecat',
  'islemadi',
  'islemturu',
  'belgeturu',
  'fisturu',
  'tur',
  'type',
]);

export function invoiceTypeKey(columns: readonly ErpColumn[]): string | undefined {
  return columns.find((c) => c.kind === 'text' && !c.field && (TYPE_KEYS.has(foldKey(c.key)) || TYPE_KEYS.has(foldKey(c.label))))?.key;
}
