-- Denetçi modu (issue 47): an independent auditor's engagement, authorised by the company; the auditor
-- (our user, not Workcube's) with a scrypt password, TOTP and recovery codes; single-use invitations;
-- the auditor's sessions; the confirming parties with the address the auditor approved; the reply
-- page's identity codes; and the hash chain over every event of an engagement (its letters' campaign id
-- is the engagement's id, 'den-…'). The chain is kept by the database itself, whichever path writes an
-- event: a trigger gives each such event its position, the previous hash and its own.
CREATE TABLE "engagements" (
  "id" text PRIMARY KEY NOT NULL,
  "firm" text NOT NULL,
  "engagement_no" text NOT NULL,
  "period_end" text NOT NULL,
  "auditor_email" text NOT NULL,
  "auditor_name" text NOT NULL,
  "scope" jsonb NOT NULL,
  "valid_until" timestamp with time zone NOT NULL,
  "authorised_by" text NOT NULL,
  "authorised_by_name" text NOT NULL,
  "authorised_at" timestamp with time zone NOT NULL,
  "revoked_at" timestamp with time zone,
  "released_at" timestamp with time zone,
  "sample" jsonb
);
--> statement-breakpoint
CREATE TABLE "auditors" (
  "id" text PRIMARY KEY NOT NULL,
  "engagement_id" text NOT NULL UNIQUE,
  "email" text NOT NULL,
  "name" text NOT NULL,
  "password_hash" text,
  "totp_secret" text,
  "totp_confirmed" boolean DEFAULT false NOT NULL,
  "last_totp_step" bigint,
  "recovery_hashes" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "failed_logins" integer DEFAULT 0 NOT NULL,
  "locked_until" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_invites" (
  "hash" text PRIMARY KEY NOT NULL,
  "engagement_id" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_sessions" (
  "hash" text PRIMARY KEY NOT NULL,
  "auditor_id" text NOT NULL,
  "engagement_id" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_parties" (
  "engagement_id" text NOT NULL,
  "account_id" text NOT NULL,
  "account_name" text NOT NULL,
  "balances" jsonb NOT NULL,
  "proposed" text NOT NULL,
  "source" text NOT NULL,
  "address" text,
  "tax_id" text DEFAULT '' NOT NULL,
  "flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "approved_by" text,
  "approved_at" timestamp with time zone,
  "letter_id" text,
  PRIMARY KEY ("engagement_id", "account_id")
);
--> statement-breakpoint
CREATE TABLE "reply_codes" (
  "letter_id" text PRIMARY KEY NOT NULL,
  "code_hash" text NOT NULL,
  "tax_id" text NOT NULL,
  "sent_to" jsonb NOT NULL,
  "mail_id" text,
  "expires_at" timestamp with time zone NOT NULL,
  "tries" integer DEFAULT 0 NOT NULL,
  "locked_at" timestamp with time zone,
  "verified_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "reply_to" text;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "seq" bigint;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "prev_hash" text;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "hash" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "events_chain_idx" ON "events" ("campaign_id", "seq") WHERE seq IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "audit_chains" (
  "campaign_id" text PRIMARY KEY NOT NULL,
  "seq" bigint DEFAULT 0 NOT NULL,
  "head" text DEFAULT repeat('0', 64) NOT NULL
);
--> statement-breakpoint
-- What is hashed of an event (server/audit/chain.ts says the same in TypeScript): its position, its moment
-- (UTC, microseconds), type, who, letter, account and the detail as jsonb prints it (keys in jsonb's order).
CREATE FUNCTION events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  -- A restored backup brings its chain as it was (db:restore); verification still checks every link.
  IF NEW.hash IS NOT NULL THEN
    RETURN NEW;
  END IF;
  UPDATE audit_chains SET seq = seq + 1 WHERE campaign_id = NEW.campaign_id RETURNING seq, head INTO c;
  IF NOT FOUND THEN
    RETURN NEW;
  END IF;
  NEW.seq := c.seq;
  NEW.prev_hash := c.head;
  NEW.hash := encode(sha256(convert_to(c.head || E'\n' || NEW.seq::text || E'\n' || to_char(NEW.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || E'\n' || NEW.type || E'\n' || coalesce(NEW.by_user, '') || E'\n' || coalesce(NEW.by_name, '') || E'\n' || coalesce(NEW.letter_id, '') || E'\n' || coalesce(NEW.account_id, '') || E'\n' || NEW.detail::text, 'UTF8')), 'hex');
  UPDATE audit_chains SET head = NEW.hash WHERE campaign_id = NEW.campaign_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER events_chain BEFORE INSERT ON "events" FOR EACH ROW WHEN (NEW.campaign_id LIKE 'den-%') EXECUTE FUNCTION events_chain();
