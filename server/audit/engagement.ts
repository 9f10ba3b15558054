/**
 * The auditor's engagement (issue 47, item 1; docs/audit-confirmations.md): a company user authorises an
 * audit firm for an engagement — firm, engagement number, period end, the accounts in scope, valid until
 * (180 days by default) — recorded with who authorised it; the auditor gets a single-use invitation by
 * e-mail. The engagement's id ('den-…') is also its letters' campaign id: every event under it is
 * hash-chained by the database (migration 0006).
 *
 * The company sees an engagement's letters by state only (sent / answered / not answered) until the
 * auditor releases the results; the company's mutabakat routes do not show the auditor's campaign, its
 * letters or its mails (server/audit/guard.ts).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { auditChains, auditInvites, auditors, engagements, letters } from '../db/schema';
import type { AppCtx } from '../app/context';
import { badRequest, conflict, MutError, notFound, type Problem } from '../app/errors';
import { appendEvents, type Actor } from '../mutabakat/events';
import { isIsoDate } from '../../src/domain/dates';
import { formatDate } from '../../src/domain/format';
import { GENESIS } from './chain';
import { noticeMail } from './notice-mail';

export const ENGAGEMENT_PREFIX = 'den-';
export const isEngagementId = (id: string): boolean => id.startsWith(ENGAGEMENT_PREFIX);
/** How long an invitation link can be used. */
export const INVITE_DAYS = 7;

export type EngagementRow = typeof engagements.$inferSelect;

export interface EngagementInput {
  firm: string;
  engagementNo: string;
  periodEnd: string;
  auditorEmail: string;
  auditorName: string;
  validDays: number;
  sides: ('B' | 'A')[];
  accountIds: string[] | null;
}

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
const str = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

export function checkEngagement(body: unknown): EngagementInput {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const problems: Problem[] = [];
  const firm = str(b.firm, 200);
  if (!firm) problems.push({ field: 'firm', message: 'Denetim firmasının unvanı gerekli.' });
  const engagementNo = str(b.engagementNo, 100);
  if (!engagementNo) problems.push({ field: 'engagementNo', message: 'Denetim sözleşmesinin (iş) numarası gerekli.' });
  const periodEnd = typeof b.periodEnd === 'string' && isIsoDate(b.periodEnd) ? b.periodEnd : '';
  if (!periodEnd) problems.push({ field: 'periodEnd', message: 'Dönem sonu geçerli bir tarih olmalı.' });
  const auditorEmail = str(b.auditorEmail, 254).toLowerCase();
  if (!EMAIL.test(auditorEmail)) problems.push({ field: 'auditorEmail', message: 'Denetçinin e-posta adresi geçerli değil.' });
  const auditorName = str(b.auditorName, 200);
  if (!auditorName) problems.push({ field: 'auditorName', message: 'Denetçinin adı soyadı gerekli.' });
  const validDays = b.validDays === undefined ? 180 : Number(b.validDays);
  if (!Number.isInteger(validDays) || validDays < 1 || validDays > 366)
    problems.push({ field: 'validDays', message: 'Geçerlilik 1 ile 366 gün arasında olmalı.' });
  const sidesIn = b.sides === undefined ? ['B', 'A'] : b.sides;
  const sides = Array.isArray(sidesIn) ? [...new Set(sidesIn.filter((s): s is 'B' | 'A' => s === 'B' || s === 'A'))] : [];
  if (sides.length === 0) problems.push({ field: 'sides', message: 'Alacaklar, borçlar ya da ikisi seçilmeli.' });
  const ids = b.accountIds == null ? null : b.accountIds;
  if (ids !== null && (!Array.isArray(ids) || ids.length === 0 || ids.length > 200_000 || ids.some((x) => typeof x !== 'string' || !/^\d{1,18}$/.test(x)))) {
    problems.push({ field: 'accountIds', message: 'Kapsamdaki hesaplar Firma ID listesi olmalı (boş: tüm hesaplar).' });
  }
  if (problems.length) throw badRequest(problems);
  return { firm, engagementNo, periodEnd, auditorEmail, auditorName, validDays, sides, accountIds: ids ? [...new Set(ids as string[])] : null };
}

