/**
 * Who answered (issue 47, item 5; Circit-style): the reply page of an auditor's letter asks the responder
 * for their VKN/TCKN, which must be the one the auditor approved for the party; then a 6-digit code goes
 * to the address the letter went to, and the answer is taken only with it. Every try counts: five wrong
 * ones (a wrong VKN/TCKN or a wrong code) lock the letter and the auditor is told by mail. Each step is a
 * chained event with the address and browser: identity_failed, code_sent (with the mail that carried
 * it), code_failed, identity_locked, code_verified. A code is stored only hashed and lasts 15 minutes.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { auditParties, engagements, replyCodes } from '../db/schema';
import type { AppCtx } from '../app/context';
import { appendEvents } from '../mutabakat/events';
import { checkTaxId } from '../../src/domain/babs/tax-id';
import { noticeMail } from './notice-mail';

export const MAX_TRIES = 5;
const CODE_MS = 15 * 60_000;
const RESEND_AFTER_MS = 60_000;

export interface IdentityLetter {
  id: string;
  campaignId: string;
  accountId: string;
  accountName: string;
  to: string[];
}

export interface Meta {
  ip: string;
  userAgent: string;
}

export type IdentityState =
  { state: 'none' | 'locked' } | { state: 'code_sent'; sentTo: string; expiresAt: Date } | { state: 'verified'; identity: Record<string, unknown> };

const codeHash = (letterId: string, code: string) => createHash('sha256').update(`${letterId}:${code}`).digest('hex');

/** "m***@firma.example": where the code went, without handing the address to whoever holds the link. */
export const maskAddress = (a: string) => a.replace(/^(.)[^@]*(@.*)$/, '$1***$2');

export async function identityState(ctx: AppCtx, letterId: string): Promise<IdentityState> {
  const r = (await ctx.db.select().from(replyCodes).where(eq(replyCodes.letterId, letterId)))[0];
  if (!r) return { state: 'none' };
  if (r.lockedAt) return { state: 'locked' };
  if (r.verifiedAt) return { state: 'verified', identity: identityOf(r) };
  if (r.codeHash && r.expiresAt.getTime() > ctx.now().getTime())
    return { state: 'code_sent', sentTo: r.sentTo.map(maskAddress).join(', '), expiresAt: r.expiresAt };
  return { state: 'none' };
}

/** One try counted (at most MAX_TRIES ever); the letter locked at the last, the auditor told. Returns the tries so far, or null when it was locked already. */
async function countTry(ctx: AppCtx, l: IdentityLetter): Promise<{ tries: number; codeHash: string; expiresAt: Date; taxId: string } | null> {
  const now = ctx.now();
  await ctx.db.insert(replyCodes).values({ letterId: l.id, codeHash: '', taxId: '', sentTo: [], expiresAt: now, createdAt: now }).onConflictDoNothing();
  const r = (
    await ctx.db
      .update(replyCodes)
      .set({ tries: sql`${replyCodes.tries} + 1` })
      .where(and(eq(replyCodes.letterId, l.id), isNull(replyCodes.lockedAt), lt(replyCodes.tries, MAX_TRIES)))
      .returning()
  )[0];
  if (!r) return null;
  return { tries: r.tries, codeHash: r.codeHash, expiresAt: r.expiresAt, taxId: r.taxId };
}

async function fail(
  ctx: AppCtx,
  l: IdentityLetter,
  tries: number,
  meta: Meta,
  detail: Record<string, unknown>,
  type: 'identity_failed' | 'code_failed',
): Promise<string> {
  const now = ctx.now();
  const locked = tries >= MAX_TRIES;
  await ctx.db.transaction(async (tx) => {
    const events = [
      {
        campaignId: l.campaignId,
        letterId: l.id,
        accountId: l.accountId,
        type,
        detail: { ...detail, try: tries, ip: meta.ip, userAgent: meta.userAgent.slice(0, 300) },
      },
    ];
    if (locked) {
      await tx.update(replyCodes).set({ lockedAt: now }).where(eq(replyCodes.letterId, l.id));
      const e = (await tx.select().from(engagements).where(eq(engagements.id, l.campaignId)))[0];
      let mailId: string | null = null;
      if (e) {
        mailId = await noticeMail(
          tx,
          {
            campaignId: l.campaignId,
            letterId: l.id,
            accountId: l.accountId,
            kind: 'audit_locked',
            to: [e.auditorEmail],
            subject: `Teyit mektubu kilitlendi - ${l.accountName || l.accountId} - ${e.engagementNo}`,
            text: `Sayın ${e.auditorName},\n\n${l.accountName || l.accountId} (cari kodu ${l.accountId}) hesabına gönderilen teyit mektubunun yanıt sayfasında kimlik doğrulaması ${MAX_TRIES} kez başarısız oldu; mektup kilitlendi ve yanıt alınmayacak.\n\nBu bir istisna olarak denetim ekranınızda listelenir: karşı tarafla doğrulanmış bir kanaldan iletişime geçip alternatif prosedür uygulayabilirsiniz.`,
          },
          now,
        );
      }
      events.push({
        campaignId: l.campaignId,
        letterId: l.id,
        accountId: l.accountId,
        type: 'identity_locked',
        detail: { tries, auditorNotice: mailId, ip: meta.ip, userAgent: meta.userAgent.slice(0, 300) },
      } as never);
    }
    await appendEvents(tx, now, events);
  });
  return locked
    ? `Kimlik doğrulaması ${MAX_TRIES} kez başarısız oldu; bu mektup kilitlendi ve denetçiye haber verildi.`
    : `${type === 'identity_failed' ? 'Girilen VKN/TCKN bu mektubun karşı tarafıyla eşleşmiyor.' : 'Doğrulama kodu hatalı ya da süresi dolmuş.'} Kalan deneme: ${MAX_TRIES - tries}.`;
}

