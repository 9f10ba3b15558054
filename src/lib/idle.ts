/**
 * Work done when the page has nothing else to do, in short slices: `step(stop)` does some work,
 * calling `stop()` now and then to learn whether its slice is over, and returns true when all is
 * done; until then it is called again in a later slice. Returns a function that cancels what is left.
 *
 * A slice lasts at most SLICE_MS, whatever the browser would grant: anything that arrives meanwhile
 * (a keystroke, the next part of an answer the page is reading, a click's new page) waits at most
 * that long. An idle callback's deadline can be 50 ms away, and the work left over from the page the
 * user is leaving (its search maps, its counts) ran in such slices while the next page read its
 * answer: the 50,000-line statement opened from the list painted ≈ 50 ms later (docs/decisions/0007).
 *
 * Slices are background tasks (scheduler.postTask, priority "background": they run only when no
 * other task waits, input and the reading of answers included); without it (Safari), idle
 * callbacks; without those (the tests' DOM), 1 ms timers.
 */
export function whenIdle(step: (stop: () => boolean) => boolean, opts: { after?: number } = {}): () => void {
  const scheduler = typeof window.scheduler?.postTask === 'function' ? window.scheduler : null;
  const hasIdle = typeof window.requestIdleCallback === 'function';
  let handle: number | undefined;
  let abort: AbortController | undefined;
  let cancelled = false;
  const run = (deadline?: { timeRemaining: () => number }) => {
    handle = undefined;
    if (cancelled) return;
    const end = performance.now() + SLICE_MS;
    const stop = deadline ? () => deadline.timeRemaining() < 1 || performance.now() >= end : () => performance.now() >= end;
    if (!step(stop)) schedule(0);
  };
  // With `after`: the first slice `after` ms later; without postTask, the slices run on timers, not
  // idle callbacks — while the page animates or a test polls, Chromium grants idle periods seldom (an
  // idle callback asked for between two keystrokes ran 50–400 ms later), and this work is for the next one.
  const timed = opts.after !== undefined;
  const schedule = (delay: number) => {
    if (scheduler) {
      abort = new AbortController();
      // Rejected when cancelled: nothing to report.
      scheduler.postTask(() => run(), { priority: 'background', delay, signal: abort.signal }).catch(() => undefined);
    } else if (timed || !hasIdle) handle = window.setTimeout(() => run(), timed ? delay : 1);
    else handle = window.requestIdleCallback(run);
  };
  schedule(opts.after ?? 0);
  return () => {
    cancelled = true;
    abort?.abort();
    if (handle === undefined) return;
    if (hasIdle && !timed && !scheduler) window.cancelIdleCallback(handle);
    else window.clearTimeout(handle);
  };
}

/** A slice's budget: an input event or a task that arrives meanwhile waits at most this long. */
const SLICE_MS = 4;

declare global {
  interface Window {
    /** The Prioritized Task Scheduling API (Chromium 94+, Firefox 142+): not yet in TypeScript's DOM types. */
    scheduler?: {
      postTask: (
        task: () => void,
        opts: { priority: 'background' | 'user-visible' | 'user-blocking'; delay?: number; signal?: AbortSignal },
      ) => Promise<unknown>;
    };
  }
}
