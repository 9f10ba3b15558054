/**
 * Runs `work` over `items` with at most `limit` at a time, in order of the items; stops starting new
 * ones once `signal` is aborted (those already running are left to the caller to cancel). Resolves
 * when every started item has settled. `work` must not throw (record failures itself).
 */
export async function runPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !signal?.aborted) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}
