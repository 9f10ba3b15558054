// @vitest shared-modules
import { mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStore } from './state-file';
import { MemoryStore, delayAfter, type DelayPolicy } from './state-store';

const policy: DelayPolicy = { baseMs: 30_000, maxMs: 15 * 60_000, forgetMs: 60 * 60_000 };
const T = Date.UTC(2026, 10, 23, 9, 0, 0);
const H = 3_600_000;

describe('growing delays', () => {
  it('nothing before the free failures are used, then 30 s, 60 s, 2 min … capped at 15 min', () => {
    expect([4, 5, 6, 7, 8, 9, 10, 11, 40].map((n) => delayAfter(n, 5, policy) / 1000)).toEqual([0, 30, 60, 120, 240, 480, 900, 900, 900]);
    expect(delayAfter(100, 0, policy)).toBe(0); // free 0 = count only
  });
});

describe('MemoryStore', () => {
  /** One attempt that the ERP answers at once: `failed` = a wrong guess. */
  const tryOnce = async (s: MemoryStore, rules: { key: string; free: number }[], now: number, failed = true) => {
    const id = `a${Math.random()}`;
    const r = await s.attempt(rules, policy, now, id);
    if (r.waitMs === 0 && !r.busy)
      await s.settle(
        rules.map((x) => x.key),
        id,
        failed,
        policy,
        now,
      );
    return r;
  };

  it('refuses without counting while a delay runs; counts a failure on every key; forgets after forgetMs', async () => {
    const s = new MemoryStore();
    const rules = [
      { key: 'ua', free: 2 },
      { key: 'a', free: 0 },
    ];
    expect(await tryOnce(s, rules, T)).toEqual({ waitMs: 0 });
    expect(await tryOnce(s, rules, T + 1000)).toEqual({ waitMs: 0 });
    // 2 failures, the last at T+1 s: 30 s from then
    expect(await tryOnce(s, rules, T + 2000)).toEqual({ waitMs: 29_000 });
    expect(await tryOnce(s, rules, T + 31_000)).toEqual({ waitMs: 0 }); // third failure
    expect(await tryOnce(s, rules, T + 31_000)).toEqual({ waitMs: 60_000 });
    await s.clear(['ua']);
    expect(await tryOnce(s, [{ key: 'ua', free: 1 }], T + 62_000)).toEqual({ waitMs: 0 });
    expect((await tryOnce(s, [{ key: 'ua', free: 1 }], T + 62_000)).waitMs).toBe(30_000);
    expect(await tryOnce(s, [{ key: 'ua', free: 1 }], T + 62_000 + H)).toEqual({ waitMs: 0 });
  });

  it('an attempt still waiting for the ERP is not a failure: it holds a place, and a right answer changes no counter (no re-armed delay)', async () => {
    const s = new MemoryStore();
    const rules = [{ key: 'a', free: 2 }];
    // two attempts in flight fill the 2 free failures: a third is told "busy", nothing counted
    expect(await s.attempt(rules, policy, T, 'x1')).toEqual({ waitMs: 0 });
    expect(await s.attempt(rules, policy, T, 'x2')).toEqual({ waitMs: 0 });
    expect(await s.attempt(rules, policy, T, 'x3')).toEqual({ waitMs: 0, busy: true });
    // x1 was the right password: its place is free again, no failure counted
    await s.settle(['a'], 'x1', false, policy, T + 500);
    expect(await s.attempt(rules, policy, T + 500, 'x3')).toEqual({ waitMs: 0 });
    await s.settle(['a'], 'x2', false, policy, T + 600);
    await s.settle(['a'], 'x3', false, policy, T + 600);
    // two wrong guesses, the last at T+1 s → 30 s from T+1 s; a success at T+40 s does not move that
    await tryOnce(s, rules, T + 900);
    await tryOnce(s, rules, T + 1000);
    expect((await s.attempt(rules, policy, T + 2000, 'y')).waitMs).toBe(29_000);
    expect(await s.attempt(rules, policy, T + 31_000, 'ok')).toEqual({ waitMs: 0 });
    await s.settle(['a'], 'ok', false, policy, T + 31_000);
    expect(await s.attempt(rules, policy, T + 31_000, 'next')).toEqual({ waitMs: 0 });
  });

  it('a pending place whose process died is dropped after pendingMs', async () => {
    const s = new MemoryStore();
    const rules = [{ key: 'a', free: 1 }];
    expect(await s.attempt(rules, policy, T, 'lost')).toEqual({ waitMs: 0 });
    expect(await s.attempt(rules, policy, T + 59_000, 'b')).toEqual({ waitMs: 0, busy: true });
    expect(await s.attempt(rules, policy, T + 60_000, 'b')).toEqual({ waitMs: 0 });
  });

  it('revokes a session until its expiry, and every session of a user created up to a moment', async () => {
    const s = new MemoryStore();
    await s.revokeSession('sid1', T + H, T);
    expect(await s.isRevoked('sid1', 'ayse', T - 10, T + 1)).toBe(true);
    expect(await s.isRevoked('sid2', 'ayse', T - 10, T + 1)).toBe(false);
    expect(await s.isRevoked('sid1', 'ayse', T - 10, T + H)).toBe(false); // the cookie has expired by then anyway
    await s.revokeUser('ayse', T, T + 10 * H, T);
    expect(await s.isRevoked('sid3', 'ayse', T, T + 5)).toBe(true);
    expect(await s.isRevoked('sid4', 'ayse', T + 1, T + 5)).toBe(false);
    expect(await s.isRevoked('sid3', 'mehmet', T - 5, T + 5)).toBe(false);
  });
});

