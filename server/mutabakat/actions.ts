/**
 * Staff actions on letters (each names the Workcube user of the session) and the counterpart's web
 * answer. An answer is an event; the letter only points at the latest one, so a correction is a new
 * event and nothing recorded is ever overwritten.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { campaigns, letters, uploads } from '../db/schema';
import { isIsoDate } from '../../src/domain/dates';
import { queueMail, queueMails } from './letter-mail';
import { enqueue } from '../jobs/queue';
import { loadLetter, PREPARE_CHUNK } from './campaigns';
import { getContact } from './contacts';
import type { AppCtx } from '../app/context';
import { MUT_MESSAGES, MutError, badRequest, conflict, type Problem } from '../app/errors';
import { appendEvent, appendEvents, type Actor } from './events';
import { fromSide, type Money } from './money-view';
import { checkBabsFigures } from '../babs/campaign';
import type { BabsFigures } from '../../src/domain/babs/reconcile';

const ANSWERED = ['agreed', 'disagreed'];

function requireMail(ctx: AppCtx): void {
  if (ctx.transport.mode === 'disabled') throw new MutError('mail_not_configured', MUT_MESSAGES.mailNotConfigured);
}

/** Letters whose mails are composed and written in one go when a campaign is sent (each go holds the event loop). */
const SEND_CHUNK = 100;

export async function sendCampaign(ctx: AppCtx, campaignId: string, by: Actor): Promise<void> {
  requireMail(ctx);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const c = (await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for('update'))[0];
    if (!c) throw new MutError('not_found', MUT_MESSAGES.notFound);
    if (c.cancelled) throw conflict(MUT_MESSAGES.cancelled);
    await tx.update(campaigns).set({ sendWhenReady: true }).where(eq(campaigns.id, campaignId));
    // One statement moves every prepared letter to queued (a second click finds none); their mails in multi-row
    // inserts, 100 letters at a time: 500 mails composed and written in one go held the event loop 48-63 ms on a
    // fast machine (17-29 ms now, with the rows as JSON), about three times that on a slow one.
    const ready = await tx
      .update(letters)
      .set({ state: 'queued' })
      .where(and(eq(letters.campaignId, campaignId), eq(letters.state, 'prepared')))
      .returning({
        id: letters.id,
        campaignId: letters.campaignId,
        accountId: letters.accountId,
        accountName: letters.accountName,
        to: letters.to,
        cc: letters.cc,
        person: letters.person,
        snapshot: letters.snapshot,
      });
    for (let i = 0; i < ready.length; i += SEND_CHUNK) await queueMails(ctx, tx, ready.slice(i, i + SEND_CHUNK), c, 'letter', now, by);
  });
}

/** The letters that could not be prepared, tried again (their tries counted from zero). */
export async function retryPrepare(ctx: AppCtx, campaignId: string, by: Actor): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const c = (await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)))[0];
    if (!c) throw new MutError('not_found', MUT_MESSAGES.notFound);
    if (c.cancelled) throw conflict(MUT_MESSAGES.cancelled);
    const again = await tx
      .update(letters)
      .set({ state: 'preparing', prepareAttempts: 0 })
      .where(and(eq(letters.campaignId, campaignId), eq(letters.state, 'prepare_failed')))
      .returning({ id: letters.id, accountId: letters.accountId });
    if (again.length === 0) throw conflict('Hazırlanamamış mektup yok.');
    for (let k = 0; k < again.length; k += PREPARE_CHUNK)
      await enqueue(tx, 'prepare', { campaignId, letterIds: again.slice(k, k + PREPARE_CHUNK).map((l) => l.id) }, now);
    await appendEvents(
      tx,
      now,
      again.map((l) => ({ campaignId, letterId: l.id, accountId: l.accountId, type: 'prepare_retry', by, detail: {} })),
    );
    return again.length;
  });
}

