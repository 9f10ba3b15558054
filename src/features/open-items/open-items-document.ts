/**
 * Open items ("Açık kalemler") as a table: the columns. The document (print and "PDF indir") is
 * src/domain/document/open-items-document.ts, printed with the columns the table shows.
 */
import { daysPastDueColumn } from '../../components/aging/days-past-due';
import type { DataColumn } from '../../components/data-table';
import { docColumns } from '../../components/document/from-table';
import type { DocumentHead } from '../../domain/document/document-head';
import type { DocSpec } from '../../domain/document/paginate';
import { openItemsDocument as documentOf, type OpenItemsFacts, type OpenRow } from '../../domain/document/open-items-document';
import { t } from '../../i18n';

export type { OpenRow };

export function openItemsColumns(currency: string): DataColumn<OpenRow>[] {
  return [
    { id: 'date', header: () => t('ledger.col.date'), kind: 'date', value: (r) => r.date, width: '7.5rem' },
    { id: 'dueDate', header: () => t('ledger.col.dueDate'), kind: 'date', value: (r) => r.dueDate, width: '7.5rem' },
    { id: 'type', header: () => t('ledger.col.type'), value: (r) => r.type, width: '12rem' },
    { id: 'documentNo', header: () => t('ledger.col.documentNo'), value: (r) => r.documentNo, width: '12rem' },
    { id: 'amount', header: () => `${t('ledger.col.amount')} (${currency})`, kind: 'money', value: (r) => r.amount, width: '10rem' },
    { id: 'remaining', header: () => `${t('ledger.col.remaining')} (${currency})`, kind: 'money', value: (r) => r.remaining, width: '10rem' },
    daysPastDueColumn<OpenRow>(
      () => t('ledger.col.days'),
      (r) => r.days,
      '7rem',
    ),
    { id: 'bucket', header: () => t('ledger.col.bucket'), value: (r) => r.bucket, width: '9rem' },
  ];
}

/** The open items as printed from the page: the table's shown columns, the domain's document. */
export function openItemsDocument(
  head: DocumentHead,
  columns: readonly DataColumn<OpenRow>[],
  rows: readonly OpenRow[],
  facts: OpenItemsFacts,
): DocSpec<OpenRow> {
  return documentOf(head, docColumns(columns), rows, facts);
}
