/**
 * The mutabakat API's shapes as the server sends them (docs/mutabakat-api.md): money in integer
 * minor units, business dates 'YYYY-MM-DD', moments ISO 8601 UTC.
 */
import type { IsoDate, Minor } from '../domain/types';
import type { BabsFigures } from '../domain/babs/reconcile';

export type Side = 'B' | 'A' | '';

export interface Money {
  currency: string;
  /** Signed minor units: > 0 the counterparty owes us (B), < 0 we owe them (A). */
  balance: Minor;
  side: Side;
}

export interface Contact {
  accountId: string;
  to: string[];
  cc: string[];
  person: string;
  /** VKN (10 digits) or TCKN (11), '' when not known. */
  taxId: string;
  updatedAt: string | null;
  updatedBy: string | null;
}

export interface ContactInput {
  to: string[];
  cc: string[];
  person: string;
  taxId?: string;
}

export const LETTER_STATES = ['preparing', 'prepare_failed', 'prepared', 'no_address', 'queued', 'sent', 'failed', 'agreed', 'disagreed', 'cancelled'] as const;
export type LetterState = (typeof LETTER_STATES)[number];

export const ANSWER_CHANNELS = ['web', 'email', 'phone', 'fax', 'kep', 'noter'] as const;
export type AnswerChannel = (typeof ANSWER_CHANNELS)[number];
/** The channels staff may record an answer for (the web answer is the counterpart's own). */
export const STAFF_CHANNELS = ['phone', 'fax', 'email', 'kep', 'noter'] as const satisfies readonly AnswerChannel[];
export type StaffChannel = (typeof STAFF_CHANNELS)[number];

export interface Attachment {
  id: string;
  fileName: string;
  size: number;
  type: string;
}

export interface Answer {
  kind: 'agreed' | 'disagreed';
  channel: AnswerChannel;
  balances: Money[];
  note: string;
  name: string;
  title: string;
  date: IsoDate;
  at: string;
  recordedBy: string | null;
  attachment: Attachment | null;
  /** BA/BS letters: their count and KDV-hariç total per OUR form (bs = their Ba of us). */
  babs?: BabsFigures | null;
}

/** A BA/BS letter's figures (docs/mutabakat-api.md, BA/BS). */
export interface BabsRowView {
  month: string;
  ours: BabsFigures;
  theirs: BabsFigures | null;
  /** ours − theirs per form and field. */
  difference: BabsFigures | null;
  reportable: { bs: boolean; ba: boolean };
  taxId: string;
  documents: number;
  docsPdfUrl: string;
}

export interface LetterRow {
  id: string;
  accountId: string;
  accountName: string;
  state: LetterState;
  to: string[];
  cc: string[];
  person: string;
  ours: Money[];
  localBalance: Minor;
  theirs: Money[] | null;
  difference: Money[] | null;
  answer: Answer | null;
  resolved: { note: string; by: string; at: string } | null;
  sentAt: string | null;
  remindedAt: string | null;
  reminders: number;
  monthPassed: boolean;
  lastError: string | null;
  /** One of its mails was in flight when its server stopped and went again: belki iki kez gönderildi. */
  maybeTwice?: boolean;
  warnings: string[];
  pdfUrl: string;
  /** null for a cari letter. */
  babs?: BabsRowView | null;
}

/** The board's counts; each (but total) is also a filter of its rows (`?durum=`). */
export interface Counts {
  total: number;
  preparing: number;
  /** Could not be prepared (the ERP did not give the statement): the campaign goes on without them; they can be tried again. */
  prepareFailed: number;
  prepared: number;
  noAddress: number;
  queued: number;
  sent: number;
  failed: number;
  agreed: number;
  disagreed: number;
  noAnswer: number;
  monthPassed: number;
  resolved: number;
  cancelled: number;
}

export type CampaignKind = 'cari' | 'babs';

export interface Campaign {
  id: string;
  /** 'babs': one month's Form Ba/Bs figures (asOf = the month's last day). */
  kind?: CampaignKind;
  month?: string | null;
  name: string;
  asOf: IsoDate;
  deadline: IsoDate;
  reminderDays: number[];
  options: { statementLines: boolean; openItems: boolean; from: IsoDate | null };
  state: 'preparing' | 'ready' | 'sending' | 'open' | 'cancelled';
  progress: { done: number; total: number; failed: number };
  createdAt: string;
  createdBy: string;
  counts: Counts;
  differences: Money[];
  /** BA/BS: Σ difference per form and field over disagreed letters not resolved. */
  babsDifferences?: BabsFigures | null;
}

export interface NewCampaign {
  name?: string;
  accountIds: string[];
  asOf: IsoDate;
  deadline: IsoDate;
  reminderDays?: number[];
  options?: { statementLines?: boolean; openItems?: boolean; from?: IsoDate | null };
  send?: boolean;
}

export interface NewBabsCampaign {
  kind: 'babs';
  name?: string;
  month: string;
  /** kuruş */
  threshold: Minor;
  forms: ('bs' | 'ba')[];
  accountIds: string[];
  deadline: IsoDate;
  reminderDays?: number[];
}

/** The board's row filters: a letter state, or one of the two derived counts. */
export type BoardFilter = LetterState | 'noAnswer' | 'monthPassed';

export interface LetterEvent {
  id: string;
  at: string;
  type:
    | 'created'
    | 'prepared'
    | 'prepare_failed'
    | 'queued'
    | 'sent'
    | 'failed'
    | 'reminded'
    | 'opened'
    | 'answered'
    | 'recorded'
    | 'resolved'
    | 'cancelled'
    | 'resent'
    | 'resumed_in_flight';
  by: string | null;
  detail: Record<string, unknown>;
}

export type HistoryLetter = LetterRow & { campaignId: string; campaignName: string; asOf: IsoDate; kind?: CampaignKind; month?: string | null };

export interface RecordAnswerInput {
  kind: 'agreed' | 'disagreed';
  channel: StaffChannel;
  date: IsoDate;
  balances?: { currency: string; amount: Minor; side: 'B' | 'A' }[];
  note?: string;
  name: string;
  title?: string;
  documentId?: string;
  /** BA/BS letters, when disagreed: their figures per our form (amount in kuruş). */
  babs?: { bs: { count: number; amount: Minor }; ba: { count: number; amount: Minor } };
}

export type MailMode = 'smtp' | 'outbox' | 'disabled';

export interface Mail {
  id: string;
  letterId: string;
  campaignId: string;
  accountId: string;
  kind: 'letter' | 'reminder' | 'tahsilat';
  to: string[];
  cc: string[];
  subject: string;
  state: 'queued' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  smtp: string | null;
  messageId: string | null;
  createdAt: string;
  sentAt: string | null;
  replyUrl: string | null;
  attachmentName: string;
  /** Sent while the server stopped: it may have gone out twice (marked, not hidden). */
  maybeTwice?: boolean;
}

export interface MutabakatStatus {
  demo: boolean;
  mail: MailMode;
  mailProblem?: string;
  publicUrl: string;
  database: 'pglite' | 'postgres';
}
