/**
 * The gateway's shared state, behind ONE interface with two kinds of implementation:
 * - embedded (no REDIS_URL): MemoryStore, or FileStore (state-file.ts) which also keeps the
 *   revocations in a small append-only file so a logout survives a restart;
 * - RedisStore (state-redis.ts, REDIS_URL): counters and revocations in Redis, shared by every
 *   gateway instance, with expiries.
 * The gateway only ever talks to StateStore; which one is chosen at start-up (server/config.ts).
 *
 * Two jobs:
 * - failed-login counters with growing delays (the policy is in rate-limit.ts; the store only
 *   counts and checks, atomically). A failure is counted only when the ERP said no; an attempt still
 *   waiting for the ERP holds a place ("pending", forgotten after `pendingMs` should its process
 *   die), so parallel guesses cannot slip past a limit, and a success changes no counter;
 * - revocations: one session id (logout) or every session of a user started before a moment
 *   ("log out everywhere", npm run sessions -- logout-all <user>).
 */

/** One counter an attempt is checked against and counted on. */
export interface FailureRule {
  key: string;
  /** Failures allowed before delays start; 0 = count only, never wait on this key. */
  free: number;
}

/** Growing delays: after `free` failures, wait base·2^(n−free) since the last failure, at most maxMs. */
export interface DelayPolicy {
  baseMs: number;
  maxMs: number;
  /** A counter is forgotten this long after its last failure. */
  forgetMs: number;
  /** A pending attempt is forgotten after this (its process died before settling it); default 60 s. */
  pendingMs?: number;
}

export const DEFAULT_PENDING_MS = 60_000;

export interface AttemptResult {
  /** 0: allowed (a pending place taken on every key with free failures); else ms until the next attempt is allowed (nothing taken). */
  waitMs: number;
  /**
   * No delay is owed, but failures + attempts still waiting for the ERP already fill a key's free
   * failures: nothing taken; ask again when one of them is settled.
   */
  busy?: boolean;
}

export interface StoreHealth {
  kind: StoreKind;
  ok: boolean;
}

export type StoreKind = 'memory' | 'file' | 'redis';

export interface StateStore {
  readonly kind: StoreKind;
  /**
   * Atomically: refuse (waitMs > 0) when any rule's delay has not passed; `busy` when failures +
   * pending attempts fill a rule's free failures; else take a pending place `id` on every rule's key.
   */
  attempt(rules: readonly FailureRule[], policy: DelayPolicy, now: number, id: string): Promise<AttemptResult>;
  /** The ERP answered attempt `id`: its pending places are freed; `failed` (a wrong guess) counts one failure on every key. */
  settle(keys: readonly string[], id: string, failed: boolean, policy: DelayPolicy, now: number): Promise<void>;
  /** Forgets the counters (a successful login clears its own user+address counter). */
  clear(keys: readonly string[]): Promise<void>;
  /** Marks a key for `ttlMs` (a user that logged in from an address). */
  mark(key: string, ttlMs: number, now: number): Promise<void>;
  marked(key: string, now: number): Promise<boolean>;
  /** The session id is refused until `untilMs` (its absolute expiry). */
  revokeSession(sid: string, untilMs: number, now: number): Promise<void>;
  /** Every session of `user` created at or before `atMs` is refused (kept until `untilMs`). */
  revokeUser(user: string, atMs: number, untilMs: number, now: number): Promise<void>;
  /** Whether this session was logged out (itself, or by a "log out everywhere" for its user). */
  isRevoked(sid: string, user: string, createdAt: number, now: number): Promise<boolean>;
  health(): Promise<StoreHealth>;
  close(): Promise<void>;
}

/** The store could not be asked (Redis unreachable): the gateway answers 503, never a stack trace. */
export class StoreUnavailableError extends Error {
  constructor() {
    super('state store unavailable');
    this.name = 'StoreUnavailableError';
  }
}

/** Delay (ms) owed after `count` failures on a rule with `free` free failures. */
export function delayAfter(count: number, free: number, policy: DelayPolicy): number {
  if (free <= 0 || count < free) return 0;
  const steps = Math.min(count - free, 30);
  return Math.min(policy.baseMs * 2 ** steps, policy.maxMs);
}

interface Counter {
  count: number;
  last: number;
  expires: number;
}

const MAX_KEYS = 100_000;
const PRUNE_EVERY_MS = 60_000;

/** In-process store (one gateway process; nothing survives a restart). */
export class MemoryStore implements StateStore {
  readonly kind: StoreKind = 'memory';
  protected readonly counters = new Map<string, Counter>();
  protected readonly marks = new Map<string, number>();
  /** sid → until */
  protected readonly sessions = new Map<string, number>();
  /** user → { at, until } */
  protected readonly users = new Map<string, { at: number; until: number }>();
  /** counter key → attempt id → when it started (attempts still waiting for the ERP). */
  protected readonly pending = new Map<string, Map<string, number>>();
  private prunedAt = 0;

