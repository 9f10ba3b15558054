/**
 * The auditor signs in to us, not to Workcube (issue 47, item 1): a single-use invitation sets a password
 * (scrypt) and a second factor (TOTP, RFC 6238, with ten one-time recovery codes); login takes the e-mail,
 * the password and a current code (a code once used is refused again); five failures lock the account
 * for 15 minutes. A session is a random token in an HttpOnly, SameSite=Strict cookie on /api/denetci only
 * (stored hashed, 8 hours), bound to one engagement, and ends when the company revokes the engagement or
 * it expires. The gateway's CSRF guard (our header, same origin) covers these routes as it does staff's.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { and, eq, gt, isNull, or, lt, sql } from 'drizzle-orm';
import { auditInvites, auditSessions, auditors, engagements } from '../db/schema';
import type { AppCtx } from '../app/context';
import { badRequest, MutError } from '../app/errors';
import { appendEvents, type Actor } from '../mutabakat/events';
import { newRecoveryCodes, newTotpSecret, otpauthUrl, verifyTotp, matchRecoveryCode } from './totp';
import { assertActive, hashSecret, type EngagementRow } from './engagement';
import { slowHash, slowHashMatches } from './slow-hash';

export const AUDIT_COOKIE = 'denetim_session';
const SESSION_MS = 8 * 3_600_000;
const MAX_FAILURES = 5;
const LOCK_MS = 15 * 60_000;
export const MIN_PASSWORD = 12;

type AuditorRow = typeof auditors.$inferSelect;

export interface AuditorSession {
  auditor: AuditorRow;
  engagement: EngagementRow;
  /** Events name the auditor so: 'denetci:<e-mail>'. */
  actor: Actor;
}

export function hashPassword(password: string): Promise<string> {
  return slowHash(password.normalize('NFC'));
}

/** Whether the password is the stored one; no stored hash (no account, no password yet) costs the same work. */
export function checkPassword(password: string, stored: string | null): Promise<boolean> {
  return slowHashMatches(password.normalize('NFC'), stored);
}

const actorOf = (a: Pick<AuditorRow, 'email' | 'name'>): Actor => ({ userName: `denetci:${a.email}`, name: a.name });
const gone = () =>
  new MutError('not_found', 'Bu davet bağlantısı geçersiz: kullanılmış, süresi dolmuş ya da hiç verilmemiş. Şirketten yeni bir davet isteyin.');

async function openInvite(ctx: AppCtx, token: unknown) {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(token)) throw gone();
  const row = (
    await ctx.db
      .select({ invite: auditInvites, auditor: auditors, engagement: engagements })
      .from(auditInvites)
      .innerJoin(engagements, eq(engagements.id, auditInvites.engagementId))
      .innerJoin(auditors, eq(auditors.engagementId, auditInvites.engagementId))
      .where(and(eq(auditInvites.hash, hashSecret(token)), isNull(auditInvites.usedAt), gt(auditInvites.expiresAt, ctx.now())))
  )[0];
  if (!row) throw gone();
  assertActive(row.engagement, ctx.now());
  return row;
}

/** What the invitation page shows before anything is set. */
export async function inviteInfo(ctx: AppCtx, token: unknown) {
  const { engagement: e, auditor } = await openInvite(ctx, token);
  return {
    company: ctx.company.title,
    firm: e.firm,
    engagementNo: e.engagementNo,
    periodEnd: e.periodEnd,
    email: auditor.email,
    name: auditor.name,
    validUntil: e.validUntil.toISOString(),
  };
}

/** Step 1: the password set and a new TOTP secret made (not yet in force: confirmed by a code in step 2). */
export async function setPassword(ctx: AppCtx, token: unknown, password: unknown) {
  const { auditor } = await openInvite(ctx, token);
  if (typeof password !== 'string' || [...password].length < MIN_PASSWORD || password.length > 200) {
    throw badRequest([{ field: 'password', message: `Parola en az ${MIN_PASSWORD} karakter olmalı.` }]);
  }
  const secret = newTotpSecret();
  await ctx.db
    .update(auditors)
    .set({ passwordHash: await hashPassword(password), totpSecret: secret, totpConfirmed: false })
    .where(eq(auditors.id, auditor.id));
  return { secret, otpauthUrl: otpauthUrl(secret, auditor.email) };
}

