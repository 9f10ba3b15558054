import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { documentTitle } from '../components/layout/document-title';
import type { RouteHandle } from './route-handle';
import { isTypingTarget, keepEarlyQuickKey } from '../lib/keyboard';

/**
 * The root of every route: sets document.title from the deepest route handle and, after a
 * navigation to another path (not on first load, not when only the search changes), moves focus
 * to the page's h1 so screen-reader and keyboard users start at the new content — unless the page put
 * the caret in a box already (the login page's user name, the invoice box after an early Ctrl+K).
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const matches = useMatches();
  let title: string | undefined;
  for (const m of matches) {
    const handle = m.handle as RouteHandle | undefined;
    if (handle?.title) title = handle.title;
  }

  // Layout effect: runs before pages' passive effects, so useDocumentTitle() in a page wins.
  useLayoutEffect(() => {
    document.title = documentTitle(title);
  }, [pathname, title]);

  // Ctrl+K before the header's invoice box exists (right after login) is kept for it.
  useEffect(() => {
    document.addEventListener('keydown', keepEarlyQuickKey);
    return () => document.removeEventListener('keydown', keepEarlyQuickKey);
  }, []);

  const firstPath = useRef(pathname);
  useEffect(() => {
    if (firstPath.current === pathname) return;
    firstPath.current = '';
    // The page (or a kept Ctrl+K) already put the caret in a box: leave it there.
    if (isTypingTarget(document.activeElement)) return;
    const target = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1') ?? document.querySelector<HTMLElement>('main');
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  }, [pathname]);

  return <Outlet />;
}
