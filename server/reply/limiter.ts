/** Fixed-window counters per key (the reply page: per address and per token), per process. */
export class WindowLimiter {
  private readonly hits = new Map<string, { start: number; n: number }>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Counts one hit; false when the key is over its limit in this window. */
  hit(key: string): boolean {
    const t = this.now();
    let w = this.hits.get(key);
    if (!w || t - w.start >= this.windowMs) {
      if (this.hits.size > 50_000) this.sweep(t);
      w = { start: t, n: 0 };
      this.hits.set(key, w);
    }
    w.n++;
    return w.n <= this.max;
  }

  private sweep(t: number): void {
    for (const [k, w] of this.hits) if (t - w.start >= this.windowMs) this.hits.delete(k);
  }
}
