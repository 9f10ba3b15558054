/// <reference types="vite/client" />
/**
 * Row virtualization: only the rows on screen (plus overscan) are in the DOM; spacer rows above and
 * below keep the scroll height. Off when printing (see use-print-mode.ts), with `virtualize={false}`,
 * and for the bench's baseline (only in the bench's own build, see benchNoVirtual).
 * Also the table's row geometry (row, header and totals heights) that scrolling and paging use.
 *
 * Every body row has the same height, so the window is arithmetic on the scroll offset: O(1) per
 * render whatever the row count (a keystroke that turns 100,000 rows into 60,000 does not rebuild a
 * list of row positions), and a scroll re-renders only when the window has to move (it is moved in
 * steps, with rows to spare on both sides). A new view (sort, search, filter: `viewKey`) starts at
 * the top; the offset is known from scroll events, so a list already at the top is not scrolled
 * (writing scrollTop would force a layout in the middle of the keystroke's frame).
 */
import { startTransition, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

declare global {
  interface Window {
    /** Bench only: render every row (no virtualization) for baseline measurements. */
    __BENCH_NO_VIRTUAL__?: boolean;
  }
}

export const ROW_HEIGHT = 36;
/** density="compact": a denser body row (the statement fits 18+ rows on a 1366×768 laptop). */
export const COMPACT_ROW_HEIGHT = 26;
export const HEADER_HEIGHT = 40;
export const FOOTER_HEIGHT = 38;
/**
 * Rows rendered beyond the visible ones on each side, at least: few for a list at rest (a keystroke
 * renders, lays out and paints only about a screenful), more once it is scrolled (the compositor
 * may show the next rows a frame before the scroll event has rendered them).
 */
const REST_OVERSCAN = 1;
const SCROLL_OVERSCAN = 4;
/** The window's edges move in steps of this many rows (a scroll re-renders once per step, not per row). */
const STEP = 4;
/** Height assumed when the scroll box reports none (the tests' DOM, a hidden tab): a full-HD screen's worth, ~29 rows. */
export const FALLBACK_VIEWPORT = 1080;
/**
 * The height the first frame is rendered for, before the box is measured: the window's (the box is
 * never taller on our pages), so a laptop's first frame does not carry a full-HD screen's rows. The tests'
 * DOM has no viewport (no visualViewport): the fallback, as before.
 */
const firstGuess = () =>
  typeof window !== 'undefined' && window.visualViewport && window.innerHeight > 0 ? Math.min(window.innerHeight, FALLBACK_VIEWPORT) : FALLBACK_VIEWPORT;

/**
 * The bench's baseline (every row in the DOM: ?novirt=1 or window.__BENCH_NO_VIRTUAL__). Only in the
 * bench's build (bench/bundle.ts builds with mode "bench"); a production build has MODE
 * "production", so this is `false` and the switch is not in its bundle.
 */
function benchNoVirtual(): boolean {
  if (import.meta.env.MODE !== 'bench') return false;
  if (typeof window === 'undefined') return false;
  if (window.__BENCH_NO_VIRTUAL__) return true;
  return new URLSearchParams(window.location.search).get('novirt') === '1';
}

export interface VirtualRows {
  /** Positions [start, end) of the display order are rendered. */
  start: number;
  end: number;
  /** Heights of the spacer rows above and below the rendered rows. */
  padTop: number;
  padBottom: number;
  /** Brings the row at `pos` into view (`domId`: its <tr> id, used when not virtualized). */
  scrollToRow: (pos: number, domId: string) => void;
}

/** The rendered window for a scroll offset and viewport height: the visible rows and overscan..overscan+STEP more each side. */
function rowWindow(offset: number, viewport: number, count: number, rowHeight: number, overscan: number): { start: number; end: number } {
  const first = Math.floor(Math.max(0, offset - HEADER_HEIGHT) / rowHeight);
  const last = Math.ceil(Math.max(0, offset + viewport - HEADER_HEIGHT) / rowHeight);
  const start = Math.max(0, Math.floor((first - overscan) / STEP) * STEP);
  const end = Math.min(count, Math.ceil((last + overscan) / STEP) * STEP);
  return { start: Math.min(start, count), end: Math.max(end, Math.min(start, count)) };
}

interface Box {
  /** The scroll offset as the last scroll event (or our own write) left it. */
  offset: number;
  /** The box's visible height (0 until measured: the first guess, or FALLBACK_VIEWPORT, is used). */
  height: number;
}

export function useVirtualRows(opts: {
  count: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  virtualize: boolean;
  printing: boolean;
  hasTotals: boolean;
  rowHeight?: number;
  /** Changes when the view does (sort, search, filter): the list goes back to its top. */
  viewKey: unknown;
}): VirtualRows {
  const { count, scrollRef, virtualize, printing, hasTotals, rowHeight = ROW_HEIGHT, viewKey } = opts;
  const [noVirtual] = useState(benchNoVirtual);
  const virtualOn = virtualize && !printing && !noVirtual;
  // `live`: the box as scroll events and our own writes leave it (the state follows it only when
  // the rendered window has to change).
  const live = useRef<Box>({ offset: 0, height: 0 });
  const [box, setBox] = useState<Box>(live.current);
  const [guess] = useState(firstGuess);
  const overscan = useRef(REST_OVERSCAN);
  const geometry = useRef({ count, rowHeight });
  useLayoutEffect(() => {
    geometry.current = { count, rowHeight };
  });

  // A new view starts at the top: this render already shows the top rows (no frame at the old
  // offset), the box is scrolled in the commit — only when it is not at the top already, and with
  // no second render of the table for it.
  const seenView = useRef(viewKey);
  const fresh = !Object.is(seenView.current, viewKey);
  const resetting = fresh && live.current.offset !== 0;
  useLayoutEffect(() => {
    if (Object.is(seenView.current, viewKey)) return;
    seenView.current = viewKey;
    overscan.current = REST_OVERSCAN;
    if (live.current.offset === 0) return;
    setBox((live.current = { offset: 0, height: live.current.height }));
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [viewKey, scrollRef]);

  // The scroll box element (it comes and goes with the table's error state) is attached in the
  // commit that made it — measured there, its listeners moved with it — after every commit on
  // purpose: a ref changes no dependency, and the check costs nothing when the box is the same.
  const attached = useRef<{ el: HTMLDivElement; detach: () => void } | null>(null);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const el = virtualOn ? scrollRef.current : null;
    if ((attached.current?.el ?? null) === el) return;
    attached.current?.detach();
    attached.current = null;
    if (!el) return;
    const update = (next: Box, sync: boolean, ov = overscan.current) => {
      const cur = live.current;
      const { count: n, rowHeight: h } = geometry.current;
      const a = rowWindow(cur.offset, cur.height || FALLBACK_VIEWPORT, n, h, overscan.current);
      const b = rowWindow(next.offset, next.height || FALLBACK_VIEWPORT, n, h, ov);
      live.current = next;
      overscan.current = ov;
      if (a.start === b.start && a.end === b.end) return;
      // While scrolling the new rows must be in the very next frame (as a scroll bar drag expects).
      if (sync) flushSync(() => setBox(next));
      else setBox(next);
    };
    // (Our own writes — back to the top for a new view — are no scrolling.)
    const onScroll = () =>
      update({ offset: el.scrollTop, height: live.current.height }, true, el.scrollTop === live.current.offset ? overscan.current : SCROLL_OVERSCAN);
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(() => update({ offset: live.current.offset, height: el.clientHeight }, false)) : null;
    ro?.observe(el);
    el.addEventListener('scroll', onScroll, { passive: true });
    attached.current = {
      el,
      detach: () => {
        el.removeEventListener('scroll', onScroll);
        ro?.disconnect();
      },
    };
    // This frame was rendered for the height assumed so far: when its rows cover the measured box it
    // is painted as it is, and trimmed to the box after that paint (not rendered twice before it).
    const measured = { offset: el.scrollTop, height: el.clientHeight };
    const { count: n, rowHeight: h } = geometry.current;
    const shown = rowWindow(box.offset, box.height || guess, n, h, overscan.current);
    const need = rowWindow(measured.offset, measured.height || FALLBACK_VIEWPORT, n, h, overscan.current);
    live.current = measured;
    if (need.start >= shown.start && need.end <= shown.end) startTransition(() => setBox(measured));
    else setBox(measured);
  });
  useLayoutEffect(
    () => () => {
      attached.current?.detach();
      attached.current = null;
    },
    [],
  );

  let start = 0;
  let end = count;
  let padTop = 0;
  let padBottom = 0;
  if (virtualOn) {
    ({ start, end } = rowWindow(resetting ? 0 : box.offset, box.height || guess, count, rowHeight, fresh ? REST_OVERSCAN : overscan.current));
    padTop = start * rowHeight;
    padBottom = (count - end) * rowHeight;
  }
  const scrollToRow = (pos: number, domId: string) => {
    const el = scrollRef.current;
    if (!virtualOn || !el) {
      document.getElementById(domId)?.scrollIntoView?.({ block: 'nearest' });
      return;
    }
    // Like scrollIntoView({block: 'nearest'}) under the sticky header and totals row.
    const view = el.clientHeight || FALLBACK_VIEWPORT;
    const top = HEADER_HEIGHT + pos * rowHeight;
    const bottom = top + rowHeight;
    const offset = el.scrollTop;
    let next = offset;
    if (top - HEADER_HEIGHT < offset) next = top - HEADER_HEIGHT;
    else if (bottom + (hasTotals ? FOOTER_HEIGHT : 0) > offset + view) next = bottom + (hasTotals ? FOOTER_HEIGHT : 0) - view;
    if (next === offset) return;
    el.scrollTop = next;
    // The row is rendered now, not at the scroll event (focus and aria-activedescendant need it).
    setBox((live.current = { offset: next, height: live.current.height }));
  };
  return { start, end, padTop, padBottom, scrollToRow };
}
