/**
 * Test helpers for the gateway suites: a recording fake ERP on 127.0.0.1 (node:http) that can also
 * misbehave, a small cookie-keeping client, a log capture used to prove the API password never
 * reaches a log line, and gatewayHarness() — the set-up every gateway suite shares.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { serve } from '@hono/node-server';
import { createGateway, type GatewayConfig } from '../../server/gateway/index';
import { quietPort } from '../harness/ports';

/** The API password every gateway test uses; grepped for in every captured log line. */
export const API_PASSWORD = 'S3cr3t-Ápí-Şifre&%+';
export const SESSION_SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';
export const USER = { userName: 'ayse', password: 'Gizli Şifre 1!', name: 'Ayşe Yılmaz' };

export interface Recorded {
  method: string;
  /** Raw request target as received (path + query). */
  url: string;
  path: string;
  /** Every value of ?password= on the upstream URL. */
  passwords: string[];
  headers: IncomingMessage['headers'];
  body: Buffer;
  form: URLSearchParams;
}

export type FakeMode = 'ok' | 'html500' | 'hang' | 'empty401' | 'html200' | 'echo200';

export interface FakeErp {
  url: string;
  requests: Recorded[];
  mode: FakeMode;
  /** Body answered for the non-login operations in 'ok' mode. */
  answer: string;
  /** Body answered by get_user for a wrong user name or password. */
  loginFail: string;
  /** Body answered by get_user for the right ones (default LOGIN_OK). */
  loginOk: string;
  /** get_user answers after this many milliseconds (parallel-login tests). */
  loginDelayMs: number;
  /** More users the ERP accepts (user name → password), besides USER. */
  users: Record<string, string>;
  /** When set, answers the data operations in 'ok' mode itself (streamed, slow or large answers). */
  handler?: (res: ServerResponse, req: Recorded) => void;
  close(): Promise<void>;
}

/** get_user answers as the fake ERP sends them (wex-like {status,data}). */
export const LOGIN_OK = JSON.stringify({ status: true, data: { name: USER.name } });
export const LOGIN_FAIL = JSON.stringify({ status: false, data: 'Kullanıcı adı veya şifre yanlış (ERP)' });

