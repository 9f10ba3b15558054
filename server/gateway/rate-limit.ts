/**
 * Failed-login limiter: at most `max` failures per key within a sliding `windowMs`.
 * Keys are the client address and the (folded) user name, so neither one address trying many
 * names nor many addresses trying one name gets more than `max` guesses a window.
 * In memory, per process (behind a load balancer each process counts on its own).
 */
export interface LimitOptions {
  max: number;
  windowMs: number;
  now: () => number;
}

const MAX_KEYS = 50_000;

export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();
  private readonly opts: LimitOptions;

  constructor(opts: LimitOptions) {
    this.opts = opts;
  }

  /** Milliseconds until one more attempt is allowed for all keys; 0 when allowed now. */
  waitMs(keys: readonly string[]): number {
    const t = this.opts.now();
    let wait = 0;
    for (const key of keys) {
      const list = this.recent(key, t);
      if (list.length >= this.opts.max) {
        const oldest = list[list.length - this.opts.max] ?? t;
        wait = Math.max(wait, oldest + this.opts.windowMs - t);
      }
    }
    return wait;
  }

  /** Counts one failure for every key; returns its time stamp (to forgive it later). */
  fail(keys: readonly string[]): number {
    const t = this.opts.now();
    if (this.failures.size > MAX_KEYS) this.prune(t);
    for (const key of keys) {
      const list = this.recent(key, t);
      list.push(t);
      this.failures.set(key, list);
    }
    return t;
  }

  /** Takes back one failure counted at `t` (an attempt counted up front that turned out not to be a wrong guess). */
  forgive(keys: readonly string[], t: number): void {
    for (const key of keys) {
      const list = this.failures.get(key);
      const i = list ? list.lastIndexOf(t) : -1;
      if (!list || i < 0) continue;
      list.splice(i, 1);
      if (list.length === 0) this.failures.delete(key);
    }
  }

  private recent(key: string, t: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((ts) => t - ts < this.opts.windowMs);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  private prune(t: number): void {
    for (const key of [...this.failures.keys()]) this.recent(key, t);
  }
}
