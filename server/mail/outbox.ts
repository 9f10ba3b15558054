/**
 * The one outbox: every mail is a row (queued → sending → sent | failed) and a 'send' job. The reply
 * link's token is made here (≥ 256 random bits), stored only as its SHA-256; the raw link lives in
 * the queued row until the mail has gone (the demo outbox keeps it: there it is the only way to play
 * the counterpart). Transient SMTP failures retry with doubling waits; a 5xx answer fails at once.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { letters, mails, tokens } from '../db/schema';
import { enqueue, type Job } from '../jobs/queue';
import type { CampaignRecord, LetterRecord } from '../mutabakat/campaigns';
import type { MutCtx } from '../mutabakat/context';
import { appendEvent, type Actor } from '../mutabakat/events';
import { signedMoney } from '../mutabakat/money-view';
import { attachmentName, composeMail } from './compose';
import { babsLetterFileName, composeBabsMail, docsNameBeside } from './babs-compose';
import { SendError } from './transport';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The end of the deadline day in Istanbul, plus 30 days. */
export function tokenExpiry(deadline: string): Date {
  return new Date(new Date(`${deadline}T23:59:59+03:00`).getTime() + 30 * 86_400_000);
}

type Tx = Pick<Db, 'insert' | 'update' | 'select'>;

export async function queueMail(
  ctx: Pick<MutCtx, 'settings' | 'company'>,
  tx: Tx,
  letter: Pick<LetterRecord, 'id' | 'campaignId' | 'accountId' | 'accountName' | 'to' | 'cc' | 'person' | 'snapshot'>,
  campaign: Pick<CampaignRecord, 'asOf' | 'deadline'> & { kind?: string },
  kind: 'letter' | 'reminder',
  now: Date,
  by: Actor | null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const link = `${ctx.settings.publicUrl}/yanit/${token}`;
  await tx.insert(tokens).values({ hash: hashToken(token), letterId: letter.id, expiresAt: tokenExpiry(campaign.deadline), createdAt: now });
  const ours = (letter.snapshot?.ours ?? []).map((m) => signedMoney(m.currency, m.balance));
  const babs = campaign.kind === 'babs' ? letter.snapshot?.babs : undefined;
  const m = babs
    ? composeBabsMail({ kind, company: ctx.company.title, accountId: letter.accountId, accountName: letter.accountName, person: letter.person, deadline: campaign.deadline, babs, link })
    : composeMail({ kind, company: ctx.company.title, accountId: letter.accountId, accountName: letter.accountName, person: letter.person, asOf: campaign.asOf, deadline: campaign.deadline, ours, link });
  const id = randomUUID();
  await tx.insert(mails).values({
    id, letterId: letter.id, campaignId: letter.campaignId, accountId: letter.accountId, kind, to: letter.to, cc: letter.cc,
    subject: m.subject, html: m.html, text: m.text, link, attachmentName: babs ? babsLetterFileName(letter.accountName || letter.accountId, babs.month) : attachmentName(letter.accountName, letter.accountId, campaign.asOf),
    state: 'queued', createdAt: now, nextAttemptAt: now,
  });
  await enqueue(tx, 'send', { mailId: id }, now);
  await appendEvent(tx, now, { campaignId: letter.campaignId, letterId: letter.id, accountId: letter.accountId, type: 'queued', by, detail: { mailId: id, kind, to: letter.to, cc: letter.cc } });
  return id;
}

const redact = (s: string, link: string) => s.split(link).join(link.replace(/\/yanit\/.*/, '/yanit/…'));

