/**
 * Production server (`npm start`): serves dist/ and mounts the gateway under /api.
 * - /assets/* (hashed names): Cache-Control public, max-age=31536000, immutable; index.html no-cache
 *   (with ETag); every other non-/api GET falls back to index.html (SPA routes).
 * - gzip and brotli by Accept-Encoding (the gateway's pickEncoding): dist/ is read into memory and
 *   compressed once, in the background at start-up (a request that comes first waits for its file).
 *   /api answers are compressed by the gateway itself (gateway/compress.ts), streamed.
 * - GET /healthz (process alive), GET /readyz (ERP base URL answers within 3 s, and the state
 *   store — Redis when REDIS_URL is set — answers).
 * - ALLOWED_HOSTS (optional): requests for any other Host get 421 (DNS rebinding); health checks pass.
 * - TRUST_PROXY as a hop count is refused unless the server listens on loopback (config.ts).
 * - Security headers on every response; HSTS when served over HTTPS.
 * Refuses to start outside demo mode without ERP_BASE_URL, ERP_API_PASSWORD, SESSION_SECRET.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { Hono, type Context } from 'hono';
import { serve, type ServerType } from '@hono/node-server';
import { ConfigError, assertProxyExposure, loadEnv, prepareGateway, resolveSettings, type Env } from './config';
import { pickEncoding } from './gateway/compress';
import { createGateway, type GatewayConfig } from './gateway/index';
import { fromTrustedProxy } from './gateway/request-origin';
import { inlineScriptHashes } from './early-call-inline';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * The Content-Security-Policy of every answer. `inlineScripts`: the 'sha256-…' of index.html's
 * inline scripts (src/api/early-call.ts, bundled and inlined at build time: server/early-call-inline.ts) — those and
 * our own files run, nothing else.
 */
export const contentSecurityPolicy = (inlineScripts: readonly string[] = []) => [
  "default-src 'self'",
  ["script-src 'self'", ...inlineScripts].join(' '),
  // The Excel export zips big sheets (> 160 kB) in a Web Worker that fflate starts from a blob: URL
  // made by our own script (xlsx-writer.ts); nothing else may start a worker.
  "worker-src 'self' blob:",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.map', '.ico']);

interface StaticFile {
  body: Buffer;
  type: string;
  etag: string;
  compressible: boolean;
  gzip?: Promise<Buffer>;
  br?: Promise<Buffer>;
}

function loadDist(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else if (st.isFile()) {
        const ext = extname(name).toLowerCase();
        const body = readFileSync(full);
        const urlPath = '/' + relative(dir, full).split(sep).join('/');
        files.set(urlPath, {
          body,
          type: TYPES[ext] ?? 'application/octet-stream',
          etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
          compressible: COMPRESSIBLE.has(ext) && body.byteLength >= 256,
        });
      }
    }
  };
  walk(dir);
  return files;
}

