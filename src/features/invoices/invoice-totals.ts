/**
 * Invoice arithmetic (pure, integer kuruş): Σ of the lines and VAT grouped by rate, over the
 * lines table of an invoice detail, using the recognised line fields (amount, vatRate,
 * vatAmount from erp-aliases.json). Also the invoice-number matching used by the search.
 */
import type { Cell, ErpColumn, ErpTable } from '../../domain/erp-types';
import type { Minor } from '../../domain/types';
import { foldKey } from '../../domain/turkish';
import { sumMinor, vatOf } from '../../domain/money';

export interface VatGroup {
  /** The rate in hundredths of a percent (20% → 2000), for exact grouping and sorting. */
  rateHundredths: number;
  /** The rate as a number (20, 8, 0.5) for display. */
  rate: number;
  base: Minor;
  vat: Minor;
}

export interface InvoiceTotals {
  /** Σ of the line totals (gross) when recognisable: the amount column, else net + VAT. */
  linesTotal: Minor | null;
  /** Σ of the net line amounts, when a net column is recognised. */
  netTotal: Minor | null;
  /** VAT by rate, ascending; null when the rate column (and an amount or VAT column) is missing. */
  vatByRate: VatGroup[] | null;
  /** True when VAT was computed from base × rate (the ERP sent no VAT amount column). */
  vatComputed: boolean;
  vatTotal: Minor | null;
}

export function findField(columns: readonly ErpColumn[], field: string): ErpColumn | undefined {
  return columns.find((c) => c.field === field);
}

function minorOf(cell: Cell | undefined): Minor | null {
  return cell?.kind === 'number' ? cell.minor : null;
}

function sumColumn(lines: ErpTable, col: ErpColumn | undefined): Minor | null {
  if (!col) return null;
  return sumMinor(lines.rows.map((row) => minorOf(row[col.key])));
}

/**
 * Line fields used (erp-aliases.json, invoiceLine): amount (line total), netAmount, vatAmount,
 * vatRate. VAT base of a line = net, else amount − VAT (both given), else amount.
 */
export function invoiceTotals(lines: ErpTable): InvoiceTotals {
  const amount = findField(lines.columns, 'amount');
  const net = findField(lines.columns, 'netAmount');
  const rate = findField(lines.columns, 'vatRate');
  const vatAmount = findField(lines.columns, 'vatAmount');
  const netTotal = sumColumn(lines, net);
  const vatSum = sumColumn(lines, vatAmount);
  const grossSum = sumColumn(lines, amount);
  const linesTotal = grossSum ?? (netTotal !== null ? netTotal + (vatSum ?? 0) : null);
  if (!rate || (!amount && !net && !vatAmount)) {
    // No rate: the VAT is what the ERP sent, else the lines' VAT-inclusive total less their net one
    // ("Satır Toplam Fiyat Kdv Dahil" − "Satır Toplam Fiyat KDV H.").
    const vatTotal = vatSum ?? (grossSum !== null && netTotal !== null ? grossSum - netTotal : null);
    return { linesTotal, netTotal, vatByRate: null, vatComputed: false, vatTotal };
  }
  const groups = new Map<number, VatGroup>();
  for (const row of lines.rows) {
    const r = row[rate.key];
    if (r?.kind !== 'number') continue;
    let g = groups.get(r.minor);
    if (!g) {
      g = { rateHundredths: r.minor, rate: r.value, base: 0, vat: 0 };
      groups.set(r.minor, g);
    }
    const lineVat = vatAmount ? minorOf(row[vatAmount.key]) : null;
    const lineAmount = amount ? minorOf(row[amount.key]) : null;
    const lineNet = net ? minorOf(row[net.key]) : null;
    const base = net ? (lineNet ?? 0) : lineAmount !== null && lineVat !== null ? lineAmount - lineVat : (lineAmount ?? 0);
    g.base += base;
    // The line's VAT: as sent; else its VAT-inclusive amount less its net one (both sent: exact);
    // else computed from base × rate.
    g.vat += vatAmount ? (lineVat ?? 0) : amount && net ? (lineAmount ?? 0) - (lineNet ?? 0) : vatOf(base, r.minor / 100);
  }
  const vatByRate = [...groups.values()].sort((a, b) => a.rateHundredths - b.rateHundredths);
  const vatTotal = sumMinor(vatByRate.map((g) => g.vat));
  return { linesTotal, netTotal, vatByRate, vatComputed: !vatAmount && !(amount && net), vatTotal };
}

/**
 * Does an invoice number match what the user typed? Folded (case, Turkish letters, separators
 * ignored); digits-only queries also match the number's trailing digits ("417" → "OO2026000417").
 * Returns 'exact', 'suffix', 'contains' or null.
 */
export function matchInvoiceNumber(query: string, invoiceNumber: string): 'exact' | 'suffix' | 'contains' | null {
  const q = foldKey(query);
  const n = foldKey(invoiceNumber);
  if (!q || !n) return null;
  if (n === q) return 'exact';
  if (n.endsWith(q)) return 'suffix';
  if (/^\d+$/.test(q)) {
    // "417" also finds "...000417" and "OO2026-417"; "0417" finds "...417" too.
    const digits = /(\d+)$/.exec(n)?.[1];
    if (digits && digits.replace(/^0+/, '').endsWith(q.replace(/^0+/, '')) && q.replace(/^0+/, '')) return 'suffix';
  }
  if (n.includes(q)) return 'contains';
  return null;
}
