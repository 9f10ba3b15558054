/**
 * Around every /api call: the audit log line (time, user, operation, status, ms, error detail — never
 * a password or parameter value) and the API response headers (no-store, nosniff).
 */
import type { MiddlewareHandler } from 'hono';
import type { GatewayEnv } from './config';

export function auditLog(log: (line: string) => void, now: () => number): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
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
  };
}
