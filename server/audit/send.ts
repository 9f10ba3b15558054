/**
 * Sent by the auditor, answered to the auditor (BDS 505 ¶7 (c)–(d); issue 47, item 4): once every party of
 * the sample has an approved address, the auditor sends. The letters are a campaign whose id is the
 * engagement's (so every event of theirs is chained), frozen and mailed by the one preparation job and
 * outbox: the letter and its mail name the audit firm the answer goes to, Reply-To the auditor, reminders
 * on the days the auditor set. The address each letter goes to is the approved one, not the company's
 * contact: a change the company makes afterwards does not reach this engagement.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { auditParties, campaigns, letters } from '../db/schema';
import type { AppCtx } from '../app/context';
import { badRequest, conflict, MUT_MESSAGES, MutError } from '../app/errors';
import { appendEvents, type Actor } from '../mutabakat/events';
import { PREPARE_CHUNK } from '../mutabakat/campaigns';
import { enqueue } from '../jobs/queue';
import { isIsoDate } from '../../src/domain/dates';
import type { EngagementRow } from './engagement';

export interface SendInput {
  deadline: string;
  reminderDays: number[];
  form: 'positive' | 'negative';
}

export function checkSend(body: unknown, e: EngagementRow, today: string): SendInput {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const deadline = typeof b.deadline === 'string' && isIsoDate(b.deadline) ? b.deadline : '';
  const problems = [];
  if (!deadline) problems.push({ field: 'deadline', message: 'Son yanıt tarihi geçerli bir tarih olmalı.' });
  else if (deadline <= e.periodEnd) problems.push({ field: 'deadline', message: 'Son yanıt tarihi dönem sonundan sonra olmalı.' });
  else if (deadline < today) problems.push({ field: 'deadline', message: 'Son yanıt tarihi bugünden önce olamaz.' });
  const days = b.reminderDays === undefined ? [7, 14] : b.reminderDays;
  if (!Array.isArray(days) || days.length > 5 || days.some((d) => !Number.isInteger(d) || (d as number) < 1 || (d as number) > 90)) {
    problems.push({ field: 'reminderDays', message: 'Hatırlatma günleri 1 ile 90 arasında tam sayılar olmalı (en fazla 5).' });
  }
  const form = b.form === 'negative' ? 'negative' : b.form === undefined || b.form === 'positive' ? 'positive' : null;
  if (!form) problems.push({ field: 'form', message: 'Teyit biçimi olumlu ya da olumsuz olmalı.' });
  if (problems.length) throw badRequest(problems);
  return { deadline, reminderDays: [...new Set(days as number[])].sort((x, y) => x - y), form: form! };
}

export async function sendEngagement(ctx: AppCtx, e: EngagementRow, input: SendInput, by: Actor): Promise<{ letters: number }> {
  if (ctx.transport.mode === 'disabled') throw new MutError('mail_not_configured', MUT_MESSAGES.mailNotConfigured);
  const list = await ctx.db.select().from(auditParties).where(eq(auditParties.engagementId, e.id));
  if (list.length === 0) throw conflict('Önce örneklemi seçin: gönderilecek hesap yok.');
  const waiting = list.filter((p) => !p.address || !p.approvedAt);
  if (waiting.length) throw conflict(`${waiting.length} hesabın adresi henüz onaylanmadı: önce her adresi onaylayın ya da değiştirin.`);
  const now = ctx.now();
  const audit = {
    firm: e.firm,
    engagementNo: e.engagementNo,
    auditorEmail: e.auditorEmail,
    auditorName: e.auditorName,
    form: input.form,
    deadline: input.deadline,
  };
  await ctx.db.transaction(async (tx) => {
    // One send per engagement, however many click at once: the campaign row is the engagement's id.
    const made = await tx
      .insert(campaigns)
      .values({
        id: e.id,
        kind: 'denetim',
        name: `Bağımsız denetim teyidi - ${e.firm} - ${e.engagementNo}`,
        asOf: e.periodEnd,
        deadline: input.deadline,
        reminderDays: input.reminderDays,
        options: { statementLines: false, openItems: false, from: null, audit },
        sendWhenReady: true,
        total: list.length,
        createdAt: now,
        createdBy: by.userName,
      })
      .onConflictDoNothing()
      .returning({ id: campaigns.id });
    if (made.length === 0) throw conflict('Bu denetimin mektupları zaten gönderildi.');
    const rows = list.map((p) => ({
      id: randomUUID(),
      campaignId: e.id,
      accountId: p.accountId,
      accountName: p.accountName,
      state: 'preparing',
      to: [p.address!],
      cc: [],
      person: '',
      createdAt: now,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await tx.insert(letters).values(chunk);
      for (const l of chunk)
        await tx
          .update(auditParties)
          .set({ letterId: l.id })
          .where(and(eq(auditParties.engagementId, e.id), eq(auditParties.accountId, l.accountId), isNull(auditParties.letterId)));
      for (let k = 0; k < chunk.length; k += PREPARE_CHUNK)
        await enqueue(tx, 'prepare', { campaignId: e.id, letterIds: chunk.slice(k, k + PREPARE_CHUNK).map((l) => l.id) }, now);
    }
    await appendEvents(tx, now, [
      { campaignId: e.id, type: 'sending', by, detail: { letters: rows.length, deadline: input.deadline, reminderDays: input.reminderDays, form: input.form } },
    ]);
  });
  return { letters: list.length };
}
