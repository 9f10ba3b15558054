/**
 * The one database schema (drizzle-orm, PostgreSQL ≥ 15 and PGlite alike): contacts, campaigns,
 * letters (frozen snapshots), the append-only events, the outbox, reply tokens (hashed), uploads,
 * and the jobs table every instance claims work from (FOR UPDATE SKIP LOCKED).
 * Money is integer minor units inside jsonb snapshots; moments are timestamptz.
 */
import type { BabsSnapshot } from '../../src/domain/babs/reconcile';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface MoneySnap {
  currency: string;
  balance: number;
}

export const contacts = pgTable('contacts', {
  accountId: text('account_id').primaryKey(),
  to: jsonb('to_addrs').$type<string[]>().notNull(),
  cc: jsonb('cc_addrs').$type<string[]>().notNull(),
  person: text('person').notNull().default(''),
  /** VKN (10) or TCKN (11) for Form Ba/Bs; '' = not known. */
  taxId: text('tax_id').notNull().default(''),
  updatedAt: ts('updated_at').notNull(),
  updatedBy: text('updated_by').notNull(),
  /** Tahsilat (collections) address; null = the mutabakat one (`to`). */
  collectTo: jsonb('collect_to').$type<string[] | null>(),
});

export interface CampaignOptions {
  statementLines: boolean;
  openItems: boolean;
  from: string | null;
  /** BA/BS campaigns: the threshold the list used (kuruş) and the form tab it was started from. */
  babs?: { threshold: number; forms: ('bs' | 'ba')[] };
  /** Denetçi modu's letters (campaign 'den-…'): the audit firm the answer goes to, Reply-To the auditor; positive or negative form. */
  audit?: { firm: string; engagementNo: string; auditorEmail: string; auditorName: string; form: 'positive' | 'negative'; deadline: string };
}

export const campaigns = pgTable('campaigns', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  asOf: text('as_of').notNull(),
  deadline: text('deadline').notNull(),
  reminderDays: jsonb('reminder_days').$type<number[]>().notNull(),
  options: jsonb('options').$type<CampaignOptions>().notNull(),
  sendWhenReady: boolean('send_when_ready').notNull(),
  cancelled: boolean('cancelled').notNull().default(false),
  total: integer('total').notNull(),
  createdAt: ts('created_at').notNull(),
  createdBy: text('created_by').notNull(),
  /** 'cari' (a balance as of asOf) | 'babs' (the Form Ba/Bs figures of asOf's month: docs/babs.md). */
  kind: text('kind').notNull().default('cari'),
});

export interface LetterSnapshot {
  ours: MoneySnap[];
  localBalance: number;
  warnings: string[];
  /** The statement rows / open items enclosed, as the PDF shows them (counted only). */
  lines: number;
  /** BA/BS letters: our figures per form and the documents behind them (src/domain/babs/reconcile.ts). */
  babs?: BabsSnapshot;
}

