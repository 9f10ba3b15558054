/**
 * Production server (`npm start`): serves dist/ and mounts the gateway under /api.
 * - /assets/* (hashed names): Cache-Control public, max-age=31536000, immutable; index.html no-cache
 *   (with ETag); every other non-/api GET falls back to index.html (SPA routes).
 * - Files are served by Hono's serveStatic (hono/serve-static, `precompressed`) from memory: dist/ and
 *   its brotli and gzip copies (written once at build time, server/precompress.ts; start-up fills in
 *   any that are missing) are read once at start-up, so a page load's thirty files never queue on the
 *   file-system threads that the gateway's compression of an ERP answer needs at that same moment. index.html (and any other non-asset file) gets an ETag (hono/etag) and 304s.
 *   /api answers are compressed by the gateway itself (gateway/compress.ts), streamed.
 * - GET /healthz (process alive), GET /readyz (ERP base URL answers within 3 s, and the state
 *   store — Redis when REDIS_URL is set — answers).
 * - ALLOWED_HOSTS (optional): requests for any other Host get 421 (DNS rebinding); health checks pass.
 * - TRUST_PROXY as a hop count is refused unless the server listens on loopback (config.ts).
 * - Security headers on every response; HSTS when served over HTTPS.
 * Refuses to start outside demo mode without ERP_BASE_URL, ERP_API_PASSWORD, SESSION_SECRET.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Hono, type Context } from 'hono';
import { etag } from 'hono/etag';
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from 'hono/serve-static';
import { ConfigError, assertProxyExposure, loadEnv, prepareGateway, resolveSettings, type Env } from './config';
import { createGateway, type GatewayConfig } from './gateway/index';
import { fromTrustedProxy } from './gateway/request-origin';
import { inlineScriptHashes } from './early-call-inline';
import { precompressDir } from './precompress';

/**
 * The Content-Security-Policy of every answer. `inlineScripts`: the 'sha256-…' of index.html's
 * inline scripts (src/api/early-call.ts, bundled and inlined at build time: server/early-call-inline.ts) — those and
 * our own files run, nothing else.
 */
export const contentSecurityPolicy = (inlineScripts: readonly string[] = []) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScripts].join(' '),
    // The workers (xlsx-worker.ts, rank-worker.ts, pdf-worker.ts) are module workers built to our own files:
    // no blob: or data: worker may start.
    "worker-src 'self'",
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
  /** Mutabakat (tests: its jobs worker, its database). */
  mutabakat?: import('./app/index').ActingApp;
  close(): Promise<void>;
  /**
   * SIGTERM/SIGINT: takes no new connection, lets answers in flight finish for up to `drainMs`, then
   * cuts the rest (each still gets its audit line, as a caller who left) and logs
   * {"event":"shutdown","drainMs":…,"cut":N}.
   */
  shutdown(drainMs?: number): Promise<void>;
}

/** How long SIGTERM lets answers in flight finish. */
export const DRAIN_MS = 5000;
/** How long an idle keep-alive connection is kept open (Node's default: 5 s). */
const KEEP_ALIVE_MS = 65_000;

/** Every file under `dir` by its URL path ('/assets/x.js', '/assets/x.js.br'), read once. */
function readDist(dir: string): Map<string, Uint8Array<ArrayBuffer>> {
  const files = new Map<string, Uint8Array<ArrayBuffer>>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
    const full = join(entry.parentPath, entry.name);
    files.set('/' + relative(dir, full).split(sep).join('/'), new Uint8Array(readFileSync(full)));
  }
  return files;
}

