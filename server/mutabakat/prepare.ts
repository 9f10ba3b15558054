/**
 * The 'prepare' job: for a chunk of a campaign's letters, each statement read from the ERP (bounded
 * concurrency), the balance from the one ledger engine (letterBalance → running-balance → ledger.ts),
 * the PDF from the browser's own letter definition, frozen with its SHA-256; then queued for mail when
 * the campaign sends and the account has an address (else listed as no_address, printable).
 * A letter already prepared is skipped, so a chunk claimed again after a crash does no work twice.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { campaigns, letters, type LetterSnapshot } from '../db/schema';
import { letterBalance, letterRows } from '../../src/domain/letter/letter-balance';
import { isDocumentNumberColumn } from '../../src/domain/document-number';
import { prepareStatement } from '../../src/domain/running-balance';
import { todayIso } from '../../src/domain/dates';
import { formatDate, formatDateTime } from '../../src/domain/format';
import { runPool } from '../../src/domain/run-pool';
import type { Account } from '../../src/domain/erp-types';
import { extend, type Job } from '../jobs/queue';
import { queueMail } from '../mail/outbox';
import type { MutCtx } from './context';
import { appendEvent } from './events';
import { letterPdfBytes } from './pdf-pool';
import { prepareBabsOne } from './babs-prepare';

/**
 * ERP statements in flight at once across every preparation job of this process (the worker runs
 * several chunks at a time): at most MUTABAKAT_ERP_CONCURRENCY.
 */
const gate = { running: 0, waiting: [] as (() => void)[] };
async function withErpSlot<T>(limit: number, fn: () => Promise<T>): Promise<T> {
  if (gate.running >= limit) await new Promise<void>((ok) => gate.waiting.push(ok));
  gate.running++;
  try {
    return await fn();
  } finally {
    gate.running--;
    gate.waiting.shift()?.();
  }
}

/** Accounts list per campaign, read once per process while its chunks run. */
const accountCache = new Map<string, Promise<Map<string, Account>>>();

export async function prepareJob(ctx: MutCtx, job: Job): Promise<void> {
  const campaignId = String(job.payload.campaignId);
  const ids = (job.payload.letterIds as string[]) ?? [];
  const campaign = (await ctx.db.select().from(campaigns).where(eq(campaigns.id, campaignId)))[0];
  if (!campaign) return;
  const todo = await ctx.db.select({ id: letters.id, accountId: letters.accountId, to: letters.to, cc: letters.cc, person: letters.person, attempts: letters.prepareAttempts })
    .from(letters).where(and(inArray(letters.id, ids), eq(letters.state, 'preparing')));
  if (todo.length === 0) return;
  let accounts = accountCache.get(campaignId);
  if (!accounts) {
    accounts = ctx.erp.accounts();
    accountCache.set(campaignId, accounts);
    accounts.catch(() => accountCache.delete(campaignId));
    setTimeout(() => accountCache.delete(campaignId), 10 * 60_000).unref();
  }
  const byId = await accounts;
  let failures = 0;
  const heartbeat = setInterval(() => void extend(ctx.d, job.id, ctx.now(), 60_000).catch(() => undefined), 20_000);
  try {
    await runPool(todo, ctx.settings.erpConcurrency, async (l) => {
      try {
        await (campaign.kind === 'babs' ? prepareBabsOne : prepareOne)(ctx, campaign, l, byId.get(l.accountId));
      } catch (e) {
        failures++;
        const why = `${(e as Error).message}`.slice(0, 300);
        await ctx.db.update(letters).set({ prepareAttempts: sql`${letters.prepareAttempts} + 1`, lastError: why }).where(eq(letters.id, l.id)).catch(() => undefined);
        await appendEvent(ctx.db, ctx.now(), { campaignId, letterId: l.id, accountId: l.accountId, type: 'prepare_failed', detail: { error: why } }).catch(() => undefined);
      }
    });
  } finally {
    clearInterval(heartbeat);
  }
  // The job is retried (with growing waits) while any of its letters could not be prepared.
  if (failures > 0) throw new Error(`${failures} mektup hazırlanamadı (ERP)`);
}

async function prepareOne(
  ctx: MutCtx,
  campaign: typeof campaigns.$inferSelect,
  l: { id: string; accountId: string; to: string[]; cc: string[]; person: string },
  account: Account | undefined,
): Promise<void> {
  const statement = await withErpSlot(ctx.settings.erpConcurrency, () => ctx.erp.statement(l.accountId));
  const now = ctx.now();
  const today = todayIso(now);
  const p = prepareStatement(statement.lines, today);
  const b = letterBalance(p, campaign.asOf, today, account?.currency);
  const warnings: string[] = [];
  if (b.undated) warnings.push(`Tarihi okunamayan ${b.undated} satır bakiyeye dahil.`);
  if (b.unreadable) warnings.push(`Tutarı okunamayan ${b.unreadable} satır var: bakiye güvenilir değil.`);
  if (!account) warnings.push(`Firma ID ${l.accountId} ERP'nin cari listesinde bulunamadı.`);
  const rows = campaign.options.statementLines ? letterRows(p, campaign.options.from, campaign.asOf, today) : null;
  const docKey = statement.extraColumns.find(isDocumentNumberColumn)?.key ?? null;
  const name = account?.name ?? `Firma ${l.accountId}`;
  const props = {
    company: ctx.company, account: { id: l.accountId, name, province: account?.province, district: account?.district },
    asOf: campaign.asOf, issuedOn: today, balance: b.balance, rows, from: campaign.options.from, currency: b.currency, localBalance: b.localBalance, docKey,
    declaredMissing: b.declaredMissing, ttk94Clause: ctx.ttk94Clause,
  };
  const pdf = await letterPdfBytes(props, `Mutabakat ${name} ${formatDate(campaign.asOf)}`, formatDateTime(now));
  const sha = createHash('sha256').update(pdf).digest('hex');
  const snapshot: LetterSnapshot = { ours: [{ currency: b.currency, balance: b.balance }], localBalance: b.localBalance, warnings, lines: rows?.length ?? 0 };
  const hasAddress = l.to.length > 0;
  const state = !hasAddress ? 'no_address' : campaign.sendWhenReady && !campaign.cancelled && ctx.transport.mode !== 'disabled' ? 'queued' : 'prepared';
  await ctx.db.transaction(async (tx) => {
    const updated = await tx.update(letters).set({ state, accountName: name, snapshot, pdf, pdfSha256: sha, lastError: null })
      .where(and(eq(letters.id, l.id), eq(letters.state, 'preparing'))).returning({ id: letters.id });
    if (updated.length === 0) return; // prepared (or cancelled) meanwhile by another instance
    await appendEvent(tx, now, { campaignId: campaign.id, letterId: l.id, accountId: l.accountId, type: 'prepared', detail: { pdfSha256: sha, ours: snapshot.ours, localBalance: b.localBalance, warnings } });
    if (state === 'queued') {
      await queueMail(ctx, tx, { id: l.id, campaignId: campaign.id, accountId: l.accountId, accountName: name, to: l.to, cc: l.cc, person: l.person, snapshot }, campaign, 'letter', now, null);
    }
  });
}
