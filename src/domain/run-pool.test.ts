import { describe, expect, it } from 'vitest';
import { runPool } from './run-pool';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('runPool', () => {
  it('never runs more than the limit at once and runs every item once, in order of start', async () => {
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    await runPool([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 4, async (n) => {
      started.push(n);
      running++;
      peak = Math.max(peak, running);
      for (let i = 0; i < (n % 3) + 1; i++) await tick();
      running--;
    });
    expect(peak).toBe(4);
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('starts nothing new after the signal is aborted', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    await runPool(
      [1, 2, 3, 4, 5, 6],
      2,
      async (n) => {
        started.push(n);
        if (n === 3) controller.abort();
        await tick();
      },
      controller.signal,
    );
    expect(started).toEqual([1, 2, 3]);
  });

  it('an empty list resolves at once', async () => {
    await expect(runPool([], 4, async () => undefined)).resolves.toBeUndefined();
  });
});
