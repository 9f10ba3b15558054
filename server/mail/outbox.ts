/**
 * The one outbox: every mail is a row (queued → sending → sent | failed) and a 'send' job. The reply
 * link's token is made here (≥ 256 random bits), stored only as its SHA-256; the raw link lives in
 * the queued row until the mail has gone (the demo outbox keeps it: there it is the only way to play
 * the counterpart). Transient SMTP failures retry with doubling waits; a 5xx answer fails at once.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { jobs, letters, mailTries, mails, tokens } from '../db/schema';
import { scheduleFirstReminder } from '../mutabakat/remind-schedule';
import { JobRetry, type Job, type Outcome } from '../jobs/queue';
import type { CampaignRecord, LetterRecord } from '../mutabakat/campaigns';
import type { MutCtx } from '../mutabakat/context';
import { appendEvent, appendEvents, type Actor } from '../mutabakat/events';
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

type MailLetter = Pick<LetterRecord, 'id' | 'campaignId' | 'accountId' | 'accountName' | 'to' | 'cc' | 'person' | 'snapshot'>;

export async function queueMail(
  ctx: Pick<MutCtx, 'settings' | 'company'>,
  tx: Tx,
  letter: MailLetter,
  campaign: Pick<CampaignRecord, 'asOf' | 'deadline'> & { kind?: string },
  kind: 'letter' | 'reminder',
  now: Date,
  by: Actor | null,
): Promise<string> {
  return (await queueMails(ctx, tx, [letter], campaign, kind, now, by))[0]!;
}

/** Mails for many letters of one campaign: four multi-row inserts (tokens, mails, jobs, events), whatever their number. */
export async function queueMails(
  ctx: Pick<MutCtx, 'settings' | 'company'>,
  tx: Tx,
  list: readonly MailLetter[],
  campaign: Pick<CampaignRecord, 'asOf' | 'deadline'> & { kind?: string },
  kind: 'letter' | 'reminder',
  now: Date,
  by: Actor | null,
): Promise<string[]> {
  if (list.length === 0) return [];
  const made = list.map((letter) => {
    const token = randomBytes(32).toString('base64url');
    const link = `${ctx.settings.publicUrl}/yanit/${token}`;
    const ours = (letter.snapshot?.ours ?? []).map((m) => signedMoney(m.currency, m.balance));
    const babs = campaign.kind === 'babs' ? letter.snapshot?.babs : undefined;
    const m = babs
      ? composeBabsMail({ kind, company: ctx.company.title, accountId: letter.accountId, accountName: letter.accountName, person: letter.person, deadline: campaign.deadline, babs, link })
      : composeMail({ kind, company: ctx.company.title, accountId: letter.accountId, accountName: letter.accountName, person: letter.person, asOf: campaign.asOf, deadline: campaign.deadline, ours, link });
    const fileName = babs ? babsLetterFileName(letter.accountName || letter.accountId, babs.month) : attachmentName(letter.accountName, letter.accountId, campaign.asOf);
    return { letter, id: randomUUID(), token, link, m, fileName };
  });
  await tx.insert(tokens).values(made.map((x) => ({ hash: hashToken(x.token), letterId: x.letter.id, expiresAt: tokenExpiry(campaign.deadline), createdAt: now })));
  await tx.insert(mails).values(made.map(({ letter, id, link, m, fileName }) => ({
    id, letterId: letter.id, campaignId: letter.campaignId, accountId: letter.accountId, kind, to: letter.to, cc: letter.cc,
    subject: m.subject, html: m.html, text: m.text, link, attachmentName: fileName,
    state: 'queued', createdAt: now, nextAttemptAt: now,
  })));
  await tx.insert(jobs).values(made.map((x) => ({ kind: 'send', payload: { mailId: x.id }, runAt: now, state: 'queued', createdAt: now })));
  await appendEvents(tx, now, made.map(({ letter, id }) => ({ campaignId: letter.campaignId, letterId: letter.id, accountId: letter.accountId, type: 'queued', by, detail: { mailId: id, kind, to: letter.to, cc: letter.cc } })));
  return made.map((x) => x.id);
}