  async attempt(rules: readonly FailureRule[], policy: DelayPolicy, now: number, id: string): Promise<AttemptResult> {
    let waitMs = 0;
    for (const rule of rules) {
      const c = this.counter(rule.key, now);
      if (!c) continue;
      const until = c.last + delayAfter(c.count, rule.free, policy);
      waitMs = Math.max(waitMs, until - now);
    }
    if (waitMs > 0) return { waitMs };
    const budgeted = rules.filter((r) => r.free > 0);
    for (const rule of budgeted) {
      const failures = this.counter(rule.key, now)?.count ?? 0;
      // Places left: the free failures not yet used (once they are, and the delay has passed: one at a time).
      if (this.pendingOn(rule.key, now, policy).size >= Math.max(1, rule.free - failures)) return { waitMs: 0, busy: true };
    }
    this.maybePrune(now);
    for (const rule of budgeted) this.pendingOn(rule.key, now, policy).set(id, now);
    return { waitMs: 0 };
  }

  async settle(keys: readonly string[], id: string, failed: boolean, policy: DelayPolicy, now: number): Promise<void> {
    for (const key of keys) {
      const p = this.pending.get(key);
      if (p?.delete(id) && p.size === 0) this.pending.delete(key);
    }
    if (!failed) return;
    this.maybePrune(now);
    for (const key of keys) {
      const c = this.counter(key, now) ?? { count: 0, last: now, expires: 0 };
      c.count += 1;
      c.last = now;
      c.expires = now + policy.forgetMs;
      this.counters.set(key, c);
    }
  }

  /** Attempts on `key` still waiting for the ERP (those older than pendingMs dropped). */
  private pendingOn(key: string, now: number, policy: DelayPolicy): Map<string, number> {
    let p = this.pending.get(key);
    if (!p) {
      p = new Map();
      this.pending.set(key, p);
    }
    const oldest = now - (policy.pendingMs ?? DEFAULT_PENDING_MS);
    for (const [id, at] of p) if (at <= oldest) p.delete(id);
    return p;
  }

  async clear(keys: readonly string[]): Promise<void> {
    for (const key of keys) this.counters.delete(key);
  }

  async mark(key: string, ttlMs: number, now: number): Promise<void> {
    this.maybePrune(now);
    this.marks.set(key, now + ttlMs);
  }

  async marked(key: string, now: number): Promise<boolean> {
    const until = this.marks.get(key);
    if (until === undefined) return false;
    if (until <= now) {
      this.marks.delete(key);
      return false;
    }
    return true;
  }

  async revokeSession(sid: string, untilMs: number, now: number): Promise<void> {
    this.recordSession(sid, untilMs, now);
  }

  async revokeUser(user: string, atMs: number, untilMs: number, now: number): Promise<void> {
    this.recordUser(user, atMs, untilMs, now);
  }

  async isRevoked(sid: string, user: string, createdAt: number, now: number): Promise<boolean> {
    return this.revokedNow(sid, user, createdAt, now);
  }

  async health(): Promise<StoreHealth> {
    return { kind: this.kind, ok: true };
  }

  async close(): Promise<void> {
    // nothing to release
  }

  protected revokedNow(sid: string, user: string, createdAt: number, now: number): boolean {
    const until = this.sessions.get(sid);
    if (until !== undefined && until > now) return true;
    const u = this.users.get(user);
    return !!u && u.until > now && createdAt <= u.at;
  }

  protected recordSession(sid: string, untilMs: number, now: number): void {
    if (untilMs <= now) return;
    this.maybePrune(now);
    this.sessions.set(sid, Math.max(untilMs, this.sessions.get(sid) ?? 0));
  }

  protected recordUser(user: string, atMs: number, untilMs: number, now: number): void {
    if (untilMs <= now) return;
    this.maybePrune(now);
    const old = this.users.get(user);
    this.users.set(user, { at: Math.max(atMs, old?.at ?? 0), until: Math.max(untilMs, old?.until ?? 0) });
  }

  private counter(key: string, now: number): Counter | undefined {
    const c = this.counters.get(key);
    if (c && c.expires <= now) {
      this.counters.delete(key);
      return undefined;
    }
    return c;
  }

  /** Expired entries go at most a minute after they expire (and at once when a map is full), so nothing grows between expiries. */
  protected maybePrune(now: number): void {
    const full = this.counters.size > MAX_KEYS || this.marks.size > MAX_KEYS || this.sessions.size > MAX_KEYS;
    if (!full && now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    this.prune(now);
  }

  protected prune(now: number): void {
    for (const [k, c] of this.counters) if (c.expires <= now) this.counters.delete(k);
    for (const [k, until] of this.marks) if (until <= now) this.marks.delete(k);
    for (const [k, until] of this.sessions) if (until <= now) this.sessions.delete(k);
    for (const [k, u] of this.users) if (u.until <= now) this.users.delete(k);
    for (const [k, p] of this.pending) if (p.size === 0) this.pending.delete(k);
    // Still full of live entries (a flood of distinct keys): drop the oldest counters and marks, never revocations.
    for (const map of [this.counters, this.marks] as Map<string, unknown>[]) {
      for (const k of map.keys()) {
        if (map.size <= MAX_KEYS * 0.9) break;
        map.delete(k);
      }
    }
  }
}