export function createProdApp(distDir: string, config: GatewayConfig, readyFetch: typeof fetch, allowedHosts: readonly string[] = [], reply?: Hono): Hono {
  const gateway = createGateway(config);
  const app = new Hono();
  const files = readDist(distDir);
  const index = files.get('/index.html');
  const csp = contentSecurityPolicy(index ? inlineScriptHashes(new TextDecoder().decode(index)) : []);

  app.use('*', async (c, next) => {
    await next();
    const h = c.res.headers;
    // The reply page brings its own, stricter policy (server/reply/page.ts REPLY_CSP).
    if (!(reply && c.req.path.startsWith('/yanit/'))) h.set('content-security-policy', csp);
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
  if (reply) app.all('/yanit/*', (c) => reply.fetch(c.req.raw, c.env));
  app.all('/api', (c) => gateway.fetch(c.req.raw, c.env));

  // Static files: hashed assets are immutable for a year; everything else revalidates (ETag → 304).
  const fromMemory = {
    getContent: (path: string) => Promise.resolve(files.get(path) ?? null),
    isDir: (path: string) => Promise.resolve(path === '/'),
    precompressed: true,
  };
  const fromDist = serveStatic({ root: '', ...fromMemory });
  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const asset = c.req.path.startsWith('/assets/');
    c.header('cache-control', asset ? 'public, max-age=31536000, immutable' : 'no-cache');
    await next();
    if (c.res.ok && !c.res.headers.has('vary')) c.res.headers.set('vary', 'Accept-Encoding');
  });
  app.use('*', async (c, next) => (c.req.path.startsWith('/assets/') ? next() : etag()(c, next)));
  app.use('*', fromDist);
  // Missing hashed assets (and file-looking paths) are 404, not the HTML page; other paths are SPA routes.
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    if (c.req.path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(c.req.path)) return c.text('Not Found', 404, { 'cache-control': 'no-store' });
    return next();
  });
  app.on(['GET', 'HEAD'], '*', serveStatic({ root: '', path: '/index.html', ...fromMemory }));

  app.all('*', (c) => c.text('Not Found', 404));
  return app;
}

export async function startProdServer(options: ProdServerOptions = {}): Promise<ProdServer> {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? loadEnv(cwd);
  const settings = resolveSettings(env, 'prod', cwd); // throws ConfigError naming what is missing
  const distDir = resolve(cwd, options.distDir ?? 'dist');
  if (!statSync(join(distDir, 'index.html'), { throwIfNoEntry: false })?.isFile()) {
    throw new Error(`dist directory not found (${distDir}); run "npm run build" first`);
  }
  // A built dist/ has its .br/.gz copies already (this only stats); a read-only one is served as it is.
  await precompressDir(distDir).catch(() => undefined);
  const host = options.host ?? settings.host;
  assertProxyExposure(settings.gateway.trustProxy, host);
  const prepared = await prepareGateway(settings);
  const config: GatewayConfig = { ...prepared.config, ...options.gateway };
  const app = createProdApp(distDir, config, (input, init) => globalThis.fetch(input, init), settings.allowedHosts, prepared.reply);
  const server: ServerType = await new Promise((ok) => {
    const s = serve({ fetch: app.fetch, hostname: host, port: options.port ?? settings.port }, () => ok(s));
    // An idle keep-alive connection is kept a minute, not Node's 5 s: a client (a browser, a proxy)
    // that reuses one just as the server drops it gets a reset instead of an answer. Longer than the
    // usual proxies' 60 s idle timeout, so they drop it first; the headers' limit is just above it.
    // Shutdown closes idle connections itself.
    Object.assign(s, { keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 1000 });
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;
  if (settings.mutabakat.publicUrlDefault) settings.mutabakat.publicUrl = url;
  (options.print ?? ((l: string) => console.info(l)))(`Cari Ekran listening on ${host}:${port} — ${prepared.description}`);
  const log = config.log ?? ((line: string) => console.info(line));
  return {
    url,
    port,
    shutdown: async (drainMs = DRAIN_MS) => {
      const closed = new Promise<void>((ok) => server.close(() => ok()));
      (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const drained = await Promise.race([closed.then(() => true), new Promise<boolean>((ok) => (timer = setTimeout(() => ok(false), drainMs)))]);
      clearTimeout(timer);
      let cut = 0;
      if (!drained) {
        cut = await new Promise<number>((ok) => server.getConnections((err, n) => ok(err ? 0 : n)));
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        await closed;
        // The cut answers' audit lines are written when their streams notice (a tick or two).
        await new Promise((ok) => setTimeout(ok, 50));
      }
      log(JSON.stringify({ event: 'shutdown', drainMs, cut }));
      await prepared.close();
    },
    mutabakat: prepared.mutabakat,
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
        srv.shutdown().finally(() => process.exit(0));
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
