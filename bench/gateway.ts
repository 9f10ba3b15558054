/**
 * Gateway overhead benchmark (`npm run bench:gateway`), loopback only.
 * Runs a fast fake ERP (fixed small JSON) and the gateway each in its own process, then measures
 *   A) straight to the fake ERP:  POST /wex.cfm/mobiusmus/get_cari?password=…
 *   B) through the gateway:       POST /api/erp/get_cari with a valid session cookie
 * with autocannon (BENCH_SECONDS, default 10 s, 50 connections each; ms resolution) and a serial
 * single-connection run (µs resolution) for the added latency. Writes bench/gateway-results.json.
 * `npm run bench:gateway -- --redis`: two instances sharing Redis under load instead (bench/gateway-redis.ts).
 * The gateway's audit log goes to a no-op sink here (in production it is one console.info line per call).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'node:http';
import { spawnRole, type Autocannon } from './roles';

const ERP_ANSWER = JSON.stringify([
  { FIRMA_ID: '1', FIRMA_KATEGORI_TEXT: 'Müşteri', FIRMA_ADI: 'Iğdır Gıda A.Ş.', FIRMA_IL: 'IĞDIR', FIRMA_ILCE: 'MERKEZ', BAKIYE: '1234.56' },
]);
const LOGIN_ANSWER = JSON.stringify({ status: true, data: { name: 'Bench Kullanıcı' } });

function roleErp(): void {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const body = req.url?.includes('/get_user') ? LOGIN_ANSWER : ERP_ANSWER;
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.stdout.write(`PORT ${(server.address() as AddressInfo).port}\n`));
}

async function roleGateway(erpUrl: string, password: string): Promise<void> {
  const { serve } = await import('@hono/node-server');
  const { createGateway } = await import('../server/gateway/index');
  const app = createGateway({
    erpBaseUrl: erpUrl,
    erpApiPassword: password,
    sessionSecret: randomBytes(32).toString('base64url'),
    log: () => undefined,
  });
  serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => process.stdout.write(`PORT ${info.port}\n`));
}

function startRole(args: string[], env: Record<string, string> = {}): Promise<{ port: number; child: ChildProcess }> {
  return spawnRole(fileURLToPath(import.meta.url), args, env);
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Serial requests over one keep-alive connection; returns p50/p99 in ms with µs resolution. */
async function serial(port: number, path: string, headers: Record<string, string>, body: string, n: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<number>((ok, fail) => {
      const t0 = performance.now();
      const req = request(
        { host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, agent },
        (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? ok(performance.now() - t0) : fail(new Error(`status ${res.statusCode}`))));
        },
      );
      req.on('error', fail);
      req.end(body);
    });
  for (let i = 0; i < 200; i++) await once(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < n; i++) times.push(await once());
  agent.destroy();
  times.sort((a, b) => a - b);
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return { p50: r3(pct(times, 50)), p99: r3(pct(times, 99)), mean: r3(times.reduce((a, b) => a + b, 0) / times.length) };
}

async function main(): Promise<void> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const seconds = Number(process.env.BENCH_SECONDS) || 10;
  const connections = 50;
  const password = 'Bench-Şifre&%+' + randomBytes(6).toString('hex');
  const erp = await startRole(['--role=erp']);
  const gw = await startRole(['--role=gateway', `--erp=http://127.0.0.1:${erp.port}`], { BENCH_PASSWORD: password });
  try {
    const gwUrl = `http://127.0.0.1:${gw.port}`;
    const login = await fetch(`${gwUrl}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-request': '1' },
      body: JSON.stringify({ userName: 'bench', password: 'bench' }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';

    const direct = {
      path: `/wex.cfm/mobiusmus/get_cari?password=${encodeURIComponent(password)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: 'firma_ismi=i%C4%9Fd%C4%B1r',
    };
    const viaGateway = {
      path: '/api/erp/get_cari',
      headers: { 'content-type': 'application/json', 'x-app-request': '1', cookie },
      body: JSON.stringify({ firma_ismi: 'ığdır' }),
    };

    const run = async (name: string, port: number, spec: typeof direct) => {
      const serialRes = await serial(port, spec.path, spec.headers, spec.body, 3000);
      const r = await autocannon({
        url: `http://127.0.0.1:${port}${spec.path}`,
        method: 'POST',
        headers: spec.headers,
        body: spec.body,
        connections,
        duration: seconds,
      });
      const out = {
        name,
        requestsPerSecond: Math.round(r.requests.average),
        latencyMs: { p50: r.latency.p50, p99: r.latency.p99, average: r.latency.average },
        serialLatencyMs: serialRes,
        ok: r['2xx'],
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
      };
      console.info(
        `${name.padEnd(8)} ${String(out.requestsPerSecond).padStart(6)} req/s  p50 ${out.latencyMs.p50} ms  p99 ${out.latencyMs.p99} ms  | serial p50 ${serialRes.p50} ms p99 ${serialRes.p99} ms  (non2xx ${out.non2xx}, errors ${out.errors})`,
      );
      return out;
    };

    console.info(`gateway bench: ${seconds} s × ${connections} connections each, loopback`);
    const a = await run('direct', erp.port, direct);
    const b = await run('gateway', gw.port, viaGateway);
    const result = {
      date: new Date().toISOString(),
      node: process.version,
      seconds,
      connections,
      direct: a,
      gateway: b,
      addedLatencyMs: {
        serialP50: Math.round((b.serialLatencyMs.p50 - a.serialLatencyMs.p50) * 1000) / 1000,
        serialP99: Math.round((b.serialLatencyMs.p99 - a.serialLatencyMs.p99) * 1000) / 1000,
        loadedP50: b.latencyMs.p50 - a.latencyMs.p50,
        loadedP99: b.latencyMs.p99 - a.latencyMs.p99,
      },
      targets: { addedP50BelowMs: 2, gatewayMinRequestsPerSecond: 1000 },
      met: {
        addedP50: b.serialLatencyMs.p50 - a.serialLatencyMs.p50 < 2,
        throughput: b.requestsPerSecond >= 1000 && b.non2xx === 0 && b.errors === 0,
      },
    };
    console.info(
      `added latency: serial p50 +${result.addedLatencyMs.serialP50} ms, p99 +${result.addedLatencyMs.serialP99} ms; under load p50 +${result.addedLatencyMs.loadedP50} ms, p99 +${result.addedLatencyMs.loadedP99} ms`,
    );
    console.info(`targets: added p50 < 2 ms: ${result.met.addedP50 ? 'met' : 'NOT met'}; ≥ 1000 req/s: ${result.met.throughput ? 'met' : 'NOT met'}`);
    writeFileSync(new URL('./gateway-results.json', import.meta.url), JSON.stringify(result, null, 2) + '\n');
  } finally {
    erp.child.kill();
    gw.child.kill();
  }
}

const role = process.argv.find((a) => a.startsWith('--role='))?.slice(7);
if (role === 'erp') roleErp();
else if (role === 'gateway') {
  void roleGateway(process.argv.find((a) => a.startsWith('--erp='))?.slice(6) ?? '', process.env.BENCH_PASSWORD ?? '');
} else if (process.argv.includes('--redis')) {
  // Two instances sharing Redis (bench/gateway-redis.ts).
  import('./gateway-redis')
    .then((m) => m.main())
    .catch((err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
} else {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