const redact = (s: string, link: string) => s.split(link).join(link.replace(/\/yanit\/.*/, '/yanit/…'));

/** The 'send' job: one mail through the transport. */
export const sendJob = async (ctx: MutCtx, job: Job): Promise<void> => {
  const o = (await sendJobs(ctx, [job])).get(job.id);
  if (o && o !== 'done') throw new JobRetry(o.error, o.retryAt);
};

type MailRow = typeof mails.$inferSelect;
type Sent = { mail: MailRow; messageId: string; response: string };

/** Tries of recording mails the relay accepted, before they are left to the next round (process memory keeps them). */
const RECORD_WAITS = [100, 400, 1_500];

/**
 * 'send' jobs taken in a batch: the mails read in one query, marked in flight in one, sent at once
 * (the transport's pooled connections), the sent ones recorded in one transaction. Every try is a
 * row of mail_tries with the relay's answer. A refused mail is retried on the one schedule of mails
 * (MutCtx retryBaseMs, doubling, maxMailAttempts; a 5xx answer at once for good) by moving its job.
 * A mail the relay accepted is never sent again by this process: when its record cannot be written
 * (the database away), it is kept in memory and recorded by the job's next round. Only a mail in
 * flight when its process died is sent again, and marked "belki iki kez gönderildi".
 */
export async function sendJobs(ctx: MutCtx, list: readonly Job[]): Promise<Map<number, Outcome>> {
  const outcomes = new Map<number, Outcome>();
  const jobsOf = new Map<string, Job[]>();
  for (const j of list) {
    const id = String(j.payload.mailId);
    jobsOf.set(id, [...(jobsOf.get(id) ?? []), j]);
  }
  const setOutcome = (mailId: string, o: Outcome) => {
    for (const j of jobsOf.get(mailId) ?? []) outcomes.set(j.id, o);
  };
  const ids = [...jobsOf.keys()];
  // The PDFs come out of the database a few at a time (each read is held on the event loop).
  const rows: { mail: MailRow; letterState: string | null; letterPdf: Uint8Array | null; docsPdf: Uint8Array | null }[] = [];
  for (let i = 0; i < ids.length; i += 10) {
    rows.push(...(await ctx.db.select({ mail: mails, letterState: letters.state, letterPdf: letters.pdf, docsPdf: letters.docsPdf }).from(mails).leftJoin(letters, eq(letters.id, mails.letterId)).where(inArray(mails.id, ids.slice(i, i + 10)))));
  }
  const live = rows.filter((r) => r.mail.state !== 'sent' && r.mail.state !== 'failed');
  // Cancelled, or (a reminder) answered since it was queued: it does not go. (A mail that is not a
  // mutabakat letter — tahsilat — carries its own PDF and has no letter.)
  const stopped = live.filter((r) => r.mail.pdf === null && (r.letterState === 'cancelled' || (r.mail.kind === 'reminder' && (r.letterState === 'agreed' || r.letterState === 'disagreed'))));
  if (stopped.length) {
    await ctx.db.update(mails).set({ state: 'failed', smtp: 'gönderilmedi: mektup iptal edildi ya da yanıtlandı', link: null }).where(inArray(mails.id, stopped.map((r) => r.mail.id)));
  }
  // Accepted by the relay in an earlier round of this process, its record not written then: recorded now, not sent again.
  const accepted: Sent[] = live.filter((r) => r.mail.state === 'sending' && ctx.unrecorded.has(r.mail.id)).map((r) => ({ mail: r.mail, ...ctx.unrecorded.get(r.mail.id)! }));
  const go = live.filter((r) => !stopped.includes(r) && !ctx.unrecorded.has(r.mail.id));
  // In flight when its process stopped: it may have gone already. It goes (once more), marked.
  const inFlight = go.filter((r) => r.mail.state === 'sending');
  if (inFlight.length) {
    await ctx.db.update(mails).set({ maybeTwice: true }).where(inArray(mails.id, inFlight.map((r) => r.mail.id)));
    await appendEvents(ctx.db, ctx.now(), inFlight.filter(({ mail }) => mail.pdf === null).map(({ mail }) => ({
      campaignId: mail.campaignId, letterId: mail.letterId, accountId: mail.accountId, type: 'resumed_in_flight',
      detail: { mailId: mail.id, kind: mail.kind, note: 'Gönderim sırasında sunucu durdu; e-posta yeniden gönderiliyor (belki iki kez gönderildi).' },
    })));
  }
  if (go.length) await ctx.db.update(mails).set({ state: 'sending', attempts: sql`${mails.attempts} + 1` }).where(inArray(mails.id, go.map((r) => r.mail.id)));
  const sent: Sent[] = [...accepted];
  await Promise.all(go.map(async ({ mail, letterPdf, docsPdf }) => {
    try {
      const r = await ctx.transport.send({
        from: ctx.settings.mailFrom, replyTo: ctx.settings.mailReplyTo, to: mail.to, cc: mail.cc, subject: mail.subject, text: mail.text, html: mail.html,
        attachment: { fileName: mail.attachmentName, content: Buffer.from((mail.pdf ?? letterPdf)!) },
        // A BA/BS letter's documents list goes beside it.
        ...(mail.pdf === null && docsPdf ? { moreAttachments: [{ fileName: docsNameBeside(mail.attachmentName), content: Buffer.from(docsPdf) }] } : {}),
      });
      ctx.unrecorded.set(mail.id, { messageId: r.messageId, response: r.response });
      sent.push({ mail, messageId: r.messageId, response: r.response });
    } catch (e) {
      setOutcome(mail.id, await failedMail(ctx, mail, e));
    }
  }));
  if (sent.length) {
    for (let i = 0; ; i++) {
      try {
        await recordSent(ctx, sent);
        for (const s of sent) ctx.unrecorded.delete(s.mail.id);
        break;
      } catch (e) {
        if (i >= RECORD_WAITS.length) {
          ctx.log(`mail: ${sent.length} sent mail(s) not recorded yet (${(e as Error).message.slice(0, 120)}); recorded on the next round, not sent again`);
          const retryAt = new Date(ctx.now().getTime() + 5_000);
          for (const s of sent) setOutcome(s.mail.id, { retryAt, error: 'gönderildi; kaydı bekliyor' });
          break;
        }
        await new Promise((ok) => setTimeout(ok, RECORD_WAITS[i]));
      }
    }
  }
  return outcomes;
}

