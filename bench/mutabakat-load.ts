/**
 * The reply-page load for bench/mutabakat.ts, in a process of its own (a client's work must not sit
 * on the measured server's event loop): `concurrency` requests in flight, `total` in all, the paths in
 * turn. Answers its parent with each request's time (ms) and the failures.
 */
import { performance } from 'node:perf_hooks';
import { runPool } from '../src/domain/run-pool';

process.once('message', async (m: { base: string; paths: string[]; total: number; concurrency: number }) => {
  const times: number[] = [];
  let failures = 0;
  const jobs = Array.from({ length: m.total }, (_, i) => m.paths[i % m.paths.length]!);
  await runPool(jobs, m.concurrency, async (path) => {
    const s0 = performance.now();
    try {
      const r = await fetch(`${m.base}${path}`);
      await r.arrayBuffer();
      if (r.status !== 200) failures++;
      times.push(performance.now() - s0);
    } catch {
      failures++; // a reset connection: counted, not timed
    }
  });
  process.send!({ times, failures }, () => process.exit(0));
});
