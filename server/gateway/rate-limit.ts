/**
 * Login limits that slow guessing without locking people out (OWASP Authentication Cheat Sheet:
 * count per account and per source, growing delays rather than hard lock-outs).
 * Three counters per attempt, each with growing delays once its free failures are used up
 * (30 s, 60 s, 2 min … at most 15 min since the last failure; forgotten an hour after it):
 * - user + address (5 free): guessing one account from one place;
 * - address (10 free): one place trying many user names;
 * - user (30 free): many places (a botnet) trying one account.
 * A user who logged in from an address in the last 30 days is "known" there: the address and user
 * ceilings do not stop them (their own user+address counter still does), so neither a colleague
 * behind the same NAT address nor a spray against their name locks them out. A user who never
 * failed, or failed elsewhere, still gets in from a clean address.
 * A failure counts only when the ERP said "wrong user name or password". An attempt still waiting for
 * the ERP holds a place on each counter (atomically, in the StateStore): while failures + waiting
 * attempts fill a counter's free failures, a further attempt waits for one of them to be answered
 * (the login route waits up to LOGIN_QUEUE_MS, woken when an attempt is answered: LoginWaits), so parallel guesses cannot slip past a limit and
 * parallel right passwords (a whole office behind one address at nine o'clock) all get in. A success
 * changes no failure counter (it clears its own user+address counter) and marks the pair known.
 */
import { randomBytes } from 'node:crypto';
import type { DelayPolicy, FailureRule, StateStore } from './state-store';

export interface LoginLimits {
  /** Free failures per (user, address). */
  perUserAddress: number;
  /** Free failures per address (any user names). */
  perAddress: number;
  /** Free failures per user (any addresses). */
  perUser: number;
  /** First delay once the free failures are used up; doubles with every further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Counters are forgotten this long after their last failure. */
  forgetMs: number;
  /** A successful login makes the (user, address) pair "known" for this long. */
  knownMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perUserAddress: 5,
  perAddress: 10,
  perUser: 30,
  baseDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  forgetMs: 60 * 60_000,
  knownMs: 30 * 24 * 3_600_000,
};

export interface Attempt {
  id: string;
  keys: string[];
  pair: string;
  known: string;
}

export type Begun = { waitMs: number } | { busy: true } | { attempt: Attempt };

export class LoginLimiter {
  private readonly store: StateStore;
  private readonly limits: LoginLimits;
  private readonly policy: DelayPolicy;

  constructor(store: StateStore, limits: Partial<LoginLimits> = {}) {
    this.store = store;
    this.limits = { ...DEFAULT_LOGIN_LIMITS, ...limits };
    this.policy = { baseMs: this.limits.baseDelayMs, maxMs: this.limits.maxDelayMs, forgetMs: this.limits.forgetMs };
  }

  /**
   * Checks one attempt of `user` (folded) from `address` (see addressKey): the wait in ms (a delay is
   * owed), busy (attempts still waiting for the ERP fill a limit: ask again shortly), or the attempt
   * (its places taken; settle it with failed/succeeded/abandoned).
   */
  async begin(user: string, address: string, now: number): Promise<Begun> {
    const pair = `ua:${user}@${address}`;
    const known = `ok:${user}@${address}`;
    const isKnown = await this.store.marked(known, now);
    const rules: FailureRule[] = [
      { key: pair, free: this.limits.perUserAddress },
      { key: `a:${address}`, free: isKnown ? 0 : this.limits.perAddress },
      { key: `u:${user}`, free: isKnown ? 0 : this.limits.perUser },
    ];
    const id = randomBytes(9).toString('base64url');
    const result = await this.store.attempt(rules, this.policy, now, id);
    if (result.waitMs > 0) return { waitMs: result.waitMs };
    if (result.busy) return { busy: true };
    return { attempt: { id, keys: rules.map((r) => r.key), pair, known } };
  }

  /** The ERP said "wrong user name or password": one failure on every counter. */
  failed(attempt: Attempt, now: number): Promise<void> {
    return this.store.settle(attempt.keys, attempt.id, true, this.policy, now);
  }

  /** Not a wrong guess (ERP down, unreadable answer, the caller left): nothing counted. */
  abandoned(attempt: Attempt, now: number): Promise<void> {
    return this.store.settle(attempt.keys, attempt.id, false, this.policy, now);
  }

  /** The right password: not a failure; its own user+address counter starts again; the pair is known. */
  async succeeded(attempt: Attempt, now: number): Promise<void> {
    await this.store.settle(attempt.keys, attempt.id, false, this.policy, now);
    await this.store.clear([attempt.pair]);
    await this.store.mark(attempt.known, this.limits.knownMs, now);
  }
}

/** Logins that may wait at once for an attempt on the same user / the same address (more: 429 at once). */
export const LOGIN_WAITERS = { perUser: 20, perAddress: 100 };

/**
 * Logins waiting for an earlier attempt on their user or address to be answered. They are woken
 * when an attempt settles in this process; an attempt of another instance (Redis) is seen by asking
 * again after `recheckMs` — never a poll every few milliseconds. At most LOGIN_WAITERS wait per key.
 */
export class LoginWaits {
  private readonly byKey = new Map<string, Set<() => void>>();

  constructor(private readonly caps = LOGIN_WAITERS) {}

  /**
   * Waits for a wake-up on `user` or `address`, at most `ms`; resolves false at once when too many
   * already wait there (the caller refuses), true otherwise. `signal`: the caller left (resolves true).
   */
  wait(user: string, address: string, ms: number, signal?: AbortSignal): Promise<boolean> {
    const keys = [`u:${user}`, `a:${address}`];
    const full = (this.byKey.get(keys[0]!)?.size ?? 0) >= this.caps.perUser || (this.byKey.get(keys[1]!)?.size ?? 0) >= this.caps.perAddress;
    if (full) return Promise.resolve(false);
    return new Promise((ok) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        for (const k of keys) {
          const set = this.byKey.get(k);
          set?.delete(done);
          if (set?.size === 0) this.byKey.delete(k);
        }
        ok(true);
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
      for (const k of keys) {
        const set = this.byKey.get(k) ?? new Set();
        set.add(done);
        this.byKey.set(k, set);
      }
    });
  }

  /** An attempt on `user` from `address` was answered: everyone waiting on either asks again. */
  wake(user: string, address: string): void {
    for (const k of [`u:${user}`, `a:${address}`]) for (const done of [...(this.byKey.get(k) ?? [])]) done();
  }
}
