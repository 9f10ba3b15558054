/**
 * Which extra statement columns hold a document number, and which values look like an invoice
 * number (so they link to /invoices?no=…).
 *
 * Document-number columns: the reader's recognised `invoiceNo` field, or a folded key among the
 * usual Workcube/ERP names (belge_no, evrak_no, paper_no, document_no, fatura_no, invoice_no …).
 * An invoice number looks like a series + year + sequence, written without separators: the GİB
 * e-Fatura/e-Arşiv form (3 letters/digits + year + 9 digits, "ABC2026000000123") or a Workcube
 * invoice series ("SF2026000417": 1–3 letters + year + 6–9 digits). Receipts and vouchers written
 * with separators ("THS-2026-000012", "ACL-2025-000001", "VRM-…") and plain numbers do not link.
 */
import type { Cell, ErpColumn } from './erp-types';
import { cellText } from './cell-text';
import { foldKey } from './turkish';

const DOC_KEYS = new Set([
  'belgeno',
  'belgenumarasi',
  'evrakno',
  'evraknumarasi',
  'paperno',
  'papernumber',
  'documentno',
  'documentnumber',
  'docno',
  'faturano',
  'faturanumarasi',
  'invoiceno',
  'invoicenumber',
  'islemno',
  'fisno',
]);

export function isDocumentNumberColumn(col: ErpColumn): boolean {
  return col.field === 'invoiceNo' || DOC_KEYS.has(col.folded || foldKey(col.key));
}

const INVOICE_RE = /^(?:[A-Z0-9]{3}20\d{2}\d{9}|[A-Z]{1,3}20\d{2}\d{6,9})$/;

export function looksLikeInvoiceNumber(value: string): boolean {
  const v = value.trim().toUpperCase();
  return INVOICE_RE.test(v);
}

/** The key of the statement's document-number column (the first one), or null. */
export function documentNumberKey(columns: readonly ErpColumn[]): string | null {
  return columns.find(isDocumentNumberColumn)?.key ?? null;
}

/** A line's document number as the ERP wrote it ("" when the statement has none). */
export function documentNumberOf(line: { extras: Record<string, Cell> } | undefined, key: string | null): string {
  return line && key ? cellText(line.extras[key]) : '';
}
