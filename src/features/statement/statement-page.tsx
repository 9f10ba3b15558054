/**
 * /accounts/:cariId — the account statement (get_cari_extre).
 *
 * URL state: from, to (ISO dates; lines before `from` fold into the devir row), type (one
 * transaction type). The list's balance is compared with the statement's balance over every line
 * as of today (consistency badge, statement-facts.tsx).
 *
 * Laid out for a 1366×768 laptop (18+ rows visible): title and actions in one line, the facts in
 * as few lines as fit, the filters in the table's toolbar, compact rows, the sums (Σ borç, Σ
 * alacak, bakiye) in the table's sticky totals row. An id that is neither in the account list nor
 * has a single statement line is "Cari bulunamadı" (NotFoundState), not an empty statement.
 *
 * Statement first, name later: the lines are all a cold link waits for. The header (name,
 * category, city, list balance) comes from any cached account list; otherwise the name comes at
 * once from the statement answer when it carries one, or from the recently opened / pinned
 * accounts, and the rest is asked only after the statement rows are on screen, at low priority (it
 * never shares the wire with the statement, and nobody waits on it): get_cari filtered by that name
 * (a few rows), the whole list (15 MB at 100,000 accounts) only when no name is known or that answer
 * does not hold the account (use-statement-account.ts).
 *
 * A long statement over a slow link shows its first lines before its last byte, when the ERP sent
 * them in date order (statement.ts isFinalPrefix: their running balances are then already final):
 * said to be only the start, no overdue marks or open-debit facts (payments still to come may close
 * those debits), no totals, no export, until the whole statement is in.
 * State: use-statement-view.ts.
 */
import { Link } from 'react-router-dom';
import { BalanceText } from '../../components/balance';
import { DataTable } from '../../components/data-table';
import { NotFoundState } from '../../components/feedback';
import { PageHeader } from '../../components/layout/page-header';
import { AccountMutabakat } from '../../components/mutabakat/account-mutabakat';
import { AccountTahsilat } from '../../components/tahsilat/account-tahsilat';
import { formatMoney } from '../../domain/format';
import type { StatementRow } from '../../domain/running-balance';
import { t } from '../../i18n';
import { matchingPreset } from './date-range';
import { StatementActions, StatementPanels } from './statement-actions';
import { IncompleteAmount } from './statement-columns';
import { StatementFacts } from './statement-facts';
import { StatementFilters } from './statement-filters';
import { StatementNotices } from './statement-notices';
import { useStatementView } from './use-statement-view';
import './statement.css';

export default function StatementPage() {
  const v = useStatementView();
  const { cariId, from, to, today, type, summary, fx, incomplete, stale, lines, statement, shown } = v;

  if (v.accountMissing && v.statementWhole && (lines?.length ?? 0) === 0) {
    return (
      <NotFoundState title={t('statement.notFound')} backTo={v.backTo} backLabel={t('statement.back')}>
        {t('statement.notFound.text', { id: cariId })}
      </NotFoundState>
    );
  }

  return (
    <div className="statement-page">
      <div className="statement-title">
        <div className="statement-nav no-print">
          <Link to={v.backTo} className="statement-back">
            ← {t('statement.back')}
          </Link>
          <StatementPanels v={v} />
        </div>
        <PageHeader title={v.name ?? t('statement.title')}>
          <StatementActions v={v} />
        </PageHeader>
      </div>
      {v.mutabakatOpen && <AccountMutabakat accountId={cariId} />}
      {v.tahsilatOpen && <AccountTahsilat accountId={cariId} />}

      <StatementFacts
        cariId={cariId}
        account={v.account}
        factsPending={v.factsPending}
        rangeText={v.rangeText}
        swapped={v.swapped}
        to={to}
        ranged={from !== null || to !== null}
        summary={incomplete ? null : summary}
        summaryPending={incomplete}
      />
      <StatementNotices v={v} />

      <DataTable<StatementRow>
        data={v.rows}
        columns={v.columns}
        getRowId={(r) => (r.line ? String(r.line.index) : 'opening')}
        rowClassName={(r) => (r.kind === 'opening' ? 'statement-row--opening' : r.overdue ? 'statement-row--overdue' : undefined)}
        aria-label={t('statement.table.label')}
        maxHeight="viewport"
        density="compact"
        // Still loading, also while the first lines are in but none can be shown yet (all before `from`).
        loading={(!shown || (incomplete && v.rows.length === 0)) && !statement.isError}
        incomplete={incomplete}
        error={statement.error ?? undefined}
        onRetry={() => void statement.refetch()}
        emptyMessage={
          stale ? t('common.date.refused', { result: t('statement.result') }) : lines && lines.length === 0 ? t('statement.empty.all') : t('statement.empty')
        }
        csvFileName={`${t('statement.csv.file')}-${cariId}.csv`}
        documentHead={v.documentHead}
        toolbar={
          <StatementFilters
            from={from}
            to={to}
            today={today}
            activePreset={matchingPreset({ from, to }, today)}
            type={type}
            typeOptions={summary?.types ?? []}
            onRange={v.setRange}
            onType={v.setType}
            onRefused={v.onRefused}
          />
        }
        tableId="statement"
        // On paper: the statement as a document (pages with their head, nakli yekün, page numbers).
        printDocument={v.ready ? (view) => v.docSpec(view.rows, view.columns) : undefined}
        sheetName={`${t('statement.title')} ${cariId}`}
        // The file's totals row says what the screen's says: the TL figures and each foreign-currency balance.
        exportTotals={
          summary
            ? {
                debit: summary.totals.debit,
                credit: summary.totals.credit,
                balance: summary.totals.balance,
                ...Object.fromEntries((fx?.totals ?? []).map((x) => [`fx:${x.currency}`, x.balance])),
              }
            : undefined
        }
        totalsRow={
          summary && !incomplete
            ? {
                date: summary.filtered ? t('statement.totals.shown', { type }) : t('statement.totals'),
                debit: <span data-testid="sum-debit">{summary.incomplete.totals ? <IncompleteAmount /> : formatMoney(summary.totals.debit)}</span>,
                credit: <span data-testid="sum-credit">{summary.incomplete.totals ? <IncompleteAmount /> : formatMoney(summary.totals.credit)}</span>,
                balance: (
                  <span data-testid="sum-balance">{summary.incomplete.totals ? <IncompleteAmount /> : <BalanceText minor={summary.totals.balance} />}</span>
                ),
                ...Object.fromEntries(
                  (fx?.totals ?? []).map((x) => [`fx:${x.currency}`, <BalanceText key={x.currency} minor={x.balance} currency={x.currency} />]),
                ),
              }
            : undefined
        }
      />
    </div>
  );
}
