/**
 * The reply-page load for bench/mutabakat.ts, in a process of its own (a client's work must not sit
 * on the measured server's event loop): `concurrency` requests in flight, `total` in all, the paths in
 * turn, after `before` (another load, timed apart: a server's and this client's first requests). Answers its
 * parent with each request's time (ms), the failures and its own CPU a request, for both.
 *
 * The client is node:http with a keep-alive agent of `concurrency` sockets, as a load generator
 * (autocannon, wrk) keeps its connections. Node's fetch (undici) cost 0.6–0.97 ms of CPU a request
 * here, two to three times the server it measured, on the same two cores: the counterparts' browsers
 * are other machines, and that CPU was taken from the server (node:http: 0.18–0.28 ms).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { runPool } from '../src/domain/run-pool';

interface Load {
  paths: string[];
  total: number;
}

process.once('message', async (m: { base: string; concurrency: number; before: Load; load: Load }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: m.concurrency });
  /** The answer's status once its body has been read whole. */
  const get = (url: string) =>
    new Promise<number>((ok, fail) => {
      http
        .get(url, { agent }, (res) => {
          res.on('data', () => undefined);
          res.on('end', () => ok(res.statusCode ?? 0));
          res.on('error', fail);
        })
        .on('error', fail);
    });
  const run = async ({ paths, total }: Load) => {
    const times: number[] = [];
    let failures = 0;
    const cpu0 = process.cpuUsage();
    const jobs = Array.from({ length: total }, (_, i) => paths[i % paths.length]!);
    await runPool(jobs, m.concurrency, async (path) => {
      const s0 = performance.now();
      try {
        if ((await get(`${m.base}${path}`)) !== 200) failures++;
        times.push(performance.now() - s0);
      } catch {
        failures++; // a reset connection: counted, not timed
      }
    });
    const cpu = process.cpuUsage(cpu0);
    return { times, failures, cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / total };
  };
  const before = await run(m.before);
  // The parent reads its CPU time here: the measured load's share is its own.
  await new Promise<void>((ok) => {
    process.once('message', () => ok());
    process.send!({ between: true });
  });
  const load = await run(m.load);
  agent.destroy();
  process.send!({ before, load }, () => process.exit(0));
});
