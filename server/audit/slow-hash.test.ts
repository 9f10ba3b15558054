// @vitest shared-modules
/**
 * The auditor's slow hash (slow-hash.ts): scrypt at N = 16384 unless AUDIT_SCRYPT_N says otherwise (the
 * suite runs at 1024), the cost kept in the hash so a hash made at one cost is checked at that cost, hashes
 * written before the cost was stored still checked, and the work done off the event loop.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { scryptCost, slowHash, slowHashMatches } from './slow-hash';
import { matchRecoveryCode, newRecoveryCodes } from './totp';

const saved = process.env.AUDIT_SCRYPT_N;
afterEach(() => {
  if (saved === undefined) delete process.env.AUDIT_SCRYPT_N;
  else process.env.AUDIT_SCRYPT_N = saved;
});

describe('the auditor’s slow hash', () => {
  it('is scrypt at N = 16384 by default; AUDIT_SCRYPT_N takes a power of two from 1024, anything else is the default', () => {
    delete process.env.AUDIT_SCRYPT_N;
    expect(scryptCost()).toBe(16_384);
    for (const [v, n] of [
      ['1024', 1024],
      ['65536', 65_536],
      ['1000', 16_384],
      ['512', 16_384],
      ['abc', 16_384],
      ['', 16_384],
      [String(1 << 21), 16_384],
    ] as const) {
      process.env.AUDIT_SCRYPT_N = v;
      expect(scryptCost()).toBe(n);
    }
  });

  it('writes its cost into the hash and checks a hash at the cost it was made with, whatever the cost is now', async () => {
    delete process.env.AUDIT_SCRYPT_N;
    const strong = await slowHash('Parola & şifre +%1"\'');
    expect(strong).toMatch(/^scrypt\$16384\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    process.env.AUDIT_SCRYPT_N = '1024';
    const light = await slowHash('Parola & şifre +%1"\'');
    expect(light).toMatch(/^scrypt\$1024\$/);
    expect(await slowHashMatches('Parola & şifre +%1"\'', strong)).toBe(true);
    delete process.env.AUDIT_SCRYPT_N;
    expect(await slowHashMatches('Parola & şifre +%1"\'', light)).toBe(true);
    expect(await slowHashMatches('Parola & şifre +%1"', light)).toBe(false);
    expect(await slowHashMatches('parola & şifre +%1"\'', strong)).toBe(false);
  });

  it('checks a hash written before the cost was stored (scrypt$salt$key, N = 16384), made here with node’s scrypt directly', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('Eski parola', salt, 32, { N: 16_384, r: 8, p: 1 });
    const old = `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`;
    expect(await slowHashMatches('Eski parola', old)).toBe(true);
    expect(await slowHashMatches('Eski parol', old)).toBe(false);
  });

  it('answers false for no hash or one not of ours', async () => {
    process.env.AUDIT_SCRYPT_N = '1024';
    for (const stored of [null, undefined, '', 'bcrypt$x$y', 'scrypt$', 'scrypt$1000$c2FsdA$a2V5', 'scrypt$1024$$']) {
      expect(await slowHashMatches('x', stored)).toBe(false);
    }
  });

  it('checks ten recovery codes at the default cost while the event loop keeps answering (a timer ticks meanwhile)', async () => {
    delete process.env.AUDIT_SCRYPT_N;
    const { codes, hashes } = await newRecoveryCodes();
    expect(hashes.every((h) => h.startsWith('scrypt$16384$'))).toBe(true);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      // Ten scrypt hashes of ≈ 16 MiB each: tens of milliseconds at least, on the thread pool.
      expect(await matchRecoveryCode(codes[9]!, hashes)).toBe(9);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThanOrEqual(3);
  });
});
