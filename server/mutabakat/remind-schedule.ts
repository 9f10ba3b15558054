/** When a letter's first reminder is due: set as its first mail is recorded sent (server/mail/outbox.ts); the scan is reminders.ts. */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { letters } from '../db/schema';

/** Sets the first reminder's day of letters just sent (their campaign's first reminder day after sent_at). */
export async function scheduleFirstReminder(tx: Pick<Db, 'update'>, letterIds: readonly string[]): Promise<void> {
  if (letterIds.length === 0) return;
  await tx
    .update(letters)
    .set({
      nextRemindAt: sql`CASE WHEN ${letters.remindersQueued} = 0 AND ${letters.state} = 'sent' AND ${letters.answerEventId} IS NULL
        THEN ${letters.sentAt} + ((SELECT c.reminder_days ->> 0 FROM campaigns c WHERE c.id = ${letters.campaignId})::int) * interval '1 day'
        ELSE ${letters.nextRemindAt} END`,
    })
    .where(inArray(letters.id, [...letterIds]));
}
