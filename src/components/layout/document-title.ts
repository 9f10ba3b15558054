import { useEffect } from 'react';
import { t } from '../../i18n/core';

/** "Cariler" → "Cariler — Cari Ekran". */
export function documentTitle(pageTitle?: string): string {
  const app = t('common.appName');
  return pageTitle ? `${pageTitle} — ${app}` : app;
}

/**
 * A page that knows a more specific title (e.g. the account's name) calls this. It runs after
 * the route's default title (set from the route handle in a layout effect), so it wins.
 */
export function useDocumentTitle(pageTitle: string | undefined): void {
  useEffect(() => {
    if (pageTitle) document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}
