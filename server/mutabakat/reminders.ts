/**
 * Automatic reminders: N days after a letter was sent (campaign's reminderDays, default 7 and 14)
 * while it has no answer and is not cancelled. Each reminder is a job with a unique key
 * (remind:<letter>:<n>), so however many instances scan, it exists — and its mail goes — once.
 */
import { eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { campaigns, letters } from '../db/schema';
import { enqueue, type Job } from '../jobs/queue';
import { queueMail } from '../mail/outbox';
import type { MutCtx } from './context';

export async function scanReminders(ctx: MutCtx): Promise<void> {
  const now = ctx.now();
  const due = await ctx.d.rows<{ id: string; sent_at: string | Date; reminder_days: number[] }>(sql`
    SELECT l.id, l.sent_at, c.reminder_days FROM letters l JOIN campaigns c ON c.id = l.campaign_id
    WHERE l.state = 'sent' AND NOT c.cancelled AND l.sent_at IS NOT NULL AND l.answer_event_id IS NULL
      AND l.sent_at <= ${now.toISOString()}::timestamptz - interval '1 day'`);
  for (const r of due) {
    const sentAt = new Date(r.sent_at).getTime();
    for (const [n, days] of r.reminder_days.entries()) {
      if (sentAt + days * 86_400_000 > now.getTime()) continue;
      await enqueue(ctx.db, 'remind', { letterId: r.id, n, days }, now, `remind:${r.id}:${n}`);
    }
  }
}

export async function remindJob(ctx: MutCtx, job: Job): Promise<void> {
  const letterId = String(job.payload.letterId);
  await ctx.db.transaction(async (tx) => {
    const l = (await tx.select().from(letters).where(eq(letters.id, letterId)).for('update'))[0];
    if (!l || l.state !== 'sent' || l.answerEventId != null) return; // answered, cancelled or bounced since
    const c = (await tx.select().from(campaigns).where(eq(campaigns.id, l.campaignId)))[0]!;
    if (c.cancelled || ctx.transport.mode === 'disabled') return;
    await queueMail(ctx, tx, l, c, 'reminder', ctx.now(), null);
  });
}
