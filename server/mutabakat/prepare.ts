/**
 * The 'prepare' job: for a chunk of a campaign's letters, each statement read from the ERP (bounded
 * concurrency across the process), then built in a letter thread (pdf-pool.ts → letter-build.ts: the
 * balance from the one ledger engine, the browser's own letter definition, the PDF with its SHA-256)
 * while the next statements are read; the chunk's letters are frozen in one transaction (one UPDATE,
 * multi-row inserts of events, and of tokens, mails and send jobs when the campaign sends). A letter
 * with an address is queued for mail when the campaign sends; one without is listed as no_address,
 * printable. A letter already prepared is skipped, so a chunk claimed again after a crash does no work twice.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { campaigns, letters } from '../db/schema';
import { todayIso } from '../../src/domain/dates';
import { formatDateTime } from '../../src/domain/format';
import { runPool } from '../../src/domain/run-pool';
import type { Account } from '../../src/domain/erp-types';
import type { Job } from '../jobs/queue';
import { queueMails } from './letter-mail';
import type { AppCtx } from '../app/context';
import { appendEvents } from './events';
import type { BuiltLetter, LetterInput } from './letter-build';
import { buildLetterInPool, campaignAccountsFromErp, campaignAccountsInPool } from './pdf-pool';
import { prepareBabsOne } from '../babs/prepare';
import { backgroundErp } from '../gateway/erp-share';

/** Accounts list per campaign, read once per process while its chunks run. */
const accountCache = new Map<string, Promise<Map<string, Account>>>();

/** A campaign's account list let go now (warm-up.ts: its made-up campaigns are rolled back at once). */
export function forgetCampaignAccounts(campaignId: string): void {
  accountCache.delete(campaignId);
}

/** Letters (PDFs) per UPDATE statement of a chunk's transaction. */
const SAVE_STATEMENT = 5;

type Todo = { id: string; accountId: string; to: string[]; cc: string[]; person: string };

export async function prepareJob(ctx: AppCtx, job: Job): Promise<void> {
  const campaignId = String(job.payload.campaignId);
  const ids = (job.payload.letterIds as string[]) ?? [];
  const campaign = (await ctx.db.select().from(campaigns).where(eq(campaigns.id, campaignId)))[0];
  if (!campaign) return;
  const todo = await ctx.db
    .select({ id: letters.id, accountId: letters.accountId, to: letters.to, cc: letters.cc, person: letters.person, attempts: letters.prepareAttempts })
    .from(letters)
    .where(and(inArray(letters.id, ids), eq(letters.state, 'preparing')));
  if (todo.length === 0) return;
  let accounts = accountCache.get(campaignId);
  if (!accounts) {
    accounts = readCampaignAccounts(ctx, campaignId);
    accountCache.set(campaignId, accounts);
    accounts.catch(() => accountCache.delete(campaignId));
    setTimeout(() => accountCache.delete(campaignId), 10 * 60_000).unref();
  }
  const now = ctx.now();
  const built: { l: Todo; b: BuiltLetter }[] = [];
  const failed: { l: Todo & { attempts: number }; why: string }[] = [];
  // The account list (names, places, currencies) is read while the statements are: a letter waits for
  // it only to be built. At 100,000 accounts its read took 0.6–1.2 s of a campaign's start, when no
  // statement was read. Unreadable, no further statement is asked for and every letter of the chunk failed this try.
  const listState: { failed: boolean; error?: unknown } = { failed: false };
  const list: Promise<Map<string, Account> | null> = accounts.catch((error: unknown) => {
    Object.assign(listState, { failed: true, error });
    return null;
  });
  // Every letter of the chunk at once: the ERP gate bounds the reads, the pool queues the builds,
  // so a letter's PDF is made while the next statements are read.
  await runPool(todo, campaign.kind === 'babs' ? ctx.settings.erpConcurrency : todo.length, async (l) => {
    try {
      if (campaign.kind === 'babs') {
        // A BA/BS letter is prepared and saved on its own (babs-prepare.ts), with the list read first.
        const byId = await list;
        if (byId) await prepareBabsOne(ctx, campaign, l, byId.get(l.accountId));
      } else {
        const b = await buildOne(ctx, campaign, l, { byId: list, failed: () => listState.failed }, now);
        if (b) built.push({ l, b });
      }
    } catch (e) {
      failed.push({ l, why: prepareReason(e) });
    }
  });
  if (!listState.failed) await save(ctx, campaign, built, now);
  else {
    failed.length = 0;
    for (const l of todo) failed.push({ l, why: prepareReason(listState.error, 'Hesap listesi') });
  }
  if (failed.length > 0) {
    // A letter that failed its last try (or whose job has been claimed too often: its process kept
    // dying) ends as prepare_failed; the others are tried again by the job's retry.
    const last = (f: (typeof failed)[number]) => f.l.attempts + 1 >= PREPARE_TRIES || job.attempts >= PREPARE_JOB_CLAIMS;
    const ended = failed.filter(last);
    const byId = await list;
    await ctx.db.transaction(async (tx) => {
      for (const f of failed) {
        // The account's name from the ERP's list (when it was read): the board names the letter it could not prepare.
        const name = byId?.get(f.l.accountId)?.name;
        await tx
          .update(letters)
          .set({
            prepareAttempts: sql`${letters.prepareAttempts} + 1`,
            lastError: f.why,
            ...(name ? { accountName: name } : {}),
            ...(last(f) ? { state: 'prepare_failed' } : {}),
          })
          .where(and(eq(letters.id, f.l.id), eq(letters.state, 'preparing')));
      }
      await appendEvents(
        tx,
        ctx.now(),
        failed.map((f) => ({
          campaignId,
          letterId: f.l.id,
          accountId: f.l.accountId,
          type: 'prepare_failed',
          detail: { error: f.why, attempt: f.l.attempts + 1, final: last(f) },
        })),
      );
    });
    if (ended.length < failed.length) throw new Error(`${failed.length - ended.length} mektup hazırlanamadı (ERP); yeniden denenecek`);
  }
}

