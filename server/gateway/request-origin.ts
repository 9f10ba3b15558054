/**
 * Who sent the request and which host it was sent to. The X-Forwarded-* headers count only with
 * `trustProxy` (behind a reverse proxy you control).
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { GatewayConfig, Ctx } from './config';

/** The client's address (the login limiter's key): config.clientAddress, else X-Forwarded-For, else the socket. */
export function clientAddress(c: Ctx, config: GatewayConfig): string {
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
}

/** The host names this request may call "same origin" (lower case), for the CSRF Origin check. */
export function sameOriginHosts(c: Ctx, config: GatewayConfig): string[] {
  const hosts = [new URL(c.req.url).host];
  const host = c.req.header('host');
  if (host) hosts.push(host);
  if (config.trustProxy) {
    const fwd = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
    if (fwd) hosts.push(fwd);
  }
  return hosts.map((h) => h.toLowerCase());
}