async function recordSent(ctx: MutCtx, sent: readonly Sent[]): Promise<void> {
  const keep = ctx.transport.mode === 'outbox';
  const now = ctx.now();
  const values = sql.join(sent.map(({ mail, messageId, response }) => {
    // The raw link leaves the row once the mail has gone (the demo outbox keeps it: the counterpart is played from there).
    const clear = !keep && !!mail.link;
    return sql`(${mail.id}::text, ${messageId}::text, ${response.slice(0, 500)}::text, ${clear ? redact(mail.html, mail.link!) : mail.html}::text, ${clear ? redact(mail.text, mail.link!) : mail.text}::text, ${clear}::boolean)`;
  }), sql`, `);
  const letterMails = sent.filter((x) => x.mail.pdf === null);
  const firstSends = letterMails.filter((x) => x.mail.kind !== 'reminder').map((x) => x.mail.letterId);
  const reminders = letterMails.filter((x) => x.mail.kind === 'reminder').map((x) => x.mail.letterId);
  await ctx.db.transaction(async (tx) => {
    const updated = await tx.execute(sql`UPDATE mails AS m SET state = 'sent', sent_at = ${now.toISOString()}::timestamptz, message_id = v.mid, smtp = v.smtp, next_attempt_at = NULL,
      html = v.html, text = v.text, link = CASE WHEN v.clear THEN NULL ELSE m.link END
      FROM (VALUES ${values}) AS v(id, mid, smtp, html, text, clear) WHERE m.id = v.id AND m.state <> 'sent' RETURNING m.id, m.attempts`);
    const attemptOf = new Map((updated as unknown as { rows: { id: string; attempts: number }[] }).rows.map((r) => [r.id, r.attempts]));
    const fresh = sent.filter((x) => attemptOf.has(x.mail.id));
    if (fresh.length === 0) return;
    await tx.insert(mailTries).values(fresh.map(({ mail, messageId, response }) => ({ mailId: mail.id, attempt: attemptOf.get(mail.id)!, at: now, ok: true, smtp: response.slice(0, 500), messageId })));
    const freshLetters = new Set(fresh.map((x) => x.mail.letterId));
    const firsts = firstSends.filter((id) => freshLetters.has(id));
    const reminded = reminders.filter((id) => freshLetters.has(id));
    if (firsts.length) {
      await tx.update(letters).set({ state: sql`CASE WHEN ${letters.state} IN ('queued','failed','no_address','prepared') THEN 'sent' ELSE ${letters.state} END`, sentAt: sql`COALESCE(${letters.sentAt}, ${now.toISOString()}::timestamptz)`, lastError: null }).where(inArray(letters.id, firsts));
      await scheduleFirstReminder(tx, firsts);
    }
    if (reminded.length) {
      await tx.update(letters).set({ reminders: sql`${letters.reminders} + 1`, remindedAt: now, lastError: null }).where(inArray(letters.id, reminded));
    }
    await appendEvents(tx, now, letterMails.filter((x) => attemptOf.has(x.mail.id)).map(({ mail, messageId, response }) => ({
      campaignId: mail.campaignId, letterId: mail.letterId, accountId: mail.accountId, type: mail.kind === 'reminder' ? 'reminded' : 'sent',
      detail: { mailId: mail.id, messageId, smtp: response.slice(0, 300), to: mail.to, cc: mail.cc, attempt: attemptOf.get(mail.id)!, ...(mail.maybeTwice ? { maybeTwice: true } : {}) },
    })));
  });
}

