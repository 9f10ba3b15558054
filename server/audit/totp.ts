/**
 * The auditor's second factor (issue 47, item 1): TOTP (RFC 6238 over RFC 4226's HOTP, HMAC-SHA1, 30 s
 * steps, 6 digits — what authenticator apps read from an otpauth:// link), with a window of one step
 * either side for clock drift, a used step refused again (replay), and one-time recovery codes stored
 * only as scrypt hashes (slow-hash.ts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { slowHash, slowHashMatches } from './slow-hash';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Uint8Array {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const c of clean) {
    const i = BASE32.indexOf(c);
    if (i < 0) throw new Error('base32: not a base32 character');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32 for the app. */
export const newTotpSecret = (): string => base32Encode(randomBytes(20));

/** RFC 4226 HOTP: the code for a counter. */
export function hotp(secret: Uint8Array, counter: number, digits = 6): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const bin = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(bin % 10 ** digits).padStart(digits, '0');
}

export const STEP_SECONDS = 30;
export const totpStep = (at: Date): number => Math.floor(at.getTime() / 1000 / STEP_SECONDS);

/** The code shown at `at`. */
export const totpAt = (secretBase32: string, at: Date, digits = 6): string => hotp(base32Decode(secretBase32), totpStep(at), digits);

/**
 * Checks a typed code at `at` against the step before, the current one and the one after. Returns the
 * step it matched (to be stored as the last used), or null — also for a step not after `lastUsedStep`
 * (a code already used, or an older one, is never accepted twice).
 */
export function verifyTotp(secretBase32: string, code: string, at: Date, lastUsedStep: number | null): number | null {
  const typed = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(typed)) return null;
  const secret = base32Decode(secretBase32);
  const now = totpStep(at);
  for (const step of [now - 1, now, now + 1]) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    const expected = hotp(secret, step);
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(typed))) return step;
  }
  return null;
}

/** The otpauth:// link an authenticator app reads (as a QR code or typed). */
export function otpauthUrl(secretBase32: string, account: string, issuer = 'Cari Ekran Denetim'): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?secret=${secretBase32}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=${STEP_SECONDS}`;
}

/** Ten one-time recovery codes (xxxx-xxxx-xxxx, base32, 60 bits each) and their scrypt hashes to store. */
export async function newRecoveryCodes(n = 10): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: n }, () =>
    base32Encode(randomBytes(8))
      .slice(0, 12)
      .replace(/(.{4})(.{4})(.{4})/, '$1-$2-$3'),
  );
  return { codes, hashes: await Promise.all(codes.map(hashRecoveryCode)) };
}

const normalise = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

export function hashRecoveryCode(code: string): Promise<string> {
  return slowHash(normalise(code));
}

/** The index of the stored hash the code matches (to be struck off), or -1. Every hash is tried, off the event loop. */
export async function matchRecoveryCode(code: string, hashes: readonly string[]): Promise<number> {
  const typed = normalise(code);
  const hits = await Promise.all(hashes.map((h) => (h.startsWith('scrypt$') ? slowHashMatches(typed, h) : false)));
  return hits.indexOf(true);
}
