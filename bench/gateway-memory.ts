/**
 * Resident memory of the gateway process under large ERP answers (`npm run bench:memory`).
 * A fake ERP on loopback (this process) streams answers as fast as the socket takes them; each
 * scenario starts a fresh gateway process (`GATEWAY_ROOT`: the checkout whose server/gateway is
 * measured — point it at an older checkout for the "before" figures) and clients that read the
 * answers as fast as they come (identity encoding unless said). Per scenario: RSS at rest after login,
 * the peak (VmHWM of the gateway process), RSS 3 s after the last answer ended, and RSS after a forced
 * full GC (SIGUSR2 → gc(), so garbage not yet collected is told from memory still held).
 *   one300    one 300 MB answer
 *   three300  three 300 MB answers at once (different parameters)
 *   get50     50 concurrent 16 MB get_cari answers, different parameters (50 ERP requests)
 *   get50same 50 concurrent identical 16 MB get_cari calls (coalesced into one ERP request)
 *   get50br   as get50, the clients accepting br (each answer compressed as the browser would get it)
 * The cap (ERP_MAX_ANSWER_MB) is raised to 1 GB here so the 300 MB answers pass whole.
 * Writes bench/gateway-memory-results.json (BENCH_LABEL names the run).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gatewayPost } from './gateway-post';

const MB = 1024 * 1024;
const PASSWORD = 'bench-api-password-0123456789';
const SECRET = 'bench-session-secret-0123456789-abcdefghijklmnop';
const HERE = fileURLToPath(new URL('.', import.meta.url));
const REPEAT = Number(process.env.BENCH_REPEAT ?? 1);

async function roleGateway(erpUrl: string): Promise<void> {
  const root = resolve(process.env.GATEWAY_ROOT ?? join(HERE, '..'));
  const { createGateway } = (await import(pathToFileURL(join(root, 'server/gateway/index.ts')).href)) as typeof import('../server/gateway/index');
  const { serve } = await import('@hono/node-server');
  const app = createGateway({ erpBaseUrl: erpUrl, erpApiPassword: PASSWORD, sessionSecret: SECRET, log: () => undefined, maxAnswerBytes: 1024 * MB });
  // SIGUSR2: a full garbage collection (the bench tells garbage not yet collected from memory still held).
  process.on('SIGUSR2', () => (globalThis as { gc?: () => void }).gc?.());
  serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => process.stdout.write(`PORT ${info.port}\n`));
}

/** A JSON-ish filler chunk (account rows) the fake ERP repeats to any size. */
const ROW = '{"FIRMA_ID":"123456","FIRMA_ADI":"Iğdır Gıda & Tarım A.Ş.","FIRMA_IL":"İSTANBUL","BAKIYE":"1.234,56"},';
const CHUNK = Buffer.from(ROW.repeat(Math.ceil((64 * 1024) / ROW.length)));

