/**
 * The auditor's letters and exceptions (issue 47, items 4 and 6; ISA 505 ¶12–16). The auditor sees every
 * answer with who gave it (the verified VKN/TCKN, the code's address, IP and browser). An exception is
 * what the auditor must work: a difference, no answer after the deadline (positive form only: a negative
 * confirmation's silence is its weak evidence), a failed or locked identity check, a letter that could
 * not be delivered. The work on it is chained events: notes with documents, the alternative procedure's
 * figures (receipts or payments after the period end that settled what was open at it, from the ERP
 * statement through the one open-item engine), and the auditor's conclusion.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { campaigns, events, letters, uploads } from '../db/schema';
import type { AppCtx } from '../app/context';
import { badRequest, notFound } from '../app/errors';
import { appendEvents, type Actor, type EventRow } from '../mutabakat/events';
import { answerOf, differenceOf, signedMoney } from '../mutabakat/money-view';
import { todayIso } from '../../src/domain/dates';
import { subsequentSettlement } from '../../src/domain/audit/subsequent';
import type { EngagementRow } from './engagement';

export type ExceptionKind = 'difference' | 'no_reply' | 'identity' | 'undelivered';

export const EXCEPTION_TEXT: Record<ExceptionKind, string> = {
  difference: 'Karşı taraf farklı bakiye bildirdi',
  no_reply: 'Son yanıt tarihine kadar yanıt gelmedi',
  identity: 'Yanıt verenin kimliği doğrulanamadı',
  undelivered: 'Mektup teslim edilemedi',
};

/** The engagement's letters as the auditor sees them, each with its answer, identity checks and exceptions. */
export async function auditorLetters(ctx: AppCtx, e: EngagementRow) {
  const campaign = (await ctx.db.select().from(campaigns).where(eq(campaigns.id, e.id)))[0];
  if (!campaign) return { deadline: null, letters: [] };
  const rows = await ctx.db.select().from(letters).where(eq(letters.campaignId, e.id)).orderBy(asc(letters.accountId));
  const evs = await ctx.db
    .select()
    .from(events)
    .where(and(eq(events.campaignId, e.id), sql`letter_id IS NOT NULL`))
    .orderBy(asc(events.id));
  const byLetter = new Map<string, EventRow[]>();
  for (const ev of evs) byLetter.set(ev.letterId!, [...(byLetter.get(ev.letterId!) ?? []), ev]);
  const today = todayIso(ctx.now());
  const form = campaign.options.audit?.form ?? 'positive';
  return {
    deadline: campaign.deadline,
    letters: rows.map((l) => {
      const list = byLetter.get(l.id) ?? [];
      const answerEvent = l.answerEventId != null ? list.find((x) => x.id === l.answerEventId) : undefined;
      const answer = answerEvent ? answerOf(answerEvent) : null;
      const ours = (l.snapshot?.ours ?? []).map((m) => signedMoney(m.currency, m.balance));
      const kinds: ExceptionKind[] = [];
      if (l.state === 'disagreed') kinds.push('difference');
      if (!answer && form === 'positive' && l.sentAt && today > campaign.deadline && l.state !== 'cancelled') kinds.push('no_reply');
      if (list.some((x) => x.type === 'identity_locked' || (x.type === 'identity_failed' && x.detail.reason === 'tax_id'))) kinds.push('identity');
      if (l.state === 'failed' || l.state === 'prepare_failed') kinds.push('undelivered');
      const work = list.filter((x) => x.type === 'exception_note' || x.type === 'alternative_procedure' || x.type === 'exception_closed');
      const closed = [...work].reverse().find((x) => x.type === 'exception_closed');
      return {
        id: l.id,
        accountId: l.accountId,
        accountName: l.accountName,
        state: l.state,
        to: l.to,
        sentAt: l.sentAt?.toISOString() ?? null,
        pdfSha256: l.pdfSha256,
        ours,
        answer: answer && {
          ...answer,
          identity: (answerEvent!.detail.identity as Record<string, unknown> | undefined) ?? null,
          ip: answerEvent!.detail.ip ?? null,
          userAgent: answerEvent!.detail.userAgent ?? null,
        },
        difference: answer ? differenceOf(ours, answer.balances) : null,
        opened: list.some((x) => x.type === 'opened'),
        identityEvents: list
          .filter((x) => x.type.startsWith('identity_') || x.type.startsWith('code_'))
          .map((x) => ({ type: x.type, at: x.at.toISOString(), detail: x.detail })),
        exceptions: kinds.map((k) => ({ kind: k, text: EXCEPTION_TEXT[k] })),
        work: work.map((x) => ({ id: x.id, type: x.type, at: x.at.toISOString(), by: x.byName ?? x.byUser, detail: x.detail })),
        closed: closed ? { conclusion: String(closed.detail.conclusion ?? ''), at: closed.at.toISOString() } : null,
      };
    }),
  };
}

