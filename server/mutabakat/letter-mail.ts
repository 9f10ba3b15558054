/**
 * Letters by mail (mutabakat and BA/BS): a letter's mail is queued into the one outbox (server/mail/
 * outbox.ts) with its reply link, whose token is made here (≥ 256 random bits) and stored only as its
 * SHA-256; the raw link lives in the queued row until the mail has gone (the demo outbox keeps it:
 * there it is the only way to play the counterpart). The hooks below are what a letter's mail does
 * to its letter as the outbox sends it: its PDFs attached, a cancelled or answered letter's mail
 * stopped, the letter's state, reminders and events kept.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { letters, mails, tokens, type CampaignOptions } from '../db/schema';
import { scheduleFirstReminder } from './remind-schedule';
import type { CampaignRecord, LetterRecord } from './campaigns';
import type { AppCtx } from '../app/context';
import { appendEvent, appendEvents, type Actor } from './events';
import { insertJsonRows } from '../db/json-rows';
import { enqueueMany } from '../jobs/queue';
import { signedMoney } from './money-view';
import { attachmentName, composeMail } from './mail-compose';
import { babsLetterFileName, composeBabsMail, docsNameBeside } from '../babs/mail-compose';
import type { MailHooks } from '../mail/outbox';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The end of the deadline day in Istanbul, plus 30 days. */
export function tokenExpiry(deadline: string): Date {
  return new Date(new Date(`${deadline}T23:59:59+03:00`).getTime() + 30 * 86_400_000);
}

type Tx = Pick<Db, 'insert' | 'update' | 'select' | 'execute'>;

/** The campaign's part of a letter's mail: an auditor's campaign (options.audit) words it for the audit firm and sets Reply-To the auditor. */
type MailCampaign = Pick<CampaignRecord, 'asOf' | 'deadline'> & { kind?: string; options?: Pick<CampaignOptions, 'audit'> };

type MailLetter = Pick<LetterRecord, 'id' | 'campaignId' | 'accountId' | 'accountName' | 'to' | 'cc' | 'person' | 'snapshot'>;

export async function queueMail(
  ctx: Pick<AppCtx, 'settings' | 'company'>,
  tx: Tx,
  letter: MailLetter,
  campaign: MailCampaign,
  kind: 'letter' | 'reminder',
  now: Date,
  by: Actor | null,
): Promise<string> {
  return (await queueMails(ctx, tx, [letter], campaign, kind, now, by))[0]!;
}

/** Mails for many letters of one campaign: four multi-row inserts (tokens, mails, jobs, events), whatever their number. */
export async function queueMails(
  ctx: Pick<AppCtx, 'settings' | 'company'>,
  tx: Tx,
  list: readonly MailLetter[],
  campaign: MailCampaign,
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
      ? composeBabsMail({
          kind,
          company: ctx.company.title,
          accountId: letter.accountId,
          accountName: letter.accountName,
          person: letter.person,
          deadline: campaign.deadline,
          babs,
          link,
        })
      : composeMail({
          kind,
          company: ctx.company.title,
          accountId: letter.accountId,
          accountName: letter.accountName,
          person: letter.person,
          asOf: campaign.asOf,
          deadline: campaign.deadline,
          ours,
          link,
          audit: campaign.options?.audit,
        });
    const fileName = babs
      ? babsLetterFileName(letter.accountName || letter.accountId, babs.month)
      : attachmentName(letter.accountName, letter.accountId, campaign.asOf);
    return { letter, id: randomUUID(), token, link, m, fileName };
  });
  // Tokens, mails and their send jobs each in one statement (server/db/json-rows.ts): a 500-letter chunk through
  // drizzle's insert builder held the event loop tens of ms a table when a campaign was sent.
  const expiresAt = tokenExpiry(campaign.deadline);
  await tx.execute(
    insertJsonRows(
      tokens,
      made.map((x) => ({ hash: hashToken(x.token), letterId: x.letter.id, expiresAt, createdAt: now })),
    ),
  );
  await tx.execute(
    insertJsonRows(
      mails,
      made.map(({ letter, id, link, m, fileName }) => ({
        id,
        letterId: letter.id,
        campaignId: letter.campaignId,
        accountId: letter.accountId,
        kind,
        to: letter.to,
        cc: letter.cc,
        subject: m.subject,
        html: m.html,
        text: m.text,
        link,
        attachmentName: fileName,
        state: 'queued',
        createdAt: now,
        nextAttemptAt: now,
        replyTo: campaign.options?.audit?.auditorEmail ?? null,
      })),
    ),
  );
  await enqueueMany(
    tx,
    'send',
    made.map((x) => ({ mailId: x.id })),
    now,
  );
  await appendEvents(
    tx,
    now,
    made.map(({ letter, id }) => ({
      campaignId: letter.campaignId,
      letterId: letter.id,
      accountId: letter.accountId,
      type: 'queued',
      by,
      detail: { mailId: id, kind, to: letter.to, cc: letter.cc },
    })),
  );
  return made.map((x) => x.id);
}

