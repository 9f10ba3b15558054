/**
 * Evidence that proves itself (issue 47, item 7): an engagement's events form a hash chain. Each event
 * stores the SHA-256 of the previous event's hash and its own canonical content; changing, removing or
 * reordering any stored event breaks the chain at that event, and verification names it.
 *
 * The content is hashed in a canonical form: JSON with object keys sorted at every level, the moment as
 * an ISO string, so the same event hashes the same on PGlite and PostgreSQL and after a backup/restore.
 */
import { createHash } from 'node:crypto';

/** What is hashed of an event (the stored hash fields aside). */
export interface ChainEvent {
  /** Its position in the engagement's chain (1, 2, …). */
  seq: number;
  at: Date | string;
  type: string;
  by: string | null;
  detail: unknown;
}

export interface StoredChainEvent extends ChainEvent {
  prevHash: string;
  hash: string;
}

/** The hash the first event's prevHash names (64 zeros). */
export const GENESIS = '0'.repeat(64);

/** JSON with sorted keys at every level; undefined members left out as JSON.stringify does. */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') {
    if (typeof v === 'number' && !Number.isFinite(v)) throw new Error('canonicalJson: a number that JSON cannot hold');
    if (typeof v === 'bigint') return JSON.stringify(v.toString());
    return JSON.stringify(v) ?? 'null';
  }
  if (v instanceof Date) return JSON.stringify(v.toISOString());
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? 'null' : canonicalJson(x))).join(',')}]`;
  const entries = Object.entries(v as Record<string, unknown>)
    .filter(([, x]) => x !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonicalJson(x)}`).join(',')}}`;
}

/** The hash of an event linked to the previous one. */
export function chainHash(prevHash: string, e: ChainEvent): string {
  const at = e.at instanceof Date ? e.at.toISOString() : new Date(e.at).toISOString();
  return createHash('sha256').update(prevHash).update('\n').update(canonicalJson({ seq: e.seq, at, type: e.type, by: e.by, detail: e.detail })).digest('hex');
}

/** Links events in their order: each gets the previous hash and its own. */
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
  | { ok: true; events: number; lastHash: string }
  | { ok: false; events: number; brokenAt: number; reason: 'sequence' | 'link' | 'content' };

/**
 * Recomputes the chain from its start: the first event whose position, link or content does not match is
 * named (its seq), with what is wrong — a missing or extra event (sequence), a link to another
 * predecessor (link), or content changed since it was written (content).
 */
export function verifyChain(events: readonly StoredChainEvent[]): ChainVerdict {
  let prev = GENESIS;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.seq !== i + 1) return { ok: false, events: events.length, brokenAt: e.seq, reason: 'sequence' };
    if (e.prevHash !== prev) return { ok: false, events: events.length, brokenAt: e.seq, reason: 'link' };
    if (chainHash(prev, e) !== e.hash) return { ok: false, events: events.length, brokenAt: e.seq, reason: 'content' };
    prev = e.hash;
  }
  return { ok: true, events: events.length, lastHash: prev };
}

/** The verdict in Turkish, for the auditor's button and `npm run evidence:verify`. */
export function verdictText(v: ChainVerdict): string {
  if (v.ok) return `Kanıt zinciri sağlam: ${v.events.toLocaleString('tr-TR')} olay, son özet ${v.lastHash.slice(0, 16)}…`;
  const why = v.reason === 'sequence' ? 'bir olay eksik ya da fazla' : v.reason === 'link' ? 'önceki olaya bağı değişmiş' : 'içeriği yazıldıktan sonra değişmiş';
  return `Kanıt zinciri ${v.brokenAt}. olayda kırık: ${why}.`;
}
