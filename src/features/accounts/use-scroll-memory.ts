/**
 * The account list's scroll position, remembered per search (URL) while the user scrolls (a detached
 * box reads 0 on unmount) and restored on return — Back from a statement lands on the same row.
 * Returns the ref for the page's wrapper element.
 */
import { useEffect, useRef } from 'react';

const scrollMemory = new Map<string, { table: number; page: number }>();

export function useScrollMemory(scrollKey: string, hasRows: boolean) {
  const wrapRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const remember = () => {
      if (!wrap.isConnected) return; // leaving: the detached box would read 0
      const table = wrap.querySelector<HTMLElement>('.dt-scroll')?.scrollTop ?? 0;
      scrollMemory.set(scrollKey, { table, page: window.scrollY });
    };
    wrap.addEventListener('scroll', remember, { capture: true, passive: true });
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      wrap.removeEventListener('scroll', remember, { capture: true });
      window.removeEventListener('scroll', remember);
    };
  }, [scrollKey]);
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !hasRows) return;
    restored.current = true;
    const saved = scrollMemory.get(scrollKey);
    if (!saved) return;
    // The virtualized table gets its full height a frame or two after mounting: retry briefly.
    let frame = 0;
    let handle = 0;
    let done = false;
    const apply = () => {
      const box = wrapRef.current?.querySelector<HTMLElement>('.dt-scroll');
      if (box) box.scrollTop = saved.table;
      if (saved.page) window.scrollTo?.(0, saved.page);
      done = !box || Math.abs(box.scrollTop - saved.table) < 2 || ++frame >= 30;
      if (!done) handle = requestAnimationFrame(apply);
    };
    apply();
    return () => {
      cancelAnimationFrame(handle);
      if (!done) restored.current = false; // re-run (StrictMode) starts over
    };
  }, [hasRows, scrollKey]);
  return wrapRef;
}
