/**
 * /api/session — who is logged in (GET), log in (POST: the login limiter, then the ERP's get_user),
 * log out (DELETE: the session is revoked, the cookie cleared). The cookie itself: session-cookie.ts.
 */
import type { Hono } from 'hono';
import { parseErpBody, readLogin } from '../../src/domain/reader';
import { readJsonObject } from './body';
import type { GatewayConfig, GatewayEnv } from './config';
import { GatewayError, MESSAGES, abortedError, fill } from './messages';
import { LOGIN_OPERATION, LOGIN_PARAMS, MAX_PARAM_CHARS } from '../../src/contract/erp';
import { LoginWaits, type LoginLimiter } from './rate-limit';
import { clientAddress } from './request-origin';
import { userKey, type SessionUser } from './session';
import { StoreUnavailableError } from './state-store';
import { addressKey } from './trust-proxy';
import type { SessionCalls } from './session-calls';
import type { SessionCookies } from './session-cookie';
import { callErp, type UpstreamAnswer, type UpstreamOptions } from './upstream';

/** How long a login waits while earlier attempts from its address/user are still with the ERP (then 429). */
export const LOGIN_QUEUE_MS = 15_000;
/** A waiting login asks again at least this often (an attempt answered by another instance wakes nobody here). */
const LOGIN_RECHECK_MS = 1000;
/** The display name kept in the cookie (an 8,000-character one made a cookie the browser drops). */
export const MAX_NAME_CHARS = 80;
/** Control and invisible format characters (NUL, zero-width, bidi overrides, soft hyphen…): refused in a user name. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

/** `name` cut to MAX_NAME_CHARS characters (code points), the last one an ellipsis when cut. */
function shortName(name: string): string {
  const chars = [...name];
  return chars.length <= MAX_NAME_CHARS ? name : chars.slice(0, MAX_NAME_CHARS - 1).join('') + '…';
}

export interface SessionRouteDeps {
  config: GatewayConfig;
  cookies: SessionCookies;
  limiter: LoginLimiter;
  upstream: UpstreamOptions;
  refuseEcho: (answer: UpstreamAnswer) => void;
  now: () => number;
  /** The login reserve of ERP places (session-calls.ts): get_user never waits behind data calls. */
  calls: SessionCalls;
  /** Called once a login succeeded (the gateway readies what the page after it, Özet, needs). */
  signedIn?: () => void;
}

export function addSessionRoutes(app: Hono<GatewayEnv>, deps: SessionRouteDeps): void {
  const { config, cookies, limiter, upstream, refuseEcho, now, calls, signedIn } = deps;
  const waits = new LoginWaits();

  // Who is logged in. Nobody → 200 {user:null} (not 401): asking is not an error, and the
  // login page stays free of failed requests in the browser's console. ERP calls still need a session.
  app.get('/api/session', async (c) => {
    c.set('op', 'session');
    try {
      const data = await cookies.require(c);
      return c.json({ user: data.user });
    } catch (error) {
      if (error instanceof GatewayError && error.code === 'unauthenticated') return c.json({ user: null });
      throw error;
    }
  });

  app.delete('/api/session', async (c) => {
    c.set('op', 'logout');
    try {
      const { check } = await cookies.check(c);
      if (check.ok) {
        c.set('user', check.data.user);
        await cookies.sessions.revoke(check.data);
      }
    } catch (error) {
      // The logout could not be recorded: the cookie goes anyway, and the browser is told plainly.
      if (error instanceof StoreUnavailableError) cookies.clear(c);
      throw error;
    }
    cookies.clear(c);
    return c.body(null, 204);
  });

  app.post('/api/session', async (c) => {
    c.set('op', 'login');
    const body = await readJsonObject(c);
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
    // Invisible characters would make a second limiter key for the same visible name.
    if (INVISIBLE.test(userName)) throw new GatewayError('bad_request', MESSAGES.badUserName, { detail: 'user_name_chars' });
    const name = userName.trim();
    // Failures count only when the ERP says no; an attempt waiting for the ERP holds a place, and one
    // that finds the places taken waits for them here (rate-limit.ts). A store that cannot be asked
    // refuses the login (503): failing open would lift the limit.
    const folded = userKey(name);
    const address = addressKey(clientAddress(c, config));
    const left = c.req.raw.signal;
    const queuedUntil = performance.now() + LOGIN_QUEUE_MS;
    let begun = await limiter.begin(folded, address, now());
    while ('busy' in begun) {
      const rest = queuedUntil - performance.now();
      if (rest <= 0 || !(await waits.wait(folded, address, Math.min(rest, LOGIN_RECHECK_MS), left))) {
        throw new GatewayError('rate_limited', fill(MESSAGES.loginBusy, { seconds: 2 }), { headers: { 'retry-after': '2' }, detail: 'login_busy' });
      }
      if (left.aborted) throw abortedError();
      begun = await limiter.begin(folded, address, now());
    }
    if ('waitMs' in begun) {
      const seconds = Math.max(1, Math.ceil(begun.waitMs / 1000));
      throw new GatewayError('rate_limited', fill(MESSAGES.rateLimited, { seconds }), {
        headers: { 'retry-after': String(seconds) },
      });
    }
    const { attempt } = begun;
    let wrongGuess = false;
    let result: ReturnType<typeof readLogin>;
    try {
      const place = await calls.acquireLogin(left);
      let answer: UpstreamAnswer;
      try {
        answer = await callErp(upstream, LOGIN_OPERATION, [
          [LOGIN_PARAMS.userName, name],
          [LOGIN_PARAMS.password, password],
        ]);
      } finally {
        place();
      }
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
        // One message for every failed login: the ERP's own text may say which user names exist.
        throw new GatewayError('login_failed', MESSAGES.loginFailed);
      }
    } catch (error) {
      try {
        if (wrongGuess) await limiter.failed(attempt, now());
        else await limiter.abandoned(attempt, now()).catch(() => undefined);
      } finally {
        waits.wake(folded, address);
      }
      throw error;
    }
    try {
      await limiter.succeeded(attempt, now());
    } finally {
      waits.wake(folded, address);
    }
    const displayName = shortName(typeof result.user?.name === 'string' && result.user.name.trim() ? result.user.name.trim() : name);
    const user: SessionUser = { userName: name, name: displayName };
    c.set('user', user);
    await cookies.write(c, cookies.sessions.newSession(user));
    signedIn?.();
    return c.json({ user });
  });
}
