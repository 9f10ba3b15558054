-- Tahsilat takibi (issue 34): our own state per customer beside the ERP's figures. One database with
-- mutabakat: the contacts table gains a collections address (falls back to the mutabakat one), the
-- outbox's mails carry their own PDF when they are not a mutabakat letter.
ALTER TABLE "contacts" ADD COLUMN "collect_to" jsonb;
--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "pdf" bytea;
--> statement-breakpoint
CREATE TABLE "collect_accounts" (
  "account_id" text PRIMARY KEY NOT NULL,
  "owner" text,
  "next_action" text DEFAULT '' NOT NULL,
  "next_action_date" text,
  "flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "reminder_level" integer DEFAULT 0 NOT NULL,
  "reminded_at" timestamp with time zone,
  "version" integer DEFAULT 0 NOT NULL,
  "updated_at" timestamp with time zone,
  "updated_by" text
);
--> statement-breakpoint
CREATE TABLE "collect_activities" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "account_id" text NOT NULL,
  "at" timestamp with time zone NOT NULL,
  "by_user" text NOT NULL,
  "by_name" text NOT NULL,
  "kind" text NOT NULL,
  "result" text,
  "note" text DEFAULT '' NOT NULL,
  "detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "collect_activities_account_idx" ON "collect_activities" USING btree ("account_id","id");
--> statement-breakpoint
CREATE TABLE "collect_promises" (
  "id" text PRIMARY KEY NOT NULL,
  "account_id" text NOT NULL,
  "amount" bigint NOT NULL,
  "currency" text NOT NULL,
  "taken_on" text NOT NULL,
  "due" text NOT NULL,
  "by_user" text NOT NULL,
  "by_name" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "collect_promises_account_idx" ON "collect_promises" USING btree ("account_id","due");
--> statement-breakpoint
CREATE TABLE "collect_reminders" (
  "id" text PRIMARY KEY NOT NULL,
  "account_id" text NOT NULL,
  "day" text NOT NULL,
  "level" integer NOT NULL,
  "state" text NOT NULL,
  "overdue" jsonb NOT NULL,
  "mail_id" text,
  "created_at" timestamp with time zone NOT NULL,
  "sent_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "collect_reminders_account_day" ON "collect_reminders" USING btree ("account_id","day");
--> statement-breakpoint
CREATE TABLE "collect_settings" (
  "id" integer PRIMARY KEY NOT NULL,
  "value" jsonb NOT NULL,
  "updated_at" timestamp with time zone NOT NULL,
  "updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER collect_activities_no_update BEFORE UPDATE OR DELETE ON "collect_activities" FOR EACH ROW EXECUTE FUNCTION events_append_only();
