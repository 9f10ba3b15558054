/** Between the statement's facts and its lines: refused dates, an unknown account, a failed header, foreign currencies, the type filter, unreadable lines. */
import { ErrorState } from '../../components/feedback';
import { TlBasisNote } from '../../components/statement/tl-basis-note';
import { formatCount, formatDate } from '../../domain/format';
import { t } from '../../i18n';
import { StatementFx } from './statement-fx';
import type { StatementView } from './use-statement-view';

export function StatementNotices({ v }: { v: StatementView }) {
  const { summary, incomplete, stale, fx, list } = v;
  const firstUnreadable = summary?.incomplete.from ?? null;
  return (
    <>
      {v.badParams.map((b) => (
        <p key={b.key} className="notice notice--warn" role="alert">
          {t('common.date.badParam', {
            field: t(b.key === 'from' ? 'statement.param.from' : 'statement.param.to'),
            value: b.value,
            result: t('statement.result'),
          })}
        </p>
      ))}
      {v.accountMissing && <p className="notice">{t('statement.header.unknown')}</p>}
      {!v.account && list.isError && (
        // The header lookup failed: say so (the statement below is still shown), never "not found".
        <ErrorState title={t('statement.header.error')} error={list.error} onRetry={() => void list.refetch()} />
      )}
      {fx && !incomplete && !stale && <StatementFx fx={fx} />}
      {v.prepared && <TlBasisNote basis="equivalent" foreign={v.prepared.fx.currencies} />}
      {summary?.filtered && (
        <p className="notice" role="status" data-testid="statement-filtered">
          {t('statement.filtered.notice', { type: v.type })}
        </p>
      )}
      {(v.statementWhole?.warnings ?? 0) > 0 && <p className="notice">{t('statement.warnings', { count: formatCount(v.statementWhole!.warnings) })}</p>}
      {firstUnreadable && (
        <p className="notice" role="status" data-testid="statement-incomplete">
          {t('statement.incomplete.notice', {
            date: firstUnreadable.date ? formatDate(firstUnreadable.date) : t('statement.incomplete.undated'),
            type: firstUnreadable.type,
          })}
        </p>
      )}
    </>
  );
}
