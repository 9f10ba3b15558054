/**
 * The scroll box's max height. maxHeight="viewport": the box ends at the bottom of the window (less
 * the page's bottom padding), measured from the box's top in page coordinates (re-measured on resize
 * and when content above the table moves it); never less than 16rem.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

/** maxHeight="viewport": room left below the scroll box (the page's bottom padding). */
const VIEWPORT_BOTTOM_GAP = '1.25rem';

export function useScrollBoxHeight(scrollRef: RefObject<HTMLDivElement | null>, maxHeight: string): string {
  const fitViewport = maxHeight === 'viewport';
  const [boxTop, setBoxTop] = useState(0);
  useLayoutEffect(() => {
    if (!fitViewport) return;
    const measure = () => {
      const box = scrollRef.current;
      if (box) setBoxTop(Math.max(0, Math.round(box.getBoundingClientRect().top + window.scrollY)));
    };
    measure();
    window.addEventListener('resize', measure);
    // Content above the table (a notice, the shortcuts) moves it: the page's size changes too.
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    ro?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      ro?.disconnect();
    };
  }, [fitViewport, scrollRef]);
  return fitViewport ? `max(16rem, calc(100vh - ${boxTop}px - ${VIEWPORT_BOTTOM_GAP}))` : maxHeight;
}