export async function startFakeErp(): Promise<FakeErp> {
  const hanging = new Set<ServerResponse>();
  const erp: FakeErp = {
    url: '',
    requests: [],
    mode: 'ok',
    answer: '[{"FIRMA_ID":"7","FIRMA_ADI":"Iğdır Ltd"}]',
    loginFail: LOGIN_FAIL,
    loginOk: LOGIN_OK,
    loginDelayMs: 0,
    users: {},
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = req.url ?? '';
      const parsed = new URL(url, 'http://fake.invalid');
      const form = new URLSearchParams(body.toString('utf8'));
      erp.requests.push({
        method: req.method ?? '',
        url,
        path: parsed.pathname,
        passwords: parsed.searchParams.getAll('password'),
        headers: req.headers,
        body,
        form,
      });
      if (erp.mode === 'hang') {
        hanging.add(res);
        return;
      }
      if (parsed.searchParams.get('password') !== API_PASSWORD || erp.mode === 'empty401') {
        res.writeHead(401).end();
        return;
      }
      if (erp.mode === 'html500') {
        res.writeHead(500, { 'content-type': 'text/html' }).end(`<html><body><h1>Error</h1><p>cfdump ${url}</p></body></html>`);
        return;
      }
      if (erp.mode === 'echo200') {
        // A ColdFusion debug page that prints the request it served, query string included.
        res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body><p>Request: ${url}</p><p>${decodeURIComponent(url)}</p></body></html>`);
        return;
      }
      if (erp.mode === 'html200') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Login</body></html>');
        return;
      }
      if (parsed.pathname.endsWith('/get_user')) {
        const name = form.get('user_name') ?? '';
        const expected = name === USER.userName ? USER.password : Object.hasOwn(erp.users, name) ? erp.users[name] : undefined;
        const ok = expected !== undefined && form.get('user_password') === expected;
        const answer = () => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(ok ? erp.loginOk : erp.loginFail);
        if (erp.loginDelayMs > 0) setTimeout(answer, erp.loginDelayMs);
        else answer();
        return;
      }
      if (erp.handler) {
        erp.handler(res, erp.requests[erp.requests.length - 1]!);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(erp.answer);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  erp.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  erp.close = () =>
    new Promise<void>((ok) => {
      for (const res of hanging) res.destroy();
      server.close(() => ok());
      server.closeAllConnections();
    });
  return erp;
}

/** An ERP address on 127.0.0.1 that refuses connections (tests/harness/ports.ts). */
export async function refusedUrl(): Promise<string> {
  return `http://127.0.0.1:${await quietPort()}`;
}

/** fetch against `base` that keeps the session cookie like a browser would, with the CSRF header. */
export function client(base: string) {
  const jar = new Map<string, string>();
  const call = async (path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (!headers.has('x-app-request') && !headers.has('x-no-app-header')) headers.set('x-app-request', '1');
    headers.delete('x-no-app-header');
    if (jar.size && !headers.has('cookie')) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers.set('content-type', 'application/json');
    }
    const res = await fetch(base + path, { ...init, headers, body });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (/max-age=0/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  return {
    jar,
    call,
    login: (userName = USER.userName, password = USER.password) => call('/api/session', { method: 'POST', json: { userName, password } }),
    erp: (op: string, params: unknown, init: RequestInit = {}) => call(`/api/erp/${op}`, { method: 'POST', json: params, ...init }),
  };
}

/** Collects every console line and every gateway log line; check them with expectNoSecret(). */
export function captureLogs() {
  const lines: string[] = [];
  const sink = (line: string) => {
    lines.push(line);
  };
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
    vi.spyOn(console, m).mockImplementation((...args: unknown[]) => {
      lines.push(
        args
          .map((a) =>
            a instanceof Error
              ? `${a.name}: ${a.message} ${String(a.stack)} ${String((a as { cause?: unknown }).cause)}`
              : typeof a === 'string'
                ? a
                : JSON.stringify(a),
          )
          .join(' '),
      );
    }),
  );
  return {
    lines,
    sink,
    restore: () => spies.forEach((s) => s.mockRestore()),
  };
}

/** Every form in which the API password could leak. */
export function secretForms(password = API_PASSWORD): string[] {
  return [password, encodeURIComponent(password), new URLSearchParams({ p: password }).toString().slice(2)];
}

export function leaks(text: string, password = API_PASSWORD): boolean {
  return secretForms(password).some((f) => text.includes(f));
}

export interface Served {
  url: string;
  close(): Promise<void>;
}

/** createGateway(config) served by @hono/node-server on 127.0.0.1, free port. */
export async function serveGateway(config: GatewayConfig): Promise<Served> {
  const app = createGateway(config);
  return new Promise((ok) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
      ok({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            (server as { closeAllConnections?: () => void }).closeAllConnections?.();
          }),
      });
    });
  });
}

export interface RawAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  /** The bytes as sent (not decompressed). */
  body: Buffer;
  /** The connection ended before the answer was complete. */
  cut: boolean;
}

/**
 * POST through node:http exactly as given (no automatic decompression, unlike fetch), reporting a
 * connection cut before the end of the answer. `onData` sees each chunk; returning 'leave' closes
 * the connection from our side (a browser that navigates away).
 */
export function rawCall(
  base: string,
  path: string,
  options: { headers?: Record<string, string>; json?: unknown; onData?: (chunk: Buffer, received: number) => 'leave' | void } = {},
): Promise<RawAnswer> {
  const u = new URL(base);
  const payload = JSON.stringify(options.json ?? {});
  return new Promise((ok, fail) => {
    const req = httpRequest(
      {
        host: u.hostname,
        port: u.port,
        path,
        method: 'POST',
        agent: false,
        headers: { 'x-app-request': '1', 'content-type': 'application/json', 'accept-encoding': 'identity', ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let received = 0;
        let settled = false;
        const done = (cut: boolean) => {
          if (settled) return;
          settled = true;
          ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), cut });
        };
        res.on('data', (c: Buffer) => {
          chunks.push(c);
          received += c.length;
          if (options.onData?.(c, received) === 'leave') {
            req.destroy();
            done(true);
          }
        });
        res.on('end', () => done(false));
        res.on('error', () => done(true));
        res.on('close', () => done(!res.complete));
      },
    );
    req.on('error', fail);
    req.end(payload);
  });
}

