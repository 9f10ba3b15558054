/**
 * The one slow hash of the auditor's secrets (their password, their recovery codes): scrypt, run on
 * libuv's thread pool, never on the event loop (a recovery code's check tried up to ten hashes there,
 * ≈ 0.5 s during which no user of the gateway was answered). Stored as `scrypt$<N>$<salt>$<key>`: the
 * cost travels with the hash, so raising AUDIT_SCRYPT_N later keeps old hashes valid; a hash written
 * before the cost was stored (`scrypt$<salt>$<key>`) was made with N = 16384.
 *
 * AUDIT_SCRYPT_N: a power of two from 1024 (default 16384, about 16 MiB and 50 ms a hash). The test
 * suite sets 1024 (vitest.config.ts), as Django's tests use a fast hasher: the tests are about who gets
 * in, and server/audit/slow-hash.test.ts checks the default's cost.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export const DEFAULT_SCRYPT_N = 16_384;

/** N for new hashes: AUDIT_SCRYPT_N when it is a power of two from 1024 to 2^20, else the default. */
export function scryptCost(): number {
  const n = Number(process.env.AUDIT_SCRYPT_N);
  return Number.isInteger(n) && n >= 1024 && n <= 1 << 20 && (n & (n - 1)) === 0 ? n : DEFAULT_SCRYPT_N;
}

const run = (secret: string, salt: Buffer, len: number, N: number) =>
  new Promise<Buffer>((ok, no) => scrypt(secret, salt, len, { N, r: 8, p: 1, maxmem: 256 * N * 8 + (1 << 20) }, (e, key) => (e ? no(e) : ok(key))));

export async function slowHash(secret: string): Promise<string> {
  const N = scryptCost();
  const salt = randomBytes(16);
  return `scrypt$${N}$${salt.toString('base64url')}$${(await run(secret, salt, 32, N)).toString('base64url')}`;
}

/** The stored hash's parts, or null when it is not one of ours. */
function parse(stored: string): { N: number; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt') return null;
  const [n, salt, key] =
    parts.length === 4 ? [Number(parts[1]), parts[2], parts[3]] : parts.length === 3 ? [DEFAULT_SCRYPT_N, parts[1], parts[2]] : [NaN, '', ''];
  if (!Number.isInteger(n) || n < 1024 || n > 1 << 20 || (n & (n - 1)) !== 0 || !salt || !key) return null;
  return { N: n, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

/**
 * Whether `secret` is the one `stored` was made from. A stored value that is not a hash of ours (no
 * account, no password yet) costs the same work and answers false.
 */
export async function slowHashMatches(secret: string, stored: string | null | undefined): Promise<boolean> {
  const p = stored ? parse(stored) : null;
  if (!p || p.key.length === 0) {
    await run(secret, Buffer.alloc(16), 32, scryptCost());
    return false;
  }
  return timingSafeEqual(await run(secret, p.salt, p.key.length, p.N), p.key);
}
