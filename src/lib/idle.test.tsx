// In the dom project (idle.ts reads window).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle';

describe('whenIdle with `after`: timed slices', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
    // An idle callback that never comes (a page that animates): the timed slices must not wait for it.
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => undefined);
  });
  afterEach(() => vi.useRealTimers());

  it('starts `after` ms later, runs slices on timers until the work says done (never an idle callback), each with a 4 ms budget', () => {
    const ric = vi.fn(() => 1);
    vi.stubGlobal('requestIdleCallback', ric);
    const stops: (() => boolean)[] = [];
    whenIdle(
      (stop) => {
        stops.push(stop);
        return stops.length === 3;
      },
      { after: 50 },
    );
    vi.advanceTimersByTime(49);
    expect(stops).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(stops).toHaveLength(1);
    // The first slice's budget: not over 3 ms in, over at 4.
    const first = stops[0]!;
    expect(first()).toBe(false);
    vi.advanceTimersByTime(3);
    expect(first()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(first()).toBe(true);
    vi.advanceTimersByTime(10);
    expect(stops).toHaveLength(3);
    vi.advanceTimersByTime(100);
    expect(stops).toHaveLength(3);
    expect(ric).not.toHaveBeenCalled();
  });

  it('cancelled before it starts, or between two slices, runs no more', () => {
    const step = vi.fn(() => false);
    const cancel = whenIdle(step, { after: 50 });
    cancel();
    vi.advanceTimersByTime(200);
    expect(step).not.toHaveBeenCalled();
    const again = whenIdle(step, { after: 10 });
    vi.advanceTimersByTime(10);
    expect(step).toHaveBeenCalledTimes(1);
    again();
    vi.advanceTimersByTime(200);
    expect(step).toHaveBeenCalledTimes(1);
  });
});

describe('whenIdle: every slice is short, whatever the browser grants', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('an idle callback with 50 ms left still ends its slice after 4 ms (a keystroke or the next page waits no longer)', () => {
    const callbacks: ((d: { timeRemaining: () => number }) => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: (d: { timeRemaining: () => number }) => void) => callbacks.push(cb));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const stops: (() => boolean)[] = [];
    whenIdle((stop) => (stops.push(stop), false));
    expect(callbacks).toHaveLength(1);
    const idleEnd = performance.now() + 50;
    callbacks[0]!({ timeRemaining: () => idleEnd - performance.now() });
    expect(stops[0]!()).toBe(false);
    vi.advanceTimersByTime(3);
    expect(stops[0]!()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(stops[0]!()).toBe(true);
    // Not done: the next slice is asked for.
    expect(callbacks).toHaveLength(2);
  });

  it('with scheduler.postTask: background tasks (after `after` ms), 4 ms each; cancelling aborts the one asked for', async () => {
    const posted: { task: () => void; priority: string; delay?: number; signal?: AbortSignal }[] = [];
    vi.stubGlobal('scheduler', {
      postTask: (task: () => void, o: { priority: string; delay?: number; signal?: AbortSignal }) => {
        posted.push({ task, ...o });
        return new Promise((_, reject) => o.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      },
    });
    const ric = vi.fn(() => 1);
    vi.stubGlobal('requestIdleCallback', ric);
    const stops: (() => boolean)[] = [];
    const cancel = whenIdle((stop) => (stops.push(stop), false), { after: 50 });
    expect(posted).toMatchObject([{ priority: 'background', delay: 50 }]);
    posted[0]!.task();
    vi.advanceTimersByTime(4);
    expect(stops[0]!()).toBe(true);
    expect(posted).toHaveLength(2);
    expect(posted[1]).toMatchObject({ priority: 'background', delay: 0 });
    cancel();
    expect(posted[1]!.signal?.aborted).toBe(true);
    // A task already queued that runs anyway does no work once cancelled.
    posted[1]!.task();
    expect(stops).toHaveLength(1);
    expect(ric).not.toHaveBeenCalled();
    await Promise.resolve();
  });
});
