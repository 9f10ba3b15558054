/**
 * Stateless sessions: the whole session ({sid, user, createdAt, lastSeenAt}) lives in one cookie,
 * sealed (AES-256-CBC encrypted + HMAC-SHA256 signed) by iron-session's sealData/unsealData.
 * No server-side session store, so any number of gateway processes behind a load balancer accept
 * the same cookie as long as they share SESSION_SECRET (and, for revocations, REDIS_URL). Changing SESSION_SECRET makes every old cookie fail
 * to unseal → 401 (everyone logs in again).
 * Idle timeout and absolute lifetime are checked here against the injected clock; lastSeenAt is
 * refreshed (cookie re-sealed) when it is more than a minute old, so the idle timeout counts from
 * lastSeenAt + that minute: never early, at most a minute late.
 * Logout is final: the sid goes into the StateStore's revocation list until the session's absolute
 * expiry (Redis: every instance at once; embedded default: a small file that survives a restart),
 * and "log out everywhere" refuses every session of a user created before a moment.
 * A store that cannot be asked makes check() throw StoreUnavailableError (never "valid").
 */
import { randomBytes } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { foldTr } from '../../src/domain/turkish';
import type { StateStore } from './state-store';

export interface SessionUser {
  userName: string;
  name: string;
}

export interface SessionData {
  sid: string;
  user: SessionUser;
  createdAt: number;
  lastSeenAt: number;
}

export type SessionCheck = { ok: true; data: SessionData; refreshed?: SessionData } | { ok: false; reason: 'invalid' | 'idle' | 'expired' | 'revoked' };

export interface SessionOptions {
  secret: string;
  idleMs: number;
  maxMs: number;
  now: () => number;
  /** Where revocations live (see state-store.ts). */
  store: StateStore;
}

/** The key a user's "log out everywhere" is stored under (user names are compared folded). */
export function userKey(userName: string): string {
  return foldTr(userName.trim());
}

/** Re-seal the cookie when lastSeenAt is older than this. */
export const REFRESH_AFTER_MS = 60_000;
const CACHE_MAX = 1000;

function isSessionData(v: unknown): v is SessionData {
  if (!v || typeof v !== 'object') return false;
  const d = v as Record<string, unknown>;
  const u = d.user as Record<string, unknown> | undefined;
  return (
    typeof d.sid === 'string' &&
    typeof d.createdAt === 'number' &&
    typeof d.lastSeenAt === 'number' &&
    !!u &&
    typeof u.userName === 'string' &&
    typeof u.name === 'string'
  );
}

export class SessionSealer {
  private readonly opts: SessionOptions;
  private readonly ttlSeconds: number;
  /** seal → data, so a busy session is not decrypted on every request (bounded, per process). */
  private readonly cache = new Map<string, SessionData>();

  constructor(opts: SessionOptions) {
    if (opts.secret.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters');
    this.opts = opts;
    // iron's own expiry (real clock) is a backstop only; our checks below use the injected clock.
    this.ttlSeconds = Math.ceil(opts.maxMs / 1000) + 60;
  }

  newSession(user: SessionUser): SessionData {
    const t = this.opts.now();
    return { sid: randomBytes(18).toString('base64url'), user, createdAt: t, lastSeenAt: t };
  }

  async seal(data: SessionData): Promise<string> {
    const seal = await sealData(data, { password: this.opts.secret, ttl: this.ttlSeconds });
    this.remember(seal, data);
    return seal;
  }

  /** Seconds the cookie may live from now (absolute lifetime left). */
  maxAgeSeconds(data: SessionData): number {
    return Math.max(0, Math.floor((data.createdAt + this.opts.maxMs - this.opts.now()) / 1000));
  }

  async check(seal: string | undefined): Promise<SessionCheck> {
    if (!seal) return { ok: false, reason: 'invalid' };
    let data = this.cache.get(seal);
    if (!data) {
      let raw: unknown;
      try {
        raw = await unsealData<unknown>(seal, { password: this.opts.secret, ttl: this.ttlSeconds });
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      // unsealData answers {} for a seal it cannot open (wrong secret, tampered, expired).
      if (!isSessionData(raw)) return { ok: false, reason: 'invalid' };
      data = raw;
      this.remember(seal, data);
    }
    const t = this.opts.now();
    if (t - data.createdAt >= this.opts.maxMs) return { ok: false, reason: 'expired' };
    // lastSeenAt is re-sealed only when over REFRESH_AFTER_MS old, so the last call may be up to that
    // much later than it: the idle limit counts from the latest moment the last call can have been,
    // so it never fires early (at most REFRESH_AFTER_MS late).
    if (t - data.lastSeenAt >= this.opts.idleMs + REFRESH_AFTER_MS) return { ok: false, reason: 'idle' };
    if (await this.opts.store.isRevoked(data.sid, userKey(data.user.userName), data.createdAt, t)) return { ok: false, reason: 'revoked' };
    if (t - data.lastSeenAt > REFRESH_AFTER_MS) {
      return { ok: true, data, refreshed: { ...data, lastSeenAt: t } };
    }
    return { ok: true, data };
  }

  /** Logout: this session id is refused for the rest of its lifetime. */
  revoke(data: SessionData): Promise<void> {
    return this.opts.store.revokeSession(data.sid, data.createdAt + this.opts.maxMs, this.opts.now());
  }

  private remember(seal: string, data: SessionData): void {
    if (this.cache.size >= CACHE_MAX) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    this.cache.set(seal, data);
  }
}
