/**
 * Automatic reminders: N days after a letter was sent (campaign's reminderDays, default 7 and 14)
 * while it has no answer and is not cancelled. A letter carries when its next reminder is due
 * (next_remind_at, set when its first mail is recorded sent): the scan reads only the letters due,
 * makes each one's reminder job (unique key remind:<letter>:<n>, so however many instances scan, it
 * exists — and its mail goes — once) and moves the letter to its next day, in one statement. A letter
 * due but answered or cancelled meanwhile leaves the scan's index for good. The scan's work is the
 * letters due, not the letters open.
 */
import { eq, sql } from 'drizzle-orm';
import { campaigns, letters } from '../db/schema';
import type { Job } from '../jobs/queue';
import { queueMail } from './letter-mail';
import type { AppCtx } from '../app/context';

/** Letters moved per statement of a scan. */
const SCAN_CHUNK = 500;

/** One scan: reminder jobs for the letters due; the number of letters it wrote (made a job for, or let go). */
export async function scanReminders(ctx: Pick<AppCtx, 'd' | 'now'>): Promise<{ queued: number; released: number }> {
  const now = ctx.now().toISOString();
  let queued = 0;
  let released = 0;
  for (;;) {
    // Due and still waiting: a job, and the letter moved to its next reminder day (null after the last).
    const moved = await ctx.d.rows<{ id: string }>(sql`
      WITH due AS (
        SELECT l.id, l.reminders_queued AS n, (c.reminder_days ->> l.reminders_queued)::int AS days
        FROM letters l JOIN campaigns c ON c.id = l.campaign_id
        WHERE l.next_remind_at <= ${now}::timestamptz AND l.state = 'sent' AND l.answer_event_id IS NULL AND NOT c.cancelled
        ORDER BY l.next_remind_at
        LIMIT ${SCAN_CHUNK}
        FOR UPDATE OF l SKIP LOCKED
      ), made AS (
        INSERT INTO jobs (kind, payload, unique_key, state, run_at, created_at)
        SELECT 'remind', jsonb_build_object('letterId', id, 'n', n, 'days', days), 'remind:' || id || ':' || n, 'queued', ${now}::timestamptz, ${now}::timestamptz FROM due
        ON CONFLICT (unique_key) DO NOTHING
      )
      UPDATE letters l SET reminders_queued = due.n + 1,
        next_remind_at = l.sent_at + ((c.reminder_days ->> (due.n + 1))::int) * interval '1 day'
      FROM due, campaigns c WHERE l.id = due.id AND c.id = l.campaign_id
      RETURNING l.id`);
    queued += moved.length;
    // Due but no longer waiting (answered, cancelled, bounced): out of the scan's index.
    const gone = await ctx.d.rows<{ id: string }>(sql`
      UPDATE letters SET next_remind_at = NULL WHERE id IN (
        SELECT l.id FROM letters l JOIN campaigns c ON c.id = l.campaign_id
        WHERE l.next_remind_at <= ${now}::timestamptz AND (l.state <> 'sent' OR l.answer_event_id IS NOT NULL OR c.cancelled)
        LIMIT ${SCAN_CHUNK}
      ) RETURNING id`);
    released += gone.length;
    if (moved.length < SCAN_CHUNK && gone.length < SCAN_CHUNK) return { queued, released };
  }
}

export async function remindJob(ctx: AppCtx, job: Job): Promise<void> {
  const letterId = String(job.payload.letterId);
  await ctx.db.transaction(async (tx) => {
    const l = (await tx.select().from(letters).where(eq(letters.id, letterId)).for('update'))[0];
    if (!l || l.state !== 'sent' || l.answerEventId != null) return; // answered, cancelled or bounced since
    const c = (await tx.select().from(campaigns).where(eq(campaigns.id, l.campaignId)))[0]!;
    if (c.cancelled || ctx.transport.mode === 'disabled') return;
    await queueMail(ctx, tx, l, c, 'reminder', ctx.now(), null);
  });
}
