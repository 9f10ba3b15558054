/**
 * The one outbox: every mail is a row (queued → sending → sent | failed) and a 'send' job; every try is
 * a row of mail_tries with the relay's answer. A leaf: it knows mails, the transport and the jobs
 * queue; what a mail does to the part that made it (a mutabakat letter's state, its events) is that
 * part's `MailHooks` (server/mutabakat/letter-mail.ts), called for the mails that carry no PDF of their
 * own (a tahsilat mail carries its own and needs none).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { mailTries, mails } from '../db/schema';
import { JobRetry, type Job, type Outcome } from '../jobs/queue';
import { SendError, type MailTransport } from './transport';

export type MailRow = typeof mails.$inferSelect;
type Tx = Pick<Db, 'insert' | 'update' | 'select' | 'execute'>;
export type SentMail = { mail: MailRow; messageId: string; response: string; attempt: number };

/** A try the relay answered whose record is not written yet: accepted (its Message-ID), or refused (its answer). */
export type UnrecordedTry = { ok: true; messageId: string; response: string } | { ok: false; error: unknown; attempt: number };

/** What the part that owns letter mails does around the outbox. */
export interface MailHooks {
  /** Each mail's attachments, or why it does not go now (a cancelled or answered letter's). */
  prepare(
    db: Db,
    list: readonly MailRow[],
  ): Promise<Map<string, { stop: string } | { attachment: Uint8Array; more: { fileName: string; content: Uint8Array }[] }>>;
  /** Mails found in flight (their process died): they go again, marked. */
  resumed(db: Db, list: readonly MailRow[], now: Date): Promise<void>;
  /** In the transaction that records mails sent. */
  sent(tx: Tx, sent: readonly SentMail[], now: Date): Promise<void>;
  /** In the transaction that records a refused try. */
  failed(tx: Tx, mail: MailRow, f: { answer: string; attempt: number; retryAt: Date | null; giveUp: boolean }, now: Date): Promise<void>;
}

/** What the outbox is given (the app's context has it all). */
export interface OutboxCtx {
  db: Db;
  transport: MailTransport;
  settings: { mailFrom: string; mailReplyTo?: string };
  now: () => Date;
  log: (line: string) => void;
  /** First retry of a refused mail after this long, doubling. */
  retryBaseMs: number;
  /** Tries of one mail before it is failed for good. */
  maxMailAttempts: number;
  /** Tries whose record could not be written yet (the database away): recorded by the job's next round; the mail is never sent again for them by this process. */
  unrecorded: Map<string, UnrecordedTry>;
  mailHooks: MailHooks;
}

/**
 * What a sent mail's stored copy keeps of its secret: a reply link's path up to /yanit/, an invitation's
 * link without its #token, a reply page's code as dots — the secret itself only ever in the mail sent.
 */
