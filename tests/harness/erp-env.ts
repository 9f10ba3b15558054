/**
 * The server side of a flow test: the REAL gateway (server/gateway) in front of the REAL demo ERP
 * (server/demo-erp) — one fake, shared with dev and e2e. msw sends every `*\/api/*` request of the
 * app to `gateway.fetch`, keeping the session cookie in a small jar like a browser would.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createGateway, fetchTransport, type GatewayConfig } from '../../server/gateway';
import {
  createDemoErp,
  DEMO_COMPANY,
  DEMO_USERS,
  type DemoErp,
  type DemoErpOptions,
  type FailMode,
  type FailRule,
  type ShapeName,
} from '../../server/demo-erp';
import { CookieJar } from './cookie-jar';

export type DemoShape = ShapeName;
export type DemoFail = FailMode;

/** The origin the tests' DOM runs at (vitest.config.ts environmentOptions.happyDOM.url). */
export const APP_ORIGIN = 'http://localhost:3000';

export interface ErpEnvOptions {
  /** Answer shape of the demo ERP (default 'wex'). */
  shape?: DemoShape;
  /** Failure mode of the demo ERP (default 'none'). */
  fail?: DemoFail;
  /** Demo mode on the gateway: /api/config lists the demo users (default true). */
  demo?: boolean;
  /** Configure the gateway with an API password the ERP does not accept. */
  wrongApiPassword?: boolean;
  /** Anything else for the gateway (loginLimit, erpTimeoutMs, aliases, …). */
  gateway?: Partial<GatewayConfig>;
  /** Anything else for the demo ERP (size, today, …). */
  demoErp?: Partial<DemoErpOptions>;
}

function randomSecret(bytes: number): string {
  const a = new Uint8Array(bytes);
  crypto.getRandomValues(a);
  return Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface ErpEnv {
  /** The ERP API password the demo ERP accepts (tests assert it never reaches the page). */
  apiPassword: string;
  demoErp: DemoErp;
  gateway: ReturnType<typeof createGateway>;
  jar: CookieJar;
  /** Every /api request the app made: "METHOD /api/path". */
  calls: string[];
}

let env: ErpEnv | null = null;

/** Edits of the demo ERP's answers by operation, until the test ends (editErpAnswer). */
const erpEdits = new Map<string, (json: unknown) => unknown>();

/** The demo ERP as the gateway reaches it: its answer to an operation with an edit, edited. */
async function demoAnswer(demoErp: DemoErp, request: Request): Promise<Response> {
  const res = await demoErp.fetch(request);
  const operation = decodeURIComponent(/\/([^/]+)\/?$/.exec(new URL(request.url).pathname)?.[1] ?? '');
  const edit = erpEdits.get(operation);
  if (!edit || !res.ok) return res;
  return new Response(JSON.stringify(edit(await res.json())), { status: res.status, headers: res.headers });
}

/**
 * Until the test ends, the demo ERP's answer to `operation` goes through `edit` — for the gateway's
 * own reads too (Özet's figures, GET /api/overview), unlike an msw handler, which sees only the app's calls.
 */
export function editErpAnswer(operation: string, edit: (json: unknown) => unknown): void {
  erpEdits.set(operation, edit);
}

/**
 * The ERP API password of this test process's environments: random, one per process. The gateway looks for it
 * in every answer with a pattern V8 compiles on first use (≈ 10 ms, server/gateway/echo-guard.ts) and keeps
 * for that pattern's text: a new password for each of the suite's few hundred environments compiled it again.
 */
const API_PASSWORD = randomSecret(12);

/** Builds a fresh demo ERP + gateway + empty cookie jar (done by renderApp; call directly for non-UI tests). */
export function createErpEnv(options: ErpEnvOptions = {}): ErpEnv {
  const apiPassword = API_PASSWORD;
  const demoErp = createDemoErp({
    apiPassword,
    shape: options.shape ?? 'wex',
    fail: options.fail ?? 'none',
    ...options.demoErp,
  });
  const gateway = createGateway({
    erpBaseUrl: 'http://demo-erp.test',
    erpApiPassword: options.wrongApiPassword ? `${apiPassword}-wrong` : apiPassword,
    transport: fetchTransport((request) => demoAnswer(demoErp, request)),
    demo: options.demo === false ? null : { users: [...DEMO_USERS] },
    company: options.demo === false ? undefined : { ...DEMO_COMPANY },
    sessionSecret: randomSecret(24),
    log: () => {},
    // Özet's aging on the gateway's own thread: the same function (tests/gateway/overview-thread.test.ts runs the thread).
    overviewThread: false,
    ...options.gateway,
  });
  env = { apiPassword, demoErp, gateway, jar: new CookieJar(), calls: [] };
  return env;
}

export function currentEnv(): ErpEnv {
  return env ?? createErpEnv();
}

export function resetErpEnv(): void {
  erpEdits.clear();
  env?.demoErp.release();
  env = null;
}

/** Switches the demo ERP's answer shape (the session and cookie stay). */
export function setDemoShape(shape: DemoShape): void {
  currentEnv().demoErp.settings.shape = shape;
}

/** Switches the demo ERP's failure mode ('none' to heal it). */
export function setDemoFail(fail: DemoFail): void {
  currentEnv().demoErp.settings.fail = fail;
}

/** Fails only some ERP calls (per operation, per parameter value); [] heals them. */
export function setDemoFailRules(rules: FailRule[]): void {
  currentEnv().demoErp.settings.failRules = rules;
}

/** Sends a request to the gateway as the browser would (cookie jar in, Set-Cookie out). */
export async function gatewayFetch(request: Request): Promise<Response> {
  const e = currentEnv();
  const url = new URL(request.url);
  e.calls.push(`${request.method} ${url.pathname}`);
  const headers = new Headers(request.headers);
  headers.delete('cookie');
  const cookie = e.jar.header();
  if (cookie) headers.set('cookie', cookie);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const forwarded = new Request(`${APP_ORIGIN}${url.pathname}${url.search}`, {
    method: request.method,
    headers,
    body: hasBody ? await request.arrayBuffer() : undefined,
  });
  const res = await e.gateway.fetch(forwarded);
  e.jar.store(res.headers.getSetCookie());
  // The page never sees the cookie (HttpOnly): hand the rest of the answer back.
  const out = new Headers(res.headers);
  out.delete('set-cookie');
  return new Response(res.status === 204 || res.status === 304 ? null : await res.arrayBuffer(), {
    status: res.status,
    statusText: res.statusText,
    headers: out,
  });
}

/** Logs in through the gateway (POST /api/session) so the jar holds a session cookie. */
export async function loginAs(userName = 'demo', password = 'demo'): Promise<{ userName: string; name: string }> {
  const res = await gatewayFetch(
    new Request(`${APP_ORIGIN}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-request': '1' },
      body: JSON.stringify({ userName, password }),
    }),
  );
  if (res.status !== 200) throw new Error(`loginAs(${userName}) failed: HTTP ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { userName: string; name: string } };
  return body.user;
}

/** msw: every /api request goes to the real gateway; anything else is an error (onUnhandledRequest). */
export const mswServer = setupServer(http.all('*/api/*', ({ request }) => gatewayFetch(request)));

/** Until the test ends, every get_cari_extre answers these hand-made rows (whichever account is asked for). */
export function answerStatement(rows: readonly object[]): void {
  mswServer.use(http.post('*/api/erp/get_cari_extre', () => HttpResponse.json(rows)));
}
