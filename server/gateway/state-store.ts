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
 *   counts and checks, atomically, so parallel guesses cannot slip past a limit);
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
}

export interface AttemptResult {
  /** 0: allowed (and counted on every key); else milliseconds until the next attempt is allowed (nothing counted). */
  waitMs: number;
}

export interface StoreHealth {
  kind: StoreKind;
  ok: boolean;
}

export type StoreKind = 'memory' | 'file' | 'redis';

export interface StateStore {
  readonly kind: StoreKind;
  /** Atomically: refuse (waitMs > 0) when any rule's delay has not passed, else count one failure on every rule's key. */
  attempt(rules: readonly FailureRule[], policy: DelayPolicy, now: number): Promise<AttemptResult>;
  /** Takes back one counted failure on each key (an attempt that turned out not to be a wrong guess). */
  forgive(keys: readonly string[]): Promise<void>;
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

/** In-process store (one gateway process; nothing survives a restart). */
export class MemoryStore implements StateStore {
  readonly kind: StoreKind = 'memory';
  protected readonly counters = new Map<string, Counter>();
  protected readonly marks = new Map<string, number>();
  /** sid → until */
  protected readonly sessions = new Map<string, number>();
  /** user → { at, until } */
  protected readonly users = new Map<string, { at: number; until: number }>();

  async attempt(rules: readonly FailureRule[], policy: DelayPolicy, now: number): Promise<AttemptResult> {
    let waitMs = 0;
    for (const rule of rules) {
      const c = this.counter(rule.key, now);
      if (!c) continue;
      const until = c.last + delayAfter(c.count, rule.free, policy);
      waitMs = Math.max(waitMs, until - now);
    }
    if (waitMs > 0) return { waitMs };
    if (this.counters.size > MAX_KEYS) this.prune(now);
    for (const rule of rules) {
      const c = this.counter(rule.key, now) ?? { count: 0, last: now, expires: 0 };
      c.count += 1;
      c.last = now;
      c.expires = now + policy.forgetMs;
      this.counters.set(rule.key, c);
    }
    return { waitMs: 0 };
  }

  async forgive(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const c = this.counters.get(key);
      if (!c) continue;
      c.count -= 1;
      if (c.count <= 0) this.counters.delete(key);
    }
  }

  async clear(keys: readonly string[]): Promise<void> {
    for (const key of keys) this.counters.delete(key);
  }

  async mark(key: string, ttlMs: number, now: number): Promise<void> {
    if (this.marks.size > MAX_KEYS) this.prune(now);
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
    if (this.sessions.size > MAX_KEYS) this.prune(now);
    this.sessions.set(sid, Math.max(untilMs, this.sessions.get(sid) ?? 0));
  }

  protected recordUser(user: string, atMs: number, untilMs: number, now: number): void {
    if (untilMs <= now) return;
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

  protected prune(now: number): void {
    for (const [k, c] of this.counters) if (c.expires <= now) this.counters.delete(k);
    for (const [k, until] of this.marks) if (until <= now) this.marks.delete(k);
    for (const [k, until] of this.sessions) if (until <= now) this.sessions.delete(k);
    for (const [k, u] of this.users) if (u.until <= now) this.users.delete(k);
    // Still full of live entries (a flood of distinct keys): drop the oldest counters and marks, never revocations.
    for (const map of [this.counters, this.marks] as Map<string, unknown>[]) {
      for (const k of map.keys()) {
        if (map.size <= MAX_KEYS * 0.9) break;
        map.delete(k);
      }
    }
  }
}