export const hashSecret = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The engagement authorised, its chain started, its auditor invited (the invitation mailed; in demo mode its link is also returned). */
export async function authorise(ctx: AppCtx, input: EngagementInput, by: Actor): Promise<{ id: string; inviteUrl: string }> {
  const now = ctx.now();
  const id = `${ENGAGEMENT_PREFIX}${randomUUID()}`;
  const token = randomBytes(32).toString('base64url');
  const inviteUrl = `${ctx.settings.publicUrl}/denetim/davet#${token}`;
  const validUntil = new Date(now.getTime() + input.validDays * 86_400_000);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(engagements).values({
      id,
      firm: input.firm,
      engagementNo: input.engagementNo,
      periodEnd: input.periodEnd,
      auditorEmail: input.auditorEmail,
      auditorName: input.auditorName,
      scope: { sides: input.sides, accountIds: input.accountIds },
      validUntil,
      authorisedBy: by.userName,
      authorisedByName: by.name,
      authorisedAt: now,
    });
    await tx.insert(auditChains).values({ campaignId: id, seq: 0, head: GENESIS });
    await tx.insert(auditors).values({ id: randomUUID(), engagementId: id, email: input.auditorEmail, name: input.auditorName, createdAt: now });
    await tx
      .insert(auditInvites)
      .values({ hash: hashSecret(token), engagementId: id, expiresAt: new Date(now.getTime() + INVITE_DAYS * 86_400_000), createdAt: now });
    const mail = inviteMail(ctx, input, inviteUrl, validUntil);
    const mailId = await noticeMail(tx, { campaignId: id, letterId: id, kind: 'audit_invite', to: [input.auditorEmail], ...mail, link: inviteUrl }, now);
    await appendEvents(tx, now, [
      {
        campaignId: id,
        type: 'authorised',
        by,
        detail: {
          firm: input.firm,
          engagementNo: input.engagementNo,
          periodEnd: input.periodEnd,
          validUntil: validUntil.toISOString(),
          sides: input.sides,
          accounts: input.accountIds?.length ?? null,
          auditorEmail: input.auditorEmail,
          auditorName: input.auditorName,
        },
      },
      {
        campaignId: id,
        type: 'invited',
        by,
        detail: { to: input.auditorEmail, mailId, expiresAt: new Date(now.getTime() + INVITE_DAYS * 86_400_000).toISOString() },
      },
    ]);
  });
  return { id, inviteUrl };
}

function inviteMail(ctx: AppCtx, e: EngagementInput, url: string, validUntil: Date) {
  const company = ctx.company.title || 'Şirket';
  const lines = [
    `Sayın ${e.auditorName},`,
    '',
    `${company}, ${e.firm} adına yürüttüğünüz ${e.engagementNo} numaralı bağımsız denetim için ${formatDate(e.periodEnd)} dönem sonu cari hesap teyitlerini (BDS 505) sizin yönetmeniz için yetki verdi.`,
    'Teyit edilecek hesapları siz seçecek, adresleri siz onaylayacak, mektupları siz gönderecek ve yanıtları doğrudan siz alacaksınız.',
    '',
    `Hesabınızı açmak için (${INVITE_DAYS} gün içinde, bir kez kullanılabilir):`,
    url,
    '',
    `Yetki ${formatDate(validUntil.toISOString().slice(0, 10))} tarihine kadar geçerlidir.`,
  ];
  return { subject: `Bağımsız denetim teyit yetkisi - ${company} - ${e.engagementNo}`, text: lines.join('\n') };
}

export async function loadEngagement(ctx: AppCtx, id: string): Promise<EngagementRow> {
  if (!isEngagementId(id)) throw notFound();
  const e = (await ctx.db.select().from(engagements).where(eq(engagements.id, id)))[0];
  if (!e) throw notFound();
  return e;
}

/** active | expired | revoked (an expired or revoked engagement's auditor cannot log in; its evidence stays). */
export function engagementState(e: EngagementRow, now: Date): 'active' | 'expired' | 'revoked' {
  if (e.revokedAt) return 'revoked';
  return e.validUntil.getTime() <= now.getTime() ? 'expired' : 'active';
}

export function assertActive(e: EngagementRow, now: Date): void {
  const s = engagementState(e, now);
  if (s === 'revoked') throw new MutError('forbidden', 'Bu denetim yetkisi şirket tarafından geri alınmış.');
  if (s === 'expired') throw new MutError('forbidden', `Bu denetim yetkisinin süresi ${formatDate(e.validUntil.toISOString().slice(0, 10))} tarihinde doldu.`);
}

