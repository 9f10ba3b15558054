// @vitest shared-modules
/**
 * The auditor's second factor against the standards' own test vectors (RFC 4226 appendix D, RFC 6238
 * appendix B: the ASCII secret "12345678901234567890"), the drift window, replay, and recovery codes.
 */
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUrl, totpAt, verifyTotp } from './totp';

const RFC_SECRET = new TextEncoder().encode('12345678901234567890');
const RFC_BASE32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (RFC 6238)', () => {
  it('HOTP gives RFC 4226’s ten codes', () => {
    expect(Array.from({ length: 10 }, (_, c) => hotp(RFC_SECRET, c))).toEqual([
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ]);
  });

  it('TOTP gives RFC 6238’s SHA-1 codes (8 digits) at its six moments; the secret round-trips through base32', () => {
    expect(base32Encode(RFC_SECRET)).toBe(RFC_BASE32);
    expect(base32Decode(RFC_BASE32)).toEqual(RFC_SECRET);
    const at = (s: number) => totpAt(RFC_BASE32, new Date(s * 1000), 8);
    expect([59, 1111111109, 1111111111, 1234567890, 2000000000, 20000000000].map(at)).toEqual([
      '94287082',
      '07081804',
      '14050471',
      '89005924',
      '69279037',
      '65353130',
    ]);
  });

  it('accepts the code of the step before or after (clock drift), not two steps away; a used step is refused again (replay)', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const now = new Date('2026-12-05T10:00:15Z');
    const step = Math.floor(now.getTime() / 30_000);
    const code = (d: number) => totpAt(secret, new Date(now.getTime() + d * 30_000));
    expect(verifyTotp(secret, code(0), now, null)).toBe(step);
    expect(verifyTotp(secret, code(-1), now, null)).toBe(step - 1);
    expect(verifyTotp(secret, code(1), now, null)).toBe(step + 1);
    // Two steps away: only if it happens to equal a code in the window (1 in 10^6), which these are not.
    if (![code(-1), code(0), code(1)].includes(code(-2))) expect(verifyTotp(secret, code(-2), now, null)).toBeNull();
    // Replay: the step just used, or an earlier one, is not accepted again.
    expect(verifyTotp(secret, code(0), now, step)).toBeNull();
    expect(verifyTotp(secret, code(-1), now, step)).toBeNull();
    expect(verifyTotp(secret, code(1), now, step)).toBe(step + 1);
    // Not six digits: refused without a comparison.
    for (const bad of ['', '12345', '1234567', 'abcdef']) expect(verifyTotp(secret, bad, now, null)).toBeNull();
    expect(verifyTotp(secret, ` ${code(0).slice(0, 3)} ${code(0).slice(3)} `, now, null)).toBe(step);
  });

  it('the otpauth link names the issuer and the account (Turkish letters encoded)', () => {
    expect(otpauthUrl(RFC_BASE32, 'ayşe@denetim.example')).toBe(
      `otpauth://totp/Cari%20Ekran%20Denetim%3Aay%C5%9Fe%40denetim.example?secret=${RFC_BASE32}&issuer=Cari%20Ekran%20Denetim&algorithm=SHA1&digits=6&period=30`,
    );
  });

  it('recovery codes: ten, each matched once through its scrypt hash (dashes and case forgiven), a wrong one matches none', async () => {
    const { codes, hashes } = await newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);
    expect(hashes.every((h) => h.startsWith('scrypt$') && !h.includes(codes[0]!))).toBe(true);
    expect(await matchRecoveryCode(codes[3]!, hashes)).toBe(3);
    expect(await matchRecoveryCode(codes[3]!.replace(/-/g, '').toLowerCase(), hashes)).toBe(3);
    expect(await matchRecoveryCode('AAAA-BBBB-CCCC', hashes)).toBe(-1);
  });
});
