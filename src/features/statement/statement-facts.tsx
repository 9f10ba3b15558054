/**
 * The statement's facts under the title, in as few lines as the screen allows: account id,
 * category, city, the range, the account's balance (all types: it stays here under a type filter),
 * the overdue total, ortalama vade and payment behaviour — from the open-item engine as of the
 * range's end (else today), on the side of the balance (a supplier's overdue invoices: "… A") —
 * and the consistency badge, which says what it compares
 * (the list's balance with the statement's balance over every line, today) and, under a range,
 * that the table's balance is the one at the range's end.
 */
import type { Account } from '../../domain/erp-types';
import { balanceText } from '../../components/balance';
import { t } from '../../i18n';
import { formatCount, formatDate, formatNumber } from '../../domain/format';
import type { IsoDate } from '../../domain/types';
import type { StatementSummary } from '../../domain/running-balance';
import { IncompleteAmount } from './statement-columns';

const days = (v: number | null) => (v === null ? t('statement.summary.none') : t('statement.summary.late.value', { days: formatNumber(v, 1) }));

export function StatementFacts({
  cariId,
  account,
  factsPending,
  rangeText,
  swapped,
  to,
  ranged,
  summary,
  summaryPending = false,
}: {
  cariId: string;
  account: Account | undefined;
  /** The rows are there and the account's facts are on their way (the background list). */
  factsPending: boolean;
  rangeText: string;
  /** The typed (or linked) range came the wrong way round and was swapped: said next to it. */
  swapped: boolean;
  to: IsoDate | null;
  /** A from/to range is set: the table's balance is the balance at its end, not today's. */
  ranged: boolean;
  summary: StatementSummary | null;
  /** The statement's first lines are shown, the rest is still arriving: the open-debit facts wait for it. */
  summaryPending?: boolean;
}) {
  const listBalance = account?.balance ?? null;
  // A statement with an unreadable amount cannot confirm or contradict the list's balance.
  const consistent = summary && listBalance !== null && !summary.incomplete.final ? summary.finalBalance === listBalance : null;
  return (
    <div className="statement-facts">
      <dl className="statement-account">
        <div>
          <dt>{t('statement.header.id')}</dt>
          <dd>{cariId}</dd>
        </div>
        {(account || factsPending) && (
          <>
            <div aria-busy={factsPending || undefined}>
              <dt>{t('statement.header.category')}</dt>
              <dd>{account ? account.category : '…'}</dd>
            </div>
            <div aria-busy={factsPending || undefined}>
              <dt>{t('statement.header.city')}</dt>
              <dd>{account ? [account.province, account.district].filter(Boolean).join(' / ') : '…'}</dd>
            </div>
          </>
        )}
        <div>
          <dt>{t('statement.range.label')}</dt>
          <dd>
            <span data-testid="statement-range">{rangeText}</span>
            {swapped && (
              <span className="statement-swapped" role="status" data-testid="range-swapped">
                {' '}
                {t('statement.range.swapped')}
              </span>
            )}
          </dd>
        </div>
        {!summary && summaryPending && (
          // Open debits are matched FIFO against payments that may still be on their way.
          <>
            <div aria-busy="true">
              <dt>{t('statement.summary.overdue.pending')}</dt>
              <dd className="num" data-testid="sum-overdue">
                …
              </dd>
            </div>
            <div aria-busy="true">
              <dt>{t('statement.summary.averageDue')}</dt>
              <dd className="num" data-testid="sum-average-due">
                …
              </dd>
            </div>
          </>
        )}
        {summary && (
          <>
            <div title={t('statement.summary.accountBalance.hint')}>
              <dt>{t('statement.summary.accountBalance', { date: formatDate(summary.balanceDate) })}</dt>
              <dd className="num" data-testid="account-balance">
                {summary.incomplete.closing ? <IncompleteAmount /> : balanceText(summary.closingBalance)}
              </dd>
            </div>
            <div className={summary.overdue.total > 0 ? 'statement-summary__overdue' : undefined} title={t('statement.summary.asOfToday.hint')}>
              <dt>{t('statement.summary.overdue', { date: formatDate(summary.asOf) })}</dt>
              <dd className="num" data-testid="sum-overdue">
                {summary.incomplete.open ? <IncompleteAmount /> : balanceText(summary.overdue.total * (summary.side === 'credit' ? -1 : 1))}
                {!summary.incomplete.open && summary.overdue.count > 0 && (
                  <span className="statement-summary__sub"> ({t('statement.summary.overdueCount', { count: formatCount(summary.overdue.count) })})</span>
                )}
              </dd>
            </div>
            <div title={t('statement.summary.averageDue.hint')}>
              <dt>{t('statement.summary.averageDue')}</dt>
              <dd className="num" data-testid="sum-average-due">
                {summary.incomplete.open ? (
                  <IncompleteAmount />
                ) : summary.open.averageDueDate ? (
                  formatDate(summary.open.averageDueDate)
                ) : (
                  t('statement.summary.none')
                )}
              </dd>
            </div>
            <div title={t('statement.summary.late.hint', { date: formatDate(summary.asOf) })}>
              <dt>{t('statement.summary.late')}</dt>
              <dd className="num" data-testid="sum-days-late">
                {summary.incomplete.open ? <IncompleteAmount /> : days(summary.behaviour.averageDaysLate)}
              </dd>
            </div>
            <div title={t('statement.summary.toPay.hint', { date: formatDate(summary.asOf) })}>
              <dt>{t('statement.summary.toPay')}</dt>
              <dd className="num" data-testid="sum-days-to-pay">
                {summary.incomplete.open ? <IncompleteAmount /> : days(summary.behaviour.averageDaysToPay)}
              </dd>
            </div>
          </>
        )}
      </dl>
      {factsPending && (
        // Holds the place of the consistency badge, so the rows do not move when the list arrives.
        <p className="badge badge--pending" data-testid="consistency-pending">
          {t('statement.consistency.pending')}
        </p>
      )}
      {consistent === true && summary && (
        <p className="badge badge--ok" data-testid="consistency">
          ✓{' '}
          {ranged
            ? t('statement.consistency.okRange', { balance: balanceText(summary.finalBalance), date: to ? formatDate(to) : t('statement.range.openEnd') })
            : t('statement.consistency.ok', { balance: balanceText(summary.finalBalance) })}
        </p>
      )}
      {summary && listBalance !== null && summary.incomplete.final && (
        <p className="badge badge--warn" data-testid="consistency">
          ⚠ {t('statement.consistency.unknown')}
        </p>
      )}
      {consistent === false && summary && listBalance !== null && (
        <p className="badge badge--warn" role="alert" data-testid="consistency">
          ⚠ {t('statement.consistency.diff', { list: balanceText(listBalance), statement: balanceText(summary.finalBalance) })}
        </p>
      )}
    </div>
  );
}
