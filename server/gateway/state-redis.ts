/**
 * StateStore on Redis (REDIS_URL): every gateway instance sees the same login counters and the
 * same revocations at once. Client: @redis/client (node-redis v6 core, no dependencies of its own),
 * the client Redis Inc. maintains and recommends for new projects; ioredis is still maintained but
 * no longer developed further.
 *
 * - Counters are hashes {n, t} with an expiry (forgotten `forgetMs` after the last failure), counted
 *   only when the ERP said no; attempts still waiting for the ERP are a sorted set per counter (id →
 *   start, dropped after `pendingMs`). The check-and-take of a login attempt is one Lua script, so it
 *   is atomic across instances and parallel guesses cannot slip past the limit.
 * - Revocations are plain keys with an expiry: `s:<sid>` until the session's absolute end,
 *   `u:<user>` = the moment before which every session of that user is refused.
 * - All keys carry one hash tag ({cari}) so the multi-key script also works on a Redis Cluster.
 * - Unreachable Redis: commands fail at once (no offline queue) or after `commandTimeoutMs`, and
 *   surface as StoreUnavailableError; the client reconnects in the background. Log lines name the
 *   event and the error code only — never the URL (it may carry a password) or a stack.
 */
import { createClient } from '@redis/client';
import {
  DEFAULT_PENDING_MS,
  StoreUnavailableError,
  type AttemptResult,
  type DelayPolicy,
  type FailureRule,
  type StateStore,
  type StoreHealth,
  type StoreKind,
} from './state-store';

// KEYS: the N counters (hash {n, t}), then their N pending sets (zset id → start).
// ARGV: now, base, cap, forget, pendingMs, id, then the N free counts.
const ATTEMPT = `
local now = tonumber(ARGV[1])
local base = tonumber(ARGV[2])
local cap = tonumber(ARGV[3])
local pendingMs = tonumber(ARGV[5])
local id = ARGV[6]
local n = #KEYS / 2
local wait = 0
local counts = {}
for i = 1, n do
  local free = tonumber(ARGV[6 + i])
  local v = redis.call('HMGET', KEYS[i], 'n', 't')
  local c = tonumber(v[1]) or 0
  counts[i] = c
  if free > 0 and c >= free then
    local d = math.min(base * 2 ^ math.min(c - free, 30), cap)
    local w = (tonumber(v[2]) or 0) + d - now
    if w > wait then wait = w end
  end
end
if wait > 0 then return {math.ceil(wait), 0} end
for i = 1, n do
  local free = tonumber(ARGV[6 + i])
  if free > 0 then
    redis.call('ZREMRANGEBYSCORE', KEYS[n + i], '-inf', now - pendingMs)
    if redis.call('ZCARD', KEYS[n + i]) >= math.max(1, free - counts[i]) then return {0, 1} end
  end
end
for i = 1, n do
  if tonumber(ARGV[6 + i]) > 0 then
    redis.call('ZADD', KEYS[n + i], now, id)
    redis.call('PEXPIRE', KEYS[n + i], pendingMs)
  end
end
return {0, 0}
`;

// KEYS: the N counters, then their N pending sets. ARGV: now, forget, id, failed (1/0).
const SETTLE = `
local n = #KEYS / 2
for i = 1, n do
  redis.call('ZREM', KEYS[n + i], ARGV[3])
  if ARGV[4] == '1' then
    redis.call('HINCRBY', KEYS[i], 'n', 1)
    redis.call('HSET', KEYS[i], 't', ARGV[1])
    redis.call('PEXPIRE', KEYS[i], tonumber(ARGV[2]))
  end
end
return 0
`;

export interface RedisStoreOptions {
  url: string;
  /** One line per connection state change (default console.warn). */
  log?: (line: string) => void;
  /** A command that gets no answer within this fails (default 1000 ms). */
  commandTimeoutMs?: number;
  /** Key prefix (default "cari"); tests use their own. */
  prefix?: string;
}

export class RedisStore implements StateStore {
  readonly kind: StoreKind = 'redis';
  private readonly client: ReturnType<typeof createClient>;
  private readonly prefix: string;
  private readonly log: (line: string) => void;
  private down = false;
  private closed = false;

