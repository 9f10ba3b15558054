/**
 * Open items ("Açık kalemler") as a table and as a document (print and "PDF indir"): the columns,
 * and the document with Σ tutar / Σ açık kalan carried from page to page (nakli yekün).
 */
import { daysPastDueColumn } from '../../components/aging/days-past-due';
import type { DataColumn } from '../../components/data-table';
import type { DocumentHead } from '../../components/document/document-head';
import { tableDocument } from '../../components/document/from-table';
import type { DocSpec } from '../../components/document/paginate';
import { t } from '../../i18n';
import { formatCount, formatMoney } from '../../lib/format';
import { sumMinor } from '../../lib/money';
import type { IsoDate, Minor } from '../../lib/types';

export interface OpenRow {
  index: number;
  date: IsoDate | null;
  dueDate: IsoDate | null;
  type: string;
  documentNo: string;
  amount: Minor;
  remaining: Minor;
  days: number | null;
  bucket: string;
}

export function openItemsColumns(currency: string): DataColumn<OpenRow>[] {
  return [
    { id: 'date', header: () => t('ledger.col.date'), kind: 'date', value: (r) => r.date, width: '7.5rem' },
    { id: 'dueDate', header: () => t('ledger.col.dueDate'), kind: 'date', value: (r) => r.dueDate, width: '7.5rem' },
    { id: 'type', header: () => t('ledger.col.type'), value: (r) => r.type, width: '12rem' },
    { id: 'documentNo', header: () => t('ledger.col.documentNo'), value: (r) => r.documentNo, width: '12rem' },
    { id: 'amount', header: () => `${t('ledger.col.amount')} (${currency})`, kind: 'money', value: (r) => r.amount, width: '10rem' },
    { id: 'remaining', header: () => `${t('ledger.col.remaining')} (${currency})`, kind: 'money', value: (r) => r.remaining, width: '10rem' },
    daysPastDueColumn<OpenRow>(() => t('ledger.col.days'), (r) => r.days, '7rem'),
    { id: 'bucket', header: () => t('ledger.col.bucket'), value: (r) => r.bucket, width: '9rem' },
  ];
}

/**
 * Open items as a document: the rows as shown, Σ tutar and Σ açık kalan carried from page to page
 * (nakli yekün), their totals once at the end (Σ açık kalan = the open total); above the table on
 * page 1, the side, the open and overdue totals, the basis and the currency.
 */
export function openItemsDocument(
  head: DocumentHead,
  columns: readonly DataColumn<OpenRow>[],
  rows: readonly OpenRow[],
  facts: { side: string; openTotal: string; overdue: string; overdueCount: number; basis: string; currency: string; others?: string | null },
): DocSpec<OpenRow> {
  return tableDocument(head, columns, rows, {
    carry: {
      amount: { kind: 'sum', value: (r) => r.amount, format: formatMoney },
      remaining: { kind: 'sum', value: (r) => r.remaining, format: formatMoney },
    },
    intro: [
      facts.side,
      t('doc.openItems.total', { amount: facts.openTotal }),
      t('doc.openItems.overdue', { amount: facts.overdue, count: formatCount(facts.overdueCount) }),
      t('doc.openItems.basis', { basis: facts.basis, currency: facts.currency }),
      // The account's other currencies, each on its own (never added): on paper as on the screen.
      ...(facts.others ? [facts.others] : []),
    ],
    grandTotal: { amount: formatMoney(sumMinor(rows.map((r) => r.amount))), remaining: formatMoney(sumMinor(rows.map((r) => r.remaining))) },
  });
}

