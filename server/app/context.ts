/** What every part of the app (mutabakat, BA/BS, tahsilat, the reply page) is given: the database, settings, our company, the mail transport, the ERP, the clock. */
import type { Database } from '../db/open';
import type { CompanyInfo } from '../gateway/config';
import type { OutboxCtx } from '../mail/outbox';
import type { ErpSource } from './erp';
import type { AppSettings } from './settings';

/** The outbox's part of it (db, transport, clock, log, the mail retry schedule, the unrecorded mails, the letter hooks) is OutboxCtx. */
export interface AppCtx extends OutboxCtx {
  d: Database;
  settings: AppSettings;
  company: CompanyInfo;
  /** LETTER_TTK94_CLAUSE: the letters' TTK md. 94 sentence (default on). */
  ttk94Clause: boolean;
  erp: ErpSource;
}
