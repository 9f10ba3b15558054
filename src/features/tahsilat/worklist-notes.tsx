/** Above the worklist: the ERP's and the mail's problems, how fresh the figures are, the estimate note, and how much of a long view is in. */
import type { Worklist } from '../../api/tahsilat';
import { t } from '../../i18n';
import { formatCount, formatDate, formatDateTime } from '../../domain/format';

export function WorklistNotes({ data, wholeFailed, onLoadAll }: { data: Worklist; wholeFailed: boolean; onLoadAll: () => void }) {
  return (
    <>
      {data.problem && (
        <p className="notice notice--warning" role="status">
          {data.problem}
        </p>
      )}
      {data.mailProblem && (
        <p className="notice notice--warning" role="status">
          {data.mailProblem}
        </p>
      )}
      {data.asOf && !data.stale && (
        <p className="col-asof">
          {t('col.asOf', { at: formatDateTime(new Date(data.asOf)) })} Bugün: {formatDate(data.today)}
        </p>
      )}
      {data.rows.some((r) => r.overdue.some((c) => c.estimated)) && <p className="col-asof">{t('col.estimatedNote')}</p>}
      {data.total > data.rows.length && (
        <p className="col-asof" role="status">
          {wholeFailed
            ? t('col.partialFailed', { shown: formatCount(data.rows.length), total: formatCount(data.total) })
            : t('col.partial', { shown: formatCount(data.rows.length), total: formatCount(data.total) })}
          {wholeFailed && (
            <>
              {' '}
              <button type="button" className="button button--small" onClick={onLoadAll}>
                {t('col.loadAll')}
              </button>
            </>
          )}
        </p>
      )}
    </>
  );
}
