/** Denetçi modu's tables (issue 47, migration 0006, docs/audit-confirmations.md); part of the one schema (schema.ts re-exports them). */
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export interface EngagementScope {
  /** B: receivables, A: payables. */
  sides: ('B' | 'A')[];
  /** Only these accounts (null: every account). */
  accountIds: string[] | null;
}

export interface EngagementSample {
  method: Record<string, unknown>;
  coverage: {
    side: string;
    currency: string;
    populationCount: number;
    populationSum: string;
    selectedCount: number;
    selectedSum: string;
    sumBasisPoints: number;
  }[];
  at: string;
}

export const engagements = pgTable('engagements', {
  /** 'den-' + a UUID: also the campaign id of its letters and events (the chain's key). */
  id: text('id').primaryKey(),
  firm: text('firm').notNull(),
  engagementNo: text('engagement_no').notNull(),
  periodEnd: text('period_end').notNull(),
  auditorEmail: text('auditor_email').notNull(),
  auditorName: text('auditor_name').notNull(),
  scope: jsonb('scope').$type<EngagementScope>().notNull(),
  validUntil: ts('valid_until').notNull(),
  authorisedBy: text('authorised_by').notNull(),
  authorisedByName: text('authorised_by_name').notNull(),
  authorisedAt: ts('authorised_at').notNull(),
  revokedAt: ts('revoked_at'),
  releasedAt: ts('released_at'),
  sample: jsonb('sample').$type<EngagementSample | null>(),
});

export const auditors = pgTable('auditors', {
  id: text('id').primaryKey(),
  engagementId: text('engagement_id').notNull().unique(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  passwordHash: text('password_hash'),
  totpSecret: text('totp_secret'),
  totpConfirmed: boolean('totp_confirmed').notNull().default(false),
  lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
  recoveryHashes: jsonb('recovery_hashes').$type<string[]>().notNull().default([]),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: ts('locked_until'),
  createdAt: ts('created_at').notNull(),
});

export const auditInvites = pgTable('audit_invites', {
  hash: text('hash').primaryKey(),
  engagementId: text('engagement_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull(),
});

export const auditSessions = pgTable('audit_sessions', {
  hash: text('hash').primaryKey(),
  auditorId: text('auditor_id').notNull(),
  engagementId: text('engagement_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull(),
});

export interface PartyBalance {
  currency: string;
  /** Signed minor units: > 0 they owe us (B), < 0 we owe them (A). */
  balance: number;
}

export const auditParties = pgTable(
  'audit_parties',
  {
    engagementId: text('engagement_id').notNull(),
    accountId: text('account_id').notNull(),
    accountName: text('account_name').notNull(),
    balances: jsonb('balances').$type<PartyBalance[]>().notNull(),
    /** The address proposed (from our contacts) and where it came from. */
    proposed: text('proposed').notNull(),
    source: text('source').notNull(),
    /** The address the auditor approved (null: not yet). */
    address: text('address'),
    /** The party's VKN (10) or TCKN (11) the reply page asks for: proposed from contacts, given by the auditor. */
    taxId: text('tax_id').notNull().default(''),
    flags: jsonb('flags').$type<string[]>().notNull().default([]),
    approvedBy: text('approved_by'),
    approvedAt: ts('approved_at'),
    letterId: text('letter_id'),
  },
  (t) => [primaryKey({ columns: [t.engagementId, t.accountId] })],
);

/** The reply page's identity check of an auditor's letter: a 6-digit code to the address the letter went to. */
export const replyCodes = pgTable('reply_codes', {
  letterId: text('letter_id').primaryKey(),
  codeHash: text('code_hash').notNull(),
  taxId: text('tax_id').notNull(),
  sentTo: jsonb('sent_to').$type<string[]>().notNull(),
  mailId: text('mail_id'),
  expiresAt: ts('expires_at').notNull(),
  tries: integer('tries').notNull().default(0),
  lockedAt: ts('locked_at'),
  verifiedAt: ts('verified_at'),
  createdAt: ts('created_at').notNull(),
});

export const auditChains = pgTable('audit_chains', {
  campaignId: text('campaign_id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  head: text('head').notNull(),
});
