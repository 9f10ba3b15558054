/**
 * Which X-Forwarded-* headers to believe (TRUST_PROXY).
 * - unset / 0 / false: none; the client address is the socket's.
 * - a list of addresses and CIDRs (`10.0.0.5, 172.18.0.0/16, ::1`, keyword `loopback`): the
 *   headers are believed only when the socket peer is in the list; then X-Forwarded-For is walked
 *   from the right, skipping trusted proxies, and the first address that is not one of them is the
 *   client (proxy-addr's algorithm).
 * - a hop count N (`1`, or true/yes/on = 1): every peer is believed, the client is the N-th entry
 *   from the right. Only safe when nobody but the proxy can reach the server: the production
 *   server refuses a hop count unless HOST is a loopback address (server/config.ts).
 */
import { BlockList, isIP } from 'node:net';

export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'list'; list: BlockList; entries: string[] };

export const TRUST_NONE: TrustProxy = { kind: 'none' };

/** Plain IPv4 for an IPv4-mapped IPv6 address (::ffff:10.0.0.1), zone ids dropped; lower case. */
export function normalizeAddress(address: string): string {
  let a = address.trim().toLowerCase();
  if (a.startsWith('[') && a.includes(']')) a = a.slice(1, a.indexOf(']'));
  const zone = a.indexOf('%');
  if (zone >= 0) a = a.slice(0, zone);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped?.[1]) return mapped[1];
  return a;
}

/**
 * The key the login limiter counts an address under: IPv4 as is, IPv6 by its /64 prefix (one
 * machine usually holds a whole /64, so counting single IPv6 addresses would be no limit at all).
 */
export function addressKey(address: string): string {
  const a = normalizeAddress(address);
  if (isIP(a) !== 6) return a;
  const [head = '', tail = ''] = a.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = a.includes('::') ? [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t] : h;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Parses TRUST_PROXY; throws an Error naming the entry it cannot read. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (!value || /^(0|false|no|off)$/i.test(value)) return TRUST_NONE;
  if (/^(true|yes|on)$/i.test(value)) return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(value)) return { kind: 'hops', hops: Math.min(Number(value), 16) };
  return trustList(
    value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/** A trust list from addresses, CIDRs and the keyword `loopback`; throws on anything else. */
export function trustList(entries: readonly string[]): TrustProxy {
  const list = new BlockList();
  for (const entry of entries) {
    if (entry.toLowerCase() === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [addr = '', bits, extra] = entry.split('/');
    const a = normalizeAddress(addr);
    const family = isIP(a);
    if (!family || extra !== undefined) throw new Error(`TRUST_PROXY: "${entry}" is not an IP address or CIDR`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) {
      list.addAddress(a, type);
      continue;
    }
    const prefix = Number(bits);
    if (!/^\d+$/.test(bits) || prefix > (family === 4 ? 32 : 128)) throw new Error(`TRUST_PROXY: "${entry}" has a bad prefix length`);
    list.addSubnet(a, prefix, type);
  }
  return { kind: 'list', list, entries: [...entries] };
}

/** GatewayConfig.trustProxy in any of its accepted forms → TrustProxy. */
export function toTrustProxy(value: boolean | number | readonly string[] | TrustProxy | undefined): TrustProxy {
  if (value === undefined || value === false || value === 0) return TRUST_NONE;
  if (value === true) return { kind: 'hops', hops: 1 };
  if (typeof value === 'number') return { kind: 'hops', hops: value };
  if (Array.isArray(value)) return trustList(value);
  return value as TrustProxy;
}

function trusted(trust: TrustProxy, address: string): boolean {
  if (trust.kind === 'hops') return true;
  if (trust.kind === 'none') return false;
  const a = normalizeAddress(address);
  const family = isIP(a);
  if (!family) return false;
  return trust.list.check(a, family === 4 ? 'ipv4' : 'ipv6');
}

/** Whether X-Forwarded-Host / -Proto from this socket peer are believed. */
export function peerIsTrusted(trust: TrustProxy, socketAddress: string | undefined): boolean {
  return !!socketAddress && trust.kind !== 'none' && trusted(trust, socketAddress);
}

/** The client's address: the socket peer, or — from a trusted proxy — out of X-Forwarded-For. */
export function clientAddressFrom(trust: TrustProxy, socketAddress: string | undefined, forwardedFor: string | undefined): string {
  const socket = normalizeAddress(socketAddress ?? '') || 'unknown';
  if (!peerIsTrusted(trust, socketAddress) || !forwardedFor) return socket;
  const chain = forwardedFor
    .split(',')
    .map((s) => normalizeAddress(s))
    .filter((s) => isIP(s) !== 0);
  if (trust.kind === 'hops') {
    // hops = 1: the right-most entry (the one our proxy added), and so on.
    return chain[Math.max(0, chain.length - trust.hops)] ?? socket;
  }
  let client = socket;
  for (let i = chain.length - 1; i >= 0 && trusted(trust, client); i--) client = chain[i] ?? client;
  return client;
}
