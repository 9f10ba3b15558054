/**
 * What compressing /api answers costs the gateway (`npm run bench:compress`; run.ts can call
 * measureCompression()). The large demo get_cari answer (100,000 accounts, ≈ 15 MB) is served by a
 * plain loopback ERP with Content-Length; the gateway (same process, real HTTP) passes it to a client
 * that reads the raw bytes (no decompression), with Accept-Encoding identity, br at quality 1–5, and
 * gzip at levels 1, 5 and 6. Per setting, medians of RUNS runs:
 *   - latency: request → last byte, minus the same for identity, per MB of answer;
 *   - CPU: process CPU time (user + system; ERP, gateway, client — only the gateway's part changes
 *     with the encoding) minus identity's, per MB;
 *   - wire: bytes received.
 * `gateway.compressMsPerMB` is the added latency per MB at the gateway's default (compress.ts).
 * Writes bench/compress-results.json and merges its figures into bench/results.json when present.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createDemoErp } from '../server/demo-erp/index';
import { BR_QUALITY, GZIP_LEVEL } from '../server/gateway/compress';
import { createGateway } from '../server/gateway/index';
import { gatewayPost } from './gateway-post';
import { figure, median, type Figure } from './stats';

const RUNS = Number(process.env.BENCH_COMPRESS_RUNS ?? 5);
const PASSWORD = 'bench-api-password-0123456789';
const SECRET = 'bench-session-secret-0123456789-abcdefghijklmnop';

interface Setting {
  name: string;
  accept: string;
  compression?: { brQuality?: number; gzipLevel?: number };
}
const SETTINGS: Setting[] = [
  { name: 'identity', accept: 'identity' },
  ...[1, 2, 3, 4, 5].map((q) => ({ name: `br ${q}`, accept: 'br', compression: { brQuality: q } })),
  ...[1, 5, 6].map((l) => ({ name: `gzip ${l}`, accept: 'gzip', compression: { gzipLevel: l } })),
];

async function largeGetCari(): Promise<Buffer> {
  const erp = createDemoErp({ apiPassword: PASSWORD, size: 'large' });
  const res = await erp.fetch(
    new Request(`http://demo.invalid/wex.cfm/mobiusmus/get_cari?password=${PASSWORD}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'firma_ismi=',
    }),
  );
  return Buffer.from(await res.arrayBuffer());
}

function listen(server: Server): Promise<string> {
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

export interface CompressionRow {
  name: string;
  wireKB: number;
  latencyMs: number;
  cpuMs: number;
  addedMsPerMB: number;
  addedCpuMsPerMB: number;
}

export async function measureCompression(
  log: (line: string) => void = (l) => console.info(l),
): Promise<{ figures: Record<string, Figure>; rows: CompressionRow[]; answerMB: number }> {
  const answer = await largeGetCari();
  const mb = answer.length / (1024 * 1024);
  log(`compression: get_cari answer ${mb.toFixed(1)} MB, ${RUNS} runs per setting`);
  const erp = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const body = req.url?.includes('/get_user') ? '{"status":true,"data":{"name":"Bench"}}' : answer;
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
    });
  });
  const erpUrl = await listen(erp);
  const samples = new Map<string, { ms: number[]; cpu: number[]; bytes: number }>();
  for (const setting of SETTINGS) {
    const app = createGateway({ erpBaseUrl: erpUrl, erpApiPassword: PASSWORD, sessionSecret: SECRET, log: () => undefined, compression: setting.compression });
    const server = await new Promise<ReturnType<typeof serve>>((ok) => {
      const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => ok(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const login = await gatewayPost(base, '/api/session', {}, JSON.stringify({ userName: 'bench', password: 'x' }));
    const headers = { cookie: login.cookie ?? '', 'accept-encoding': setting.accept };
    const s = { ms: [] as number[], cpu: [] as number[], bytes: 0 };
    for (let i = 0; i <= RUNS; i++) {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const r = await gatewayPost(base, '/api/erp/get_cari', headers, '{"firma_ismi":""}');
      const ms = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      if (r.status !== 200) throw new Error(`get_cari through the gateway: HTTP ${r.status}`);
      if (i === 0) continue; // warm-up
      s.ms.push(ms);
      s.cpu.push((cpu.user + cpu.system) / 1000);
      s.bytes = r.bytes;
    }
    samples.set(setting.name, s);
    await new Promise<void>((ok) => server.close(() => ok()));
    log(
      `  ${setting.name.padEnd(8)} ${(s.bytes / 1024).toFixed(0).padStart(6)} KB  ${median(s.ms).toFixed(0).padStart(5)} ms  cpu ${median(s.cpu).toFixed(0).padStart(5)} ms`,
    );
  }
  erp.close();
  const identity = samples.get('identity')!;
  const baseMs = median(identity.ms);
  const baseCpu = median(identity.cpu);
  const rows: CompressionRow[] = SETTINGS.map(({ name }) => {
    const s = samples.get(name)!;
    return {
      name,
      wireKB: Math.round(s.bytes / 1024),
      latencyMs: Math.round(median(s.ms)),
      cpuMs: Math.round(median(s.cpu)),
      addedMsPerMB: Math.round(((median(s.ms) - baseMs) / mb) * 10) / 10,
      addedCpuMsPerMB: Math.round(((median(s.cpu) - baseCpu) / mb) * 10) / 10,
    };
  });
  const chosen = samples.get(`br ${BR_QUALITY}`)!;
  const gzipChosen = samples.get(`gzip ${GZIP_LEVEL}`)!;
  const perMB = (xs: number[], base: number) => xs.map((x) => (x - base) / mb);
  const figures: Record<string, Figure> = {
    'gateway.compressMsPerMB': figure(perMB(chosen.ms, baseMs), 'ms', 2),
    'extra.gateway.compressCpuMsPerMB': figure(perMB(chosen.cpu, baseCpu), 'ms', 2),
    'extra.gateway.compressGzipMsPerMB': figure(perMB(gzipChosen.ms, baseMs), 'ms', 2),
    'extra.gateway.getCariWireKB': figure([chosen.bytes / 1024], 'KB', 0),
    'extra.gateway.getCariGzipWireKB': figure([gzipChosen.bytes / 1024], 'KB', 0),
  };
  return { figures, rows, answerMB: Math.round(mb * 10) / 10 };
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1]);
if (isMain) {
  const dir = fileURLToPath(new URL('.', import.meta.url));
  measureCompression()
    .then(({ figures, rows, answerMB }) => {
      writeFileSync(join(dir, 'compress-results.json'), JSON.stringify({ date: new Date().toISOString(), answerMB, rows, figures }, null, 2) + '\n');
      const results = join(dir, 'results.json');
      if (existsSync(results)) {
        const all = JSON.parse(readFileSync(results, 'utf8')) as { figures: Record<string, Figure> };
        Object.assign(all.figures, figures);
        writeFileSync(results, JSON.stringify(all, null, 2) + '\n');
      }
      for (const [k, f] of Object.entries(figures)) console.info(`${k}: ${f.median} ${f.unit} (${f.min} – ${f.max})`);
    })
    .catch((err: unknown) => {
      console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
      process.exit(1);
    });
}
