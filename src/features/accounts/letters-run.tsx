/** The letters page's statement run: why statements are needed, Ekstreleri al / İptal, progress, and the accounts whose letter cannot be made. */
import { t } from '../../i18n';
import { formatCount } from '../../domain/format';
import { STATEMENT_CONCURRENCY, type LettersPageView } from './use-letters-page';

export function LettersRun({ v }: { v: LettersPageView }) {
  const { batch, running, toFetch, failed, options, listKnown } = v;
  const { asOf, today, withLines } = options;
  return (
    <>
      {v.needStatements && listKnown && (
        <div className="letters-run">
          <p className="letters-run__why">
            {asOf === today && !withLines
              ? t('letters.needStatements.foreign', { limit: STATEMENT_CONCURRENCY })
              : t('letters.needStatements', { lines: withLines ? t('letters.needStatements.lines') : '', limit: STATEMENT_CONCURRENCY })}
          </p>
          <div className="letters-run__actions">
            {!running && toFetch.length > 0 && (
              <button type="button" className="button button--primary" onClick={() => void batch.start(toFetch.map((a) => a.id))}>
                {t('letters.fetch', { count: formatCount(toFetch.length) })}
              </button>
            )}
            {running && (
              <button type="button" className="button" onClick={batch.cancel}>
                {t('letters.cancel')}
              </button>
            )}
          </div>
          {batch.total > 0 && (
            <div className="letters-run__progress">
              <progress max={batch.total} value={batch.done} aria-label={t('letters.progress')} />
              <span role="status">{t('letters.progressText', { done: formatCount(batch.done), total: formatCount(batch.total) })}</span>
            </div>
          )}
          {batch.total > 0 && !running && batch.cancelled && (
            <p className="notice" role="status">
              {t('letters.cancelled', { done: formatCount(batch.done), total: formatCount(batch.total) })}
            </p>
          )}
        </div>
      )}

      {failed.length > 0 && !running && (
        <div className="notice notice--warn letters-failed" role="alert">
          <p>{t('letters.failed.title', { count: formatCount(failed.length) })}</p>
          <ul>
            {failed.map((a) => {
              const s = v.statusOf(a);
              return (
                <li key={a.id}>
                  {t('letters.failed.item', { name: a.name, id: a.id, message: s?.kind === 'failed' ? s.message : t('letters.unreadableReason') })}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </>
  );
}
