/**
 * The statement as a document (print and "PDF indir"): the columns the screen shows, the devir row
 * and lines in the screen's order, Σ borç and Σ alacak carried from page to page with the running
 * balance (nakli yekün), the totals once at the end — the same figures as the screen's totals row.
 */
import { balanceText } from '../../components/balance';
import type { DataColumn } from '../../components/data-table';
import { tableDocument } from '../../components/document/from-table';
import type { DocumentHead } from '../../domain/document/document-head';
import type { DocSpec } from '../../domain/document/paginate';
import { t } from '../../i18n';
import { formatMoney } from '../../domain/format';
import type { StatementRow, StatementSummary } from '../../domain/running-balance';

export function statementDocument(head: DocumentHead, columns: readonly DataColumn<StatementRow>[], rows: readonly StatementRow[], summary: StatementSummary, notes: readonly string[] = []): DocSpec<StatementRow> {
  const unreadable = (r: StatementRow, f: 'debit' | 'credit') => r.line?.invalid[f] !== undefined || (r.kind === 'opening' && r.incomplete);
  const incomplete = summary.incomplete.totals;
  const eksik = t('statement.incomplete');
  return tableDocument(head, columns, rows, {
    carry: {
      debit: { kind: 'sum', value: (r) => (unreadable(r, 'debit') ? null : r.debit), format: formatMoney },
      credit: { kind: 'sum', value: (r) => (unreadable(r, 'credit') ? null : r.credit), format: formatMoney },
      balance: { kind: 'last', value: (r) => (r.incomplete ? null : r.balance), format: (m) => balanceText(m) },
    },
    unknownCarry: eksik,
    intro: [t('doc.statement.closing', { balance: incomplete ? eksik : balanceText(summary.totals.balance) }), t('doc.statement.lines', { count: String(rows.length) }), ...notes],
    grandTotal: {
      debit: incomplete ? eksik : formatMoney(summary.totals.debit),
      credit: incomplete ? eksik : formatMoney(summary.totals.credit),
      balance: incomplete ? eksik : balanceText(summary.totals.balance),
    },
  });
}