function startErp(): Promise<{ url: string; close: () => void; calls: () => number }> {
  let calls = 0;
  const server = createServer((req, res) => {
    const body: Buffer[] = [];
    req.on('data', (c: Buffer) => body.push(c));
    req.on('end', () => {
      if (req.url?.includes('/get_user')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":true,"data":{"name":"Bench"}}');
        return;
      }
      calls++;
      // firma_ismi = "<MB>:<anything>": the answer's size.
      const size = Number(new URLSearchParams(Buffer.concat(body).toString()).get('firma_ismi')?.split(':')[0] ?? 1) * MB;
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      let sent = 0;
      const pump = () => {
        while (sent < size && !res.destroyed) {
          const part = size - sent < CHUNK.length ? CHUNK.subarray(0, size - sent) : CHUNK;
          sent += part.length;
          if (!res.write(part)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end();
      };
      pump();
    });
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () =>
      ok({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close(), calls: () => calls }),
    ),
  );
}

const status = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
};

interface Scenario {
  name: string;
  what: string;
  calls: string[];
  encoding?: string;
}
const SCENARIOS: Scenario[] = [
  { name: 'one300', what: 'one 300 MB answer', calls: ['300:a'] },
  { name: 'three300', what: 'three 300 MB answers at once', calls: ['300:a', '300:b', '300:c'] },
  { name: 'get50', what: '50 concurrent 16 MB get_cari, different parameters', calls: Array.from({ length: 50 }, (_, i) => `16:${i}`) },
  { name: 'get50same', what: '50 concurrent identical 16 MB get_cari calls', calls: Array.from({ length: 50 }, () => '16:same') },
  {
    name: 'get50br',
    what: '50 concurrent 16 MB get_cari, different parameters, br accepted',
    calls: Array.from({ length: 50 }, (_, i) => `16:br${i}`),
    encoding: 'br',
  },
  {
    name: 'get50gzip',
    what: '50 concurrent 16 MB get_cari, different parameters, only gzip accepted',
    calls: Array.from({ length: 50 }, (_, i) => `16:gz${i}`),
    encoding: 'gzip',
  },
];

async function runScenario(erp: { url: string; calls: () => number }, s: Scenario) {
  const erpUrl = erp.url;
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), 'gateway', erpUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  const port = await new Promise<number>((ok, fail) => {
    let buf = '';
    child.stdout!.on('data', (c: Buffer) => {
      buf += c.toString();
      const m = /PORT (\d+)/.exec(buf);
      if (m) ok(Number(m[1]));
    });
    child.once('exit', () => fail(new Error('gateway exited')));
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const login = await gatewayPost(base, '/api/session', {}, JSON.stringify({ userName: 'bench', password: 'x' }));
    await new Promise((ok) => setTimeout(ok, 500));
    const rest = status(child.pid!, 'VmRSS');
    const calls0 = erp.calls();
    const t0 = performance.now();
    let answers: Array<{ status: number; bytes: number }> = [];
    // BENCH_REPEAT rounds in the same process (a leak would grow "after" round by round).
    for (let round = 0; round < REPEAT; round++) {
      answers = await Promise.all(
        s.calls.map((q) =>
          gatewayPost(
            base,
            '/api/erp/get_cari',
            { cookie: login.cookie ?? '', 'accept-encoding': s.encoding ?? 'identity' },
            JSON.stringify({ firma_ismi: `${q}:${round}` }),
          ),
        ),
      );
    }
    const erpRequests = erp.calls() - calls0;
    const ms = Math.round(performance.now() - t0);
    const received = answers.reduce((n, a) => n + a.bytes, 0);
    const failed = answers.filter((a) => a.status !== 200).length;
    const peak = status(child.pid!, 'VmHWM');
    await new Promise((ok) => setTimeout(ok, 3000));
    const after = status(child.pid!, 'VmRSS');
    child.kill('SIGUSR2');
    await new Promise((ok) => setTimeout(ok, 1500));
    const afterGc = status(child.pid!, 'VmRSS');
    return {
      name: s.name,
      what: s.what,
      restMB: rest,
      peakMB: peak,
      afterMB: after,
      afterGcMB: afterGc,
      ms,
      receivedMB: Math.round(received / MB),
      erpRequests,
      failed,
    };
  } finally {
    child.kill();
  }
}

async function main(): Promise<void> {
  const erp = await startErp();
  const label = process.env.BENCH_LABEL ?? 'current';
  const only = process.env.BENCH_SCENARIOS?.split(',');
  const rows = [];
  for (const s of SCENARIOS.filter((x) => !only || only.includes(x.name))) {
    const row = await runScenario(erp, s);
    rows.push(row);
    console.info(
      `${label} ${row.name.padEnd(10)} rest ${row.restMB} MB, peak ${row.peakMB} MB, after ${row.afterMB} MB (${row.afterGcMB} MB after a GC); ${row.receivedMB} MB received in ${row.ms} ms, ${row.erpRequests} ERP request(s)${row.failed ? `, ${row.failed} failed` : ''}`,
    );
  }
  erp.close();
  const file = join(HERE, 'gateway-memory-results.json');
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    all = {};
  }
  all[label] = { date: new Date().toISOString(), root: process.env.GATEWAY_ROOT ?? '.', rows };
  writeFileSync(file, JSON.stringify(all, null, 2) + '\n');
}

if (process.argv[2] === 'gateway') void roleGateway(process.argv[3] ?? '');
else if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exit(1);
  });
}