/** Step 1: the VKN/TCKN checked against the approved one; a new code mailed to the letter's address. An error text, or null when the code went. */
export async function requestCode(ctx: AppCtx, l: IdentityLetter, taxIdInput: string, meta: Meta): Promise<string | null> {
  const given = checkTaxId(taxIdInput);
  if (!given.ok || !given.value) return given.ok ? 'VKN (10 hane) ya da TCKN (11 hane) girin.' : given.message;
  const now = ctx.now();
  const before = (await ctx.db.select().from(replyCodes).where(eq(replyCodes.letterId, l.id)))[0];
  if (before?.lockedAt) return `Bu mektup kilitli: kimlik doğrulaması ${MAX_TRIES} kez başarısız oldu.`;
  if (before?.codeHash && now.getTime() - before.createdAt.getTime() < RESEND_AFTER_MS && before.expiresAt.getTime() > now.getTime())
    return 'Kod az önce gönderildi; e-postanızı kontrol edin (bir dakika sonra yeniden isteyebilirsiniz).';
  const party = (
    await ctx.db
      .select({ taxId: auditParties.taxId })
      .from(auditParties)
      .where(and(eq(auditParties.engagementId, l.campaignId), eq(auditParties.letterId, l.id)))
  )[0];
  if (!party || party.taxId !== given.value) {
    const t = await countTry(ctx, l);
    if (!t) return `Bu mektup kilitli: kimlik doğrulaması ${MAX_TRIES} kez başarısız oldu.`;
    return fail(ctx, l, t.tries, meta, { reason: 'tax_id', given: given.value }, 'identity_failed');
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db.transaction(async (tx) => {
    const mailId = await noticeMail(
      tx,
      {
        campaignId: l.campaignId,
        letterId: l.id,
        accountId: l.accountId,
        kind: 'reply_code',
        to: l.to,
        subject: 'Teyit yanıtı doğrulama kodu',
        text: `Bakiye teyidi yanıt sayfası için doğrulama kodunuz: ${code}\n\nKod 15 dakika geçerlidir. Bu kodu siz istemediyseniz bu e-postayı dikkate almayın; kodu kimseyle paylaşmayın.`,
        // In the stored copy only until the relay has it (the outbox redacts it): the code lives hashed.
        link: code,
      },
      now,
    );
    await tx
      .insert(replyCodes)
      .values({
        letterId: l.id,
        codeHash: codeHash(l.id, code),
        taxId: given.value,
        sentTo: l.to,
        mailId,
        expiresAt: new Date(now.getTime() + CODE_MS),
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: replyCodes.letterId,
        set: { codeHash: codeHash(l.id, code), taxId: given.value, sentTo: l.to, mailId, expiresAt: new Date(now.getTime() + CODE_MS), createdAt: now },
      });
    await appendEvents(tx, now, [
      {
        campaignId: l.campaignId,
        letterId: l.id,
        accountId: l.accountId,
        type: 'code_sent',
        detail: { taxId: given.value, to: l.to, mailId, ip: meta.ip, userAgent: meta.userAgent.slice(0, 300) },
      },
    ]);
  });
  return null;
}

/** Step 2, with the answer: the code checked (one try counted); the identity to record with the answer, or the error to show. */
export async function checkCode(
  ctx: AppCtx,
  l: IdentityLetter,
  codeInput: string,
  meta: Meta,
): Promise<{ ok: true; identity: Record<string, unknown> } | { ok: false; message: string }> {
  const typed = codeInput.replace(/\s/g, '');
  if (!/^\d{6}$/.test(typed)) return { ok: false, message: 'E-postanıza gelen 6 haneli doğrulama kodunu girin.' };
  const t = await countTry(ctx, l);
  if (!t) return { ok: false, message: `Bu mektup kilitli: kimlik doğrulaması ${MAX_TRIES} kez başarısız oldu.` };
  const now = ctx.now();
  const good = !!t.codeHash && t.expiresAt.getTime() > now.getTime() && timingSafeEqual(Buffer.from(t.codeHash), Buffer.from(codeHash(l.id, typed)));
  if (!good)
    return {
      ok: false,
      message: await fail(ctx, l, t.tries, meta, { reason: t.codeHash && t.expiresAt.getTime() <= now.getTime() ? 'expired' : 'code' }, 'code_failed'),
    };
  const row = (await ctx.db.update(replyCodes).set({ verifiedAt: now }).where(eq(replyCodes.letterId, l.id)).returning())[0]!;
  await appendEvents(ctx.db, now, [
    {
      campaignId: l.campaignId,
      letterId: l.id,
      accountId: l.accountId,
      type: 'code_verified',
      detail: { taxId: row.taxId, to: row.sentTo, mailId: row.mailId, try: t.tries, ip: meta.ip, userAgent: meta.userAgent.slice(0, 300) },
    },
  ]);
  return { ok: true, identity: identityOf(row) };
}

/** What the answer records of who gave it. */
function identityOf(r: typeof replyCodes.$inferSelect): Record<string, unknown> {
  return { taxId: r.taxId, codeSentTo: r.sentTo, codeMailId: r.mailId, codeVerifiedAt: r.verifiedAt?.toISOString() ?? null };
}
