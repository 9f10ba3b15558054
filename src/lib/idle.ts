/**
 * Work done in the browser's idle time, in slices: `step(stop)` does some work, calling `stop()`
 * now and then to learn whether the idle period is over, and returns true when all is done; until
 * then it is called again in the next idle period. Returns a function that cancels what is left.
 * Without requestIdleCallback (jsdom, old Safari) a slice runs after a 1 ms timer with an 8 ms budget.
 */
export function whenIdle(step: (stop: () => boolean) => boolean): () => void {
  const hasIdle = typeof window.requestIdleCallback === 'function';
  let handle: number | undefined;
  let cancelled = false;
  const run = (deadline: { timeRemaining: () => number }) => {
    handle = undefined;
    if (cancelled) return;
    if (!step(() => deadline.timeRemaining() < 1)) schedule();
  };
  const schedule = () => {
    handle = hasIdle ? window.requestIdleCallback(run) : window.setTimeout(() => run({ timeRemaining: () => 8 }), 1);
  };
  schedule();
  return () => {
    cancelled = true;
    if (handle === undefined) return;
    if (hasIdle) window.cancelIdleCallback(handle);
    else window.clearTimeout(handle);
  };
}