/** The 'send' job: one mail through the transport. */
export async function sendJob(ctx: MutCtx, job: Job): Promise<void> {
  const mailId = String(job.payload.mailId);
  const mail = (await ctx.db.select().from(mails).where(eq(mails.id, mailId)))[0];
  if (!mail || mail.state === 'sent' || mail.state === 'failed') return;
  // A mail that is not a mutabakat letter (tahsilat) carries its own PDF and has no letter.
  const own = mail.pdf !== null;
  const letter = own ? { state: 'queued', pdf: mail.pdf, docsPdf: null } : (await ctx.db.select({ id: letters.id, state: letters.state, pdf: letters.pdf, docsPdf: letters.docsPdf, campaignId: letters.campaignId, accountId: letters.accountId }).from(letters).where(eq(letters.id, mail.letterId)))[0]!;
  const ev = (type: string, detail: Record<string, unknown>) => appendEvent(ctx.db, ctx.now(), { campaignId: mail.campaignId, letterId: mail.letterId, accountId: mail.accountId, type, detail: { mailId, kind: mail.kind, ...detail } });
  // Cancelled, or (a reminder) answered since it was queued: it does not go.
  if (letter.state === 'cancelled' || (mail.kind === 'reminder' && (letter.state === 'agreed' || letter.state === 'disagreed'))) {
    await ctx.db.update(mails).set({ state: 'failed', smtp: 'gönderilmedi: mektup iptal edildi ya da yanıtlandı', link: null }).where(eq(mails.id, mailId));
    return;
  }
  // In flight when its instance stopped: it may have gone already. It goes (once more), marked.
  if (mail.state === 'sending') {
    await ctx.db.update(mails).set({ maybeTwice: true }).where(eq(mails.id, mailId));
    await ev('resumed_in_flight', { note: 'Gönderim sırasında sunucu durdu; e-posta yeniden gönderiliyor (iki kez gitmiş olabilir).' });
  }
  await ctx.db.update(mails).set({ state: 'sending', attempts: sql`${mails.attempts} + 1` }).where(eq(mails.id, mailId));
  const attempt = mail.attempts + 1;
  try {
    const r = await ctx.transport.send({
      from: ctx.settings.mailFrom, replyTo: ctx.settings.mailReplyTo, to: mail.to, cc: mail.cc, subject: mail.subject, text: mail.text, html: mail.html,
      attachment: { fileName: mail.attachmentName, content: Buffer.from(letter.pdf!) },
      // A BA/BS letter's documents list goes beside it.
      ...(letter.docsPdf ? { moreAttachments: [{ fileName: docsNameBeside(mail.attachmentName), content: Buffer.from(letter.docsPdf) }] } : {}),
    });
    const keep = ctx.transport.mode === 'outbox';
    const now = ctx.now();
    if (own) {
      await ctx.db.update(mails).set({ state: 'sent', sentAt: now, messageId: r.messageId, smtp: r.response.slice(0, 500), nextAttemptAt: null }).where(eq(mails.id, mailId));
      return;
    }
    await ctx.db.transaction(async (tx) => {
      await tx.update(mails).set({
        state: 'sent', sentAt: now, messageId: r.messageId, smtp: r.response.slice(0, 500), nextAttemptAt: null,
        ...(keep || !mail.link ? {} : { link: null, html: redact(mail.html, mail.link), text: redact(mail.text, mail.link) }),
      }).where(eq(mails.id, mailId));
      if (mail.kind === 'reminder') {
        await tx.update(letters).set({ reminders: sql`${letters.reminders} + 1`, remindedAt: now, lastError: null }).where(eq(letters.id, mail.letterId));
      } else {
        await tx.update(letters).set({ state: sql`CASE WHEN ${letters.state} IN ('queued','failed','no_address','prepared') THEN 'sent' ELSE ${letters.state} END`, sentAt: sql`COALESCE(${letters.sentAt}, ${now.toISOString()}::timestamptz)`, lastError: null }).where(eq(letters.id, mail.letterId));
      }
      await appendEvent(tx, now, { campaignId: mail.campaignId, letterId: mail.letterId, accountId: mail.accountId, type: mail.kind === 'reminder' ? 'reminded' : 'sent', detail: { mailId, messageId: r.messageId, smtp: r.response.slice(0, 300), to: mail.to, cc: mail.cc, attempt } });
    });
  } catch (e) {
    const answer = (e as Error).message.slice(0, 500);
    const permanent = e instanceof SendError && e.permanent;
    const giveUp = permanent || attempt >= ctx.maxMailAttempts;
    const next = giveUp ? null : new Date(ctx.now().getTime() + ctx.retryBaseMs * 2 ** (attempt - 1));
    await ctx.db.update(mails).set({ state: giveUp ? 'failed' : 'queued', smtp: answer, nextAttemptAt: next }).where(eq(mails.id, mailId));
    if (!own) await ctx.db.update(letters).set({
      lastError: giveUp ? answer : `${answer} — yeniden denenecek`,
      ...(giveUp && mail.kind === 'letter' ? { state: sql`CASE WHEN ${letters.state} = 'queued' THEN 'failed' ELSE ${letters.state} END` } : {}),
    }).where(eq(letters.id, mail.letterId));
    if (!own) await ev('failed', { smtp: answer, attempt, retryAt: next?.toISOString() ?? null, permanent: giveUp });
    if (next) await enqueue(ctx.db, 'send', { mailId }, next);
  }
}
