/**
 * A campaign's code compiled before the first campaign (embedded database only). A server's first
 * campaign after a start paid for V8 compiling what it runs — the main thread's code, the letter
 * thread's, and the embedded database's (PGlite's Postgres, tiered up by V8's helper threads): on a
 * 2-core machine held to a third of its CPU, 1.6–1.8 times the statements' own reading time, against
 * 1.2–1.3 for the same campaign again (bench/RESULTS.md, session 30).
 *
 * At start (app/index.ts, after the letter threads), this prepares made-up letters through the same
 * code — createCampaign, then prepareJob: each statement read, its letter built in the letter thread,
 * the chunk frozen with its events — with the demo ERP's statements, made in this process: the ERP is
 * not called. Each chunk is one transaction that is rolled back. The embedded database has one
 * connection, held by that transaction, so nothing else runs meanwhile; the sequences it moved are set
 * back inside it (setval is not undone by a rollback). Nothing of it is left: no row, no event, no gap
 * in an id. On PostgreSQL it does not run: the larger share, the database's own compiling, is not ours
 * there, and other instances share its connections and sequences.
 *
 * MUTABAKAT_WARMUP=0 turns it off; the tests leave it off unless they test it.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createDemoErp } from '../demo-erp/index';
import { parseErpBody, readAccounts, readStatement } from '../../src/domain/reader';
import type { AppCtx } from '../app/context';
import type { ErpSource } from '../app/erp';
import { letters } from '../db/schema';
import { createCampaign, PREPARE_CHUNK } from './campaigns';
import { forgetCampaignAccounts, prepareJob } from './prepare';

/** Letters prepared and rolled back (8 chunks of 25): session 30's measure. */
const WARM_UP_LETTERS = 200;

class RolledBack extends Error {}

/** The demo ERP's answers (its 330 accounts), made in this process: no socket, no ERP; its dataset let go after (4 MB). */
function demoSource(): { source: ErpSource; ids: string[] } {
  const password = randomBytes(12).toString('hex');
  const demo = createDemoErp({ apiPassword: password, memo: false, shared: false });
  const call = async (operation: string, params: Record<string, string>) => {
    const url = `http://warm-up.invalid/wex.cfm/${demo.options.service}/${operation}?password=${password}`;
    const r = await demo.fetch(new Request(url, { method: 'POST', body: new URLSearchParams(params) }));
    return { status: r.status, body: await r.arrayBuffer() };
  };
  const text = (b: ArrayBuffer) => new TextDecoder().decode(b);
  const source: ErpSource = {
    accountsRaw: () => call('get_cari', { firma_ismi: '' }),
    async accounts() {
      const a = await call('get_cari', { firma_ismi: '' });
      return new Map(readAccounts(parseErpBody(text(a.body), a.status)).accounts.map((x) => [x.id, x]));
    },
    statementRaw: (id) => call('get_cari_extre', { cari_id: id }),
    async statement(id) {
      const a = await call('get_cari_extre', { cari_id: id });
      return readStatement(parseErpBody(text(a.body), a.status));
    },
    invoices: () => Promise.reject(new Error('warm-up: no invoices')),
  };
  return { source, ids: demo.dataset.accounts.map((a) => a.id) };
}

export interface WarmUpOptions {
  /** Letters (default WARM_UP_LETTERS). */
  count?: number;
  /** Asked before each chunk: true stops it (a server closing). */
  stop?: () => boolean;
  /** The statements' source (default the demo ERP's, in this process; tests: one that fails). */
  source?: { source: ErpSource; ids: string[] };
}

/**
 * Prepares made-up letters, a chunk at a time, and rolls every chunk back. Resolves with the letters
 * prepared before their rollback (0: not run, the database is PostgreSQL). A failure is logged and ends
 * it — its chunk rolled back and its sequences set back too: the server runs on without it.
 */
export async function warmUpCampaigns(ctx: AppCtx, o: WarmUpOptions = {}): Promise<number> {
  if (ctx.d.kind !== 'pglite') return 0;
  const stop = o.stop ?? (() => false);
  let prepared = 0;
  try {
    const { source, ids } = o.source ?? demoSource();
    if (ids.length === 0) return 0;
    const pick = Array.from({ length: o.count ?? WARM_UP_LETTERS }, (_, i) => ids[i % ids.length]!);
    const by = { userName: 'warm-up', name: 'warm-up' };
    for (let i = 0; i < pick.length && !stop(); i += PREPARE_CHUNK) {
      let campaignId = '';
      await ctx.db
        .transaction(async (tx) => {
          const sequences = await sequencesOf(tx);
          let failure: unknown = new RolledBack();
          try {
            // In a savepoint: whatever fails in it (a letter, a statement), the sequences are still set back below.
            await tx.transaction(async (sp) => {
              const db = sp as unknown as AppCtx['db'];
              const accountIds = pick.slice(i, i + PREPARE_CHUNK);
              // Both kinds of letter: the balance alone, and with the statement's lines.
              const options = { statementLines: (i / PREPARE_CHUNK) % 2 === 1, openItems: false, from: null };
              const input = { name: 'warm-up', accountIds, asOf: '2026-06-30', deadline: '2026-12-31', reminderDays: [7], options, send: false };
              campaignId = await createCampaign(db, input, by, ctx.now());
              const letterIds = (await sp.select({ id: letters.id }).from(letters).where(eq(letters.campaignId, campaignId))).map((r) => r.id);
              await prepareJob({ ...ctx, db, erp: source }, { id: 0, kind: 'prepare', payload: { campaignId, letterIds }, attempts: 1 } as never);
              const done = await sp.execute(sql`SELECT count(*)::int AS n FROM letters WHERE campaign_id = ${campaignId} AND state <> 'preparing'`);
              prepared += (done as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
            });
          } catch (e) {
            failure = e;
          }
          for (const s of sequences) await tx.execute(sql`SELECT setval(${s.name}::regclass, ${s.value}::bigint, ${s.called})`);
          throw failure;
        })
        .catch((e: unknown) => {
          if (!(e instanceof RolledBack)) throw e;
        })
        .finally(() => forgetCampaignAccounts(campaignId));
    }
  } catch (e) {
    if (!stop()) ctx.log(`mutabakat: start-up warm-up stopped, nothing of it kept (${(e as Error).message.slice(0, 160)})`);
  }
  return prepared;
}

/** Every sequence of ours with its state, to set back. */
async function sequencesOf(tx: Pick<AppCtx['db'], 'execute'>): Promise<{ name: string; value: string; called: boolean }[]> {
  const list = (await tx.execute(
    sql`SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
  )) as unknown as { rows: { name: string }[] };
  const out: { name: string; value: string; called: boolean }[] = [];
  for (const { name } of list.rows) {
    const r = (await tx.execute(sql.raw(`SELECT last_value::text AS v, is_called AS c FROM ${name}`))) as unknown as { rows: { v: string; c: boolean }[] };
    out.push({ name, value: r.rows[0]!.v, called: r.rows[0]!.c });
  }
  return out;
}
