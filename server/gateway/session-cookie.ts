/**
 * The session cookie: sealed by SessionSealer (session.ts), httpOnly, SameSite=Strict, "__Host-" and
 * Secure over HTTPS. requireSession is the check every protected route starts with.
 */
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { DEFAULTS, SESSION_COOKIE, type Ctx, type GatewayConfig } from './config';
import { GatewayError, MESSAGES } from './messages';
import { SessionSealer, type SessionCheck, type SessionData } from './session';
import type { StateStore } from './state-store';

export type SessionCookies = ReturnType<typeof sessionCookies>;

export function sessionCookies(config: GatewayConfig, now: () => number, store: StateStore) {
  const secure = config.secureCookies === true;
  const cookiePrefix = secure ? ({ prefix: 'host' } as const) : {};
  const sessions = new SessionSealer({
    secret: config.sessionSecret,
    idleMs: config.sessionIdleMs ?? DEFAULTS.sessionIdleMs,
    maxMs: config.sessionMaxMs ?? DEFAULTS.sessionMaxMs,
    now,
    store,
  });

  const write = async (c: Ctx, data: SessionData): Promise<void> => {
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
  const clear = (c: Ctx): void => {
    deleteCookie(c, SESSION_COOKIE, { httpOnly: true, sameSite: 'Strict', path: '/', secure, ...cookiePrefix });
  };
  /** The request's cookie, checked (signature, idle and absolute limits, revocation). */
  const check = async (c: Ctx): Promise<{ seal: string | undefined; check: SessionCheck }> => {
    const seal = getCookie(c, SESSION_COOKIE, secure ? 'host' : undefined);
    return { seal, check: await sessions.check(seal) };
  };

  return {
    secure,
    sessions,
    write,
    clear,
    check,
    /** The valid session of this request (refreshing the cookie when due), else throws 401. */
    async require(c: Ctx): Promise<SessionData> {
      const { seal, check: result } = await check(c);
      if (!result.ok) {
        if (seal) clear(c);
        throw new GatewayError('unauthenticated', MESSAGES.unauthenticated, { detail: `session_${result.reason}` });
      }
      c.set('user', result.data.user);
      if (result.refreshed) await write(c, result.refreshed);
      return result.refreshed ?? result.data;
    },
  };
}
