/**
 * The gateway (Backend-for-Frontend): the browser's only door to the ERP.
 * A Hono app (Web-standard fetch handler) so the same code runs in the Vite dev server, the
 * production server and the front-end tests (msw handlers call `gateway.fetch(request)`).
 * Routes and error codes: docs/team-contracts.md.
 */
import { Buffer } from 'node:buffer';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { getConnInfo } from '@hono/node-server/conninfo';
import { parseErpBody, readLogin } from '../../src/api/reader';
import { foldTr } from '../../src/lib/turkish';
import { GatewayError, MESSAGES, errorBody, fill } from './messages';
import { ERP_OPERATIONS, LOGIN_OPERATION, MAX_PARAM_CHARS, findOperation } from './operations';
import { FailureLimiter } from './rate-limit';
import { SessionSealer, type SessionData, type SessionUser } from './session';
import { nodeFetch } from './node-fetch';
import { callErp, type UpstreamAnswer, type UpstreamOptions } from './upstream';

export interface DemoUser {
  userName: string;
  password: string;
}

export interface GatewayConfig {
  erpBaseUrl: string;
  /** Server-side secret: added to every upstream URL, never shown to the browser or logged. */
  erpApiPassword: string;
  /** Path segment of the ERP service (default "mobiusmus"). */
  erpService?: string;
  /** Upstream time limit (default 30 000 ms) → 504 upstream_timeout. */
  erpTimeoutMs?: number;
  /** ≥ 32 characters; seals the session cookie. Changing it logs everyone out. */
  sessionSecret: string;
  /** Idle timeout (default 30 min). */
  sessionIdleMs?: number;
  /** Absolute session lifetime (default 10 h). */
  sessionMaxMs?: number;
  /** Served over HTTPS: cookie named "__Host-…" and marked Secure. */
  secureCookies?: boolean;
  /** Trust X-Forwarded-For / X-Forwarded-Host (only behind a reverse proxy you control). */
  trustProxy?: boolean;
  /** Demo mode: the demo users are shown on the login page (GET /api/config). */
  demo?: null | { users: DemoUser[] };
  /** Extra alias table (ERP_ALIASES_FILE), served in /api/config. */
  aliases?: Record<string, unknown>;
  /** Upstream fetch (default: nodeFetch, node:http(s) with keep-alive). Tests pass the demo ERP's fetch. */
  fetch?: typeof fetch;
  /** Audit log sink, one JSON line per API call (default console.info). */
  log?: (line: string) => void;
  /** Failed logins allowed per client address and per user name (default 5 per 60 s). */
  loginLimit?: { max: number; windowMs: number };
  /** Largest accepted request body (default 16 KiB) → 413. */
  maxBodyBytes?: number;
  /** Clock (tests). */
  now?: () => number;
  /** Client address for the login limiter; default: X-Forwarded-For when trustProxy, else the socket. */
  clientAddress?: (c: Context) => string | undefined;
}

export const SESSION_COOKIE = 'cari_session';
export const DEFAULTS = {
  erpService: 'mobiusmus',
  erpTimeoutMs: 30_000,
  sessionIdleMs: 30 * 60_000,
  sessionMaxMs: 10 * 3_600_000,
  loginLimit: { max: 5, windowMs: 60_000 },
  maxBodyBytes: 16 * 1024,
} as const;

type Vars = { user?: SessionUser; op: string; detail?: string };
type Ctx = Context<{ Variables: Vars }>;

function jsonError(c: Ctx, err: GatewayError): Response {
  c.set('detail', err.detail ?? err.code);
  const headers: Record<string, string> = { 'x-gateway-error': '1', ...err.headers };
  return c.json(errorBody(err), err.status as 400, headers);
}

async function readBody(c: Ctx, max: number): Promise<Uint8Array> {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > max) throw new GatewayError('payload_too_large', MESSAGES.payloadTooLarge);
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new GatewayError('payload_too_large', MESSAGES.payloadTooLarge);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const ch of chunks) {
    out.set(ch, at);
    at += ch.byteLength;
  }
  return out;
}

