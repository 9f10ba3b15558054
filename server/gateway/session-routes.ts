/**
 * /api/session — who is logged in (GET), log in (POST: the login limiter, then the ERP's get_user),
 * log out (DELETE: the session is revoked, the cookie cleared). The cookie itself: session-cookie.ts.
 */
import type { Hono } from 'hono';
import { parseErpBody, readLogin } from '../../src/api/reader';
import { readJsonObject } from './body';
import type { GatewayConfig, GatewayEnv } from './config';
import { GatewayError, MESSAGES, fill } from './messages';
import { LOGIN_OPERATION, LOGIN_PARAMS, MAX_PARAM_CHARS } from '../../src/contract/erp';
import type { LoginLimiter } from './rate-limit';
import { clientAddress } from './request-origin';
import { userKey, type SessionUser } from './session';
import { StoreUnavailableError } from './state-store';
import { addressKey } from './trust-proxy';
import type { SessionCookies } from './session-cookie';
import { callErp, type UpstreamAnswer, type UpstreamOptions } from './upstream';

export interface SessionRouteDeps {
  config: GatewayConfig;
  cookies: SessionCookies;
  limiter: LoginLimiter;
  upstream: UpstreamOptions;
  refuseEcho: (answer: UpstreamAnswer) => void;
  maxBodyBytes: number;
  now: () => number;
}

export function addSessionRoutes(app: Hono<GatewayEnv>, deps: SessionRouteDeps): void {
  const { config, cookies, limiter, upstream, refuseEcho, maxBodyBytes, now } = deps;

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
    // The attempt counts (atomically, in the store) before the ERP answers, so parallel guesses cannot
    // slip past the limit while earlier ones are still waiting; anything but a wrong user name/password
    // is forgiven afterwards. A store that cannot be asked refuses the login (503): failing open would
    // lift the limit.
    const checked = await limiter.begin(userKey(name), addressKey(clientAddress(c, config)), now());
    if ('waitMs' in checked) {
      const seconds = Math.max(1, Math.ceil(checked.waitMs / 1000));
      throw new GatewayError('rate_limited', fill(MESSAGES.rateLimited, { seconds }), {
        headers: { 'retry-after': String(seconds) },
      });
    }
    const { attempt } = checked;
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
      if (!wrongGuess) await limiter.forgive(attempt).catch(() => undefined);
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
