/**
 * Vade farkı as a table and as a document (print and "PDF indir"): the calculation sheet's columns,
 * and the document with Σ vade farkı carried from page to page (nakli yekün), the totals once (KDV on the total).
 */
import type { DataColumn } from '../../components/data-table';
import type { DocumentHead } from '../../components/document/document-head';
import { tableDocument } from '../../components/document/from-table';
import type { DocSpec } from '../../components/document/paginate';
import { t } from '../../i18n';
import { formatMoney } from '../../lib/format';
import type { IsoDate, Minor } from '../../lib/types';

export interface SheetRow {
  key: string;
  date: IsoDate | null;
  type: string;
  documentNo: string;
  from: IsoDate;
  to: IsoDate;
  kind: string;
  amount: Minor;
  days: number;
  /** The rates applied ("%9 × 16 gün + %24 × 45 gün"). */
  rate: string;
  interest: Minor;
}

export function lateInterestColumns(currency: string): DataColumn<SheetRow>[] {
  return [
    { id: 'date', header: () => t('ledger.col.date'), kind: 'date', value: (r) => r.date, width: '7.5rem' },
    { id: 'type', header: () => t('ledger.col.type'), value: (r) => r.type, width: '11rem' },
    { id: 'documentNo', header: () => t('ledger.col.documentNo'), value: (r) => r.documentNo, width: '11rem' },
    { id: 'from', header: () => t('ledger.lateInterest.col.from'), kind: 'date', value: (r) => r.from, width: '7.5rem' },
    { id: 'to', header: () => t('ledger.lateInterest.col.to'), kind: 'date', value: (r) => r.to, width: '8.5rem' },
    { id: 'kind', header: () => t('ledger.lateInterest.col.kind'), value: (r) => r.kind, width: '6rem' },
    { id: 'amount', header: () => `${t('ledger.col.amount')} (${currency})`, kind: 'money', value: (r) => r.amount, width: '10rem' },
    { id: 'days', header: () => t('ledger.lateInterest.col.days'), kind: 'number', value: (r) => r.days, width: '5rem' },
    { id: 'rate', header: () => t('ledger.lateInterest.col.rate'), value: (r) => r.rate, width: '12rem' },
    { id: 'interest', header: () => `${t('ledger.lateInterest.col.interest')} (${currency})`, kind: 'money', value: (r) => r.interest, width: '10rem' },

  ];
}

/**
 * The sheet as a document: the rows as shown, Σ vade farkı and Σ KDV carried from page to page,
 * the totals once at the end (the sheet's totals); the rate, period, VAT rate and the sum above the table.
 */
export function lateInterestDocument(
  head: DocumentHead,
  columns: readonly DataColumn<SheetRow>[],
  rows: readonly SheetRow[],
  facts: { side: string; rate: string; period: string; vat: string; currency: string; totalInterest: Minor; totalVat: Minor; notes?: readonly string[] },
): DocSpec<SheetRow> {
  const money = (m: Minor) => `${formatMoney(m)} ${facts.currency}`;
  return tableDocument(head, columns, rows, {
    carry: {
      interest: { kind: 'sum', value: (r) => r.interest, format: formatMoney },
    },
    intro: [
      facts.side,
      t('doc.lateInterest.rate', { rate: facts.rate, period: facts.period, vat: facts.vat, currency: facts.currency }),
      t('doc.lateInterest.total', { interest: money(facts.totalInterest), vatAmount: money(facts.totalVat), total: money(facts.totalInterest + facts.totalVat) }),
      ...(facts.notes ?? []),
    ],
    grandTotal: { interest: formatMoney(facts.totalInterest) },
  });
}
