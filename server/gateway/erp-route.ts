/**
 * POST /api/erp/:op — the ERP route. In order: a valid session, the operation on the allowlist
 * (src/contract/erp.ts, shared with the browser), POST only, the JSON body's parameters (allowlisted, strings, ≤ MAX_PARAM_CHARS;
 * a browser "password" is dropped), then the answer: identical calls in flight share one ERP request
 * (coalesce.ts), at most 6 callers at a time per session and 12 ERP requests per user (session-calls.ts), which upstream.ts makes (adding the API password) and answer-stream.ts checks while
 * it streams (size cap, password echo); passed on as JSON or text, compressed by compress.ts.
 */
import type { Hono } from 'hono';
import { readJsonObject } from './body';
import { checkedAnswer } from './answer-stream';
import type { Flights, SharedAnswer, StartFlight } from './coalesce';
import type { GatewayEnv } from './config';
import type { EchoGuard } from './echo-guard';
import { GatewayError, MESSAGES, abortedError, fill } from './messages';
import { ERP_OPERATIONS, MAX_PARAM_CHARS, callKey, findOperation, type ErpOperation } from '../../src/contract/erp';
import { onStreamEnd, type SessionCalls } from './session-calls';
import type { SessionCookies } from './session-cookie';
import { userKey } from './session';
import { openErp, type UpstreamOptions } from './upstream';
import { userErpCall } from './erp-share';
import type { OverviewGate } from './overview-gate';

export interface ErpRouteDeps {
  cookies: SessionCookies;
  upstream: UpstreamOptions;
  echo: EchoGuard;
  flights: Flights;
  calls: SessionCalls;
  /** Özet's lists held while its figures are worked out (overview-gate.ts). */
  gate?: OverviewGate;
}

export function addErpRoute(app: Hono<GatewayEnv>, deps: ErpRouteDeps): void {
  const { cookies } = deps;
  app.all('/api/erp/*', async (c) => {
    c.set('op', 'erp');
    const session = await cookies.require(c);
    // Decide on the raw path: exactly /api/erp/<allowlisted name>, nothing encoded, nothing more.
    const rawPath = new URL(c.req.url).pathname;
    const match = /^\/api\/erp\/([a-z_]{1,40})$/.exec(rawPath);
    const operation = match?.[1] ? findOperation(match[1]) : undefined;
    if (!operation) throw new GatewayError('not_found', MESSAGES.notFound, { detail: 'unknown_operation' });
    c.set('op', operation);
    if (c.req.method !== 'POST') {
      throw new GatewayError('bad_request', MESSAGES.methodNotAllowed, { status: 405, headers: { allow: 'POST' }, detail: 'method' });
    }
    const body = await readJsonObject(c);
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
    // The browser's leaving (closed tab, navigation, fetch aborted) reaches the ERP request at any stage.
    const { answer, release } = await erpAnswer(deps, session, operation, params, c.req.raw.signal);
    if (deps.gate) {
      // Joined the ERP request already; passed on once Özet's figures of this session have answered.
      try {
        await deps.gate.wait(session.sid, callKey({ operation, params: Object.fromEntries(params) }), c.req.raw.signal);
      } catch {
        answer.body.cancel().catch(() => undefined);
        release();
        throw abortedError();
      }
    }
    const meter = c.get('answer');
    if (meter && answer.coalesced) meter.coalesced = true;
    // A fixed type, never the ERP's header: its parameters could carry anything (the API password once did).
    const type = answer.contentType?.trim().toLowerCase().startsWith('application/json') ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8';
    return c.body(onStreamEnd(answer.body, release), 200, { 'content-type': type });
  });
}

/**
 * One allowlisted ERP call for a signed-in caller, up to its answer's headers: a place among the
 * session's callers (released by `release`, once the answer was read or abandoned), then the
 * identical call in flight joined or a new ERP request started. Shared by /api/erp/:op and the
 * routes that read ERP answers themselves (overview-route.ts).
 */
export async function erpAnswer(
  { upstream, echo, flights, calls }: ErpRouteDeps,
  session: { sid: string; user: { userName: string } },
  operation: ErpOperation,
  params: readonly (readonly [string, string])[],
  left: AbortSignal,
): Promise<{ answer: SharedAnswer; release: () => void }> {
  // The call's identity is the browser's (contract callKey): identical calls share one ERP request.
  const key = callKey({ operation, params: Object.fromEntries(params) });
  const release = await calls.acquire(session.sid, left);
  const user = userKey(session.user.userName);
  // A new ERP request takes one of the user's places (identical calls joining it take none), held
  // until its answer has been read to the end or abandoned.
  const start: StartFlight = async (signal, placed) => {
    const taken = await calls.acquireErp(user, signal);
    placed();
    // A user is waiting on the ERP: the server's background reads give way until the answer is read (erp-share.ts).
    const ended = userErpCall();
    const place = () => {
      taken();
      ended();
    };
    try {
      const checked = await checkedAnswer(await openErp(upstream, operation, params, signal), { scanner: echo.scanner(), maxBytes: upstream.maxAnswerBytes });
      return { ...checked, body: onStreamEnd(checked.body, place) };
    } catch (err) {
      place();
      throw err;
    }
  };
  try {
    return { answer: await flights.answer(key, start, left, user), release };
  } catch (err) {
    release();
    throw err;
  }
}
