/**
 * Row virtualization: only the rows on screen (plus overscan) are in the DOM; spacer rows above and
 * below keep the scroll height. Off when printing (see use-print-mode.ts), with `virtualize={false}`,
 * and for the bench baseline (?novirt=1 or window.__BENCH_NO_VIRTUAL__).
 * Also the table's row geometry (row, header and totals heights) that scrolling and paging use.
 */
import { useState, type RefObject } from 'react';
import { observeElementRect, useVirtualizer, type VirtualizerOptions } from '@tanstack/react-virtual';

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
const OVERSCAN = 12;
/** Height assumed when the scroll box reports none (jsdom, hidden tab): ~19 rows + overscan render. */
export const FALLBACK_VIEWPORT = 720;

const observeRectWithFallback: VirtualizerOptions<HTMLDivElement, Element>['observeElementRect'] = (instance, cb) =>
  observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: FALLBACK_VIEWPORT }));

function benchNoVirtual(): boolean {
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

export function useVirtualRows(opts: {
  count: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  virtualize: boolean;
  printing: boolean;
  hasTotals: boolean;
  rowHeight?: number;
}): VirtualRows {
  const { count, scrollRef, virtualize, printing, hasTotals, rowHeight = ROW_HEIGHT } = opts;
  const [noVirtual] = useState(benchNoVirtual);
  const virtualOn = virtualize && !printing && !noVirtual;
  const virtualizer = useVirtualizer<HTMLDivElement, Element>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    scrollPaddingEnd: hasTotals ? FOOTER_HEIGHT : 0,
    observeElementRect: observeRectWithFallback,
    enabled: virtualOn,
  });
  let start = 0;
  let end = count;
  let padTop = 0;
  let padBottom = 0;
  if (virtualOn) {
    const items = virtualizer.getVirtualItems();
    const first = items[0];
    const last = items[items.length - 1];
    if (first && last) {
      start = first.index;
      end = last.index + 1;
      padTop = first.start - HEADER_HEIGHT;
      padBottom = Math.max(0, virtualizer.getTotalSize() - last.end);
    } else end = 0;
  }
  const scrollToRow = (pos: number, domId: string) => {
    if (virtualOn) virtualizer.scrollToIndex(pos, { align: 'auto' });
    else document.getElementById(domId)?.scrollIntoView?.({ block: 'nearest' });
  };
  return { start, end, padTop, padBottom, scrollToRow };
}
