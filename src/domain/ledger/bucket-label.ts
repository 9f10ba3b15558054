/** An aging bucket's label by its day range (pure: the pages and the server's PDFs share it). */
import { t } from '../../i18n';

/** "Vadesi Gelmemiş", "0-30 Gün", "120 Gün Üstü". */
export function bucketLabel(b: { from: number | null; to: number | null; notDue?: boolean; key?: string }): string {
  if (b.notDue || b.key === 'notDue' || (b.from === null && b.to === null)) return t('aging.bucket.notDue');
  if (b.to === null) return t('aging.bucket.openAfter', { after: Math.max(0, (b.from ?? 1) - 1) });
  return t('aging.bucket.range', { from: b.from ?? 0, to: b.to });
}
