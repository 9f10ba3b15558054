import type { ReactNode } from 'react';
import { t } from '../../i18n';
import { userMessageOf } from '../../domain/errors';

/**
 * A failed load: plain Turkish message (error.userMessage or a generic one) in role="alert",
 * with a retry button when `onRetry` is given.
 */
export function ErrorState({ error, title, onRetry, children }: { error?: unknown; title?: string; onRetry?: () => void; children?: ReactNode }) {
  return (
    <div className="error-state" role="alert">
      <p className="error-state__title">{title ?? t('common.error.title')}</p>
      <p className="error-state__message">{userMessageOf(error)}</p>
      {(onRetry || children) && (
        <div className="error-state__actions">
          {onRetry && (
            <button type="button" className="button" onClick={onRetry}>
              {t('common.retry')}
            </button>
          )}
          {children}
        </div>
      )}
    </div>
  );
}
