// @vitest waits
/**
 * (c) The production server: static files with the right caching, SPA fallback, security headers,
 * gzip/br, health and readiness, refusing to start without its secrets, and the gateway mounted.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ConfigError } from '../../server/config';
import { precompressDir } from '../../server/precompress';
import { startProdServer, type ProdServer } from '../../server/prod';
import { API_PASSWORD, SESSION_SECRET, captureLogs, client, leaks, refusedUrl, startFakeErp, type FakeErp } from './helpers';
import { nodeArgsFor } from '../harness/built-entry';

const root = resolve(import.meta.dirname, '../..');
const logs = captureLogs();
let dist = '';
let erp: FakeErp;
let server: ProdServer;
const INLINE = 'window.__early = "Ş & %";';
const INDEX = `<!doctype html><html lang="tr"><head><title>Cari Ekran</title><script>${INLINE}</script><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>`;
const JS = `console.log(${JSON.stringify('Merhaba dünya '.repeat(100))});\n`;

function env(extra: Record<string, string> = {}) {
  // The mutabakat/tahsilat database is not what these tests are about (tests/gateway/mutabakat-*.test.ts): both off.
  return { ERP_BASE_URL: erp.url, ERP_API_PASSWORD: API_PASSWORD, SESSION_SECRET, SECURE_COOKIES: '0', MUTABAKAT: '0', TAHSILAT: '0', ...extra };
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'cari-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), JS);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  erp = await startFakeErp();
  server = await startProdServer({ distDir: dist, env: env(), cwd: dist, host: '127.0.0.1', port: 0, gateway: { log: logs.sink }, print: logs.sink });
});

afterAll(async () => {
  await server?.close();
  await erp?.close();
  rmSync(dist, { recursive: true, force: true });
  logs.restore();
  expect(logs.lines.filter((l) => leaks(l))).toEqual([]);
});

function expectSecurityHeaders(res: Response) {
  const csp = res.headers.get('content-security-policy') ?? '';
  for (const part of [
    "default-src 'self'",
    "script-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ]) {
    expect(csp).toContain(part);
  }
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).not.toContain('unsafe-inline');
  // Workers only from our own files (the export, ranking and PDF workers are module workers under /assets/).
  expect(
    csp
      .split(';')
      .map((p) => p.trim())
      .filter((p) => p.startsWith('worker-src')),
  ).toEqual(["worker-src 'self'"]);
  expect(csp).not.toMatch(/\bblob:/);
  // index.html's one inline script (src/api/early-call.ts bundled, in a real build) is allowed by its own hash, nothing else.
  const scriptSrc = csp
    .split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith('script-src'));
  expect(scriptSrc).toBe(`script-src 'self' 'sha256-${createHash('sha256').update(INLINE, 'utf8').digest('base64')}'`);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
}

describe('static files', () => {
  it('hashed assets are cached for a year and immutable; index.html must revalidate', async () => {
    const asset = await fetch(`${server.url}/assets/index-AbC123.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await asset.text()).toBe(JS);
    const index = await fetch(`${server.url}/`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toBe(INDEX);
    const etag = index.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.url}/`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('SPA routes fall back to index.html; missing assets are 404', async () => {
    for (const path of ['/cariler', '/cariler/123/ekstre?from=2026-01-01', '/faturalar/ABC%20def']) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toBe(INDEX);
    }
    expect((await fetch(`${server.url}/assets/missing-123.js`)).status).toBe(404);
    // traversal attempts only ever get files from dist (here: the SPA page), never the file system
    const traversal = await fetch(`${server.url}/..%2f..%2fetc%2fpasswd`);
    expect(await traversal.text()).toBe(INDEX);
    expect((await fetch(`${server.url}/assets/..%2f..%2fpackage.json`)).status).toBe(404);
  });

  it('security headers on every kind of response', async () => {
    expectSecurityHeaders(await fetch(`${server.url}/`));
    expectSecurityHeaders(await fetch(`${server.url}/assets/index-AbC123.js`));
    expectSecurityHeaders(await fetch(`${server.url}/api/session`));
    expectSecurityHeaders(await fetch(`${server.url}/healthz`));
    const plain = await fetch(`${server.url}/`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('gzip and brotli by Accept-Encoding, same bytes after decoding', async () => {
    const br = await fetch(`${server.url}/assets/index-AbC123.js`, { headers: { 'accept-encoding': 'br' } });
    // undici decodes transparently; the header tells which encoding came over the wire
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(JS);
    const gz = await fetch(`${server.url}/assets/index-AbC123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(JS);
    expect(gz.headers.get('vary')).toMatch(/accept-encoding/i);
    // raw bytes really are compressed and smaller
    const rawGz = await rawGet('/assets/index-AbC123.js', 'gzip');
    expect(gunzipSync(rawGz).toString('utf8')).toBe(JS);
    expect(rawGz.byteLength).toBeLessThan(Buffer.byteLength(JS) / 4);
    const rawBr = await rawGet('/assets/index-AbC123.js', 'br');
    expect(brotliDecompressSync(rawBr).toString('utf8')).toBe(JS);
  });
});

async function rawGet(path: string, encoding: string): Promise<Buffer> {
  const { request } = await import('node:http');
  const u = new URL(server.url);
  return new Promise((ok, fail) => {
    request({ host: u.hostname, port: u.port, path, headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok(Buffer.concat(chunks)));
    })
      .on('error', fail)
      .end();
  });
}

describe('health', () => {
  it('/healthz is 200 {ok:true}; /readyz follows the ERP', async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    // an ERP that refuses connections → 503
    const down = await startProdServer({
      distDir: dist,
      env: env({ ERP_BASE_URL: await refusedUrl() }),
      cwd: dist,
      host: '127.0.0.1',
      port: 0,
      gateway: { log: logs.sink },
      print: logs.sink,
    });
    try {
      const res = await fetch(`${down.url}/readyz`);
      expect(res.status).toBe(503);
      expect(leaks(await res.text())).toBe(false);
    } finally {
      await down.close();
    }
  });
});

describe('start-up checks', () => {
  it('refuses to start outside demo mode, naming exactly the missing variables', async () => {
    await expect(startProdServer({ distDir: dist, env: {}, cwd: dist, port: 0 })).rejects.toMatchObject({
      missing: ['ERP_BASE_URL', 'ERP_API_PASSWORD', 'SESSION_SECRET'],
    });
    const err = await startProdServer({ distDir: dist, env: { ERP_BASE_URL: erp.url, SESSION_SECRET }, cwd: dist, port: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).missing).toEqual(['ERP_API_PASSWORD']);
    const short = await startProdServer({ distDir: dist, env: env({ SESSION_SECRET: 'short' }), cwd: dist, port: 0 }).catch((e: unknown) => e);
    expect((short as Error).message).toContain('SESSION_SECRET must be at least 32 characters');
  });

  it('`npm start` (the built server/prod.ts) exits 1 and names the missing variables', async () => {
    const child = spawn(process.execPath, nodeArgsFor('prod', 'server/prod.ts'), {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ERP_API_PASSWORD: API_PASSWORD, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((ok) => child.on('exit', ok));
    expect(code).toBe(1);
    expect(out).toContain('missing required environment variables: ERP_BASE_URL, SESSION_SECRET');
    expect(out).not.toContain('ERP_API_PASSWORD');
    expect(leaks(out)).toBe(false);
  }, 30_000);
});

describe('the gateway behind the production server', () => {
  it('login and get_cari end to end; the password is added server-side once', async () => {
    const c = client(server.url);
    expect((await c.login()).status).toBe(200);
    erp.requests.length = 0;
    const res = await c.erp('get_cari', { firma_ismi: 'Iğdır', password: 'x' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(erp.answer);
    expect(erp.requests).toHaveLength(1);
    expect(erp.requests[0]!.passwords).toEqual([API_PASSWORD]);
    expect(erp.requests[0]!.body.toString('latin1')).toBe('firma_ismi=I%C4%9Fd%C4%B1r');
    // the gate is closed without a session and for cross-site requests
    expect((await fetch(`${server.url}/api/erp/get_cari`, { method: 'POST', headers: { 'x-app-request': '1' }, body: '{}' })).status).toBe(401);
    expect((await c.erp('get_cari', {}, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    // API answers are never cached
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('HSTS when served over HTTPS behind a trusted proxy', async () => {
    const proxied = await startProdServer({
      distDir: dist,
      env: env({ TRUST_PROXY: '1' }),
      cwd: dist,
      host: '127.0.0.1',
      port: 0,
      gateway: { log: logs.sink },
      print: logs.sink,
    });
    try {
      const res = await fetch(`${proxied.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
      const plain = await fetch(`${proxied.url}/`);
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await proxied.close();
    }
  });
});

describe('compressed copies (server/precompress.ts)', () => {
  it('writes .br/.gz beside text files once, refreshes a stale copy, skips small files and images', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cari-pre-'));
    try {
      const text = 'Çağrı ödeme şartları; '.repeat(40); // 880+ bytes of text
      writeFileSync(join(dir, 'app.js'), text);
      writeFileSync(join(dir, 'tiny.css'), 'a{}'); // 3 bytes: not worth a copy
      writeFileSync(join(dir, 'logo.png'), Buffer.alloc(4096, 7)); // images are compressed already
      expect(await precompressDir(dir)).toBe(2); // app.js.br + app.js.gz
      expect(brotliDecompressSync(readFileSync(join(dir, 'app.js.br'))).toString('utf8')).toBe(text);
      expect(gunzipSync(readFileSync(join(dir, 'app.js.gz'))).toString('utf8')).toBe(text);
      expect(existsSync(join(dir, 'tiny.css.br')) || existsSync(join(dir, 'logo.png.br'))).toBe(false);
      expect(await precompressDir(dir)).toBe(0); // up to date: nothing written
      const changed = 'Yeni içerik — '.repeat(40);
      writeFileSync(join(dir, 'app.js'), changed);
      const later = new Date(Date.now() + 5000);
      utimesSync(join(dir, 'app.js'), later, later);
      expect(await precompressDir(dir)).toBe(2);
      expect(brotliDecompressSync(readFileSync(join(dir, 'app.js.br'))).toString('utf8')).toBe(changed);
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the production server sends the brotli copy as it is on disk', async () => {
    const onDisk = readFileSync(join(dist, 'assets', 'index-AbC123.js.br'));
    expect((await rawGet('/assets/index-AbC123.js', 'br')).equals(onDisk)).toBe(true);
  });
});

describe('keep-alive connections', () => {
  it('a connection idle for 6 s still serves the next request (a client reusing it got ECONNRESET when the server dropped it at 5 s)', async () => {
    const { connect } = await import('node:net');
    const url = new URL(server.url);
    const socket = connect(Number(url.port), url.hostname);
    await new Promise<void>((ok, fail) => socket.once('connect', () => ok()).once('error', fail));
    let received = '';
    let closed = false;
    socket.on('data', (b) => (received += b.toString('latin1')));
    socket.on('close', () => (closed = true));
    const ask = () => socket.write(`GET /favicon.svg HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n\r\n`);
    const answers = () => received.split('HTTP/1.1 200').length - 1;
    ask();
    await vi.waitFor(() => expect(answers()).toBe(1), { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 6000));
    expect(closed).toBe(false);
    ask();
    await vi.waitFor(() => expect(answers()).toBe(2), { timeout: 5000 });
    socket.destroy();
  }, 20_000);
});
