/**
 * Open items ("Açık kalemler") as a document: Σ tutar and Σ açık kalan carried from page to page
 * (nakli yekün), their totals once at the end (Σ açık kalan = the open total); above the table on
 * page 1, the side, the open and overdue totals, the basis and the currency. The browser prints it
 * with the columns its table shows; the server (reminders, statements by e-mail) with its own list.
 */
import type { DocumentHead } from './document-head';
import type { DocColumn, DocSpec } from './paginate';
import { tableSpec } from './table-spec';
import { t } from '../../i18n';
import { formatCount, formatDate, formatMoney } from '../format';
import { sumMinor } from '../money';
import { daysPastDueText } from '../days-past-due';
import type { IsoDate, Minor } from '../types';

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

export interface OpenItemsFacts {
  side: string;
  openTotal: string;
  overdue: string;
  overdueCount: number;
  basis: string;
  currency: string;
  others?: string | null;
}

const date = (d: IsoDate | null) => (d ? formatDate(d) : '');

/** The printed columns when no screen chose them (the mailed PDFs): all of them, as the page shows them by default. */
export function openItemsDocColumns(currency: string): DocColumn<OpenRow>[] {
  return [
    { id: 'date', header: t('ledger.col.date'), text: (r) => date(r.date), chars: 11 },
    { id: 'dueDate', header: t('ledger.col.dueDate'), text: (r) => date(r.dueDate), chars: 11 },
    { id: 'type', header: t('ledger.col.type'), text: (r) => r.type, chars: 17, wrap: true },
    { id: 'documentNo', header: t('ledger.col.documentNo'), text: (r) => r.documentNo, chars: 17, wrap: true },
    { id: 'amount', header: `${t('ledger.col.amount')} (${currency})`, align: 'end', text: (r) => formatMoney(r.amount), chars: 15 },
    { id: 'remaining', header: `${t('ledger.col.remaining')} (${currency})`, align: 'end', text: (r) => formatMoney(r.remaining), chars: 15 },
    { id: 'days', header: t('ledger.col.days'), align: 'end', text: (r) => daysPastDueText(r.days), chars: 10 },
    { id: 'bucket', header: t('ledger.col.bucket'), text: (r) => r.bucket, chars: 13, wrap: true },
  ];
}

export function openItemsDocument(
  head: DocumentHead,
  columns: readonly DocColumn<OpenRow>[],
  rows: readonly OpenRow[],
  facts: OpenItemsFacts,
): DocSpec<OpenRow> {
  return tableSpec(head, columns, rows, {
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