const redact = (s: string, link: string) =>
  s.split(link).join(link.includes('/yanit/') ? link.replace(/\/yanit\/.*/, '/yanit/…') : link.includes('#') ? link.replace(/#.*/, '#…') : '••••••');

/** The 'send' job: one mail through the transport. */
export const sendJob = async (ctx: OutboxCtx, job: Job): Promise<void> => {
  const o = (await sendJobs(ctx, [job])).get(job.id);
  if (o && o !== 'done') throw new JobRetry(o.error, o.retryAt);
};

type Sent = { mail: MailRow; messageId: string; response: string };

/** Tries of recording mails the relay accepted, before they are left to the next round (process memory keeps them). */
const RECORD_WAITS = [100, 400, 1_500];

/**
 * 'send' jobs taken in a batch: the mails read in one query, marked in flight in one, sent at once
 * (the transport's pooled connections), the sent ones recorded in one transaction. Every try is a
 * row of mail_tries with the relay's answer. A refused mail is retried on the one schedule of mails
 * (AppCtx retryBaseMs, doubling, maxMailAttempts; a 5xx answer at once for good) by moving its job.
 * A mail the relay accepted is never sent again by this process: when its record cannot be written
 * (the database away), it is kept in memory and recorded by the job's next round. Only a mail in
 * flight when its process died is sent again, and marked "belki iki kez gönderildi".
 */
export async function sendJobs(ctx: OutboxCtx, list: readonly Job[]): Promise<Map<number, Outcome>> {
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
  const rows: MailRow[] = [];
  // A few at a time: a tahsilat mail carries its PDF (each read is held on the event loop).
  for (let i = 0; i < ids.length; i += 10)
    rows.push(
      ...(await ctx.db
        .select()
        .from(mails)
        .where(inArray(mails.id, ids.slice(i, i + 10)))),
    );
  const live = rows.filter((m) => m.state !== 'sent' && m.state !== 'failed');
  const parts = await ctx.mailHooks.prepare(
    ctx.db,
    live.filter((m) => !ownMail(m)),
  );
  const stopped = live.filter((m) => !ownMail(m) && 'stop' in parts.get(m.id)!);
  for (const m of stopped)
    await ctx.db
      .update(mails)
      .set({ state: 'failed', smtp: (parts.get(m.id) as { stop: string }).stop, link: null })
      .where(eq(mails.id, m.id));
  // Answered by the relay in an earlier round of this process, their record not written then: recorded now, not sent again.
  const pending = (m: MailRow) => (m.state === 'sending' ? ctx.unrecorded.get(m.id) : undefined);
  const accepted: Sent[] = [];
  const answered = new Set<string>();
  for (const mail of live) {
    const u = pending(mail);
    if (!u) continue;
    answered.add(mail.id);
    if (u.ok) accepted.push({ mail, messageId: u.messageId, response: u.response });
    else await refused(ctx, mail, u.error, u.attempt, setOutcome);
  }
  const go = live.filter((m) => !stopped.includes(m) && !answered.has(m.id));
  // In flight when its process stopped: it may have gone already. It goes (once more), marked.
  const inFlight = go.filter((m) => m.state === 'sending');
  if (inFlight.length) {
    await ctx.db
      .update(mails)
      .set({ maybeTwice: true })
      .where(
        inArray(
          mails.id,
          inFlight.map((m) => m.id),
        ),
      );
    for (const m of inFlight) m.maybeTwice = true;
    const letterMails = inFlight.filter((m) => !ownMail(m));
    if (letterMails.length) await ctx.mailHooks.resumed(ctx.db, letterMails, ctx.now());
  }
  if (go.length)
    await ctx.db
      .update(mails)
      .set({ state: 'sending', attempts: sql`${mails.attempts} + 1` })
      .where(
        inArray(
          mails.id,
          go.map((m) => m.id),
        ),
      );
  const sent: Sent[] = [...accepted];
  await Promise.all(
    go.map(async (mail) => {
      const p = ownMail(mail) ? null : (parts.get(mail.id) as { attachment: Uint8Array; more: { fileName: string; content: Uint8Array }[] });
      try {
        const r = await ctx.transport.send({
          from: ctx.settings.mailFrom,
          replyTo: mail.replyTo ?? ctx.settings.mailReplyTo,
          to: mail.to,
          cc: mail.cc,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.attachmentName ? { attachment: { fileName: mail.attachmentName, content: Buffer.from(mail.pdf ?? p!.attachment) } } : {}),
          ...(p?.more.length ? { moreAttachments: p.more.map((a) => ({ fileName: a.fileName, content: Buffer.from(a.content) })) } : {}),
        });
        ctx.unrecorded.set(mail.id, { ok: true, messageId: r.messageId, response: r.response });
        sent.push({ mail, messageId: r.messageId, response: r.response });
      } catch (e) {
        await refused(ctx, mail, e, mail.attempts + 1, setOutcome);
      }
    }),
  );
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

async function recordSent(ctx: OutboxCtx, sent: readonly Sent[]): Promise<void> {
  const keep = ctx.transport.mode === 'outbox';
  const now = ctx.now();
  const values = sql.join(
    sent.map(({ mail, messageId, response }) => {
      // The raw link leaves the row once the mail has gone (the demo outbox keeps it: the counterpart is played from there).
      const clear = !keep && !!mail.link;
      return sql`(${mail.id}::text, ${messageId}::text, ${response.slice(0, 500)}::text, ${clear ? redact(mail.html, mail.link!) : mail.html}::text, ${clear ? redact(mail.text, mail.link!) : mail.text}::text, ${clear}::boolean)`;
    }),
    sql`, `,
  );
  await ctx.db.transaction(async (tx) => {
    const updated =
      await tx.execute(sql`UPDATE mails AS m SET state = 'sent', sent_at = ${now.toISOString()}::timestamptz, message_id = v.mid, smtp = v.smtp, next_attempt_at = NULL,
      html = v.html, text = v.text, link = CASE WHEN v.clear THEN NULL ELSE m.link END
      FROM (VALUES ${values}) AS v(id, mid, smtp, html, text, clear) WHERE m.id = v.id AND m.state <> 'sent' RETURNING m.id, m.attempts`);
    const attemptOf = new Map((updated as unknown as { rows: { id: string; attempts: number }[] }).rows.map((r) => [r.id, r.attempts]));
    const fresh = sent.filter((x) => attemptOf.has(x.mail.id));
    if (fresh.length === 0) return;
    await tx.insert(mailTries).values(
      fresh.map(({ mail, messageId, response }) => ({
        mailId: mail.id,
        attempt: attemptOf.get(mail.id)!,
        at: now,
        ok: true,
        smtp: response.slice(0, 500),
        messageId,
      })),
    );
    const letterMails = fresh.filter((x) => !ownMail(x.mail)).map((x) => ({ ...x, attempt: attemptOf.get(x.mail.id)! }));
    if (letterMails.length) await ctx.mailHooks.sent(tx, letterMails, now);
  });
}

/**
 * A try the relay refused, recorded; when the record cannot be written (the database away) the refusal is
 * kept in memory and recorded by the job's next round — the mail was not sent, so it is not marked "belki
 * iki kez" then.
 */
async function refused(ctx: OutboxCtx, mail: MailRow, e: unknown, attempt: number, setOutcome: (mailId: string, o: Outcome) => void): Promise<void> {
  try {
    setOutcome(mail.id, await failedMail(ctx, mail, e, attempt));
    ctx.unrecorded.delete(mail.id);
  } catch (dbError) {
    ctx.unrecorded.set(mail.id, { ok: false, error: e, attempt });
    ctx.log(`mail: a refused try not recorded yet (${(dbError as Error).message.slice(0, 120)}); recorded on the next round`);
    setOutcome(mail.id, { retryAt: new Date(ctx.now().getTime() + 5_000), error: 'reddedildi; kaydı bekliyor' });
  }
}

/** A mail the transport refused: the try and its SMTP answer kept; the job moved to the mails' one retry schedule, or failed for good (5xx, or out of tries). */
async function failedMail(ctx: OutboxCtx, mail: MailRow, e: unknown, attempt: number): Promise<Outcome> {
  const own = ownMail(mail);
  const answer = (e as Error).message.slice(0, 500);
  const permanent = e instanceof SendError && e.permanent;
  const giveUp = permanent || attempt >= ctx.maxMailAttempts;
  const next = giveUp ? null : mailRetryAt(ctx, attempt);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(mails)
      .set({ state: giveUp ? 'failed' : 'queued', smtp: answer, nextAttemptAt: next })
      .where(eq(mails.id, mail.id));
    await tx.insert(mailTries).values({ mailId: mail.id, attempt, at: ctx.now(), ok: false, smtp: answer });
    if (!own) await ctx.mailHooks.failed(tx, mail, { answer, attempt, retryAt: next, giveUp }, ctx.now());
  });
  return { retryAt: next, error: answer };
}

/** A mail that is not a letter's: it carries its own attachment (tahsilat) or none (a notice: attachmentName ''); the letter hooks leave it alone. */
const ownMail = (m: Pick<MailRow, 'pdf' | 'attachmentName'>) => m.pdf !== null || m.attachmentName === '';

/** The one retry schedule of mails: retryBaseMs after the first try, doubling. */
function mailRetryAt(ctx: Pick<OutboxCtx, 'now' | 'retryBaseMs'>, attempt: number): Date {
  return new Date(ctx.now().getTime() + ctx.retryBaseMs * 2 ** (attempt - 1));
}
