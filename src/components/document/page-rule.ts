/**
 * The paper while printing, as an @page rule a printing component renders in a <style> element: it
 * comes after every stylesheet's @page in document order, so it is the one that counts (named pages,
 * tried first, were applied unreliably by Chromium). The last one rendered wins: a page's print
 * document is rendered after its tables.
 */
import { useLayoutEffect } from 'react';
import { t } from '../../i18n';

/** An @page rule: A4 in the orientation, the margin, and optionally "Sayfa n / N" at the foot (lists). */
export function pageRule(orientation: 'portrait' | 'landscape', margin: string, numbered: boolean): string {
  const numbers = numbered ? ` @bottom-right { content: "${t('doc.page', { n: '" counter(page) "', total: '" counter(pages) "' })}"; font-size: 8pt; }` : '';
  return `@page { size: A4 ${orientation}; margin: ${margin};${numbers} }`;
}

/**
 * Puts `rule` in force while `active` — through a constructed stylesheet (adoptedStyleSheets), which
 * the production Content-Security-Policy (style-src 'self') allows where a <style> element is refused.
 * Adopted sheets come after every stylesheet of the page; the one adopted last wins.
 */
export function usePageRule(rule: string, active: boolean): void {
  useLayoutEffect(() => {
    if (!active || typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in document)) return;
    let sheet: CSSStyleSheet;
    try {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(rule);
    } catch {
      return;
    }
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }, [rule, active]);
}