/** Step 2: the first code from the app confirms the secret; the invitation is used up; recovery codes shown once; signed in. */
export async function confirmInvite(ctx: AppCtx, c: Context, meta: CallMeta, token: unknown, code: unknown, cookieSecure: boolean) {
  const { invite, auditor, engagement } = await openInvite(ctx, token);
  if (!auditor.passwordHash || !auditor.totpSecret) throw badRequest([{ field: 'password', message: 'Önce parolanızı belirleyin.' }]);
  const step = verifyTotp(auditor.totpSecret, String(code ?? ''), ctx.now(), null);
  if (step === null) throw badRequest([{ field: 'code', message: 'Doğrulama kodu tutmadı: uygulamanızdaki güncel 6 haneli kodu girin.' }]);
  const recovery = await newRecoveryCodes();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const used = await tx
      .update(auditInvites)
      .set({ usedAt: now })
      .where(and(eq(auditInvites.hash, invite.hash), isNull(auditInvites.usedAt)))
      .returning({ hash: auditInvites.hash });
    if (used.length === 0) throw gone();
    await tx
      .update(auditors)
      .set({ totpConfirmed: true, lastTotpStep: step, recoveryHashes: recovery.hashes, failedLogins: 0 })
      .where(eq(auditors.id, auditor.id));
    await appendEvents(tx, now, [
      {
        campaignId: engagement.id,
        type: 'auditor_enrolled',
        by: actorOf(auditor),
        detail: { email: auditor.email, ip: meta.ip, userAgent: meta.userAgent.slice(0, 300), factor: 'totp' },
      },
    ]);
  });
  await startSession(ctx, c, auditor, engagement, cookieSecure);
  return { recoveryCodes: recovery.codes };
}

/** Who called: the client address by the gateway's trusted-proxy rule, and the browser. */
export interface CallMeta {
  ip: string;
  userAgent: string;
}

const badLogin = () => new MutError('unauthenticated', 'E-posta, parola ya da doğrulama kodu hatalı.');