describe('FileStore', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cari-state-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('revocations survive a new store on the same file; expired and torn lines are dropped when it opens', async () => {
    const path = join(dir, 'sub', 'revoked.jsonl');
    const first = new FileStore(path, { now: T });
    await first.revokeSession('short', T + 1000, T);
    await first.revokeSession('long', T + 10 * H, T);
    await first.revokeUser('ayse', T, T + 10 * H, T);
    appendFileSync(path, '{"sid":"torn","unt');
    const second = new FileStore(path, { now: T + 2000 });
    expect(await second.isRevoked('long', 'x', T, T + 2000)).toBe(true);
    expect(await second.isRevoked('short', 'x', T, T + 2000)).toBe(false);
    expect(await second.isRevoked('new', 'ayse', T - 1, T + 2000)).toBe(true);
    expect(readFileSync(path, 'utf8').trim().split('\n')).toEqual([`{"sid":"long","until":${T + 10 * H}}`, `{"user":"ayse","at":${T},"until":${T + 10 * H}}`]);
  });

  it('picks up lines another process appended (within a second)', async () => {
    const path = join(dir, 'revoked.jsonl');
    writeFileSync(path, '');
    const server = new FileStore(path, { now: T });
    expect(await server.isRevoked('s', 'ayse', T, T)).toBe(false);
    const cli = new FileStore(path, { now: T, compact: false });
    await cli.revokeUser('ayse', T + 1, T + H, T + 1);
    await new Promise((ok) => setTimeout(ok, 1050));
    expect(await server.isRevoked('s', 'ayse', T, T + 2)).toBe(true);
  });

  it('"known" marks survive a new store on the same file (hashed: no user name or address in it)', async () => {
    const path = join(dir, 'revoked.jsonl');
    const first = new FileStore(path, { now: T });
    await first.mark('ok:ayse@10.0.0.7', 30 * 24 * H, T);
    await first.mark('ok:short@10.0.0.7', 1000, T);
    const second = new FileStore(path, { now: T + 2000 });
    expect(await second.marked('ok:ayse@10.0.0.7', T + 2000)).toBe(true);
    expect(await second.marked('ok:short@10.0.0.7', T + 2000)).toBe(false);
    expect(await second.marked('ok:mehmet@10.0.0.7', T + 2000)).toBe(false);
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain('ayse');
    expect(text).not.toContain('10.0.0.7');
    expect(text.trim().split('\n')).toHaveLength(1);
  });

  it('a running store compacts its file: 3000 logouts whose sessions expired leave only the live lines', async () => {
    const path = join(dir, 'revoked.jsonl');
    const store = new FileStore(path, { now: T });
    await store.revokeSession('live', T + 10 * H, T);
    // sessions that end one minute after their logout, one logout per second for 3000 s
    for (let i = 0; i < 3000; i++) await store.revokeSession(`s${i}`, T + i * 1000 + 60_000, T + i * 1000);
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    // at most COMPACT_MIN (1000) lines ever, of which the live ones are the last minute's ~60 and "live"
    expect(lines.length).toBeLessThan(1000);
    expect(lines).toContain(`{"sid":"live","until":${T + 10 * H}}`);
    expect(await store.isRevoked('live', 'x', T, T + 3000 * 1000)).toBe(true);
    expect(await store.isRevoked('s2999', 'x', T, T + 2999 * 1000)).toBe(true);
    expect(await new FileStore(path, { now: T + 3000 * 1000 }).isRevoked('s2990', 'x', T, T + 3000 * 1000)).toBe(true);
  });

  it('cannot be opened where it cannot write (a clear start-up error, not a silent memory store)', () => {
    writeFileSync(join(dir, 'file'), '');
    expect(() => new FileStore(join(dir, 'file', 'revoked.jsonl'))).toThrow();
  });
});
