/**
 * Who sent the request and which host it was sent to. The X-Forwarded-* headers count only when the
 * socket peer is a trusted proxy (`trustProxy`, see trust-proxy.ts).
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { GatewayConfig, Ctx } from './config';
import { clientAddressFrom, peerIsTrusted, toTrustProxy, type TrustProxy } from './trust-proxy';

const parsed = new WeakMap<object, TrustProxy>();

/** config.trustProxy as a TrustProxy (parsed once per config object). */
export function trustOf(config: Pick<GatewayConfig, 'trustProxy'>): TrustProxy {
  let trust = parsed.get(config);
  if (!trust) {
    trust = toTrustProxy(config.trustProxy);
    parsed.set(config, trust);
  }
  return trust;
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** Whether this request came from a trusted proxy (so its X-Forwarded-* headers count). */
export function fromTrustedProxy(c: Context, config: Pick<GatewayConfig, 'trustProxy'>): boolean {
  return peerIsTrusted(trustOf(config), socketAddress(c));
}

/** The client's address (the login limiter's key): config.clientAddress, else from a trusted proxy's X-Forwarded-For, else the socket. */
export function clientAddress(c: Ctx, config: GatewayConfig): string {
  const custom = config.clientAddress?.(c);
  if (custom) return custom;
  return clientAddressFrom(trustOf(config), socketAddress(c), c.req.header('x-forwarded-for'));
}

/** The host names this request may call "same origin" (lower case), for the CSRF Origin check. */
export function sameOriginHosts(c: Ctx, config: GatewayConfig): string[] {
  const hosts = [new URL(c.req.url).host];
  const host = c.req.header('host');
  if (host) hosts.push(host);
  if (fromTrustedProxy(c, config)) {
    const fwd = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
    if (fwd) hosts.push(fwd);
  }
  return hosts.map((h) => h.toLowerCase());
}
