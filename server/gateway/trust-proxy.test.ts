// @vitest shared-modules
import { addressKey, clientAddressFrom, normalizeAddress, parseTrustProxy, peerIsTrusted } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it('reads nothing, a hop count, or a list of addresses and CIDRs', () => {
    expect(parseTrustProxy(undefined)).toEqual({ kind: 'none' });
    expect(parseTrustProxy(' 0 ')).toEqual({ kind: 'none' });
    expect(parseTrustProxy('false')).toEqual({ kind: 'none' });
    expect(parseTrustProxy('1')).toEqual({ kind: 'hops', hops: 1 });
    expect(parseTrustProxy('yes')).toEqual({ kind: 'hops', hops: 1 });
    expect(parseTrustProxy('2')).toEqual({ kind: 'hops', hops: 2 });
    const list = parseTrustProxy('10.0.0.5, 172.16.0.0/12, fd00::/8, loopback');
    expect(list.kind).toBe('list');
    expect(peerIsTrusted(list, '10.0.0.5')).toBe(true);
    expect(peerIsTrusted(list, '10.0.0.6')).toBe(false);
    expect(peerIsTrusted(list, '172.31.255.1')).toBe(true);
    expect(peerIsTrusted(list, '172.32.0.1')).toBe(false);
    expect(peerIsTrusted(list, '::ffff:172.20.0.3')).toBe(true);
    expect(peerIsTrusted(list, 'fd12::1')).toBe(true);
    expect(peerIsTrusted(list, '127.0.0.1')).toBe(true);
    expect(peerIsTrusted(list, '::1')).toBe(true);
    expect(peerIsTrusted(list, undefined)).toBe(false);
  });

  it('names the entry it cannot read', () => {
    expect(() => parseTrustProxy('10.0.0.1, proxy.lan')).toThrow('TRUST_PROXY: "proxy.lan" is not an IP address or CIDR');
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow('TRUST_PROXY: "10.0.0.0/33" has a bad prefix length');
    expect(() => parseTrustProxy('10.0.0.0/8/1')).toThrow(/not an IP address/);
  });

  it('walks X-Forwarded-For from the right past trusted proxies; untrusted peers are taken at their word only for themselves', () => {
    const list = parseTrustProxy('10.0.0.0/8');
    expect(clientAddressFrom(list, '10.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressFrom(list, '10.0.0.1', '1.2.3.4, 203.0.113.7, 10.9.9.9')).toBe('203.0.113.7');
    expect(clientAddressFrom(list, '10.0.0.1', '10.1.1.1, 10.2.2.2')).toBe('10.1.1.1');
    expect(clientAddressFrom(list, '10.0.0.1', 'garbage, 203.0.113.8')).toBe('203.0.113.8');
    expect(clientAddressFrom(list, '198.51.100.1', '203.0.113.7')).toBe('198.51.100.1');
    expect(clientAddressFrom(list, '::ffff:198.51.100.1', undefined)).toBe('198.51.100.1');
    expect(clientAddressFrom(parseTrustProxy('1'), '198.51.100.1', '1.1.1.1, 2.2.2.2')).toBe('2.2.2.2');
    expect(clientAddressFrom(parseTrustProxy('2'), '198.51.100.1', '1.1.1.1, 2.2.2.2')).toBe('1.1.1.1');
    expect(clientAddressFrom(parseTrustProxy('0'), '198.51.100.1', '1.1.1.1')).toBe('198.51.100.1');
    expect(clientAddressFrom(parseTrustProxy('0'), undefined, undefined)).toBe('unknown');
  });

  it('counts IPv4 per address and IPv6 per /64 (one machine holds a whole /64)', () => {
    expect(normalizeAddress('[::FFFF:10.0.0.1]')).toBe('10.0.0.1');
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });
});