export const letters = pgTable(
  'letters',
  {
    id: text('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    accountId: text('account_id').notNull(),
    accountName: text('account_name').notNull().default(''),
    /** preparing | prepared | no_address | queued | sent | failed | agreed | disagreed | cancelled (a projection of the events). */
    state: text('state').notNull(),
    to: jsonb('to_addrs').$type<string[]>().notNull(),
    cc: jsonb('cc_addrs').$type<string[]>().notNull(),
    person: text('person').notNull().default(''),
    snapshot: jsonb('snapshot').$type<LetterSnapshot>(),
    pdf: bytea('pdf'),
    pdfSha256: text('pdf_sha256'),
    /** BA/BS letters: the documents list, mailed as a second PDF. */
    docsPdf: bytea('docs_pdf'),
    prepareAttempts: integer('prepare_attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    reminders: integer('reminders').notNull().default(0),
    remindedAt: ts('reminded_at'),
    /** Reminder jobs made for this letter so far (the index into its campaign's reminder_days of the next one). */
    remindersQueued: integer('reminders_queued').notNull().default(0),
    /** When the next reminder is due (null: none left, or the letter no longer waits): the scan reads only these. */
    nextRemindAt: ts('next_remind_at'),
    /** The event that holds the latest answer (answers live only in events). */
    answerEventId: bigint('answer_event_id', { mode: 'number' }),
    resolvedEventId: bigint('resolved_event_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('letters_campaign_idx').on(t.campaignId, t.state),
    index('letters_account_idx').on(t.accountId),
    index('letters_next_remind_idx')
      .on(t.nextRemindAt)
      .where(sql`next_remind_at IS NOT NULL`),
  ],
);

export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    campaignId: text('campaign_id').notNull(),
    letterId: text('letter_id'),
    accountId: text('account_id'),
    type: text('type').notNull(),
    byUser: text('by_user'),
    byName: text('by_name'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    /** An engagement's events only (campaign 'den-…'): the chain the database keeps (migration 0006, server/audit/chain.ts). */
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [index('events_letter_idx').on(t.letterId, t.id), index('events_campaign_idx').on(t.campaignId, t.id)],
);

export const mails = pgTable(
  'mails',
  {
    id: text('id').primaryKey(),
    letterId: text('letter_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    accountId: text('account_id').notNull(),
    kind: text('kind').notNull(),
    to: jsonb('to_addrs').$type<string[]>().notNull(),
    cc: jsonb('cc_addrs').$type<string[]>().notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** The reply link while the mail waits to go (demo outbox: kept); cleared once sent — the token is stored only hashed. */
    link: text('link'),
    attachmentName: text('attachment_name').notNull(),
    /** queued | sending | sent | failed */
    state: text('state').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    smtp: text('smtp'),
    messageId: text('message_id'),
    /** Was in flight when its instance stopped: it may have gone twice. */
    maybeTwice: boolean('maybe_twice').notNull().default(false),
    /** An auditor's letter: the answer goes to the auditor (else MAIL_REPLY_TO). */
    replyTo: text('reply_to'),
    /** The attachment of a mail that is not a mutabakat letter (tahsilat reminder, statement). */
    pdf: bytea('pdf'),
    createdAt: ts('created_at').notNull(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('mails_campaign_idx').on(t.campaignId, t.createdAt)],
);

/** Every try of a mail, with the relay's answer (append-only). */
export const mailTries = pgTable(
  'mail_tries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mailId: text('mail_id').notNull(),
    attempt: integer('attempt').notNull(),
    at: ts('at').notNull(),
    ok: boolean('ok').notNull(),
    smtp: text('smtp').notNull().default(''),
    messageId: text('message_id'),
  },
  (t) => [index('mail_tries_mail_idx').on(t.mailId, t.id)],
);

export const tokens = pgTable('reply_tokens', {
  hash: text('hash').primaryKey(),
  letterId: text('letter_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull(),
});

export const uploads = pgTable('uploads', {
  id: text('id').primaryKey(),
  letterId: text('letter_id').notNull(),
  fileName: text('file_name').notNull(),
  type: text('type').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: ts('created_at').notNull(),
  byUser: text('by_user'),
});

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** A job that must exist once across instances (a reminder: remind:<letter>:<n>). */
    uniqueKey: text('unique_key'),
    /** queued | done | failed */
    state: text('state').notNull(),
    runAt: ts('run_at').notNull(),
    lockedUntil: ts('locked_until'),
    lockedBy: text('locked_by'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull(),
    /** When it ended (done or failed): pruned after the retention. */
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('jobs_unique_key').on(t.uniqueKey),
    index('jobs_ready_idx').on(t.state, t.runAt),
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`state <> 'queued'`),
  ],
);

/** Tahsilat takibi (issue 34): our state per customer; the ERP's figures are read, never stored here. */
export const collectAccounts = pgTable('collect_accounts', {
  accountId: text('account_id').primaryKey(),
  owner: text('owner'),
  nextAction: text('next_action').notNull().default(''),
  nextActionDate: text('next_action_date'),
  /** itiraz | beklemede | hukuki */
  flags: jsonb('flags').$type<string[]>().notNull().default([]),
  reminderLevel: integer('reminder_level').notNull().default(0),
  remindedAt: ts('reminded_at'),
  /** Optimistic lock: a save names the version it read. */
  version: integer('version').notNull().default(0),
  updatedAt: ts('updated_at'),
  updatedBy: text('updated_by'),
});

/** Append-only (a trigger refuses UPDATE and DELETE). */
export const collectActivities = pgTable(
  'collect_activities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id').notNull(),
    at: ts('at').notNull(),
    byUser: text('by_user').notNull(),
    byName: text('by_name').notNull(),
    kind: text('kind').notNull(),
    result: text('result'),
    note: text('note').notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('collect_activities_account_idx').on(t.accountId, t.id)],
);

export const collectPromises = pgTable(
  'collect_promises',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    takenOn: text('taken_on').notNull(),
    due: text('due').notNull(),
    byUser: text('by_user').notNull(),
    byName: text('by_name').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('collect_promises_account_idx').on(t.accountId, t.due)],
);

export interface ReminderOverdue {
  currency: string;
  overdue: number;
  oldestDays: number;
}

export const collectReminders = pgTable(
  'collect_reminders',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    day: text('day').notNull(),
    level: integer('level').notNull(),
    /** proposed | queued | skipped */
    state: text('state').notNull(),
    overdue: jsonb('overdue').$type<ReminderOverdue[]>().notNull(),
    mailId: text('mail_id'),
    createdAt: ts('created_at').notNull(),
    sentBy: text('sent_by'),
  },
  (t) => [uniqueIndex('collect_reminders_account_day').on(t.accountId, t.day)],
);

export const collectSettings = pgTable('collect_settings', {
  id: integer('id').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: ts('updated_at').notNull(),
  updatedBy: text('updated_by').notNull(),
});

export * from './schema-audit';