/** What a letter's mail does to its letter as the outbox sends it (the outbox calls these for mails without a PDF of their own). */
export const letterMailHooks: MailHooks = {
  async prepare(db, list) {
    const out = new Map<string, { stop: string } | { attachment: Uint8Array; more: { fileName: string; content: Uint8Array }[] }>();
    const ids = [...new Set(list.map((m) => m.letterId))];
    // The PDFs come out of the database a few at a time (each read is held on the event loop).
    const byLetter = new Map<string, { state: string; pdf: Uint8Array | null; docsPdf: Uint8Array | null }>();
    for (let i = 0; i < ids.length; i += 10) {
      for (const l of await db
        .select({ id: letters.id, state: letters.state, pdf: letters.pdf, docsPdf: letters.docsPdf })
        .from(letters)
        .where(inArray(letters.id, ids.slice(i, i + 10))))
        byLetter.set(l.id, l);
    }
    for (const m of list) {
      const l = byLetter.get(m.letterId);
      // Cancelled, or (a reminder) answered since it was queued: it does not go.
      if (!l || !l.pdf || l.state === 'cancelled' || (m.kind === 'reminder' && (l.state === 'agreed' || l.state === 'disagreed')))
        out.set(m.id, { stop: 'gönderilmedi: mektup iptal edildi ya da yanıtlandı' });
      // A BA/BS letter's documents list goes beside it.
      else out.set(m.id, { attachment: l.pdf, more: l.docsPdf ? [{ fileName: docsNameBeside(m.attachmentName), content: l.docsPdf }] : [] });
    }
    return out;
  },
  async resumed(db, list, now) {
    await appendEvents(
      db,
      now,
      list.map((mail) => ({
        campaignId: mail.campaignId,
        letterId: mail.letterId,
        accountId: mail.accountId,
        type: 'resumed_in_flight',
        detail: { mailId: mail.id, kind: mail.kind, note: 'Gönderim sırasında sunucu durdu; e-posta yeniden gönderiliyor (belki iki kez gönderildi).' },
      })),
    );
  },
  async sent(tx, sent, now) {
    const firsts = sent.filter((x) => x.mail.kind !== 'reminder').map((x) => x.mail.letterId);
    const reminded = sent.filter((x) => x.mail.kind === 'reminder').map((x) => x.mail.letterId);
    if (firsts.length) {
      await tx
        .update(letters)
        .set({
          state: sql`CASE WHEN ${letters.state} IN ('queued','failed','no_address','prepared') THEN 'sent' ELSE ${letters.state} END`,
          sentAt: sql`COALESCE(${letters.sentAt}, ${now.toISOString()}::timestamptz)`,
          lastError: null,
        })
        .where(inArray(letters.id, firsts));
      await scheduleFirstReminder(tx, firsts);
    }
    if (reminded.length) {
      await tx
        .update(letters)
        .set({ reminders: sql`${letters.reminders} + 1`, remindedAt: now, lastError: null })
        .where(inArray(letters.id, reminded));
    }
    await appendEvents(
      tx,
      now,
      sent.map(({ mail, messageId, response, attempt }) => ({
        campaignId: mail.campaignId,
        letterId: mail.letterId,
        accountId: mail.accountId,
        type: mail.kind === 'reminder' ? 'reminded' : 'sent',
        detail: {
          mailId: mail.id,
          messageId,
          smtp: response.slice(0, 300),
          to: mail.to,
          cc: mail.cc,
          attempt,
          ...(mail.maybeTwice ? { maybeTwice: true } : {}),
        },
      })),
    );
  },
  async failed(tx, mail, f, now) {
    await tx
      .update(letters)
      .set({
        lastError: f.giveUp ? f.answer : `${f.answer} — yeniden denenecek`,
        ...(f.giveUp && mail.kind === 'letter' ? { state: sql`CASE WHEN ${letters.state} = 'queued' THEN 'failed' ELSE ${letters.state} END` } : {}),
      })
      .where(eq(letters.id, mail.letterId));
    await appendEvent(tx, now, {
      campaignId: mail.campaignId,
      letterId: mail.letterId,
      accountId: mail.accountId,
      type: 'failed',
      detail: { mailId: mail.id, kind: mail.kind, smtp: f.answer, attempt: f.attempt, retryAt: f.retryAt?.toISOString() ?? null, permanent: f.giveUp },
    });
  },
};
