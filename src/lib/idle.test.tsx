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
    whenIdle((stop) => {
      stops.push(stop);
      return stops.length === 3;
    }, { after: 50 });
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