/** A mail the transport refused: the try and its SMTP answer kept; the job moved to the mails' one retry schedule, or failed for good (5xx, or out of tries). */
async function failedMail(ctx: MutCtx, mail: MailRow, e: unknown): Promise<Outcome> {
  const own = mail.pdf !== null;
  const attempt = mail.attempts + 1;
  const answer = (e as Error).message.slice(0, 500);
  const permanent = e instanceof SendError && e.permanent;
  const giveUp = permanent || attempt >= ctx.maxMailAttempts;
  const next = giveUp ? null : mailRetryAt(ctx, attempt);
  await ctx.db.transaction(async (tx) => {
    await tx.update(mails).set({ state: giveUp ? 'failed' : 'queued', smtp: answer, nextAttemptAt: next }).where(eq(mails.id, mail.id));
    await tx.insert(mailTries).values({ mailId: mail.id, attempt, at: ctx.now(), ok: false, smtp: answer });
    if (!own) {
      await tx.update(letters).set({
        lastError: giveUp ? answer : `${answer} — yeniden denenecek`,
        ...(giveUp && mail.kind === 'letter' ? { state: sql`CASE WHEN ${letters.state} = 'queued' THEN 'failed' ELSE ${letters.state} END` } : {}),
      }).where(eq(letters.id, mail.letterId));
      await appendEvent(tx, ctx.now(), { campaignId: mail.campaignId, letterId: mail.letterId, accountId: mail.accountId, type: 'failed', detail: { mailId: mail.id, kind: mail.kind, smtp: answer, attempt, retryAt: next?.toISOString() ?? null, permanent: giveUp } });
    }
  });
  return { retryAt: next, error: answer };
}

/** The one retry schedule of mails: retryBaseMs after the first try, doubling. */
export function mailRetryAt(ctx: Pick<MutCtx, 'now' | 'retryBaseMs'>, attempt: number): Date {
  return new Date(ctx.now().getTime() + ctx.retryBaseMs * 2 ** (attempt - 1));
}
