/** CSRF guard: our own header on every call except GET /api/config, and no cross-site fetches (403 forbidden). */
import type { MiddlewareHandler } from 'hono';
import type { GatewayConfig, GatewayEnv } from './config';
import { jsonError } from './error-response';
import { GatewayError, MESSAGES } from './messages';
import { sameOriginHosts } from './request-origin';

export function csrfGuard(config: GatewayConfig): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
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
      if (!originHost || !sameOriginHosts(c, config).includes(originHost)) return forbidden('csrf_origin');
    }
    return next();
  };
}