/** A new mail with the letter and a fresh link, to the account's current contact. */
export async function resend(ctx: AppCtx, letterId: string, by: Actor): Promise<void> {
  requireMail(ctx);
  const l = await loadLetter(ctx.db, letterId);
  if (l.state === 'preparing') throw conflict(MUT_MESSAGES.notReady);
  if (l.state === 'prepare_failed') throw conflict(MUT_MESSAGES.prepareFailed);
  if (l.state === 'cancelled' || l.campaign.cancelled) throw conflict(MUT_MESSAGES.cancelled);
  const c = await getContact(ctx.db, l.accountId);
  const to = c?.to ?? l.to;
  if (to.length === 0) throw conflict(MUT_MESSAGES.noAddress);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const next = ANSWERED.includes(l.state) || l.state === 'sent' ? l.state : 'queued';
    await tx
      .update(letters)
      .set({ to, cc: c?.cc ?? l.cc, person: c?.person ?? l.person, state: next })
      .where(eq(letters.id, letterId));
    await appendEvent(tx, now, { campaignId: l.campaignId, letterId, accountId: l.accountId, type: 'resent', by, detail: { to, cc: c?.cc ?? l.cc } });
    await queueMail(ctx, tx, { ...l, to, cc: c?.cc ?? l.cc, person: c?.person ?? l.person }, l.campaign, 'letter', now, by);
  });
}

export async function remindNow(ctx: AppCtx, letterId: string, by: Actor | null): Promise<void> {
  requireMail(ctx);
  const l = await loadLetter(ctx.db, letterId);
  if (ANSWERED.includes(l.state)) throw conflict(MUT_MESSAGES.answered);
  if (l.state === 'cancelled' || l.campaign.cancelled) throw conflict(MUT_MESSAGES.cancelled);
  if (l.state !== 'sent') throw conflict(MUT_MESSAGES.notSent);
  await ctx.db.transaction(async (tx) => queueMail(ctx, tx, l, l.campaign, 'reminder', ctx.now(), by));
}

const CHANNELS = ['phone', 'fax', 'email', 'kep', 'noter'] as const;

export interface AnswerInput {
  kind: 'agreed' | 'disagreed';
  balances: Money[];
  note: string;
  name: string;
  title: string;
  date: string;
  channel: string;
  attachment: { id: string; fileName: string; size: number; type: string } | null;
  /** BA/BS letters: their count and KDV-hariç total per our form. */
  babs?: BabsFigures;
  /** An auditor's letter: who answered, as the reply page verified it (server/audit/reply-identity.ts). */
  identity?: Record<string, unknown>;
}

/** Their figures: [{ currency, amount ≥ 0 (minor), side 'B'|'A' }] → signed Money. */
export function checkBalances(raw: unknown, problems: Problem[]): Money[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 10) {
    problems.push({ field: 'balances', message: 'Kayıtlarınızdaki bakiye girilmeli.' });
    return [];
  }
  return raw.flatMap((x, i) => {
    const b = (x ?? {}) as Record<string, unknown>;
    const ok =
      typeof b.currency === 'string' &&
      /^[A-Z]{2,4}$/.test(b.currency) &&
      Number.isSafeInteger(b.amount) &&
      (b.amount as number) >= 0 &&
      (b.side === 'B' || b.side === 'A' || b.amount === 0);
    if (!ok) {
      problems.push({ field: `balances[${i}]`, message: 'Bakiye: tutar (0 veya daha büyük), borç/alacak ve para birimi gerekli.' });
      return [];
    }
    return [fromSide(b.currency as string, b.amount as number, (b.side as 'B' | 'A') ?? 'B')];
  });
}

