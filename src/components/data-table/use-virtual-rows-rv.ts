/// <reference types="vite/client" />
/**
 * The bench's A/B of our row virtualizer (issue 48, item 2): the same window (start, end, spacers,
 * scrollToRow) from @tanstack/react-virtual's useVirtualizer, with our ranking and table model around
 * it unchanged. Only in the bench's build (mode "bench") and only for a page loaded with ?rv=1
 * (data-table.tsx picks the hook once, when the table's code loads); a production build has MODE
 * "production", drops the switch, and with it this module and react-virtual.
 */
import { useLayoutEffect } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { FALLBACK_VIEWPORT, HEADER_HEIGHT, ROW_HEIGHT, type VirtualRows, type useVirtualRows } from './use-virtual-rows';

/** ?rv=1 on a bench build's page. */
export const benchReactVirtual = (): boolean =>
  import.meta.env.MODE === 'bench' && typeof location !== 'undefined' && new URLSearchParams(location.search).get('rv') === '1';

export function useVirtualRowsRV(opts: Parameters<typeof useVirtualRows>[0]): VirtualRows {
  const { count, scrollRef, virtualize, printing, rowHeight = ROW_HEIGHT, viewKey } = opts;
  const on = virtualize && !printing;
  const v = useVirtualizer({
    count: on ? count : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 4,
    paddingStart: HEADER_HEIGHT,
    initialRect: {
      width: 0,
      height: typeof window !== 'undefined' && window.innerHeight > 0 ? Math.min(window.innerHeight, FALLBACK_VIEWPORT) : FALLBACK_VIEWPORT,
    },
  });
  useLayoutEffect(() => {
    if (on && scrollRef.current && scrollRef.current.scrollTop !== 0) v.scrollToOffset(0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewKey]);
  if (!on)
    return {
      start: 0,
      end: count,
      padTop: 0,
      padBottom: 0,
      scrollToRow: (_pos, domId) => document.getElementById(domId)?.scrollIntoView?.({ block: 'nearest' }),
    };
  const items = v.getVirtualItems();
  const start = items[0]?.index ?? 0;
  const end = items.length ? items[items.length - 1]!.index + 1 : 0;
  return { start, end, padTop: start * rowHeight, padBottom: (count - end) * rowHeight, scrollToRow: (pos) => v.scrollToIndex(pos, { align: 'auto' }) };
}
