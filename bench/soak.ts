/**
 * Bounded soak, CI-size (`npm run soak`; not part of `npm test`): two production-server instances
 * (server/prod.ts, started from the environment like `npm start`) sharing SESSION_SECRET and a real
 * redis-server (Debian's, free loopback port), in front of a slow-ish fake ERP. For SOAK_SECONDS
 * (default 120) SOAK_CLIENTS (default 50) clients, each with its own session, alternate between the
 * two instances and ask for accounts (a few common searches, so identical calls coalesce),
 * statements and the odd 2 MB list, reading every answer to its end, with 100–500 ms between calls.
 * Each client is its own user (soak-1 … soak-N). Beside them:
 * - one client that STALLS: every 20 s it asks for a 40 MB answer and never reads it;
 * - one client that ABANDONS: every 300 ms it starts a call and leaves after 50–250 ms;
 * - one FLOODING user (issue 36): 20 sessions of the same user, each keeping 6 slow calls (3 s at the
 *   ERP) in flight, asking again at once after every answer or refusal;
 * - one SHARING pair (issue 36): two users asking together, every 15 s, for the same 20 MB answer —
 *   one reads as fast as it can, the other 1 MB every 0.5 s.
 * SOAK_EXTRA=0 leaves the flooder and the pair out (the baseline to compare the others' p99 with).
 * Reports p50/p99 latency (request to last byte), answers, errors, refusals per user, how the stalled and
 * abandoned calls ended on the ERP side (closed by the gateway, and how long after), and each
 * instance's resident memory every 10 s. Writes bench/soak-results.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRedis } from '../tests/gateway/redis-harness';
import { floodStats, flooder, sharers, sharedAnswer, sharingStats } from './soak-extra';

const KB = 1024;
const MB = 1024 * KB;
const SECONDS = Number(process.env.SOAK_SECONDS) || 120;
const CLIENTS = Number(process.env.SOAK_CLIENTS) || 50;
const EXTRA = process.env.SOAK_EXTRA !== '0';
const PASSWORD = 'Soak-Şifre-1';
const LOGIN_ANSWER = JSON.stringify({ status: true, data: { name: 'Soak Kullanıcı' } });

// ---------------------------------------------------------------- roles (child processes)

/** The fake ERP: logins in 50 ms; answers streamed in 16 KiB writes, a few ms apart (a slow-ish ERP). */
function roleErp(): void {
  const row = (i: number) => JSON.stringify({ FIRMA_ID: String(i), FIRMA_ADI: `Iğdır Gıda & Tarım ${i} A.Ş.`, FIRMA_IL: 'İSTANBUL', BAKIYE: `${i}.234,56` });
  const rows = (n: number) => Buffer.from('[' + Array.from({ length: n }, (_, i) => row(i + 1)).join(',') + ']');
  const small = rows(200); // ≈ 20 KB
  const medium = rows(2000); // ≈ 200 KB
  const large = rows(20000); // ≈ 2 MB
  const huge = Buffer.alloc(40 * MB, ' '); // the stalled client's answer
  huge.write('[');
  huge.write(']', huge.length - 1);
  const shared = sharedAnswer(); // the sharing pair's answer (soak-extra.ts)
  const stats = { requests: 0, completed: 0, closedEarly: 0, hugeOpen: new Map<ServerResponse, number>(), hugeClosedAfterMs: [] as number[] };
  const send = (res: ServerResponse, body: Buffer, gapMs: number) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    let at = 0;
    let finished = false;
    res.on('close', () => {
      if (!finished) stats.closedEarly++;
    });
    const next = () => {
      while (at < body.length && !res.destroyed) {
        const chunk = body.subarray(at, at + 16 * KB);
        at += chunk.length;
        const more = res.write(chunk);
        if (gapMs > 0) return void setTimeout(next, gapMs);
        if (!more) return void res.once('drain', next);
      }
      if (!res.destroyed) {
        finished = true;
        stats.completed++;
        res.end();
      }
    };
    next();
  };
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      stats.requests++;
      const form = new URLSearchParams(Buffer.concat(parts).toString());
      const url = req.url ?? '';
      if (url.includes('/get_user')) {
        const ok = /^(soak-\d+|flood|share-fast|share-slow|staller|abandoner)$/.test(form.get('user_name') ?? '') && form.get('user_password') === PASSWORD;
        setTimeout(
          () => res.writeHead(200, { 'content-type': 'application/json' }).end(ok ? LOGIN_ANSWER : JSON.stringify({ status: false, data: 'Hatalı' })),
          50,
        );
        return;
      }
      const name = form.get('firma_ismi') ?? '';
      if (name === 'dev-liste') {
        const opened = performance.now();
        stats.hugeOpen.set(res, opened);
        res.on('close', () => {
          stats.hugeOpen.delete(res);
          stats.hugeClosedAfterMs.push(Math.round(performance.now() - opened));
        });
        send(res, huge, 0);
        return;
      }
      if (name.startsWith('yavaş')) return void setTimeout(() => send(res, small, 0), 3000);
      if (name === 'ortak') return void send(res, shared, 0);
      // Statements ≈ 20 KB after 100 ms; accounts 20 KB, 200 KB or (now and then) 2 MB, 2 ms between writes.
      if (url.includes('/get_cari_extre')) return void setTimeout(() => send(res, small, 2), 100);
      send(res, name === 'büyük' ? large : name === '' ? medium : small, 2);
    });
  });
  server.keepAliveTimeout = 10_000;
  server.listen(0, '127.0.0.1', () => process.stdout.write(`PORT ${(server.address() as AddressInfo).port}\n`));
  process.on('message', () => {
    const now = performance.now();
    process.send?.({
      requests: stats.requests,
      completed: stats.completed,
      closedEarly: stats.closedEarly,
      hugeStillOpen: [...stats.hugeOpen.values()].map((t) => Math.round(now - t)),
      hugeClosedAfterMs: stats.hugeClosedAfterMs,
    });
  });
}