export async function recordAnswer(ctx: AppCtx, letterId: string, body: unknown, by: Actor): Promise<void> {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const problems: Problem[] = [];
  const l = await loadLetter(ctx.db, letterId);
  if (l.state === 'cancelled') throw conflict(MUT_MESSAGES.cancelledNoAnswer);
  if (b.kind !== 'agreed' && b.kind !== 'disagreed') problems.push({ field: 'kind', message: 'Yanıt “mutabık” ya da “mutabık değil” olmalı.' });
  if (!CHANNELS.includes(b.channel as (typeof CHANNELS)[number]))
    problems.push({ field: 'channel', message: 'Kanal telefon, faks, e-posta, KEP ya da noter olmalı.' });
  if (typeof b.date !== 'string' || !isIsoDate(b.date)) problems.push({ field: 'date', message: 'Yanıt tarihi geçerli bir tarih olmalı.' });
  const name = typeof b.name === 'string' ? b.name.trim().slice(0, 200) : '';
  if (!name) problems.push({ field: 'name', message: 'Yanıtı veren kişinin adı gerekli.' });
  const ours = (l.snapshot?.ours ?? []).map((m) => fromSide(m.currency, Math.abs(m.balance), m.balance < 0 ? 'A' : 'B'));
  const babsSnap = l.snapshot?.babs;
  const balances = b.kind === 'disagreed' && !babsSnap ? checkBalances(b.balances, problems) : ours;
  const babs = babsSnap ? (b.kind === 'disagreed' ? checkBabsFigures(b.babs, problems) : babsSnap.ours) : undefined;
  let attachment: AnswerInput['attachment'] = null;
  if (typeof b.documentId === 'string' && b.documentId) {
    const u = (
      await ctx.db
        .select({ id: uploads.id, fileName: uploads.fileName, size: uploads.size, type: uploads.type })
        .from(uploads)
        .where(and(eq(uploads.id, b.documentId), eq(uploads.letterId, letterId)))
    )[0];
    if (!u) problems.push({ field: 'documentId', message: 'Belge bulunamadı.' });
    else attachment = u;
  }
  if (problems.length) throw badRequest(problems);
  if (l.state === 'preparing') throw conflict(MUT_MESSAGES.notReady);
  if (l.state === 'prepare_failed') throw conflict(MUT_MESSAGES.prepareFailed);
  const input: AnswerInput = {
    kind: b.kind as AnswerInput['kind'],
    balances,
    note: typeof b.note === 'string' ? b.note.trim().slice(0, 4000) : '',
    name,
    title: typeof b.title === 'string' ? b.title.trim().slice(0, 200) : '',
    date: b.date as string,
    channel: b.channel as string,
    attachment,
    ...(babs ? { babs } : {}),
  };
  await ctx.db.transaction(async (tx) => {
    // Read again under the row's lock: a letter cancelled meanwhile (another tab, a colleague) stays cancelled.
    const cur = (
      await tx.select({ state: letters.state, answerEventId: letters.answerEventId }).from(letters).where(eq(letters.id, letterId)).for('update')
    )[0];
    if (cur?.state === 'cancelled') throw conflict(MUT_MESSAGES.cancelledNoAnswer);
    const id = await appendEvent(tx, ctx.now(), {
      campaignId: l.campaignId,
      letterId,
      accountId: l.accountId,
      type: 'recorded',
      by,
      detail: { ...input, correction: (cur?.answerEventId ?? l.answerEventId) != null },
    });
    await tx.update(letters).set({ state: input.kind, answerEventId: id, resolvedEventId: null }).where(eq(letters.id, letterId));
  });
}

/** The counterpart's web answer: one only. Two posted at once: the row lock lets one in; the other is told. */
export async function webAnswer(ctx: AppCtx, letterId: string, input: AnswerInput, meta: { ip: string; userAgent: string }): Promise<'ok' | 'already'> {
  return ctx.db.transaction(async (tx) => {
    const l = (
      await tx
        .select({ id: letters.id, state: letters.state, campaignId: letters.campaignId, accountId: letters.accountId, answerEventId: letters.answerEventId })
        .from(letters)
        .where(eq(letters.id, letterId))
        .for('update')
    )[0];
    if (!l || l.answerEventId != null || l.state === 'cancelled') return 'already';
    const id = await appendEvent(tx, ctx.now(), {
      campaignId: l.campaignId,
      letterId,
      accountId: l.accountId,
      type: 'answered',
      detail: { ...input, channel: 'web', ip: meta.ip, userAgent: meta.userAgent.slice(0, 300) },
    });
    const done = await tx
      .update(letters)
      .set({ state: input.kind, answerEventId: id })
      .where(and(eq(letters.id, letterId), isNull(letters.answerEventId)))
      .returning({ id: letters.id });
    if (done.length === 0) throw new Error('answer lost its race');
    return 'ok';
  });
}