/** Tries of one letter's preparation before it ends as prepare_failed (the job retries in 4 s, then 8 s). */
const PREPARE_TRIES = 3;
/** Claims of one preparation job after which its letters end whatever happens (a process that dies at each try). */
const PREPARE_JOB_CLAIMS = 5;

/** Why a letter could not be prepared, in Turkish for the board. */
function prepareReason(e: unknown, what = 'Hesabın ekstresi'): string {
  const m = `${(e as Error)?.message ?? e}`.trim().slice(0, 280);
  return /[ğüşıöçĞÜŞİÖÇ]/.test(m) ? m : `${what} ERP'den okunamadı (${m || 'bilinmeyen hata'}).`;
}

/**
 * The campaign's accounts (names, places, currencies) from the ERP's account list, read in a letter
 * thread: at 100,000 accounts the list is 17 MB of JSON, which read on the event loop held every
 * gateway answer for hundreds of ms at each campaign's start.
 */
async function readCampaignAccounts(ctx: AppCtx, campaignId: string): Promise<Map<string, Account>> {
  if (!ctx.erp.accountsRaw) return ctx.erp.accounts();
  const ids = async () =>
    (await ctx.db.select({ accountId: letters.accountId }).from(letters).where(eq(letters.campaignId, campaignId))).map((r) => r.accountId);
  const byId = (list: Account[]) => new Map(list.map((a) => [a.id, a]));
  // An ERP over the network: the letter thread asks for the list itself, so its 17 MB (100,000 accounts) never
  // cross this thread. Read here, its chunks held the calls of people using the app for 60–130 ms at a
  // campaign's start on a slow machine (bench:mutabakat's slow pass), whatever the thread then did with them.
  const inThread = ctx.erp.accountsFrom ? campaignAccountsFromErp(ctx.erp.accountsFrom, await ids()) : null;
  if (inThread) return byId(await inThread);
  const [raw, campaignIds] = await Promise.all([ctx.erp.accountsRaw(), ids()]);
  return byId(await campaignAccountsInPool(raw, campaignIds));
}

