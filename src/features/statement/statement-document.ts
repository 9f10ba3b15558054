/**
 * The statement as printed from the page (print and "PDF indir"): the columns the screen shows, the
 * domain's document (src/domain/document/statement-document.ts).
 */
import type { DataColumn } from '../../components/data-table';
import { docColumns } from '../../components/document/from-table';
import type { DocumentHead } from '../../domain/document/document-head';
import type { DocSpec } from '../../domain/document/paginate';
import { statementDocument as documentOf } from '../../domain/document/statement-document';
import type { StatementRow, StatementSummary } from '../../domain/running-balance';

export function statementDocument(
  head: DocumentHead,
  columns: readonly DataColumn<StatementRow>[],
  rows: readonly StatementRow[],
  summary: StatementSummary,
  notes: readonly string[] = [],
): DocSpec<StatementRow> {
  return documentOf(head, docColumns(columns), rows, summary, notes);
}