function compressBr(file: StaticFile): Promise<Buffer> {
  file.br ??= brotliAsync(file.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
  return file.br;
}
function compressGzip(file: StaticFile): Promise<Buffer> {
  file.gzip ??= gzipAsync(file.body, { level: 9 });
  return file.gzip;
}

/** Starts compressing every compressible file in the background (zlib thread pool). */
function precompress(files: Map<string, StaticFile>): void {
  for (const file of files.values()) {
    if (!file.compressible) continue;
    compressBr(file).catch(() => undefined);
    compressGzip(file).catch(() => undefined);
  }
}

function isHttps(c: Context, config: GatewayConfig): boolean {
  if (config.secureCookies) return true;
  if (new URL(c.req.url).protocol === 'https:') return true;
  return fromTrustedProxy(c, config) && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/** The host name a request was sent to (a trusted proxy's X-Forwarded-Host, else Host), lower case, without port. */
function requestHostName(c: Context, config: GatewayConfig): string {
  const forwarded = fromTrustedProxy(c, config) ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  const host = (forwarded || c.req.header('host') || '').toLowerCase();
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
}

export interface ProdServerOptions {
  /** Directory of the built front-end (default ./dist). */
  distDir?: string;
  /** Environment (default process.env + .env files in cwd). */
  env?: Env;
  cwd?: string;
  host?: string;
  port?: number;
  /** Overrides applied to the gateway config (tests: log sink, clock, fetch). */
  gateway?: Partial<GatewayConfig>;
  /** Start-up line sink (default console.info). */
  print?: (line: string) => void;
}

export interface ProdServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function createProdApp(files: Map<string, StaticFile>, config: GatewayConfig, readyFetch: typeof fetch, allowedHosts: readonly string[] = []): Hono {
  const gateway = createGateway(config);
  const app = new Hono();
  const index = files.get('/index.html');
  const csp = contentSecurityPolicy(index ? inlineScriptHashes(index.body.toString('utf8')) : []);

  app.use('*', async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('content-security-policy', csp);
    h.set('x-content-type-options', 'nosniff');
    h.set('referrer-policy', 'no-referrer');
    h.set('x-frame-options', 'DENY');
    h.set('cross-origin-opener-policy', 'same-origin');
    h.set('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (isHttps(c, config)) h.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });

  app.get('/healthz', (c) => c.json({ ok: true }, 200, { 'cache-control': 'no-store' }));
  app.get('/readyz', async (c) => {
    const erp = async () => {
      try {
        const res = await readyFetch(config.erpBaseUrl, { method: 'HEAD', signal: AbortSignal.timeout(3000), redirect: 'manual' });
        await res.body?.cancel().catch(() => undefined);
        return 'ok' as const;
      } catch {
        return 'unreachable' as const;
      }
    };
    const [erpState, store] = await Promise.all([erp(), config.store?.health()]);
    const storeState = store ? { [store.kind === 'redis' ? 'redis' : 'store']: store.ok ? 'ok' : 'unreachable' } : {};
    const ok = erpState === 'ok' && (store?.ok ?? true);
    return c.json({ ok, erp: erpState, ...storeState }, ok ? 200 : 503, { 'cache-control': 'no-store' });
  });

  // DNS rebinding: a page on an attacker's name that resolves to this server must not be answered.
  if (allowedHosts.length) {
    app.use('*', async (c, next) => {
      if (allowedHosts.includes(requestHostName(c, config))) return next();
      return c.text('Misdirected Request', 421, { 'cache-control': 'no-store' });
    });
  }

  app.all('/api/*', (c) => gateway.fetch(c.req.raw, c.env));
  app.all('/api', (c) => gateway.fetch(c.req.raw, c.env));

  app.on(['GET', 'HEAD'], '*', async (c) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text('Bad Request', 400);
    }
    let file = files.get(path);
    let cache = 'no-cache';
    if (file && path.startsWith('/assets/')) cache = 'public, max-age=31536000, immutable';
    if (!file) {
      // Missing hashed assets (and file-looking paths) are 404, not the HTML page.
      if (path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path)) return c.text('Not Found', 404, { 'cache-control': 'no-store' });
      file = files.get('/index.html');
      if (!file) return c.text('Not Found', 404);
    }
    const headers: Record<string, string> = { 'content-type': file.type, 'cache-control': cache, etag: file.etag, vary: 'Accept-Encoding' };
    const inm = c.req.header('if-none-match');
    if (inm && inm.split(',').some((t) => t.trim() === file.etag)) return c.body(null, 304, headers);
    let body: Buffer = file.body;
    const enc = file.compressible ? pickEncoding(c.req.header('accept-encoding')) : null;
    if (enc === 'br') {
      body = await compressBr(file);
      headers['content-encoding'] = 'br';
    } else if (enc === 'gzip') {
      body = await compressGzip(file);
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = String(body.byteLength);
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(body), 200, headers);
  });

  app.all('*', (c) => c.text('Not Found', 404));
  return app;
}

export async function startProdServer(options: ProdServerOptions = {}): Promise<ProdServer> {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? loadEnv(cwd);
  const settings = resolveSettings(env, 'prod', cwd); // throws ConfigError naming what is missing
  const distDir = resolve(cwd, options.distDir ?? 'dist');
  let files: Map<string, StaticFile>;
  try {
    files = loadDist(distDir);
  } catch {
    throw new Error(`dist directory not found (${distDir}); run "npm run build" first`);
  }
  precompress(files);
  const host = options.host ?? settings.host;
  assertProxyExposure(settings.gateway.trustProxy, host);
  const prepared = await prepareGateway(settings);
  const config: GatewayConfig = { ...prepared.config, ...options.gateway };
  const app = createProdApp(files, config, (input, init) => globalThis.fetch(input, init), settings.allowedHosts);
  const server: ServerType = await new Promise((ok) => {
    const s = serve({ fetch: app.fetch, hostname: host, port: options.port ?? settings.port }, () => ok(s));
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;
  (options.print ?? ((l: string) => console.info(l)))(`Cari Ekran listening on ${host}:${port} — ${prepared.description}`);
  return {
    url,
    port,
    close: async () => {
      await new Promise<void>((ok) => {
        server.close(() => ok());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await prepared.close();
    },
  };
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  startProdServer({ distDir: resolve(fileURLToPath(new URL('..', import.meta.url)), 'dist') })
    .then((srv) => {
      const stop = () => {
        srv.close().finally(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    })
    .catch((err: unknown) => {
      if (err instanceof ConfigError) console.error(err.message);
      else console.error(err instanceof Error ? err.message : 'start-up failed');
      process.exit(1);
    });
}