export async function resolveDifference(ctx: AppCtx, letterId: string, body: unknown, by: Actor): Promise<void> {
  const note = typeof (body as { note?: unknown })?.note === 'string' ? (body as { note: string }).note.trim().slice(0, 4000) : '';
  if (!note) throw badRequest([{ field: 'note', message: 'Farkın nasıl çözüldüğünü anlatan bir not gerekli.' }]);
  const l = await loadLetter(ctx.db, letterId);
  if (l.state !== 'disagreed') throw conflict(MUT_MESSAGES.nothingToResolve);
  await ctx.db.transaction(async (tx) => {
    const id = await appendEvent(tx, ctx.now(), { campaignId: l.campaignId, letterId, accountId: l.accountId, type: 'resolved', by, detail: { note } });
    await tx.update(letters).set({ resolvedEventId: id }).where(eq(letters.id, letterId));
  });
}

export async function cancelLetters(ctx: AppCtx, scope: { letterId: string } | { campaignId: string }, body: unknown, by: Actor): Promise<void> {
  const note = typeof (body as { note?: unknown })?.note === 'string' ? (body as { note: string }).note.trim().slice(0, 4000) : '';
  const now = ctx.now();
  const open = ['preparing', 'prepare_failed', 'prepared', 'no_address', 'queued', 'sent', 'failed'];
  await ctx.db.transaction(async (tx) => {
    if ('campaignId' in scope) {
      const c = (await tx.update(campaigns).set({ cancelled: true }).where(eq(campaigns.id, scope.campaignId)).returning({ id: campaigns.id }))[0];
      if (!c) throw new MutError('not_found', MUT_MESSAGES.notFound);
      await appendEventCampaign(tx, now, scope.campaignId, by, note);
    } else {
      const l = (await tx.select({ state: letters.state }).from(letters).where(eq(letters.id, scope.letterId)).for('update'))[0];
      if (!l) throw new MutError('not_found', MUT_MESSAGES.notFound);
      if (!open.includes(l.state)) throw conflict(l.state === 'cancelled' ? MUT_MESSAGES.cancelled : 'Yanıtlanmış bir mektup iptal edilemez.');
    }
    // Two set statements whatever the number of letters: the letters cancelled, one event each (its state before).
    const where = 'campaignId' in scope ? sql`campaign_id = ${scope.campaignId}` : sql`id = ${scope.letterId}`;
    const openList = sql.join(
      open.map((s) => sql`${s}`),
      sql`, `,
    );
    const detail = (prev: ReturnType<typeof sql>) => sql`jsonb_build_object('note', ${note}::text, 'previous', ${prev})`;
    await tx.execute(sql`
      WITH gone AS (
        SELECT id, campaign_id, account_id, state FROM letters WHERE ${where} AND state IN (${openList}) FOR UPDATE
      ), upd AS (
        UPDATE letters l SET state = 'cancelled', next_remind_at = NULL FROM gone WHERE l.id = gone.id
      )
      INSERT INTO events (at, campaign_id, letter_id, account_id, type, by_user, by_name, detail)
      SELECT ${now.toISOString()}::timestamptz, campaign_id, id, account_id, 'cancelled', ${by.userName}, ${by.name}, ${detail(sql`gone.state`)} FROM gone ORDER BY id`);
  });
}

async function appendEventCampaign(tx: Parameters<typeof appendEvent>[0], at: Date, campaignId: string, by: Actor, note: string) {
  await appendEvent(tx, at, { campaignId, type: 'cancelled', by, detail: { note, scope: 'campaign' } });
}
