/**
 * Evidence that proves itself (issue 47, item 7): an engagement's events form a hash chain. Each event
 * stores its position, the previous event's hash and its own: SHA-256 of the previous hash and the event's
 * content. Changing, removing, inserting or reordering any stored event breaks the chain at that event,
 * and verification names it.
 *
 * The database keeps the chain (migration 0006: a trigger on every event of a 'den-…' campaign, whichever
 * path writes it), so the content is what PostgreSQL prints of a row: its position, its moment in UTC with
 * microseconds, type, who (user and name), letter, account, and the detail as jsonb prints it — the same
 * on PGlite and PostgreSQL and after a backup. This module recomputes it, independently of the trigger.
 */
import { createHash } from 'node:crypto';

/** What is hashed of an event, as the database prints it (readChain's SELECT). */
export interface ChainEvent {
  /** Its position in the engagement's chain (1, 2, …). */
  seq: number;
  /** `to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`. */
  atText: string;
  type: string;
  byUser: string | null;
  byName: string | null;
  letterId: string | null;
  accountId: string | null;
  /** `detail::text`. */
  detailText: string;
}

export interface StoredChainEvent extends ChainEvent {
  prevHash: string;
  hash: string;
}

/** The hash the first event's prevHash names (64 zeros). */
export const GENESIS = '0'.repeat(64);

/** The moment as the chain prints it (a JS Date has milliseconds: the microseconds are zeros). */
export const chainMoment = (at: Date): string => at.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

/** The hash of an event linked to the previous one. */
export function chainHash(prevHash: string, e: ChainEvent): string {
  const content = [prevHash, String(e.seq), e.atText, e.type, e.byUser ?? '', e.byName ?? '', e.letterId ?? '', e.accountId ?? '', e.detailText].join('\n');
  return createHash('sha256').update(content, 'utf8').digest('hex');
}

/** Links events in their order: each gets the previous hash and its own (what the trigger does, for tests and the bench). */
export function linkChain(events: readonly ChainEvent[], prevHash = GENESIS): StoredChainEvent[] {
  let prev = prevHash;
  return events.map((e) => {
    const hash = chainHash(prev, e);
    const out = { ...e, prevHash: prev, hash };
    prev = hash;
    return out;
  });
}

export type ChainVerdict =
  { ok: true; events: number; lastHash: string } | { ok: false; events: number; brokenAt: number; reason: 'sequence' | 'link' | 'content' };

/**
 * Recomputes the chain from its start: the first event whose position, link or content does not match is
 * named (its seq; for a missing or extra one, the position where it should be), with what is wrong — a missing or extra event (sequence), a link to another
 * predecessor (link), or content changed since it was written (content).
 */
export function verifyChain(events: readonly StoredChainEvent[]): ChainVerdict {
  let prev = GENESIS;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.seq !== i + 1) return { ok: false, events: events.length, brokenAt: i + 1, reason: 'sequence' };
    if (e.prevHash !== prev) return { ok: false, events: events.length, brokenAt: e.seq, reason: 'link' };
    if (chainHash(prev, e) !== e.hash) return { ok: false, events: events.length, brokenAt: e.seq, reason: 'content' };
    prev = e.hash;
  }
  return { ok: true, events: events.length, lastHash: prev };
}

/** The verdict in Turkish, for the auditor's button and `npm run evidence:verify`. */
export function verdictText(v: ChainVerdict): string {
  if (v.ok) return `Kanıt zinciri sağlam: ${v.events.toLocaleString('tr-TR')} olay, son özet ${v.lastHash.slice(0, 16)}…`;
  const why =
    v.reason === 'sequence' ? 'bir olay eksik ya da fazla' : v.reason === 'link' ? 'önceki olaya bağı değişmiş' : 'içeriği yazıldıktan sonra değişmiş';
  return `Kanıt zinciri ${v.brokenAt}. olayda kırık: ${why}.`;
}
