import { useEffect, useState } from 'react';
import { oldestForegroundTransfer } from '../../api/transfers';
import { t } from '../../i18n/core';
import { formatBytes, formatCount } from '../../domain/format';

/** From this long on, a load says what it is doing instead of only "Yükleniyor…". */
export const PROGRESS_AFTER_MS = 1000;
const TICK_MS = 250;

/**
 * What a loading page says: "Yükleniyor…", and once the ERP answer it waits for has taken more
 * than a second, "ERP'den alınıyor… 3,2 MB alındı · 4 sn" (bytes received so far, elapsed seconds)
 * with a moving bar, so a long load never looks frozen. Reads the calls in flight (api/transfers)
 * a few times a second. The changing figures are hidden from screen readers (a live region would
 * announce them every second); the sentence itself is read once.
 */
export function LoadProgress({
  label,
  compact = false,
}: {
  label?: string;
  /** Only the figures and the bar (a sentence next to it already says what is loading: a table's toolbar). */ compact?: boolean;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const transfer = oldestForegroundTransfer();
  const elapsedMs = transfer ? now - transfer.startedAt : 0;
  if (!transfer || elapsedMs < PROGRESS_AFTER_MS) return <span className="load-progress">{label ?? t('common.loading')}</span>;
  const seconds = formatCount(elapsedMs / 1000);
  return (
    <span className={`load-progress load-progress--long${compact ? ' load-progress--compact' : ''}`} data-testid="load-progress">
      {compact ? <span className="visually-hidden">{t('common.progress.title')}</span> : <span>{t('common.progress.title')}</span>}{' '}
      <span className="load-progress__detail" aria-hidden="true">
        {transfer.receivedBytes > 0
          ? t('common.progress.received', { received: formatBytes(transfer.receivedBytes), seconds })
          : t('common.progress.waiting', { seconds })}
      </span>
      <progress className="load-progress__bar" aria-label={t('common.progress.title')} />
    </span>
  );
}
