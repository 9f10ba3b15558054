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
  it('refuses without counting while a delay runs; counts every key otherwise; forgets after forgetMs', async () => {
    const s = new MemoryStore();
    const rules = [{ key: 'ua', free: 2 }, { key: 'a', free: 0 }];
    expect(await s.attempt(rules, policy, T)).toEqual({ waitMs: 0 });
    expect(await s.attempt(rules, policy, T + 1000)).toEqual({ waitMs: 0 });
    expect(await s.attempt(rules, policy, T + 2000)).toEqual({ waitMs: 29_000 });
    expect(await s.attempt(rules, policy, T + 31_000)).toEqual({ waitMs: 0 }); // third failure
    expect(await s.attempt(rules, policy, T + 31_000)).toEqual({ waitMs: 60_000 });
    await s.forgive(['ua']); // back to two failures
    expect(await s.attempt(rules, policy, T + 62_000)).toEqual({ waitMs: 0 });
    await s.clear(['ua']);
    expect(await s.attempt([{ key: 'ua', free: 1 }], policy, T + 62_000)).toEqual({ waitMs: 0 });
    expect((await s.attempt([{ key: 'ua', free: 1 }], policy, T + 62_000)).waitMs).toBe(30_000);
    expect(await s.attempt([{ key: 'ua', free: 1 }], policy, T + 62_000 + H)).toEqual({ waitMs: 0 });
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

  it('cannot be opened where it cannot write (a clear start-up error, not a silent memory store)', () => {
    writeFileSync(join(dir, 'file'), '');
    expect(() => new FileStore(join(dir, 'file', 'revoked.jsonl'))).toThrow();
  });
});
