/**
 * Vade farkı as a table: the calculation sheet's columns. The document (print and "PDF indir") is
 * src/domain/document/late-interest-document.ts, printed with the columns the table shows.
 */
import type { DataColumn } from '../../components/data-table';
import { docColumns } from '../../components/document/from-table';
import type { DocumentHead } from '../../domain/document/document-head';
import type { DocSpec } from '../../domain/document/paginate';
import { lateInterestDocument as documentOf, type LateInterestFacts, type SheetRow } from '../../domain/document/late-interest-document';
import { t } from '../../i18n';

export type { SheetRow };

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

/** The sheet as printed from the page: the table's shown columns, the domain's document. */
export function lateInterestDocument(
  head: DocumentHead,
  columns: readonly DataColumn<SheetRow>[],
  rows: readonly SheetRow[],
  facts: LateInterestFacts,
): DocSpec<SheetRow> {
  return documentOf(head, docColumns(columns), rows, facts);
}
