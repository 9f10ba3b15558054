/**
 * Two gateway instances + Redis under load (`npm run bench:gateway -- --redis`), loopback only.
 * Starts redis-server on a free port (no persistence), the fast fake ERP of bench/gateway.ts, and two
 * gateway processes sharing SESSION_SECRET and REDIS_URL. Logs in once on instance A, then drives
 * logged-in POST /api/erp/get_cari with that one cookie against BOTH instances at once (autocannon,
 * 25 + 25 = 50 connections, BENCH_SECONDS, default 30 s): every request is a session check
 * against Redis (revocation lookup) on the instance that did not make the cookie for half of them.
 * Reports requests/s (sum), p50/p99 per instance, errors (must be 0), and each gateway's resident
 * memory before and after. Writes bench/gateway-redis-results.json.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { startRedis } from '../tests/gateway/redis-harness';
import { spawnRole, type Autocannon } from './roles';

async function roleGateway(): Promise<void> {
  const { serve } = await import('@hono/node-server');
  const { createGateway } = await import('../server/gateway/index');
  const { RedisStore } = await import('../server/gateway/state-redis');
  const store = new RedisStore({ url: process.env.REDIS_URL ?? '' });
  await store.ready();
  const app = createGateway({
    erpBaseUrl: process.env.BENCH_ERP ?? '',
    erpApiPassword: process.env.BENCH_PASSWORD ?? '',
    sessionSecret: process.env.BENCH_SESSION_SECRET ?? '',
    store,
    log: () => undefined,
  });
  serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => process.stdout.write(`PORT ${info.port}\n`));
}

/** Resident set size of a process in MB (Linux /proc). */
function rssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return Math.round(kb / 102.4) / 10;
}

export async function main(): Promise<void> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const seconds = Number(process.env.BENCH_SECONDS) || 30;
  const connections = 50;
  const password = 'Bench-Şifre&%+' + randomBytes(6).toString('hex');
  const redis = await startRedis();
  const here = fileURLToPath(import.meta.url);
  const erp = await spawnRole(fileURLToPath(new URL('./gateway.ts', import.meta.url)), ['--role=erp'], {});
  const env = {
    BENCH_ERP: `http://127.0.0.1:${erp.port}`,
    BENCH_PASSWORD: password,
    BENCH_SESSION_SECRET: randomBytes(32).toString('base64url'),
    REDIS_URL: redis.url,
  };
  const gws = [await spawnRole(here, ['--role=gateway'], env), await spawnRole(here, ['--role=gateway'], env)];
  try {
    const [a, b] = gws as [(typeof gws)[0], (typeof gws)[0]];
    const login = await fetch(`http://127.0.0.1:${a.port}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-request': '1' },
      body: JSON.stringify({ userName: 'bench', password: 'bench' }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const spec = {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-request': '1', cookie },
      body: JSON.stringify({ firma_ismi: 'ığdır' }),
    };
    // warm-up (JIT, keep-alive pools), not measured
    await Promise.all([a, b].map((g) => autocannon({ url: `http://127.0.0.1:${g.port}/api/erp/get_cari`, ...spec, connections: 10, duration: 3 })));
    const rssBefore = gws.map((g) => rssMb(g.child.pid));
    console.info(`two instances + Redis: ${seconds} s × ${connections} connections (25 per instance), loopback`);
    const runs = await Promise.all(
      [a, b].map((g) => autocannon({ url: `http://127.0.0.1:${g.port}/api/erp/get_cari`, ...spec, connections: connections / 2, duration: seconds })),
    );
    const rssAfter = gws.map((g) => rssMb(g.child.pid));
    const per = runs.map((r, i) => ({
      instance: i === 0 ? 'A' : 'B',
      requestsPerSecond: Math.round(r.requests.average),
      latencyMs: { p50: r.latency.p50, p99: r.latency.p99, average: r.latency.average },
      ok: r['2xx'],
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      rssMb: { before: rssBefore[i], after: rssAfter[i] },
    }));
    const result = {
      date: new Date().toISOString(),
      node: process.version,
      seconds,
      connections,
      requestsPerSecond: per.reduce((n, r) => n + r.requestsPerSecond, 0),
      latencyMs: { p50: Math.max(...per.map((r) => r.latencyMs.p50)), p99: Math.max(...per.map((r) => r.latencyMs.p99)) },
      failed: per.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0),
      instances: per,
    };
    for (const r of per) {
      console.info(
        `instance ${r.instance}: ${r.requestsPerSecond} req/s  p50 ${r.latencyMs.p50} ms  p99 ${r.latencyMs.p99} ms  ok ${r.ok}  non2xx ${r.non2xx}  errors ${r.errors}  timeouts ${r.timeouts}  RSS ${r.rssMb.before} → ${r.rssMb.after} MB`,
      );
    }
    console.info(`total: ${result.requestsPerSecond} req/s, p50 ≤ ${result.latencyMs.p50} ms, p99 ≤ ${result.latencyMs.p99} ms, failed ${result.failed}`);
    writeFileSync(new URL('./gateway-redis-results.json', import.meta.url), JSON.stringify(result, null, 2) + '\n');
    if (result.failed > 0) process.exitCode = 1;
  } finally {
    for (const g of gws) g.child.kill();
    erp.child.kill();
    await redis.kill();
  }
}

if (process.argv.includes('--role=gateway')) void roleGateway();
