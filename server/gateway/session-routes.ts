/**
 * /api/session — who is logged in (GET), log in (POST: the login limiter, then the ERP's get_user),
 * log out (DELETE: the session is revoked, the cookie cleared). The cookie itself: session-cookie.ts.
 */
import type { Hono } from 'hono';
import { parseErpBody, readLogin } from '../../src/api/reader';
import { readJsonObject } from './body';
import type { GatewayConfig, GatewayEnv } from './config';
import { GatewayError, MESSAGES, abortedError, fill } from './messages';
import { LOGIN_OPERATION, LOGIN_PARAMS, MAX_PARAM_CHARS } from '../../src/contract/erp';
import type { LoginLimiter } from './rate-limit';
import { clientAddress } from './request-origin';
import { userKey, type SessionUser } from './session';
import { StoreUnavailableError } from './state-store';
import { addressKey } from './trust-proxy';
import type { SessionCookies } from './session-cookie';
import { callErp, type UpstreamAnswer, type UpstreamOptions } from './upstream';

/** How long a login waits while earlier attempts from its address/user are still with the ERP (then 429). */
export const LOGIN_QUEUE_MS = 15_000;
const LOGIN_POLL_MS = 100;

export interface SessionRouteDeps {
  config: GatewayConfig;
  cookies: SessionCookies;
  limiter: LoginLimiter;
  upstream: UpstreamOptions;
  refuseEcho: (answer: UpstreamAnswer) => void;
  now: () => number;
}

export function addSessionRoutes(app: Hono<GatewayEnv>, deps: SessionRouteDeps): void {
  const { config, cookies, limiter, upstream, refuseEcho, now } = deps;

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
      if (performance.now() >= queuedUntil) {
        throw new GatewayError('rate_limited', fill(MESSAGES.loginBusy, { seconds: 2 }), { headers: { 'retry-after': '2' }, detail: 'login_busy' });
      }
      await new Promise((ok) => setTimeout(ok, LOGIN_POLL_MS));
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
      const answer = await callErp(upstream, LOGIN_OPERATION, [
        [LOGIN_PARAMS.userName, name],
        [LOGIN_PARAMS.password, password],
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
    } catch (error) {
      if (wrongGuess) await limiter.failed(attempt, now());
      else await limiter.abandoned(attempt, now()).catch(() => undefined);
      throw error;
    }
    await limiter.succeeded(attempt, now());
    const displayName = typeof result.user?.name === 'string' && result.user.name.trim() ? result.user.name.trim() : name;
    const user: SessionUser = { userName: name, name: displayName };
    c.set('user', user);
    await cookies.write(c, cookies.sessions.newSession(user));
    return c.json({ user });
  });
}
