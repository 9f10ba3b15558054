/**
 * The scroll box's max height. maxHeight="viewport": the box ends at the bottom of the window (less
 * the page's bottom padding), measured from the box's top in page coordinates (re-measured on resize
 * and when content above the table moves it); never less than 16rem.
 *
 * The measured height is written to the box's style, not kept in state: the table's first frame
 * would otherwise be rendered twice (once to measure, once with the height).
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { withoutLayout } from './use-fit-scale';

/** maxHeight="viewport": room left below the scroll box (the page's bottom padding). */
const VIEWPORT_BOTTOM_GAP = '1.25rem';
const fitHeight = (top: number) => `max(16rem, calc(100vh - ${top}px - ${VIEWPORT_BOTTOM_GAP}))`;

export function useScrollBoxHeight(scrollRef: RefObject<HTMLDivElement | null>, tableRef: RefObject<HTMLElement | null>, maxHeight: string): string {
  const fitViewport = maxHeight === 'viewport';
  const measure = useRef(() => {
    const box = scrollRef.current;
    if (box) box.style.maxHeight = fitHeight(Math.max(0, Math.round(box.getBoundingClientRect().top + window.scrollY)));
  });
  // A new box element (the table comes back after a loading or error state) is measured in the
  // commit that made it; after every commit on purpose, it does nothing when the box is the same.
  const measured = useRef<HTMLDivElement | null>(null);
  const seen = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    const box = fitViewport ? scrollRef.current : null;
    if (box === measured.current) return;
    measured.current = box;
    // A box never measured before, without the table in the layout this forces: its top does not
    // depend on it, and the table is then laid out once, already in a box of its final height (with
    // its vertical scroll bar). A box measured before keeps its table (and its scroll position).
    if (!box) return;
    if (box !== seen.current) withoutLayout(tableRef.current, measure.current);
    else measure.current();
    seen.current = box;
  });
  useLayoutEffect(() => {
    if (!fitViewport) return;
    const remeasure = () => measure.current();
    window.addEventListener('resize', remeasure);
    // Content above the table (a notice, the shortcuts) moves it: the page's size changes too.
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(remeasure) : undefined;
    ro?.observe(document.body);
    return () => {
      window.removeEventListener('resize', remeasure);
      ro?.disconnect();
      measured.current = null;
    };
  }, [fitViewport]);
  // The style React writes: the first frame's guess (the box at the page's top); the measured value
  // replaces it before that frame is painted, and React leaves it alone while this string holds.
  return fitViewport ? fitHeight(0) : maxHeight;
}
