/**
 * The statement as a document: the devir row and lines in date order, Σ borç and Σ alacak carried
 * from page to page with the running balance (nakli yekün), the totals once at the end — the same
 * figures as the screen's totals row. The browser prints it with the columns its table shows; the
 * server (a statement by e-mail) with its own list.
 */
import type { DocumentHead } from './document-head';
import type { DocColumn, DocSpec } from './paginate';
import { tableSpec } from './table-spec';
import { t } from '../../i18n';
import { formatDate, formatMoney } from '../format';
import { balanceText } from '../letter/balance-plain';
import { documentNumberOf } from '../document-number';
import type { StatementRow, StatementSummary } from '../running-balance';

const amountText = (r: StatementRow, f: 'debit' | 'credit') => {
  const raw = r.line?.invalid[f];
  if (raw !== undefined) return raw;
  if (r.kind === 'opening' && r.incomplete) return t('statement.incomplete');
  return r[f] !== 0 || r.kind === 'opening' ? formatMoney(r[f]) : '';
};

/** The printed columns when no screen chose them (the mailed PDF): date, due, type, document number, borç, alacak, bakiye. */
export function statementDocColumns(docKey: string | null): DocColumn<StatementRow>[] {
  return [
    { id: 'date', header: t('ledger.col.date'), text: (r) => (r.line?.date ? formatDate(r.line.date) : ''), chars: 11 },
    { id: 'dueDate', header: t('ledger.col.dueDate'), text: (r) => (r.line?.dueDate ? formatDate(r.line.dueDate) : ''), chars: 11 },
    { id: 'type', header: t('ledger.col.type'), text: (r) => (r.kind === 'opening' ? t('statement.opening') : (r.line?.type ?? '')), chars: 17, wrap: true },
    { id: 'documentNo', header: t('ledger.col.documentNo'), text: (r) => (r.line ? documentNumberOf(r.line, docKey) : ''), chars: 17, wrap: true },
    { id: 'debit', header: t('statement.col.debit'), align: 'end', text: (r) => amountText(r, 'debit'), chars: 15 },
    { id: 'credit', header: t('statement.col.credit'), align: 'end', text: (r) => amountText(r, 'credit'), chars: 15 },
    {
      id: 'balance',
      header: t('statement.col.balance'),
      align: 'end',
      text: (r) => (r.incomplete ? t('statement.incomplete') : balanceText(r.balance)),
      chars: 17,
    },
  ];
}

/** `notes`: lines under the intro (what the TL figure is on a TL + USD account, docs/decisions/0006-tl-figure.md). */
export function statementDocument(
  head: DocumentHead,
  columns: readonly DocColumn<StatementRow>[],
  rows: readonly StatementRow[],
  summary: StatementSummary,
  notes: readonly string[] = [],
): DocSpec<StatementRow> {
  const unreadable = (r: StatementRow, f: 'debit' | 'credit') => r.line?.invalid[f] !== undefined || (r.kind === 'opening' && r.incomplete);
  const incomplete = summary.incomplete.totals;
  const eksik = t('statement.incomplete');
  return tableSpec(head, columns, rows, {
    carry: {
      debit: { kind: 'sum', value: (r) => (unreadable(r, 'debit') ? null : r.debit), format: formatMoney },
      credit: { kind: 'sum', value: (r) => (unreadable(r, 'credit') ? null : r.credit), format: formatMoney },
      balance: { kind: 'last', value: (r) => (r.incomplete ? null : r.balance), format: (m) => balanceText(m) },
    },
    unknownCarry: eksik,
    intro: [
      t('doc.statement.closing', { balance: incomplete ? eksik : balanceText(summary.totals.balance) }),
      t('doc.statement.lines', { count: String(rows.length) }),
      ...notes,
    ],
    grandTotal: {
      debit: incomplete ? eksik : formatMoney(summary.totals.debit),
      credit: incomplete ? eksik : formatMoney(summary.totals.credit),
      balance: incomplete ? eksik : balanceText(summary.totals.balance),
    },
  });
}