/** What the company sees of a letter before release: its state only. */
export const companyState = (state: string): 'hazırlanıyor' | 'gönderildi' | 'yanıtlandı' | 'gönderilemedi' | 'iptal' =>
  state === 'agreed' || state === 'disagreed'
    ? 'yanıtlandı'
    : state === 'sent'
      ? 'gönderildi'
      : state === 'failed' || state === 'prepare_failed'
        ? 'gönderilemedi'
        : state === 'cancelled'
          ? 'iptal'
          : 'hazırlanıyor';

/** The company's list: each engagement with its state and its letters counted by what the company may know. */
export async function listEngagements(ctx: AppCtx) {
  const rows = await ctx.db
    .select()
    .from(engagements)
    .orderBy(sql`${engagements.authorisedAt} DESC`);
  const counts = await ctx.d.rows<{ campaign_id: string; state: string; n: number }>(
    sql`SELECT campaign_id, state, count(*)::int AS n FROM letters WHERE campaign_id LIKE 'den-%' GROUP BY 1, 2`,
  );
  const accepted = new Set((await ctx.db.select({ e: auditors.engagementId }).from(auditors).where(eq(auditors.totpConfirmed, true))).map((r) => r.e));
  return rows.map((e) => {
    const by: Record<string, number> = {};
    for (const c of counts.filter((x) => x.campaign_id === e.id)) by[companyState(c.state)] = (by[companyState(c.state)] ?? 0) + c.n;
    return { ...engagementJson(e, ctx.now()), auditorJoined: accepted.has(e.id), letters: by };
  });
}

export function engagementJson(e: EngagementRow, now: Date) {
  return {
    id: e.id,
    firm: e.firm,
    engagementNo: e.engagementNo,
    periodEnd: e.periodEnd,
    auditorEmail: e.auditorEmail,
    auditorName: e.auditorName,
    scope: e.scope,
    validUntil: e.validUntil.toISOString(),
    authorisedBy: e.authorisedByName || e.authorisedBy,
    authorisedAt: e.authorisedAt.toISOString(),
    state: engagementState(e, now),
    releasedAt: e.releasedAt?.toISOString() ?? null,
    revokedAt: e.revokedAt?.toISOString() ?? null,
  };
}

/** The company's view of one engagement: its letters' states; the answers only once the auditor released them. */
export async function companyView(ctx: AppCtx, id: string) {
  const e = await loadEngagement(ctx, id);
  const rows = await ctx.db
    .select({ id: letters.id, accountId: letters.accountId, accountName: letters.accountName, state: letters.state, sentAt: letters.sentAt })
    .from(letters)
    .where(eq(letters.campaignId, id))
    .orderBy(letters.accountId);
  const released = e.releasedAt !== null;
  const answers = released ? await releasedAnswers(ctx, id) : new Map<string, unknown>();
  return {
    engagement: engagementJson(e, ctx.now()),
    letters: rows.map((l) => ({
      accountId: l.accountId,
      accountName: l.accountName,
      state: companyState(l.state),
      sentAt: l.sentAt?.toISOString() ?? null,
      ...(released ? { result: answers.get(l.id) ?? null } : {}),
    })),
  };
}

async function releasedAnswers(ctx: AppCtx, id: string): Promise<Map<string, unknown>> {
  const rows = await ctx.d.rows<{ letter_id: string; detail: Record<string, unknown> }>(
    sql`SELECT l.id AS letter_id, a.detail FROM letters l JOIN events a ON a.id = l.answer_event_id WHERE l.campaign_id = ${id}`,
  );
  return new Map(rows.map((r) => [r.letter_id, { kind: r.detail.kind, balances: r.detail.balances ?? null, note: r.detail.note ?? '' }]));
}

/** The company takes its authorisation back: the auditor's sessions end; nothing recorded is removed. */
export async function revoke(ctx: AppCtx, id: string, by: Actor): Promise<void> {
  const e = await loadEngagement(ctx, id);
  if (e.revokedAt) throw conflict('Bu yetki zaten geri alınmış.');
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(engagements)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(engagements.id, id), sql`revoked_at IS NULL`));
    await tx.execute(sql`DELETE FROM audit_sessions WHERE engagement_id = ${id}`);
    await appendEvents(tx, ctx.now(), [{ campaignId: id, type: 'revoked', by, detail: {} }]);
  });
}