/** One production server, from the environment as `npm start` reads it; reports its audit lines and memory over IPC. */
async function roleProd(): Promise<void> {
  const { startProdServer } = await import('../server/prod');
  const counts: Record<string, number> = {};
  const server = await startProdServer({
    distDir: process.env.SOAK_DIST,
    cwd: process.env.SOAK_DIST,
    gateway: {
      log: (line: string) => {
        const l = JSON.parse(line) as { status?: number; cut?: boolean; error?: string; aborted?: boolean };
        const key = l.cut ? `cut:${l.error}` : l.aborted ? 'aborted' : String(l.status);
        counts[key] = (counts[key] ?? 0) + 1;
      },
    },
    print: () => undefined,
  });
  process.stdout.write(`PORT ${server.port}\n`);
  process.on('message', () => process.send?.({ counts, rssMb: Math.round(process.memoryUsage().rss / MB) }));
}

// ---------------------------------------------------------------- driver

function spawnRole(args: string[], env: Record<string, string>): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), ...args], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  return new Promise((ok, fail) => {
    let buf = '';
    const onData = (d: Buffer) => {
      buf += d.toString();
      const m = /PORT (\d+)/.exec(buf);
      if (m) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        ok({ port: Number(m[1]), child });
      }
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code) => fail(new Error(`role ${args[0]} exited ${code}`)));
  });
}

function ask<T>(child: ChildProcess): Promise<T> {
  return new Promise((ok) => {
    child.once('message', (m) => ok(m as T));
    child.send('report');
  });
}

function rssMb(pid: number | undefined): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return Math.round(kb / 1024);
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

