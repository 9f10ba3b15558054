CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"as_of" text NOT NULL,
	"deadline" text NOT NULL,
	"reminder_days" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"send_when_ready" boolean NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"account_id" text PRIMARY KEY NOT NULL,
	"to_addrs" jsonb NOT NULL,
	"cc_addrs" jsonb NOT NULL,
	"person" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"campaign_id" text NOT NULL,
	"letter_id" text,
	"account_id" text,
	"type" text NOT NULL,
	"by_user" text,
	"by_name" text,
	"detail" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"unique_key" text,
	"state" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "letters" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"account_id" text NOT NULL,
	"account_name" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"to_addrs" jsonb NOT NULL,
	"cc_addrs" jsonb NOT NULL,
	"person" text DEFAULT '' NOT NULL,
	"snapshot" jsonb,
	"pdf" "bytea",
	"pdf_sha256" text,
	"prepare_attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"reminders" integer DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone,
	"answer_event_id" bigint,
	"resolved_event_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"id" text PRIMARY KEY NOT NULL,
	"letter_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"to_addrs" jsonb NOT NULL,
	"cc_addrs" jsonb NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"link" text,
	"attachment_name" text NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"smtp" text,
	"message_id" text,
	"maybe_twice" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reply_tokens" (
	"hash" text PRIMARY KEY NOT NULL,
	"letter_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"letter_id" text NOT NULL,
	"file_name" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"by_user" text
);
--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_letter_idx" ON "events" USING btree ("letter_id","id");--> statement-breakpoint
CREATE INDEX "events_campaign_idx" ON "events" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_unique_key" ON "jobs" USING btree ("unique_key");--> statement-breakpoint
CREATE INDEX "jobs_ready_idx" ON "jobs" USING btree ("state","run_at");--> statement-breakpoint
CREATE INDEX "letters_campaign_idx" ON "letters" USING btree ("campaign_id","state");--> statement-breakpoint
CREATE INDEX "letters_account_idx" ON "letters" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "mails_campaign_idx" ON "mails" USING btree ("campaign_id","created_at");