/** The request body as a JSON object (empty body → {}). */
async function readJsonObject(c: Ctx, max: number): Promise<Record<string, unknown>> {
  const bytes = await readBody(c, max);
  if (bytes.byteLength === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new GatewayError('bad_request', MESSAGES.badJson);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new GatewayError('bad_request', MESSAGES.badJson);
  return value as Record<string, unknown>;
}

export function createGateway(config: GatewayConfig): Hono<{ Variables: Vars }> {
  const now = config.now ?? Date.now;
  const maxBodyBytes = config.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  const log = config.log ?? ((line: string) => console.info(line));
  const secure = config.secureCookies === true;
  const upstream: UpstreamOptions = {
    erpBaseUrl: config.erpBaseUrl,
    erpApiPassword: config.erpApiPassword,
    erpService: config.erpService || DEFAULTS.erpService,
    erpTimeoutMs: config.erpTimeoutMs ?? DEFAULTS.erpTimeoutMs,
    fetch: config.fetch ?? nodeFetch,
  };
  const sessions = new SessionSealer({
    secret: config.sessionSecret,
    idleMs: config.sessionIdleMs ?? DEFAULTS.sessionIdleMs,
    maxMs: config.sessionMaxMs ?? DEFAULTS.sessionMaxMs,
    now,
  });
  const limiter = new FailureLimiter({ ...(config.loginLimit ?? DEFAULTS.loginLimit), now });
  const cookiePrefix = secure ? ({ prefix: 'host' } as const) : {};

  const clientAddress = (c: Ctx): string => {
    const custom = config.clientAddress?.(c);
    if (custom) return custom;
    if (config.trustProxy) {
      const xff = c.req.header('x-forwarded-for');
      // The right-most entry is the one our own proxy added.
      const last = xff?.split(',').map((s) => s.trim()).filter(Boolean).pop();
      if (last) return last;
    }
    try {
      return getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      return 'unknown';
    }
  };

  const writeSession = async (c: Ctx, data: SessionData): Promise<void> => {
    const seal = await sessions.seal(data);
    setCookie(c, SESSION_COOKIE, seal, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      secure,
      maxAge: sessions.maxAgeSeconds(data),
      ...cookiePrefix,
    });
  };
  const clearSession = (c: Ctx): void => {
    deleteCookie(c, SESSION_COOKIE, { httpOnly: true, sameSite: 'Strict', path: '/', secure, ...cookiePrefix });
  };

  /** The valid session of this request (refreshing the cookie when due), else throws 401. */
  const requireSession = async (c: Ctx): Promise<SessionData> => {
    const seal = getCookie(c, SESSION_COOKIE, secure ? 'host' : undefined);
    const check = await sessions.check(seal);
    if (!check.ok) {
      if (seal) clearSession(c);
      throw new GatewayError('unauthenticated', MESSAGES.unauthenticated, { detail: `session_${check.reason}` });
    }
    c.set('user', check.data.user);
    if (check.refreshed) await writeSession(c, check.refreshed);
    return check.refreshed ?? check.data;
  };

  const sameOriginHosts = (c: Ctx): string[] => {
    const hosts = [new URL(c.req.url).host];
    const host = c.req.header('host');
    if (host) hosts.push(host);
    if (config.trustProxy) {
      const fwd = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
      if (fwd) hosts.push(fwd);
    }
    return hosts.map((h) => h.toLowerCase());
  };

  // An ERP answer that echoes its own request URL (a ColdFusion debug/error page can) would carry the
  // API password to the browser: such an answer is never passed on.
  const echoNeedles = config.erpApiPassword
    ? [...new Set([config.erpApiPassword, encodeURIComponent(config.erpApiPassword)])].map((v) => Buffer.from(v, 'utf8'))
    : [];
  const refuseEcho = (answer: UpstreamAnswer): void => {
    if (echoNeedles.length === 0) return;
    const body = Buffer.from(answer.body);
    if (echoNeedles.some((needle) => body.includes(needle))) {
      throw new GatewayError('upstream_http', fill(MESSAGES.upstreamUnreadable, { status: answer.status }), {
        upstreamStatus: answer.status,
        detail: 'password_echo',
      });
    }
  };

  const app = new Hono<{ Variables: Vars }>();

  // Audit log + API response headers, around every /api call.
  app.use('/api/*', async (c, next) => {
    const started = performance.now();
    c.set('op', `${c.req.method} ${new URL(c.req.url).pathname.slice(0, 80)}`);
    await next();
    c.header('cache-control', 'no-store');
    c.header('x-content-type-options', 'nosniff');
    const user = c.get('user');
    const detail = c.get('detail');
    log(
      JSON.stringify({
        time: new Date(now()).toISOString(),
        user: user?.userName ?? null,
        op: c.get('op'),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(detail ? { error: detail } : {}),
      }),
    );
  });

  // CSRF guard: our own header on every call except GET /api/config, and no cross-site fetches.
  app.use('/api/*', async (c, next) => {
    if (c.req.method === 'GET' && new URL(c.req.url).pathname === '/api/config') return next();
    const forbidden = (detail: string) => jsonError(c, new GatewayError('forbidden', MESSAGES.forbidden, { detail }));
    if (c.req.header('x-app-request') !== '1') return forbidden('csrf_header');
    const site = c.req.header('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') return forbidden('csrf_site');
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      let originHost: string;
      try {
        originHost = new URL(origin).host.toLowerCase();
      } catch {
        return forbidden('csrf_origin');
      }
      if (!originHost || !sameOriginHosts(c).includes(originHost)) return forbidden('csrf_origin');
    }
    return next();
  });

  app.get('/api/config', (c) => {
    c.set('op', 'config');
    return c.json({
      demo: !!config.demo,
      ...(config.demo ? { demoUsers: config.demo.users.map((u) => ({ userName: u.userName, password: u.password })) } : {}),
      ...(config.aliases ? { aliases: config.aliases } : {}),
    });
  });

  // Who is logged in. Nobody → 200 {user:null} (not 401): asking is not an error, and the
  // login page stays free of failed requests in the browser's console. ERP calls still need a session.
  app.get('/api/session', async (c) => {
    c.set('op', 'session');
    try {
      const data = await requireSession(c);
      return c.json({ user: data.user });
    } catch (error) {
      if (error instanceof GatewayError && error.code === 'unauthenticated') return c.json({ user: null });
      throw error;
    }
  });

  app.delete('/api/session', async (c) => {
    c.set('op', 'logout');
    const seal = getCookie(c, SESSION_COOKIE, secure ? 'host' : undefined);
    const check = await sessions.check(seal);
    if (check.ok) {
      c.set('user', check.data.user);
      sessions.revoke(check.data);
    }
    clearSession(c);
    return c.body(null, 204);
  });

  app.post('/api/session', async (c) => {
    c.set('op', 'login');
    const body = await readJsonObject(c, maxBodyBytes);
    const { userName, password } = body;
    if (
      typeof userName !== 'string' ||
      typeof password !== 'string' ||
      userName.trim() === '' ||
      password === '' ||
      userName.length > MAX_PARAM_CHARS ||
      password.length > MAX_PARAM_CHARS
    ) {
      throw new GatewayError('bad_request', MESSAGES.badLogin);
    }
    const name = userName.trim();
    const keys = [`addr:${clientAddress(c)}`, `user:${foldTr(name)}`];
    const waitMs = limiter.waitMs(keys);
    if (waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new GatewayError('rate_limited', fill(MESSAGES.rateLimited, { seconds }), {
        headers: { 'retry-after': String(seconds) },
      });
    }
    // The attempt counts before the ERP answers, so parallel guesses cannot slip past the limit while
    // earlier ones are still waiting; anything but a wrong user name/password is forgiven afterwards.
    const attempt = limiter.fail(keys);
    let wrongGuess = false;
    let result: ReturnType<typeof readLogin>;
    try {
      const answer = await callErp(upstream, LOGIN_OPERATION, [
        ['user_name', name],
        ['user_password', password],
      ]);
      refuseEcho(answer);
      const text = new TextDecoder().decode(answer.body);
      try {
        result = readLogin(parseErpBody(text, answer.status));
      } catch {
        throw new GatewayError('upstream_http', fill(MESSAGES.upstreamUnreadable, { status: answer.status }), {
          upstreamStatus: answer.status,
          detail: 'login_unreadable',
        });
      }
      if (!result.ok) {
        wrongGuess = true;
        const message = result.message?.trim() ? result.message.trim() : MESSAGES.loginFailed;
        throw new GatewayError('login_failed', message);
      }
    } finally {
      if (!wrongGuess) limiter.forgive(keys, attempt);
    }
    const displayName = typeof result.user?.name === 'string' && result.user.name.trim() ? result.user.name.trim() : name;
    const user: SessionUser = { userName: name, name: displayName };
    c.set('user', user);
    await writeSession(c, sessions.newSession(user));
    return c.json({ user });
  });

  app.all('/api/erp/*', async (c) => {
    c.set('op', 'erp');
    await requireSession(c);
    // Decide on the raw path: exactly /api/erp/<allowlisted name>, nothing encoded, nothing more.
    const rawPath = new URL(c.req.url).pathname;
    const match = /^\/api\/erp\/([a-z_]{1,40})$/.exec(rawPath);
    const operation = match?.[1] ? findOperation(match[1]) : undefined;
    if (!operation) throw new GatewayError('not_found', MESSAGES.notFound, { detail: 'unknown_operation' });
    c.set('op', operation);
    if (c.req.method !== 'POST') {
      throw new GatewayError('bad_request', MESSAGES.methodNotAllowed, { headers: { allow: 'POST' }, detail: 'method' });
    }
    const body = await readJsonObject(c, maxBodyBytes);
    const allowed: readonly string[] = ERP_OPERATIONS[operation];
    for (const [key, value] of Object.entries(body)) {
      // A password sent by the browser is dropped silently, never forwarded (the gateway adds its own).
      if (key === 'password') continue;
      if (!allowed.includes(key)) throw new GatewayError('bad_request', fill(MESSAGES.badParam, { name: key.slice(0, 40) }));
      if (typeof value !== 'string' || value.length > MAX_PARAM_CHARS) {
        throw new GatewayError('bad_request', fill(MESSAGES.badValue, { name: key, max: MAX_PARAM_CHARS }));
      }
    }
    // Every documented parameter is sent; one the browser left out goes as "" (documented choice).
    const params = allowed.map((k) => [k, typeof body[k] === 'string' ? body[k] : ''] as const);
    const answer = await callErp(upstream, operation, params);
    refuseEcho(answer);
    const type = answer.contentType?.toLowerCase().startsWith('application/json')
      ? answer.contentType
      : 'text/plain; charset=utf-8';
    return c.body(answer.body, 200, { 'content-type': type });
  });

  app.all('/api/*', () => {
    throw new GatewayError('not_found', MESSAGES.notFound, { detail: 'no_route' });
  });

  app.notFound((c) => jsonError(c as Ctx, new GatewayError('not_found', MESSAGES.notFound, { detail: 'no_route' })));

  app.onError((err, c) => {
    if (err instanceof GatewayError) return jsonError(c as Ctx, err);
    // Never echo the error: it may carry an upstream URL. Name only, for the log.
    const ge = new GatewayError('internal', MESSAGES.internal, { detail: `internal_${err.name}`.slice(0, 60) });
    return jsonError(c as Ctx, ge);
  });

  return app;
}

export type Gateway = ReturnType<typeof createGateway>;