async function login(base: string, userName: string): Promise<string> {
  for (;;) {
    const res = await fetch(`${base}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-request': '1' },
      body: JSON.stringify({ userName, password: PASSWORD }),
    });
    if (res.status === 200) return (res.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    await res.arrayBuffer();
    // 429: the login limiter's queue; 503: Redis did not answer within its 1 s (a loaded machine) — ask again.
    if (res.status !== 429 && res.status !== 503) throw new Error(`login failed: ${res.status}`);
    await sleep(1000);
  }
}

async function main(): Promise<void> {
  const redis = await startRedis();
  const dist = mkdtempSync(join(tmpdir(), 'cari-soak-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Cari</title>');
  const erp = await spawnRole(['--role=erp'], {});
  const env = {
    SOAK_DIST: dist,
    ERP_BASE_URL: `http://127.0.0.1:${erp.port}`,
    ERP_API_PASSWORD: `Soak-API-Şifre&%+${randomBytes(6).toString('hex')}`,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    SECURE_COOKIES: '0',
    REDIS_URL: redis.url,
    HOST: '127.0.0.1',
    PORT: '0',
  };
  const instances = [await spawnRole(['--role=prod'], env), await spawnRole(['--role=prod'], env)];
  const bases = instances.map((i) => `http://127.0.0.1:${i.port}`);
  const latencies: number[] = [];
  const outcome = { answers: 0, errors: 0, refused: 0, bytes: 0, errorKinds: {} as Record<string, number> };
  const refusedBy: Record<string, number> = {};
  const rss: Array<{ s: number; mb: number[] }> = [];
  let stop = false;
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) / 1000);

  const sampler = (async () => {
    while (!stop) {
      rss.push({ s: elapsed(), mb: instances.map((i) => rssMb(i.child.pid)) });
      await sleep(10_000);
    }
  })();

  const client = async (n: number) => {
    const user = `soak-${n + 1}`;
    const cookie = await login(bases[n % 2]!, user);
    let i = n;
    while (!stop) {
      i++;
      const base = bases[i % 2]!; // every other call on the other instance (the session through Redis)
      const r = Math.random();
      const [op, params] =
        r < 0.45
          ? ['get_cari', { firma_ismi: ['ığdır', 'gıda', 'a', 'tarım'][i % 4] }]
          : r < 0.55
            ? ['get_cari', { firma_ismi: '' }]
            : r < 0.58
              ? ['get_cari', { firma_ismi: 'büyük' }]
              : ['get_cari_extre', { cari_id: String(1 + (i % 300)) }];
      const t = performance.now();
      try {
        const res = await fetch(`${base}/api/erp/${op}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-app-request': '1', cookie, 'accept-encoding': 'br, gzip' },
          body: JSON.stringify(params),
        });
        const body = await res.arrayBuffer();
        if (res.status === 200) {
          outcome.answers++;
          outcome.bytes += body.byteLength;
          latencies.push(performance.now() - t);
        } else if (res.status === 429) {
          outcome.refused++;
          refusedBy[user] = (refusedBy[user] ?? 0) + 1;
        } else {
          outcome.errors++;
          outcome.errorKinds[String(res.status)] = (outcome.errorKinds[String(res.status)] ?? 0) + 1;
        }
      } catch (e) {
        outcome.errors++;
        const kind = (e as Error).name;
        outcome.errorKinds[kind] = (outcome.errorKinds[kind] ?? 0) + 1;
      }
      await sleep(100 + Math.random() * 400);
    }
  };

  const stalled = { started: 0 };
  const staller = async () => {
    const cookie = await login(bases[0]!, 'staller');
    await sleep(5000);
    while (!stop) {
      stalled.started++;
      // A 40 MB answer asked for and never read (a frozen tab): the socket stays open, paused.
      const req = httpRequest(`${bases[stalled.started % 2]}/api/erp/get_cari`, {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'x-app-request': '1', cookie, 'accept-encoding': 'identity' },
      });
      req.on('response', (res) => res.pause());
      req.on('error', () => undefined);
      req.end(JSON.stringify({ firma_ismi: 'dev-liste' }));
      await sleep(20_000);
    }
  };

  const abandoned = { started: 0 };
  const abandoner = async () => {
    const cookie = await login(bases[1]!, 'abandoner');
    while (!stop) {
      abandoned.started++;
      const ac = new AbortController();
      const call = fetch(`${bases[abandoned.started % 2]}/api/erp/get_cari`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-app-request': '1', cookie },
        body: JSON.stringify({ firma_ismi: abandoned.started % 3 ? '' : 'büyük' }),
        signal: ac.signal,
      }).then((r) => r.arrayBuffer());
      call.catch(() => undefined);
      await sleep(50 + Math.random() * 200);
      ac.abort();
      await sleep(300);
    }
  };

  const extra = { stopped: () => stop, bases, login };
  const flood = floodStats();
  const sharing = sharingStats();

  console.info(
    `soak: 2 production servers + Redis, ${CLIENTS} clients (one user each) + 1 stalling + 1 abandoning${EXTRA ? ' + 1 user flooding from 20 sessions + 1 sharing pair' : ''}, ${SECONDS} s, loopback`,
  );
  const workers = [
    ...Array.from({ length: CLIENTS }, (_, n) => client(n)),
    staller(),
    abandoner(),
    ...(EXTRA ? [flooder(extra, flood), sharers(extra, sharing)] : []),
  ];
  await sleep(SECONDS * 1000);
  stop = true;
  await Promise.all(workers.map((w) => w.catch((e: unknown) => console.error(e))));
  await sampler;
  rss.push({ s: elapsed(), mb: instances.map((i) => rssMb(i.child.pid)) });
  await sleep(2000); // let the last cut-offs and audit lines land
  const erpStats = await ask<{ requests: number; completed: number; closedEarly: number; hugeStillOpen: number[]; hugeClosedAfterMs: number[] }>(erp.child);
  const servers = await Promise.all(instances.map((i) => ask<{ counts: Record<string, number>; rssMb: number }>(i.child)));
  latencies.sort((a, b) => a - b);
  const results = {
    date: new Date().toISOString(),
    seconds: SECONDS,
    clients: CLIENTS,
    answers: outcome.answers,
    mbRead: Math.round(outcome.bytes / MB),
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
    errors: outcome.errors,
    errorKinds: outcome.errorKinds,
    refused429: outcome.refused,
    refused429ByUser: refusedBy,
    ...(EXTRA ? { flood, sharing } : {}),
    stalled: {
      started: stalled.started,
      // ERP answers of the stalled client still open at the end (each is cut 60 s after it stalls)
      stillOpenAtEnd: erpStats.hugeStillOpen,
      closedByGatewayAfterMs: erpStats.hugeClosedAfterMs,
    },
    abandoned: { started: abandoned.started },
    erp: { requests: erpStats.requests, completed: erpStats.completed, closedEarly: erpStats.closedEarly },
    auditLines: servers.map((s) => s.counts),
    rssMb: rss,
  };
  writeFileSync(fileURLToPath(new URL('./soak-results.json', import.meta.url)), JSON.stringify(results, null, 2) + '\n');
  console.info(JSON.stringify(results, null, 2));
  for (const i of [...instances, erp]) i.child.kill('SIGTERM');
  await redis.kill();
  rmSync(dist, { recursive: true, force: true });
}

const role = process.argv.find((a) => a.startsWith('--role='))?.slice('--role='.length);
if (role === 'erp') roleErp();
else if (role === 'prod') void roleProd();
else
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
