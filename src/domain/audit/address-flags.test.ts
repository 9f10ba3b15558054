/** The flags an auditor sees beside a proposed confirmation address (issue 47, item 3). */
import { describe, expect, it } from 'vitest';
import { addressFlags, domainOf, FLAG_TEXT } from './address-flags';

const now = new Date('2026-12-05T10:00:00Z');
const day = 86_400_000;

describe('address flags', () => {
  it('an address at the party’s own domain, unchanged: no flag; a subdomain of it is its own too', () => {
    expect(addressFlags('muhasebe@yapi.com.tr', { knownDomains: ['yapi.com.tr'], staffChangedAt: null, now })).toEqual([]);
    expect(addressFlags('Muhasebe@Mail.YAPI.com.tr', { knownDomains: ['www.yapi.com.tr'], staffChangedAt: null, now })).toEqual([]);
  });

  it('a free-mail domain, another domain, a staff change 10 days ago: each flagged, with its reason in Turkish', () => {
    const flags = addressFlags('yapi.muhasebe@gmail.com', { knownDomains: ['yapi.com.tr'], staffChangedAt: new Date(now.getTime() - 10 * day), now });
    expect(flags).toEqual(['free_mail', 'other_domain', 'recently_changed']);
    expect(flags.map((f) => FLAG_TEXT[f])).toEqual([
      'Ücretsiz e-posta alan adı: herkes bu adla bir kutu açabilir.',
      'Alan adı, bu cari için bilinen alan adlarından farklı.',
      'Adres son 30 gün içinde şirket personelince değiştirilmiş.',
    ]);
    // A look-alike domain is another domain: yapi-com.tr is not under yapi.com.tr, nor is kotuyapi.com.tr.
    expect(addressFlags('a@yapi-com.tr', { knownDomains: ['yapi.com.tr'], staffChangedAt: null, now })).toEqual(['other_domain']);
    expect(addressFlags('a@kotuyapi.com.tr', { knownDomains: ['yapi.com.tr'], staffChangedAt: null, now })).toEqual(['other_domain']);
  });

  it('a change 30 days ago or more is no longer recent; with no known domain only the other checks apply', () => {
    expect(addressFlags('a@yapi.com.tr', { knownDomains: [], staffChangedAt: new Date(now.getTime() - 30 * day), now })).toEqual([]);
    expect(addressFlags('a@yapi.com.tr', { knownDomains: [], staffChangedAt: new Date(now.getTime() - 30 * day + 60_000), now })).toEqual(['recently_changed']);
    expect(addressFlags('a@hotmail.com.tr', { knownDomains: [], staffChangedAt: null, now })).toEqual(['free_mail']);
  });

  it('what is not an address is flagged as such', () => {
    for (const bad of ['', 'muhasebe', 'a@b', 'a b@c.com', '@c.com'])
      expect(addressFlags(bad, { knownDomains: [], staffChangedAt: null, now })).toEqual(['malformed']);
    expect(domainOf(' x@Örnek.COM.tr ')).toBe('örnek.com.tr');
  });
});