/** Login: e-mail, password, and a TOTP code (or a recovery code, struck off once used). */
export async function login(ctx: AppCtx, c: Context, meta: CallMeta, body: unknown, cookieSecure: boolean) {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const email = typeof b.email === 'string' ? b.email.trim().toLowerCase() : '';
  const password = typeof b.password === 'string' ? b.password : '';
  const code = typeof b.code === 'string' ? b.code : '';
  const recoveryCode = typeof b.recoveryCode === 'string' ? b.recoveryCode : '';
  const now = ctx.now();
  const rows = await ctx.db
    .select({ auditor: auditors, engagement: engagements })
    .from(auditors)
    .innerJoin(engagements, eq(engagements.id, auditors.engagementId))
    .where(and(eq(auditors.email, email), eq(auditors.totpConfirmed, true)))
    .orderBy(sql`${engagements.authorisedAt} DESC`);
  if (rows.length === 0) {
    await checkPassword(password, null);
    throw badLogin();
  }
  for (const { auditor } of rows) {
    if (auditor.lockedUntil && auditor.lockedUntil.getTime() > now.getTime())
      throw new MutError('too_many', 'Çok sayıda hatalı giriş: hesap 15 dakika kilitli. Sonra yeniden deneyin.');
  }
  let match: (typeof rows)[number] | undefined;
  for (const r of rows)
    if (await checkPassword(password, r.auditor.passwordHash)) {
      match = r;
      break;
    }
  const fail = async (r: (typeof rows)[number] | undefined) => {
    for (const x of r ? [r] : rows) {
      const n = x.auditor.failedLogins + 1;
      await ctx.db
        .update(auditors)
        .set({ failedLogins: n >= MAX_FAILURES ? 0 : n, ...(n >= MAX_FAILURES ? { lockedUntil: new Date(now.getTime() + LOCK_MS) } : {}) })
        .where(eq(auditors.id, x.auditor.id));
      await appendEvents(ctx.db, now, [
        {
          campaignId: x.engagement.id,
          type: 'auditor_login_failed',
          detail: { email, ip: meta.ip, userAgent: meta.userAgent.slice(0, 300), locked: n >= MAX_FAILURES },
        },
      ]);
    }
    return badLogin();
  };
  if (!match) throw await fail(undefined);
  const { auditor, engagement } = match;
  assertActive(engagement, now);
  let factor: 'totp' | 'recovery';
  if (recoveryCode) {
    const i = await matchRecoveryCode(recoveryCode, auditor.recoveryHashes);
    if (i < 0) throw await fail(match);
    const left = auditor.recoveryHashes.filter((_, k) => k !== i);
    const done = await ctx.db
      .update(auditors)
      .set({ recoveryHashes: left })
      .where(and(eq(auditors.id, auditor.id), sql`recovery_hashes = ${JSON.stringify(auditor.recoveryHashes)}::jsonb`))
      .returning({ id: auditors.id });
    if (done.length === 0) throw await fail(match);
    factor = 'recovery';
  } else {
    const step = verifyTotp(auditor.totpSecret ?? '', code, now, auditor.lastTotpStep);
    if (step === null) throw await fail(match);
    // A code used once is refused again, by this or any other instance at the same moment.
    const done = await ctx.db
      .update(auditors)
      .set({ lastTotpStep: step })
      .where(and(eq(auditors.id, auditor.id), or(isNull(auditors.lastTotpStep), lt(auditors.lastTotpStep, step))))
      .returning({ id: auditors.id });
    if (done.length === 0) throw await fail(match);
    factor = 'totp';
  }
  await ctx.db.update(auditors).set({ failedLogins: 0 }).where(eq(auditors.id, auditor.id));
  await appendEvents(ctx.db, now, [
    { campaignId: engagement.id, type: 'auditor_login', by: actorOf(auditor), detail: { ip: meta.ip, userAgent: meta.userAgent.slice(0, 300), factor } },
  ]);
  await startSession(ctx, c, auditor, engagement, cookieSecure);
  return { engagementId: engagement.id, recoveryCodesLeft: factor === 'recovery' ? auditor.recoveryHashes.length - 1 : auditor.recoveryHashes.length };
}

const cookieName = (secure: boolean) => (secure ? `__Secure-${AUDIT_COOKIE}` : AUDIT_COOKIE);

async function startSession(ctx: AppCtx, c: Context, auditor: AuditorRow, engagement: EngagementRow, secure: boolean): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await ctx.db
    .insert(auditSessions)
    .values({ hash: hashSecret(token), auditorId: auditor.id, engagementId: engagement.id, expiresAt: new Date(now.getTime() + SESSION_MS), createdAt: now });
  setCookie(c, cookieName(secure), token, { httpOnly: true, sameSite: 'Strict', path: '/api/denetci', secure, maxAge: SESSION_MS / 1000 });
}

/** The signed-in auditor and the one engagement the session is bound to; 401 otherwise, 403 once the engagement is revoked or expired. */
export async function requireAuditor(ctx: AppCtx, c: Context, secure: boolean): Promise<AuditorSession> {
  const token = getCookie(c, cookieName(secure));
  const unauth = new MutError('unauthenticated', 'Denetçi oturumu yok ya da süresi doldu; yeniden giriş yapın.');
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) throw unauth;
  const row = (
    await ctx.db
      .select({ auditor: auditors, engagement: engagements })
      .from(auditSessions)
      .innerJoin(auditors, eq(auditors.id, auditSessions.auditorId))
      .innerJoin(engagements, eq(engagements.id, auditSessions.engagementId))
      .where(and(eq(auditSessions.hash, hashSecret(token)), gt(auditSessions.expiresAt, ctx.now())))
  )[0];
  if (!row) throw unauth;
  assertActive(row.engagement, ctx.now());
  return { ...row, actor: actorOf(row.auditor) };
}

export async function logout(ctx: AppCtx, c: Context, secure: boolean): Promise<void> {
  const token = getCookie(c, cookieName(secure));
  if (token) await ctx.db.delete(auditSessions).where(eq(auditSessions.hash, hashSecret(token)));
  deleteCookie(c, cookieName(secure), { path: '/api/denetci', secure });
}
