import { useEffect } from 'react';
import { t } from '../../i18n/core';

/** The most characters of a page's own title (an account's name from the ERP may be a megabyte). */
export const MAX_TITLE_CHARS = 100;

/** "Cariler" → "Cariler — Cari Ekran"; a title over MAX_TITLE_CHARS is cut, its last character "…". */
export function documentTitle(pageTitle?: string): string {
  const app = t('common.appName');
  if (!pageTitle) return app;
  const chars = [...pageTitle.slice(0, 4 * MAX_TITLE_CHARS)];
  const shown = chars.length > MAX_TITLE_CHARS ? chars.slice(0, MAX_TITLE_CHARS - 1).join('') + '…' : pageTitle;
  return `${shown} — ${app}`;
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