async function engagementLetter(ctx: AppCtx, e: EngagementRow, letterId: string) {
  const l = (
    await ctx.db
      .select()
      .from(letters)
      .where(and(eq(letters.id, letterId), eq(letters.campaignId, e.id)))
  )[0];
  if (!l) throw notFound();
  return l;
}

/** A note on a letter's exception, with documents uploaded before (their ids). */
export async function addNote(ctx: AppCtx, e: EngagementRow, letterId: string, body: unknown, by: Actor): Promise<void> {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const note = typeof b.note === 'string' ? b.note.trim().slice(0, 4000) : '';
  if (!note) throw badRequest([{ field: 'note', message: 'Not boş olamaz.' }]);
  const l = await engagementLetter(ctx, e, letterId);
  const ids = Array.isArray(b.documents) ? b.documents.filter((x): x is string => typeof x === 'string').slice(0, 20) : [];
  const docs = ids.length
    ? await ctx.db
        .select({ id: uploads.id, fileName: uploads.fileName, sha256: uploads.sha256, size: uploads.size })
        .from(uploads)
        .where(and(inArray(uploads.id, ids), eq(uploads.letterId, l.id)))
    : [];
  await appendEvents(ctx.db, ctx.now(), [
    { campaignId: e.id, letterId: l.id, accountId: l.accountId, type: 'exception_note', by, detail: { note, documents: docs } },
  ]);
}

/** The alternative procedure for an unanswered letter: the subsequent receipts (payments) from the ERP statement, recorded with their figures. */
export async function alternativeProcedure(ctx: AppCtx, e: EngagementRow, letterId: string, body: unknown, by: Actor) {
  const l = await engagementLetter(ctx, e, letterId);
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const today = todayIso(ctx.now());
  const until = typeof b.until === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(b.until) ? b.until : today;
  if (until <= e.periodEnd) throw badRequest([{ field: 'until', message: 'Sonraki tahsilatlar dönem sonundan sonraki bir tarihe kadar aranır.' }]);
  const st = await ctx.erp.statement(l.accountId);
  const currencies = (l.snapshot?.ours ?? []).map((m) => m.currency);
  const results = (currencies.length ? currencies : ['TL']).map((currency) => subsequentSettlement(st.lines, { periodEnd: e.periodEnd, until, currency }));
  const detail = {
    until,
    results: results.map((r) => ({
      currency: r.currency,
      side: r.side,
      openAtPeriodEnd: r.openAtPeriodEnd,
      settledAfter: r.settledAfter,
      basisPoints: r.basisPoints,
      incomplete: r.incomplete,
      receipts: r.receipts.map((x) => ({ date: x.date, documentNo: x.documentNo, type: x.type, applied: x.applied })),
    })),
  };
  await appendEvents(ctx.db, ctx.now(), [{ campaignId: e.id, letterId: l.id, accountId: l.accountId, type: 'alternative_procedure', by, detail }]);
  return detail;
}

export async function closeException(ctx: AppCtx, e: EngagementRow, letterId: string, body: unknown, by: Actor): Promise<void> {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const conclusion = typeof b.conclusion === 'string' ? b.conclusion.trim().slice(0, 4000) : '';
  if (!conclusion) throw badRequest([{ field: 'conclusion', message: 'Sonuç (denetçinin kanaati) yazılmalı.' }]);
  const l = await engagementLetter(ctx, e, letterId);
  await appendEvents(ctx.db, ctx.now(), [{ campaignId: e.id, letterId: l.id, accountId: l.accountId, type: 'exception_closed', by, detail: { conclusion } }]);
}
