-- Acting you can lean on (issue 46): jobs remember when they ended (pruned after a retention); every
-- try of a mail is a row with the relay's answer; a letter knows when its next reminder is due, so the
-- reminder scan reads only what is due; the board's version is the campaign's newest event (an index
-- on (campaign_id, id) answers it at once).
ALTER TABLE "jobs" ADD COLUMN "finished_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "jobs" SET "finished_at" = COALESCE("run_at", "created_at") WHERE "state" <> 'queued';
--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" ("finished_at") WHERE state <> 'queued';
--> statement-breakpoint
CREATE TABLE "mail_tries" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "mail_id" text NOT NULL,
  "attempt" integer NOT NULL,
  "at" timestamp with time zone NOT NULL,
  "ok" boolean NOT NULL,
  "smtp" text DEFAULT '' NOT NULL,
  "message_id" text
);
--> statement-breakpoint
CREATE INDEX "mail_tries_mail_idx" ON "mail_tries" ("mail_id", "id");
--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "reminders_queued" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "next_remind_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "letters" l SET "reminders_queued" = (SELECT count(*) FROM "jobs" j WHERE j."unique_key" LIKE 'remind:' || l."id" || ':%') WHERE l."sent_at" IS NOT NULL;
--> statement-breakpoint
UPDATE "letters" l SET "next_remind_at" = l."sent_at" + ((c."reminder_days" ->> l."reminders_queued")::int) * interval '1 day'
  FROM "campaigns" c WHERE c."id" = l."campaign_id" AND l."state" = 'sent' AND l."answer_event_id" IS NULL AND l."sent_at" IS NOT NULL AND NOT c."cancelled";
--> statement-breakpoint
CREATE INDEX "letters_next_remind_idx" ON "letters" ("next_remind_at") WHERE next_remind_at IS NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "events_campaign_idx";
--> statement-breakpoint
CREATE INDEX "events_campaign_idx" ON "events" ("campaign_id", "id");