  constructor(options: RedisStoreOptions) {
    this.prefix = `{${options.prefix ?? 'cari'}}:`;
    this.log = options.log ?? ((line) => console.warn(line));
    this.client = createClient({
      url: options.url,
      disableOfflineQueue: true,
      commandOptions: { timeout: options.commandTimeoutMs ?? 1000 },
      socket: {
        connectTimeout: 2000,
        // Keep trying for ever, at most every 2 s: the store comes back on its own.
        reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2000),
      },
    });
    this.client.on('error', (error: unknown) => this.report(error));
    this.client.on('ready', () => {
      if (this.down) this.log(JSON.stringify({ time: new Date().toISOString(), event: 'redis_ready' }));
      this.down = false;
    });
    // Not awaited: the gateway starts (and /readyz says "redis: unreachable") while Redis is down.
    this.client.connect().catch((error: unknown) => this.report(error));
  }

  /** Resolves once connected (tests, the CLI); rejects after `ms`. */
  async ready(ms = 5000): Promise<void> {
    const started = Date.now();
    while (!this.client.isReady) {
      if (Date.now() - started > ms) throw new StoreUnavailableError();
      await new Promise((ok) => setTimeout(ok, 20));
    }
  }

  async attempt(rules: readonly FailureRule[], policy: DelayPolicy, now: number, id: string): Promise<AttemptResult> {
    const reply = await this.run(() =>
      this.client.eval(ATTEMPT, {
        keys: [...rules.map((r) => this.key('f', r.key)), ...rules.map((r) => this.key('p', r.key))],
        arguments: [now, policy.baseMs, policy.maxMs, policy.forgetMs, policy.pendingMs ?? DEFAULT_PENDING_MS, id, ...rules.map((r) => r.free)].map(String),
      }),
    );
    const [wait, busy] = Array.isArray(reply) ? reply.map(Number) : [0, 0];
    return busy ? { waitMs: 0, busy: true } : { waitMs: wait || 0 };
  }

  async settle(keys: readonly string[], id: string, failed: boolean, policy: DelayPolicy, now: number): Promise<void> {
    if (!keys.length) return;
    await this.run(() =>
      this.client.eval(SETTLE, {
        keys: [...keys.map((k) => this.key('f', k)), ...keys.map((k) => this.key('p', k))],
        arguments: [String(now), String(policy.forgetMs), id, failed ? '1' : '0'],
      }),
    );
  }

  async clear(keys: readonly string[]): Promise<void> {
    if (!keys.length) return;
    await this.run(() => this.client.del(keys.map((k) => this.key('f', k))));
  }

  async mark(key: string, ttlMs: number): Promise<void> {
    await this.run(() => this.client.set(this.key('m', key), '1', { expiration: { type: 'PX', value: Math.max(1, Math.round(ttlMs)) } }));
  }

  async marked(key: string): Promise<boolean> {
    return (await this.run(() => this.client.exists(this.key('m', key)))) === 1;
  }

  async revokeSession(sid: string, untilMs: number, now: number): Promise<void> {
    if (untilMs <= now) return;
    await this.run(() => this.client.set(this.key('s', sid), '1', { expiration: { type: 'PX', value: Math.ceil(untilMs - now) } }));
  }

  async revokeUser(user: string, atMs: number, untilMs: number, now: number): Promise<void> {
    if (untilMs <= now) return;
    await this.run(() => this.client.set(this.key('u', user), String(atMs), { expiration: { type: 'PX', value: Math.ceil(untilMs - now) } }));
  }

  async isRevoked(sid: string, user: string, createdAt: number): Promise<boolean> {
    const [session, before] = await this.run(() => this.client.mGet([this.key('s', sid), this.key('u', user)]));
    if (session !== null && session !== undefined) return true;
    return before !== null && before !== undefined && createdAt <= Number(before);
  }

  async health(): Promise<StoreHealth> {
    try {
      await this.run(() => this.client.ping());
      return { kind: this.kind, ok: true };
    } catch {
      return { kind: this.kind, ok: false };
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    try {
      if (this.client.isReady) await this.client.close();
      else this.client.destroy();
    } catch {
      this.client.destroy();
    }
  }

  private key(kind: string, name: string): string {
    return `${this.prefix}${kind}:${name}`;
  }

  private async run<T>(command: () => Promise<T>): Promise<T> {
    if (this.closed || !this.client.isReady) throw new StoreUnavailableError();
    try {
      return await command();
    } catch (error) {
      this.report(error);
      throw new StoreUnavailableError();
    }
  }

  /** One log line when Redis becomes unreachable (not one per retry): event + error code only. */
  private report(error: unknown): void {
    if (this.closed || this.down) return;
    this.down = true;
    const code = (error as { code?: unknown } | null)?.code;
    this.log(
      JSON.stringify({
        time: new Date().toISOString(),
        event: 'redis_unreachable',
        ...(typeof code === 'string' && /^[A-Z_]{2,40}$/.test(code) ? { code } : { error: (error as Error | null)?.name ?? 'Error' }),
      }),
    );
  }
}
