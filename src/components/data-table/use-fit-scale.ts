/**
 * The table's type scale (1 = as designed): when its columns' widths (em, see cell-format.ts
 * columnWidth) add up to more than its box, the table's font-size goes down — to at most minScale —
 * so the columns fit instead of scrolling sideways (1280 px screens, 125 % zoom). Measured with a
 * hidden probe as wide as the table's min-width at the box's type size; re-measured when the box
 * resizes. Never while printing (paper has its own layout).
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * The smallest scale: text no smaller than 12 device pixels (0.75 of 16 px at 100 %, 0.6 at 125 %
 * zoom, where CSS pixels are larger), never below 0.6.
 */
export function minScale(devicePixelRatio: number): number {
  return Math.min(0.75, Math.max(0.6, 12 / (16 * (devicePixelRatio || 1))));
}

/**
 * Runs `read` (which reads the page's geometry) with `el` left out of the layout it forces: the
 * DataTable's first measures (type scale, box height) need the box, not the table in it, and a table
 * laid out before its type size and height are set is laid out again once they are.
 */
export function withoutLayout(el: HTMLElement | null, read: () => void): void {
  if (!el) return read();
  const display = el.style.display;
  el.style.display = 'none';
  try {
    read();
  } finally {
    el.style.display = display;
  }
}

export function useFitScale(boxRef: RefObject<HTMLElement | null>, tableRef: RefObject<HTMLElement | null>, minWidthCss: string, printing: boolean): void {
  // Written to the table's style, not kept in state: the first frame would otherwise be rendered
  // twice (once to measure, once at the new size). Checked after every commit on purpose: the box
  // and the table come back as new elements after the table's error state, and are measured then.
  const attached = useRef<{ box: HTMLElement; table: HTMLElement | null; key: string; detach: () => void } | null>(null);
  // The last box measured: only a box never measured before is measured without its table (below).
  const seen = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const box = boxRef.current;
    const table = tableRef.current;
    const key = `${minWidthCss}|${printing}`;
    const cur = attached.current;
    if (cur && cur.box === box && cur.table === table && cur.key === key) return;
    cur?.detach();
    attached.current = null;
    const setScale = (scale: number) => {
      const size = scale < 1 ? `${scale}em` : '';
      if (table && table.style.fontSize !== size) table.style.fontSize = size;
    };
    if (!box || printing || typeof ResizeObserver === 'undefined') {
      setScale(1);
      return;
    }
    const probe = document.createElement('div');
    probe.setAttribute('aria-hidden', 'true');
    probe.style.cssText = `position:absolute;visibility:hidden;pointer-events:none;height:0;overflow:hidden;width:${minWidthCss}`;
    box.appendChild(probe);
    const measure = () => {
      const need = probe.offsetWidth;
      const have = box.clientWidth;
      if (!need || !have) return;
      setScale(need <= have ? 1 : Math.max(minScale(window.devicePixelRatio), Math.floor((have / need) * 1000) / 1000));
    };
    // A new box's first measure leaves the table out of the layout it forces: measured at scale 1, a
    // table too wide for its box was laid out once at that scale and again at its own. The box's width
    // is taken with a vertical scroll bar's room kept (a long table has one); a short table that has
    // none is measured again, with the table, when the observer below reports the box's first size.
    // Not a box measured before (new columns, back from print): hiding its table would drop its scroll
    // position — the list a user came Back to, already scrolled to where they were.
    if (box !== seen.current) {
      seen.current = box;
      const overflowY = box.style.overflowY;
      box.style.overflowY = 'scroll';
      withoutLayout(table, measure);
      box.style.overflowY = overflowY;
    } else measure();
    const ro = new ResizeObserver(measure);
    ro.observe(box);
    attached.current = {
      box,
      table,
      key,
      detach: () => {
        ro.disconnect();
        probe.remove();
      },
    };
  });
  useLayoutEffect(
    () => () => {
      attached.current?.detach();
      attached.current = null;
    },
    [],
  );
}
