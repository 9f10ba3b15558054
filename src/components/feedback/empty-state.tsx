import type { ReactNode } from 'react';
import { t } from '../../i18n';

/** Shown when a query succeeded but found nothing. `children` may hold a hint or an action. */
export function EmptyState({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <div className="empty-state" role="status">
      <p className="empty-state__title">{title ?? t('common.empty.title')}</p>
      {children && <div className="empty-state__body">{children}</div>}
    </div>
  );
}
