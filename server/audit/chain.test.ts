// @vitest shared-modules
/**
 * The engagement's evidence chain (issue 47, item 7): a chain verifies; a changed, removed, inserted or
 * re-linked event is named where the chain breaks; the hash is the SHA-256 of the previous hash and the
 * content lines (worked out here with node:crypto directly for the first event). That the database's
 * trigger writes the same hashes is tested in tests/gateway/audit-engagement.test.ts.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chainHash, chainMoment, GENESIS, linkChain, verdictText, verifyChain, type ChainEvent } from './chain';

const events: ChainEvent[] = [
  {
    seq: 1,
    atText: '2026-12-01T09:00:00.000000Z',
    type: 'authorised',
    byUser: 'muhasebe',
    byName: 'Ayşe Muhasebe',
    letterId: null,
    accountId: null,
    detailText: '{"firm": "Örnek Denetim A.Ş.", "periodEnd": "2026-12-31", "engagementNo": "BD-2026/17"}',
  },
  {
    seq: 2,
    atText: '2026-12-02T10:15:00.000000Z',
    type: 'address_approved',
    byUser: 'denetci:d@denetim.example',
    byName: 'D. Denetçi',
    letterId: null,
    accountId: '1006',
    detailText: '{"to": "muhasebe@yapi.example", "source": "contacts"}',
  },
  {
    seq: 3,
    atText: '2026-12-03T11:30:00.000000Z',
    type: 'answered',
    byUser: null,
    byName: null,
    letterId: 'l-1',
    accountId: '1006',
    detailText: '{"ip": "203.0.113.7", "kind": "disagreed", "balances": [{"balance": 11000000, "currency": "TL"}]}',
  },
];

describe('the evidence chain', () => {
  it('hashes the previous hash and the content lines', () => {
    const first = events[0]!;
    const content = `${GENESIS}\n1\n2026-12-01T09:00:00.000000Z\nauthorised\nmuhasebe\nAyşe Muhasebe\n\n\n${first.detailText}`;
    expect(chainHash(GENESIS, first)).toBe(createHash('sha256').update(content, 'utf8').digest('hex'));
    // A JS moment prints as the database prints a timestamptz: microseconds.
    expect(chainMoment(new Date('2026-12-01T09:00:00.123Z'))).toBe('2026-12-01T09:00:00.123000Z');
  });

  it('a chain as written verifies, and says so in Turkish', () => {
    const chain = linkChain(events);
    expect(chain[0]!.prevHash).toBe(GENESIS);
    expect(chain[1]!.prevHash).toBe(chain[0]!.hash);
    const v = verifyChain(chain);
    expect(v).toEqual({ ok: true, events: 3, lastHash: chain[2]!.hash });
    expect(verdictText(v)).toBe(`Kanıt zinciri sağlam: 3 olay, son özet ${chain[2]!.hash.slice(0, 16)}…`);
  });

  it('names where a tampered chain breaks: a changed answer, a removed event, an inserted one, a re-linked one', () => {
    const chain = linkChain(events);
    // The counterpart's figure changed in the row after it was written.
    const changed = chain.map((e) => (e.seq === 3 ? { ...e, detailText: e.detailText.replace('11000000', '11500000') } : e));
    expect(verifyChain(changed)).toEqual({ ok: false, events: 3, brokenAt: 3, reason: 'content' });
    expect(verdictText(verifyChain(changed))).toBe('Kanıt zinciri 3. olayda kırık: içeriği yazıldıktan sonra değişmiş.');
    // Who approved the address changed.
    expect(verifyChain(chain.map((e) => (e.seq === 2 ? { ...e, byUser: 'muhasebe' } : e)))).toMatchObject({ ok: false, brokenAt: 2, reason: 'content' });
    // The address approval removed.
    expect(verifyChain([chain[0]!, chain[2]!])).toMatchObject({ ok: false, brokenAt: 2, reason: 'sequence' });
    // A new event written in the second one's place with a link of its own: its link does not match.
    const forged = linkChain([{ ...events[1]!, detailText: '{"to": "sahte@ucretsiz.example", "source": "company"}' }], 'f'.repeat(64));
    expect(verifyChain([chain[0]!, forged[0]!, chain[2]!])).toMatchObject({ ok: false, brokenAt: 2, reason: 'link' });
    // Re-hashed after the change (the forger recomputes that row's hash): the next event's link names it.
    const rehashed = linkChain([events[0]!, { ...events[1]!, detailText: '{"to": "sahte@ucretsiz.example"}' }]);
    expect(verifyChain([...rehashed, chain[2]!])).toMatchObject({ ok: false, brokenAt: 3, reason: 'link' });
  });
});
