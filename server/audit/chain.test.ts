// @vitest shared-modules
/**
 * The engagement's evidence chain (issue 47, item 7): a chain verifies; a changed, removed, inserted or
 * re-linked event is named where the chain breaks; the hash is the SHA-256 of the previous hash and the
 * canonical content (worked out here with node:crypto directly for the first event).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, chainHash, GENESIS, linkChain, verdictText, verifyChain, type ChainEvent } from './chain';

const events: ChainEvent[] = [
  { seq: 1, at: '2026-12-01T09:00:00.000Z', type: 'authorised', by: 'muhasebe', detail: { firm: 'Örnek Denetim A.Ş.', engagement: 'BD-2026/17', periodEnd: '2026-12-31' } },
  { seq: 2, at: '2026-12-02T10:15:00.000Z', type: 'address_approved', by: 'denetci', detail: { accountId: '1006', to: 'muhasebe@yapi.example', source: 'contacts' } },
  { seq: 3, at: '2026-12-03T11:30:00.000Z', type: 'answered', by: null, detail: { accountId: '1006', kind: 'disagreed', theirs: [{ currency: 'TL', balance: 11_000_000 }], ip: '203.0.113.7' } },
];

describe('the evidence chain', () => {
  it('hashes the previous hash and the canonical content (keys sorted), so key order does not matter', () => {
    const first = events[0]!;
    const canonical = '{"at":"2026-12-01T09:00:00.000Z","by":"muhasebe","detail":{"engagement":"BD-2026/17","firm":"Örnek Denetim A.Ş.","periodEnd":"2026-12-31"},"seq":1,"type":"authorised"}';
    expect(canonicalJson({ seq: 1, at: first.at, type: first.type, by: first.by, detail: first.detail })).toBe(canonical);
    expect(chainHash(GENESIS, first)).toBe(createHash('sha256').update(GENESIS).update('\n').update(canonical).digest('hex'));
    const reordered = { ...first, detail: { periodEnd: '2026-12-31', engagement: 'BD-2026/17', firm: 'Örnek Denetim A.Ş.' } };
    expect(chainHash(GENESIS, reordered)).toBe(chainHash(GENESIS, first));
    // A moment given as a Date hashes as its ISO string.
    expect(chainHash(GENESIS, { ...first, at: new Date(first.at as string) })).toBe(chainHash(GENESIS, first));
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
    const changed = chain.map((e) => (e.seq === 3 ? { ...e, detail: { ...(e.detail as object), theirs: [{ currency: 'TL', balance: 11_500_000 }] } } : e));
    expect(verifyChain(changed)).toEqual({ ok: false, events: 3, brokenAt: 3, reason: 'content' });
    expect(verdictText(verifyChain(changed))).toBe('Kanıt zinciri 3. olayda kırık: içeriği yazıldıktan sonra değişmiş.');
    // The address approval removed.
    expect(verifyChain([chain[0]!, chain[2]!])).toMatchObject({ ok: false, brokenAt: 3, reason: 'sequence' });
    // A whole new chain written over the first two events' place: its link does not match.
    const forged = linkChain([{ ...events[1]!, detail: { accountId: '1006', to: 'sahte@ucretsiz.example', source: 'company' } }], 'f'.repeat(64));
    expect(verifyChain([chain[0]!, forged[0]!, chain[2]!])).toMatchObject({ ok: false, brokenAt: 2, reason: 'link' });
    // Re-hashed after the change (the forger recomputes that row's hash): the next event's link names it.
    const rehashed = linkChain([events[0]!, { ...events[1]!, detail: { accountId: '1006', to: 'sahte@ucretsiz.example' } }]);
    expect(verifyChain([...rehashed, chain[2]!])).toMatchObject({ ok: false, brokenAt: 3, reason: 'link' });
  });
});