/** The session cookie header of a logged-in client(). */
export const cookieOf = (jar: Map<string, string>): string => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** A JSON array of `rows` account-like rows (Turkish letters, & and %), about 120 bytes each. */
export function bigAnswer(rows: number): string {
  return JSON.stringify(
    Array.from({ length: rows }, (_, i) => ({
      FIRMA_ID: String(i + 1),
      FIRMA_ADI: `Iğdır Gıda & Tarım %${i} A.Ş.`,
      FIRMA_IL: 'İSTANBUL',
      BAKIYE: `${i}.234,56`,
    })),
  );
}

/** The fixed time a `testClock` harness starts each test at (31.01.2026 09:00 UTC). */
export const CLOCK_START = Date.UTC(2026, 0, 31, 9, 0, 0);

export interface HarnessOptions {
  /**
   * One fake ERP for the whole file, its recorded requests, mode and login delay reset before each
   * test (the default: a fresh fake ERP per test).
   */
  oneErp?: boolean;
  /** The gateway reads `clock.t` as its time and a request's `x-test-client` header as the caller's address. */
  testClock?: boolean;
}

/**
 * The set-up of a gateway suite, with its hooks: a recording fake ERP (`erp`, per test or per file),
 * the captured log lines (`logs`, restored after the file; cleared before each test when the ERP is
 * per test), `clock` (reset before each test), and gateways served on 127.0.0.1 against that ERP —
 * `gateway()` a client of a new one (its `close()` stops it early: a restart), `loggedIn()` the same after a successful login, with the ERP's
 * recorded requests cleared — closed after each test.
 */
export function gatewayHarness(options: HarnessOptions = {}) {
  const logs = captureLogs();
  const served: Served[] = [];
  const clock = { t: CLOCK_START };
  let current: FakeErp | undefined;
  const testConfig: Partial<GatewayConfig> = options.testClock ? { now: () => clock.t, clientAddress: (c) => c.req.header('x-test-client') } : {};
  const h = {
    logs,
    clock,
    get erp(): FakeErp {
      if (!current) throw new Error('gatewayHarness: the fake ERP exists only inside a test');
      return current;
    },
    async gateway(overrides: Partial<GatewayConfig> = {}) {
      const s = await serveGateway({
        erpBaseUrl: h.erp.url,
        erpApiPassword: API_PASSWORD,
        sessionSecret: SESSION_SECRET,
        log: logs.sink,
        ...testConfig,
        ...overrides,
      });
      served.push(s);
      return { ...client(s.url), url: s.url, close: s.close };
    },
    async loggedIn(overrides: Partial<GatewayConfig> = {}) {
      const g = await h.gateway(overrides);
      expect((await g.login()).status).toBe(200);
      h.erp.requests.length = 0;
      return g;
    },
  };
  if (options.oneErp) {
    beforeAll(async () => {
      current = await startFakeErp();
    });
  }
  beforeEach(async () => {
    if (options.oneErp) {
      h.erp.requests.length = 0;
      h.erp.mode = 'ok';
      h.erp.loginDelayMs = 0;
    } else {
      current = await startFakeErp();
      logs.lines.length = 0;
    }
    clock.t = CLOCK_START;
  });
  afterEach(async () => {
    await Promise.all(served.splice(0).map((s) => s.close()));
    if (!options.oneErp) await current?.close();
  });
  afterAll(async () => {
    if (options.oneErp) await current?.close();
    logs.restore();
  });
  return h;
}