/** The campaign's account list as a letter sees it: still being read (`byId` pending), read, or failed. */
interface CampaignList {
  byId: Promise<Map<string, Account> | null>;
  failed(): boolean;
}

/** A letter built, or null when the account list failed (its statement then not asked for, or not used). */
async function buildOne(ctx: AppCtx, campaign: typeof campaigns.$inferSelect, l: Todo, list: CampaignList, now: Date): Promise<BuiltLetter | null> {
  const erp = ctx.erp;
  // At most MUTABAKAT_ERP_CONCURRENCY statements in flight across the process's preparation jobs, a
  // third of that while people are using the ERP through the app (gateway/erp-share.ts).
  const read = await backgroundErp(ctx.settings.erpConcurrency, async () => {
    if (list.failed()) return null;
    return erp.statementRaw ? { raw: await erp.statementRaw(l.accountId) } : { statement: await erp.statement(l.accountId) };
  });
  const byId = read && (await list.byId);
  if (!byId) return null;
  const account = byId.get(l.accountId);
  const input: LetterInput = {
    ...read,
    accountId: l.accountId,
    account: account ? { name: account.name, province: account.province, district: account.district, currency: account.currency ?? null } : null,
    asOf: campaign.asOf,
    options: campaign.options,
    company: ctx.company,
    ttk94Clause: ctx.ttk94Clause,
    today: todayIso(now),
    madeAt: formatDateTime(now),
    at: now.toISOString(),
  };
  return buildLetterInPool(input);
}

/** The chunk's letters frozen in one transaction; a letter prepared (or cancelled) meanwhile by another instance is left as it is. */
async function save(ctx: AppCtx, campaign: typeof campaigns.$inferSelect, built: readonly { l: Todo; b: BuiltLetter }[], now: Date): Promise<void> {
  if (built.length === 0) return;
  const sends = campaign.sendWhenReady && !campaign.cancelled && ctx.transport.mode !== 'disabled';
  const stateOf = (l: Todo) => (l.to.length === 0 ? 'no_address' : sends ? 'queued' : 'prepared');
  await ctx.db.transaction(async (tx) => {
    // A few letters per statement: a statement's PDFs are copied in one piece on the event loop (into
    // the embedded database's thread, or by pg onto the socket), so no copy holds it for a whole chunk.
    const done = new Set<string>();
    for (let i = 0; i < built.length; i += SAVE_STATEMENT) {
      const values = sql.join(
        built
          .slice(i, i + SAVE_STATEMENT)
          .map(
            ({ l, b }) => sql`(${l.id}::text, ${stateOf(l)}::text, ${b.name}::text, ${JSON.stringify(b.snapshot)}::jsonb, ${b.pdf}::bytea, ${b.sha256}::text)`,
          ),
        sql`, `,
      );
      const updated =
        await tx.execute(sql`UPDATE letters AS l SET state = v.state, account_name = v.name, snapshot = v.snapshot, pdf = v.pdf, pdf_sha256 = v.sha, last_error = NULL
        FROM (VALUES ${values}) AS v(id, state, name, snapshot, pdf, sha)
        WHERE l.id = v.id AND l.state = 'preparing' RETURNING l.id`);
      for (const r of (updated as unknown as { rows: { id: string }[] }).rows) done.add(r.id);
    }
    const saved = built.filter(({ l }) => done.has(l.id));
    await appendEvents(
      tx,
      now,
      saved.map(({ l, b }) => ({
        campaignId: campaign.id,
        letterId: l.id,
        accountId: l.accountId,
        type: 'prepared',
        detail: { pdfSha256: b.sha256, ours: b.snapshot.ours, localBalance: b.snapshot.localBalance, warnings: b.snapshot.warnings },
      })),
    );
    const queued = saved.filter(({ l }) => stateOf(l) === 'queued');
    await queueMails(
      ctx,
      tx,
      queued.map(({ l, b }) => ({
        id: l.id,
        campaignId: campaign.id,
        accountId: l.accountId,
        accountName: b.name,
        to: l.to,
        cc: l.cc,
        person: l.person,
        snapshot: b.snapshot,
      })),
      campaign,
      'letter',
      now,
      null,
    );
  });
}
