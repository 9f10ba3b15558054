/**
 * Stateless sessions: the whole session ({sid, user, createdAt, lastSeenAt}) lives in one cookie,
 * sealed (AES-256-CBC encrypted + HMAC-SHA256 signed) by iron-session's sealData/unsealData.
 * No server-side store, so any number of gateway processes behind a load balancer accept the same
 * cookie as long as they share SESSION_SECRET. Changing SESSION_SECRET makes every old cookie fail
 * to unseal → 401 (everyone logs in again).
 * Idle timeout and absolute lifetime are checked here against the injected clock; lastSeenAt is
 * refreshed (cookie re-sealed) when it is more than a minute old.
 * Logout adds the sid to a per-process revocation list until the session's absolute expiry
 * (best effort: another process would still accept a copied cookie until it expires).
 */
import { randomBytes } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';

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

export type SessionCheck =
  | { ok: true; data: SessionData; refreshed?: SessionData }
  | { ok: false; reason: 'invalid' | 'idle' | 'expired' | 'revoked' };

export interface SessionOptions {
  secret: string;
  idleMs: number;
  maxMs: number;
  now: () => number;
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
  private readonly revoked = new Map<string, number>();

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
    if (this.revoked.has(data.sid)) return { ok: false, reason: 'revoked' };
    if (t - data.createdAt >= this.opts.maxMs) return { ok: false, reason: 'expired' };
    if (t - data.lastSeenAt >= this.opts.idleMs) return { ok: false, reason: 'idle' };
    if (t - data.lastSeenAt > REFRESH_AFTER_MS) {
      return { ok: true, data, refreshed: { ...data, lastSeenAt: t } };
    }
    return { ok: true, data };
  }

  revoke(data: SessionData): void {
    const t = this.opts.now();
    for (const [sid, until] of this.revoked) if (until <= t) this.revoked.delete(sid);
    this.revoked.set(data.sid, data.createdAt + this.opts.maxMs);
  }

  private remember(seal: string, data: SessionData): void {
    if (this.cache.size >= CACHE_MAX) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    this.cache.set(seal, data);
  }
}
