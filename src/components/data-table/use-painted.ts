import { useEffect, useState } from 'react';

/** From this many rows on, work that the first screenful does not need waits for its first paint. */
export const DEFER_AFTER_PAINT_MIN_ROWS = 5000;

/**
 * True once `value` has been on screen (committed and painted): a requestAnimationFrame callback
 * followed by a posted task, i.e. after the frame that shows it (a timer as fallback for hidden
 * tabs, where frames do not run). With `defer` false it is always true (small lists: no deferral,
 * everything in the same render). Pages use it to show the first rows of a big list before
 * computing what is not needed for them (facet counts, totals).
 */
export function usePainted<T>(value: T, defer: boolean): boolean {
  const [painted, setPainted] = useState<{ value: T } | null>(null);
  useEffect(() => {
    if (!defer) return;
    let done = false;
    const mark = () => {
      if (done) return;
      done = true;
      setPainted({ value });
    };
    let channel: MessageChannel | undefined;
    const frame =
      typeof requestAnimationFrame === 'function'
        ? requestAnimationFrame(() => {
            channel = new MessageChannel();
            channel.port1.onmessage = mark;
            channel.port2.postMessage(0);
          })
        : 0;
    const fallback = setTimeout(mark, 250);
    return () => {
      done = true;
      if (frame) cancelAnimationFrame(frame);
      channel?.port1.close();
      clearTimeout(fallback);
    };
  }, [value, defer]);
  return !defer || (painted !== null && painted.value === value);
}
