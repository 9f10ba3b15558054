/**
 * Mutabakat on the server: opens the database (migrations applied), starts the jobs worker
 * (preparation, mails, reminders), and gives the gateway its /api/mutabakat routes and the public
 * reply app (/yanit/*), and the /api/tahsilat routes on the same database, outbox and worker. A database
 * that cannot be reached at start-up is retried on each request (clear 503s meanwhile); a DATA_DIR held
 * by another process stops the start with DataDirLockedError. MUTABAKAT=0 turns off mutabakat and BA/BS
 * only, TAHSILAT=0 tahsilat only (each one's routes answer 503 saying so); with both off no database
 * is opened.
 */
import type { Context, Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { CompanyInfo, GatewayEnv, MountCookies } from '../gateway/config';
import type { UpstreamOptions } from '../gateway/upstream';
import { DataDirLockedError } from '../db/lock';
import { openDatabase, type Database } from '../db/open';
import { contacts } from '../db/schema';
import { DEMO_SEED } from '../mutabakat/contacts';
import { every, prune, type Job } from '../jobs/queue';
import { Worker } from '../jobs/worker';
import { sendJobs, type UnrecordedTry } from '../mail/outbox';
import { letterMailHooks } from '../mutabakat/letter-mail';
import { disabledTransport, outboxTransport, smtpTransport, type MailTransport } from '../mail/transport';
import { createReplyApp } from '../reply/app';
import type { AppCtx } from './context';
import { upstreamSource, type ErpSource } from './erp';
import { MUT_MESSAGES, MutError } from './errors';
import { prepareJob } from '../mutabakat/prepare';
import { startLetterThreads } from '../mutabakat/pdf-pool';
import { warmUpCampaigns } from '../mutabakat/warm-up';
import { remindJob, scanReminders } from '../mutabakat/reminders';
import { addMutabakatRoutes } from '../mutabakat/routes';
import { addTahsilatRoutes } from '../tahsilat/routes';
import { addAuditRoutes } from '../audit/routes';
import { DAILY_PROPOSAL, dailyProposal } from '../tahsilat/daily';
import type { AppSettings } from './settings';

export interface StartAppOptions {
  settings: AppSettings;
  upstream: UpstreamOptions;
  company: CompanyInfo;
  /** LETTER_TTK94_CLAUSE (default on). */
  ttk94Clause?: boolean;
  log?: (line: string) => void;
  now?: () => Date;
  /** Tests: an ERP source / transport of their own. */
  erp?: ErpSource;
  transport?: MailTransport;
  /** PGlite: start a new folder from this dump (tests). */
  loadDataDir?: Blob;
  /** Tests: an open, empty database to use instead of opening one; left open by close(). */
  database?: Database;
  /** Demo contacts filled on an empty table (default: in demo mode). */
  seedDemo?: boolean;
  /** false: no background worker (tests drive `worker.drain()`). */
  runWorker?: boolean;
  workerIntervalMs?: number;
  /** A claimed job's lease (default 60 s; renewed while it runs). */
  jobLeaseMs?: number;
  /** Tests: the wait before a failed job's next try (default 2 s, doubling). */
  jobRetryBaseMs?: number;
  retryBaseMs?: number;
  maxMailAttempts?: number;
  /** Client address for the reply page's limiter (the gateway's trusted-proxy rule). */
  addressOf?: (c: Context) => string;
  /** The reply page's limits (default 120 a minute per address, 30 per token). */
  replyLimits?: { perAddress?: { max: number; windowMs: number }; perToken?: { max: number; windowMs: number } };
  /** How long the reply page keeps a rendered, unanswered form (default 2 s; 0: not at all; server/reply/page-cache.ts). */
  replyPageCacheMs?: number;
}

export interface ActingApp {
  mount(app: Hono<GatewayEnv>, cookies: MountCookies): void;
  reply: Hono;
  ctx(): Promise<AppCtx>;
  worker(): Promise<Worker>;
  close(): Promise<void>;
}

export async function startApp(o: StartAppOptions): Promise<ActingApp> {
  const log = o.log ?? ((l: string) => console.info(l));
  const now = o.now ?? (() => new Date());
  const s = o.settings;
  const transport = o.transport ?? (s.smtpUrl ? smtpTransport(s.smtpUrl) : s.demo ? outboxTransport() : disabledTransport());
  const erp = o.erp ?? upstreamSource(o.upstream);
  let database: Database | null = null;
  let opening: Promise<Database> | null = null;
  let lastFailure = 0;
  let worker: Worker | null = null;
  let closed = false;
  /** The start-up warm-up while it runs (close() waits for its chunk to end). */
  let warming: Promise<void> | null = null;

  const unrecorded = new Map<string, UnrecordedTry>();
  const build = (d: Database): AppCtx => ({
    d,
    db: d.db,
    settings: s,
    company: o.company,
    ttk94Clause: o.ttk94Clause !== false,
    transport,
    erp,
    now,
    log,
    retryBaseMs: o.retryBaseMs ?? 30_000,
    maxMailAttempts: o.maxMailAttempts ?? 6,
    unrecorded,
    mailHooks: letterMailHooks,
  });

  const openDb = async (): Promise<Database> => {
    const d = o.database ?? (await openDatabase({ databaseUrl: s.databaseUrl, dataDir: s.dataDir, log, loadDataDir: o.loadDataDir }));
    database = d;
    const ctx = build(d);
    const retentionMs = (s.jobsRetentionDays ?? 14) * 86_400_000;
    worker = new Worker(d, {
      // A feature switched off leaves its jobs queued (taken up again once it is on); mails go for both.
      handlers: {
        ...(s.enabled
          ? { prepare: (j: Job) => prepareJob(ctx, j), remind: (j: Job) => remindJob(ctx, j), remind_scan: async () => void (await scanReminders(ctx)) }
          : {}),
        ...(tahsilatOn ? { tahsilat_propose: () => dailyProposal(ctx) } : {}),
        jobs_prune: async () => void (await prune(d, now(), retentionMs, Math.max(retentionMs, 90 * 86_400_000))),
      },
      batchHandlers: { send: { max: 40, run: (list) => sendJobs(ctx, list) } },
      // The running server's cron (tests drive the worker and call these themselves), in Istanbul's day:
      // the tahsilat proposal at 07:00, the reminder scan every 10 minutes, pruning every hour.
      schedules:
        o.runWorker === false
          ? []
          : [...(tahsilatOn ? [DAILY_PROPOSAL] : []), ...(s.enabled ? [every('remind_scan', 10 * 60_000)] : []), every('jobs_prune', 3_600_000)],
      now,
      log,
      intervalMs: o.workerIntervalMs ?? 500,
      leaseMs: o.jobLeaseMs ?? 60_000,
      retryBaseMs: o.jobRetryBaseMs,
    });
    if (o.runWorker !== false && !closed) {
      worker.start();
      // This server prepares letters: its letter threads start now, not at the first campaign; then a
      // campaign's code is compiled on made-up letters, rolled back (embedded database only).
      if (s.enabled) {
        const threads = startLetterThreads();
        if (s.warmUp && d.kind === 'pglite')
          warming = threads.then(async () => {
            const t = performance.now();
            const n = await warmUpCampaigns(ctx, { stop: () => closed });
            if (n > 0 && !closed)
              log(`mutabakat: a campaign's code compiled at start (${n} made-up letters prepared, rolled back) in ${Math.round(performance.now() - t)} ms`);
          });
      }
    }
    // The demo's addresses (seedDemoContacts): a server closed meanwhile (a test, a start that fails)
    // writes none and says nothing of it; close() does not wait for the ERP's account list.
    if (o.seedDemo ?? s.demo)
      void seedDemoContacts(ctx, () => closed).catch((e: unknown) => {
        if (!closed) log(`mutabakat: demo contacts not filled (${(e as Error).message.slice(0, 120)})`);
      });
    return d;
  };

  const tahsilatOn = s.tahsilat !== false;
  const ensure = async (feature: 'mutabakat' | 'tahsilat' | 'any' = 'any'): Promise<Database> => {
    if (feature === 'mutabakat' && !s.enabled) throw new MutError('disabled', MUT_MESSAGES.disabled);
    if (feature === 'tahsilat' && !tahsilatOn) throw new MutError('disabled', MUT_MESSAGES.tahsilatDisabled);
    if (!s.enabled && !tahsilatOn) throw new MutError('disabled', MUT_MESSAGES.disabled);
    if (database) return database;
    if (!opening) {
      if (Date.now() - lastFailure < 2000) throw new MutError('db_unavailable', MUT_MESSAGES.dbUnavailable);
      opening = openDb().catch((e: unknown) => {
        opening = null;
        lastFailure = Date.now();
        throw e instanceof DataDirLockedError ? e : new MutError('db_unavailable', MUT_MESSAGES.dbUnavailable);
      });
    }
    return opening;
  };

  // Which of the two runs, said at start-up: MUTABAKAT=0 alone leaves tahsilat on.
  const what =
    s.enabled && tahsilatOn ? 'mutabakat' : s.enabled ? 'mutabakat (tahsilat off: TAHSILAT=0)' : tahsilatOn ? 'mutabakat off (MUTABAKAT=0); tahsilat' : '';
  if (!what) log('mutabakat and tahsilat: off (MUTABAKAT=0, TAHSILAT=0); no database opened');
  else {
    try {
      await ensure();
      log(
        `${what}: database ${database!.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${s.dataDir}`}; mail: ${transport.mode === 'smtp' ? 'SMTP' : transport.mode === 'outbox' ? 'demo outbox (no SMTP_URL)' : 'off (SMTP_URL not set)'}`,
      );
    } catch (e) {
      if (e instanceof DataDirLockedError) throw e;
      log(`${what}: database unreachable at start-up; retried on each request`);
    }
  }

  const ctx = async () => build(await ensure());
  const mutabakatCtx = async () => build(await ensure('mutabakat'));
  const tahsilatCtx = async () => build(await ensure('tahsilat'));
  return {
    mount(app, cookies) {
      addMutabakatRoutes(app, cookies, {
        getCtx: mutabakatCtx,
        mailMode: () => ({ mail: transport.mode, database: database?.kind ?? null, demo: s.demo, publicUrl: s.publicUrl }),
      });
      addTahsilatRoutes(app, cookies, tahsilatCtx);
      addAuditRoutes(app, cookies, mutabakatCtx, { addressOf: o.addressOf ?? (() => 'unknown') });
    },
    reply: createReplyApp(mutabakatCtx, { addressOf: o.addressOf ?? (() => 'unknown'), ...o.replyLimits, pageCacheMs: o.replyPageCacheMs }),
    ctx,
    async worker() {
      await ensure();
      return worker!;
    },
    async close() {
      closed = true;
      await worker?.stop();
      await warming;
      transport.close();
      if (database !== o.database) await database?.close();
      database = null;
    },
  };
}

/** Demo mode: every account but each tenth gets a mutabakat address, so a new user can send at once and see "adres yok". */
async function seedDemoContacts(ctx: AppCtx, closed: () => boolean): Promise<void> {
  const counted = await ctx.d.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM contacts`);
  if ((counted[0]?.n ?? 0) > 0) return;
  const accounts = [...(await ctx.erp.accounts()).values()];
  if (closed()) return;
  const at = ctx.now();
  const rows = accounts
    .filter((_, i) => i % 10 !== 9)
    .slice(0, 5000)
    .map((a) => ({
      accountId: a.id,
      to: [`muhasebe.${a.id}@demo.example`],
      cc: [],
      person: 'Muhasebe Yetkilisi',
      updatedAt: at,
      updatedBy: DEMO_SEED,
    }));
  // All or none: a start closed half-way leaves no partial list (the next start fills it only when empty).
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) {
      if (closed()) throw new Error('closed');
      await tx
        .insert(contacts)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
    }
  });
}
