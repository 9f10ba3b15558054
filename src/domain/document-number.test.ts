import { describe, expect, it } from 'vitest';
import { isDocumentNumberColumn, looksLikeInvoiceNumber } from './document-number';

describe('document numbers', () => {
  it('recognises invoice-like numbers', () => {
    expect(looksLikeInvoiceNumber('ABC2026000000123')).toBe(true);
    expect(looksLikeInvoiceNumber('SF2026000417')).toBe(true);
    expect(looksLikeInvoiceNumber(' af2025000030 ')).toBe(true);
  });
  it('does not link plain numbers, payment references or text', () => {
    expect(looksLikeInvoiceNumber('123456')).toBe(false);
    expect(looksLikeInvoiceNumber('THS-2026-000012')).toBe(false);
    expect(looksLikeInvoiceNumber('ACL-2025-000001')).toBe(false);
    expect(looksLikeInvoiceNumber('SF1999000001')).toBe(false);
    expect(looksLikeInvoiceNumber('Ocak kirası')).toBe(false);
    expect(looksLikeInvoiceNumber('')).toBe(false);
  });
  it('finds document-number columns by key', () => {
    const col = (key: string, folded: string, field?: string) => ({ key, folded, label: key, kind: 'text' as const, field });
    expect(isDocumentNumberColumn(col('BELGE_NO', 'belgeno'))).toBe(true);
    expect(isDocumentNumberColumn(col('PAPER_NO', 'paperno'))).toBe(true);
    expect(isDocumentNumberColumn(col('X', 'x', 'invoiceNo'))).toBe(true);
    expect(isDocumentNumberColumn(col('ACIKLAMA', 'aciklama'))).toBe(false);
  });
});
