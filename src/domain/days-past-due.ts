/**
 * Days past due of an open item, as an accountant reads them: "20" when overdue, never a negative
 * count for one not yet due — "16 gün var" (days left), "vadesi bugün" on its due date.
 */
import { t } from '../i18n';
import { formatCount } from './format';

export function daysPastDueText(days: number | null): string {
  if (days === null) return '';
  if (days > 0) return formatCount(days);
  if (days === 0) return t('aging.days.dueToday');
  return t('aging.days.left', { count: formatCount(-days) });
}
