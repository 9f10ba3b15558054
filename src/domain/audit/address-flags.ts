/**
 * Addresses under the auditor's control (issue 47, item 3): each confirming party's proposed address is
 * shown with what should make an auditor look twice before approving it —
 * - a free-mail domain (anyone can open one in the party's name);
 * - a domain other than the ones known for that party (its earlier addresses, its web site);
 * - an address changed by the audited company's staff in the last 30 days (just before the audit asked).
 * A flag is a reason to check, not a refusal: the auditor approves or replaces the address.
 */

export type AddressFlag = 'free_mail' | 'other_domain' | 'recently_changed' | 'malformed';

/** Free-mail domains people in Türkiye use (and the big international ones). */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'hotmail.com',
  'hotmail.com.tr',
  'outlook.com',
  'outlook.com.tr',
  'live.com',
  'msn.com',
  'windowslive.com',
  'yahoo.com',
  'yahoo.com.tr',
  'ymail.com',
  'yandex.com',
  'yandex.com.tr',
  'yandex.ru',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'mail.com',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'proton.me',
  'protonmail.com',
  'zoho.com',
  'mynet.com',
  'ttmail.com',
  'superonline.com',
  'e-posta.com.tr',
]);

/** How long a staff change keeps an address flagged. */
export const RECENT_CHANGE_DAYS = 30;

export const FLAG_TEXT: Record<AddressFlag, string> = {
  free_mail: 'Ücretsiz e-posta alan adı: herkes bu adla bir kutu açabilir.',
  other_domain: 'Alan adı, bu cari için bilinen alan adlarından farklı.',
  recently_changed: `Adres son ${RECENT_CHANGE_DAYS} gün içinde şirket personelince değiştirilmiş.`,
  malformed: 'Geçerli bir e-posta adresi değil.',
};

/** The address's domain, lower-cased (Turkish İ/I as in an address: ASCII), or null when it is not an address. */
export function domainOf(address: string): string | null {
  const m = /^[^\s@]+@([^\s@]+\.[^\s@]+)$/.exec(address.trim());
  return m ? m[1]!.toLowerCase().replace(/\.$/, '') : null;
}

/** A domain is a known one when it is that domain or one under it (mail.yapi.com.tr under yapi.com.tr). */
const under = (domain: string, known: string) => domain === known || domain.endsWith(`.${known}`);

export interface AddressContext {
  /** Domains known for the party (its earlier confirmed addresses, its web site), any case. */
  knownDomains: readonly string[];
  /** When the company's staff last changed this party's address (null: never, or the auditor did). */
  staffChangedAt: Date | null;
  now: Date;
}

export function addressFlags(address: string, c: AddressContext): AddressFlag[] {
  const domain = domainOf(address);
  if (!domain) return ['malformed'];
  const flags: AddressFlag[] = [];
  if (FREE_MAIL_DOMAINS.has(domain)) flags.push('free_mail');
  const known = c.knownDomains
    .map((d) =>
      d
        .trim()
        .toLowerCase()
        .replace(/^www\./, ''),
    )
    .filter(Boolean);
  if (known.length > 0 && !known.some((k) => under(domain, k))) flags.push('other_domain');
  if (c.staffChangedAt && c.now.getTime() - c.staffChangedAt.getTime() < RECENT_CHANGE_DAYS * 86_400_000) flags.push('recently_changed');
  return flags;
}
