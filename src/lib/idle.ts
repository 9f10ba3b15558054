/**
 * Work done in the browser's idle time, in slices: `step(stop)` does some work, calling `stop()`
 * now and then to learn whether the idle period is over, and returns true when all is done; until
 * then it is called again in the next idle period. Returns a function that cancels what is left.
 * Without requestIdleCallback (jsdom, old Safari) a slice runs after a 1 ms timer with an 8 ms budget.
 */
export function whenIdle(step: (stop: () => boolean) => boolean, opts: { after?: number } = {}): () => void {
  const hasIdle = typeof window.requestIdleCallback === 'function';
  let handle: number | undefined;
  let cancelled = false;
  const run = (deadline: { timeRemaining: () => number }) => {
    handle = undefined;
    if (cancelled) return;
    if (!step(() => deadline.timeRemaining() < 1)) schedule();
  };
  // With `after`: the first slice `after` ms later, then slices of SLICE_MS on timers, not idle
  // callbacks — while the page animates or a test polls, Chromium grants idle periods seldom (an idle
  // callback asked for between two keystrokes ran 50–400 ms later), and this work is for the next one.
  const timed = opts.after !== undefined;
  const schedule = (delay = 0) => {
    if (timed) {
      handle = window.setTimeout(() => {
        const end = performance.now() + SLICE_MS;
        run({ timeRemaining: () => end - performance.now() });
      }, delay);
    } else handle = hasIdle ? window.requestIdleCallback(run) : window.setTimeout(() => run({ timeRemaining: () => 8 }), 1);
  };
  schedule(opts.after);
  return () => {
    cancelled = true;
    if (handle === undefined) return;
    if (hasIdle && !timed) window.cancelIdleCallback(handle);
    else window.clearTimeout(handle);
  };
}

/** A timed slice's budget: an input event that arrives meanwhile waits at most this long. */
const SLICE_MS = 4;
