/**
 * Mutabakat settings from the environment: DATABASE_URL (PostgreSQL) or DATA_DIR (embedded PGlite,
 * default .cari-data/), SMTP_URL, MAIL_FROM, MAIL_REPLY_TO, PUBLIC_URL (the reply links' origin),
 * MUTABAKAT=0 (mutabakat and BA/BS campaigns off: their routes and the reply pages answer 503),
 * TAHSILAT=0 (tahsilat off, the same way). Tahsilat keeps its records in the same database: it is
 * opened while either is on; with both off no database is opened. JOBS_RETENTION_DAYS: finished jobs
 * kept (default 14).
 */
import { resolve } from 'node:path';
import { DEFAULT_DATA_DIR } from '../db/open';

export interface AppSettings {
  /** Mutabakat and BA/BS campaigns (MUTABAKAT, default on). */
  enabled: boolean;
  /** Tahsilat (TAHSILAT, default on; absent: on). Independent of MUTABAKAT. */
  tahsilat?: boolean;
  demo: boolean;
  databaseUrl?: string;
  dataDir: string;
  smtpUrl?: string;
  mailFrom: string;
  mailReplyTo?: string;
  /** Origin of the reply links, without a trailing slash. */
  publicUrl: string;
  /** PUBLIC_URL not set: the server fills in its own address once it listens. */
  publicUrlDefault: boolean;
  /** ERP statements read at once while a campaign is prepared (MUTABAKAT_ERP_CONCURRENCY, default 6). */
  erpConcurrency: number;
  /** Finished jobs kept this many days before they are pruned (JOBS_RETENTION_DAYS, default 14; failed ones 90). */
  jobsRetentionDays?: number;
  /** At start, a campaign's code compiled on made-up letters, rolled back (MUTABAKAT_WARMUP, default on; embedded database only; mutabakat/warm-up.ts). */
  warmUp?: boolean;
}

type Env = Record<string, string | undefined>;
const present = (v: string | undefined): v is string => v !== undefined && v.trim() !== '';

export function resolveAppSettings(env: Env, o: { demo: boolean; cwd: string; host: string; port: number }, problems: string[]): AppSettings {
  const off = (v: string | undefined) => /^(0|false|no|off)$/i.test((v ?? '').trim());
  const enabled = !off(env.MUTABAKAT);
  let publicUrl = `http://${o.host === '0.0.0.0' || o.host === '::' ? '127.0.0.1' : o.host}:${o.port}`;
  if (present(env.PUBLIC_URL)) {
    try {
      const u = new URL(env.PUBLIC_URL.trim());
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
      publicUrl = u.href.replace(/\/+$/, '');
    } catch {
      problems.push('PUBLIC_URL must be an http(s) URL (the address the counterparts open, e.g. https://cari.example.com)');
    }
  }
  if (present(env.DATABASE_URL) && !/^postgres(ql)?:\/\//i.test(env.DATABASE_URL.trim())) problems.push('DATABASE_URL must be a postgres:// URL');
  if (present(env.SMTP_URL) && !/^smtps?:\/\//i.test(env.SMTP_URL.trim())) problems.push('SMTP_URL must be an smtp:// or smtps:// URL');
  if (present(env.SMTP_URL) && !present(env.MAIL_FROM) && !o.demo)
    problems.push('MAIL_FROM is required with SMTP_URL (the sender address of the mutabakat mails)');
  const concurrency = present(env.MUTABAKAT_ERP_CONCURRENCY) ? Number(env.MUTABAKAT_ERP_CONCURRENCY) : 6;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) problems.push('MUTABAKAT_ERP_CONCURRENCY must be a whole number 1..64');
  const retention = present(env.JOBS_RETENTION_DAYS) ? Number(env.JOBS_RETENTION_DAYS) : 14;
  if (!Number.isInteger(retention) || retention < 1 || retention > 3650) problems.push('JOBS_RETENTION_DAYS must be a whole number of days 1..3650');
  return {
    enabled,
    tahsilat: !off(env.TAHSILAT),
    demo: o.demo,
    ...(present(env.DATABASE_URL) ? { databaseUrl: env.DATABASE_URL.trim() } : {}),
    dataDir: resolve(o.cwd, present(env.DATA_DIR) ? env.DATA_DIR.trim() : DEFAULT_DATA_DIR),
    ...(present(env.SMTP_URL) ? { smtpUrl: env.SMTP_URL.trim() } : {}),
    mailFrom: present(env.MAIL_FROM) ? env.MAIL_FROM.trim() : 'Cari Ekran (demo) <mutabakat@demo.invalid>',
    ...(present(env.MAIL_REPLY_TO) ? { mailReplyTo: env.MAIL_REPLY_TO.trim() } : {}),
    publicUrl,
    publicUrlDefault: !present(env.PUBLIC_URL),
    erpConcurrency: Number.isInteger(concurrency) && concurrency >= 1 ? Math.min(concurrency, 64) : 6,
    jobsRetentionDays: Number.isInteger(retention) && retention >= 1 ? Math.min(retention, 3650) : 14,
    warmUp: !off(env.MUTABAKAT_WARMUP),
  };
}
