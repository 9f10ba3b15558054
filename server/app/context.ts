/** What every mutabakat part is given: the database, settings, our company, the mail transport, the ERP, the clock. */
import type { Database, Db } from '../db/open';
import type { CompanyInfo } from '../gateway/config';
import type { MailHooks } from '../mail/outbox';
import type { MailTransport } from '../mail/transport';
import type { ErpSource } from './erp';
import type { AppSettings } from './settings';

export interface AppCtx {
  d: Database;
  db: Db;
  settings: AppSettings;
  company: CompanyInfo;
  /** LETTER_TTK94_CLAUSE: the letters' TTK md. 94 sentence (default on). */
  ttk94Clause: boolean;
  transport: MailTransport;
  erp: ErpSource;
  now: () => Date;
  log: (line: string) => void;
  /** First retry of a failed mail after this long, doubling (default 30 s). */
  retryBaseMs: number;
  /** Tries of one mail before it is failed for good (default 6). */
  maxMailAttempts: number;
  /**
   * Mails the relay accepted whose record could not be written yet (the database away): this process
   * records them on the job's next round and never sends them again (server/mail/outbox.ts).
   */
  unrecorded: Map<string, { messageId: string; response: string }>;
  /** What a letter's mail does to its letter as the outbox sends it (server/mutabakat/letter-mail.ts). */
  mailHooks: MailHooks;
}
