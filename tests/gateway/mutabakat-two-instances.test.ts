// @vitest shared-modules waits
/**
 * Two instances on one PostgreSQL 15 (Debian's server, started by the test), each a process of its own
 * running the jobs worker (tests/gateway/acting-child.ts), their mails to one SMTP inbox on 127.0.0.1:
 * - a relay slower than the jobs' lease (each mail accepted 3 s after its data; the lease is 2 s,
 *   scaled down from 70 s against 60 s): every mail arrives exactly once — the owner renews its leases;
 * - kill -9 during preparing and during sending, three times in a row: every letter ends sent, none is
 *   lost, and a mail arrives twice only where it was marked "belki iki kez gönderildi".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { nodeArgsFor } from '../harness/built-entry';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../server/mail/transport';
import { mutabakatHarness, type Harness } from './mutabakat-harness';
import { smtpInbox, type Inbox } from '../harness/smtp-inbox';
import { startPostgres, type TempPostgres } from './pg-harness';

let pg: TempPostgres;
let h: Harness;
let inbox: Inbox;
const children = new Set<ChildProcess>();

/** An instance of our server's acting part, as its own process; resolves once its worker runs. */
function instance(leaseMs: number): Promise<ChildProcess> {
  // Built with the run's thread modules: through tsx it spent ≈ 4 s of CPU getting ready, six times.
  const child = spawn(process.execPath, nodeArgsFor('acting-child', 'tests/gateway/acting-child.ts'), {
    env: { ...process.env, DATABASE_URL: pg.url, SMTP_URL: inbox.url, JOB_LEASE_MS: String(leaseMs), MUTABAKAT_PDF_THREADS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let err = '';
  child.stderr!.on('data', (b: Buffer) => (err = (err + b.toString()).slice(-4000)));
  return new Promise((ok, fail) => {
    child.stdout!.on('data', (b: Buffer) => b.toString().includes('ready') && ok(child));
    child.on('exit', (code) => fail(new Error(`instance exited (${code}) before it was ready: ${err}`)));
  });
}
const kill9 = (c: ChildProcess) => new Promise<void>((ok) => (c.exitCode !== null ? ok() : (c.once('exit', () => ok()), c.kill('SIGKILL'))));

beforeAll(async () => {
  pg = await startPostgres();
  inbox = await smtpInbox();
  // The test's own instance creates campaigns and reads the board; it runs no worker.
  h = await mutabakatHarness({ settings: { databaseUrl: pg.url, demo: false }, transport: smtpTransport(inbox.url) });
}, 120_000);
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await h?.close();
  await inbox?.close();
  pg?.stop();
});

const rows = async <T>(q: ReturnType<typeof sql>) => (await h.mut.ctx()).d.rows<T>(q);
async function campaign(ids: string[]) {
  for (const id of ids) await h.api(`/api/mutabakat/contacts/${id}`, { method: 'PUT', json: { to: [`m.${id}@firma.example`], cc: [] } });
  const r = await h.api('/api/mutabakat/campaigns', { json: { accountIds: ids, asOf: '2026-06-30', deadline: '2026-12-31' } });
  expect(r.status).toBe(201);
  return ((await r.json()) as { campaign: { id: string } }).campaign.id;
}
/** Waits for `what`; past `ms` fails with `state()`'s account of where things stood. */
const until = async (what: () => Promise<boolean> | boolean, ms: number, state: () => Promise<string> | string = () => '') => {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms. ${await state()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};
const arrivals = () => {
  const n = new Map<string, number>();
  for (const m of inbox.mails) {
    const to = m.to && !Array.isArray(m.to) ? m.to.text : '';
    n.set(to, (n.get(to) ?? 0) + 1);
  }
  return n;
};

describe('two instances on PostgreSQL', () => {
  it('a relay slower than the lease: every mail exactly once', { timeout: 120_000 }, async () => {
    await h.reset();
    inbox.clear();
    inbox.delayMs = 3_000;
    const [a, b] = await Promise.all([instance(2_000), instance(2_000)]);
    const ids = h.erp.dataset.accounts
      .filter((x) => x.province === 'Ankara')
      .slice(0, 8)
      .map((x) => x.id);
    const id = await campaign(ids);
    await until(
      async () => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM letters WHERE campaign_id = ${id} AND state = 'sent'`))[0]!.n === ids.length,
      90_000,
    );
    // Time for a second copy to arrive, if one were sent.
    await new Promise((r) => setTimeout(r, 3_500));
    await Promise.all([kill9(a), kill9(b)]);
    expect(inbox.mails).toHaveLength(ids.length);
    expect([...arrivals().values()].every((n) => n === 1)).toBe(true);
    // Both instances worked (the batches went to whichever claimed them), and no lease was taken over.
    const taken = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'send' AND attempts > 1`);
    expect(taken[0]!.n).toBe(0);
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM mails WHERE maybe_twice`))[0]!.n).toBe(0);
  });

  it(
    'kill -9 during preparing and during sending, three times in a row: every letter sent, a second copy only where marked',
    { timeout: 180_000 },
    async () => {
      await h.reset();
      inbox.clear();
      // Each mail accepted 1.2 s after its data, eight at a time: the 40 take ≈ 6 s, so a kill that follows the first
      // arrival — late by a second or two on a busy machine — still finds mails to go. At 0.4 s all 40 could go in 2 s;
      // a loaded run once timed out waiting for a restarted instance's first mail, likely with none left to send.
      inbox.delayMs = 1_200;
      const ids = h.erp.dataset.accounts
        .filter((x) => x.province === 'İstanbul')
        .slice(0, 40)
        .map((x) => x.id);
      const id = await campaign(ids);
      const count = async (q: ReturnType<typeof sql>) => (await rows<{ n: number }>(q))[0]!.n;
      const prepared = () => count(sql`SELECT count(*)::int AS n FROM letters WHERE campaign_id = ${id} AND state <> 'preparing'`);
      const where = async () => {
        const by = async (table: 'letters' | 'mails' | 'jobs') =>
          (await rows<{ state: string; n: number }>(sql`SELECT state, count(*)::int AS n FROM ${sql.raw(table)} GROUP BY state ORDER BY state`))
            .map((r) => `${r.state} ${r.n}`)
            .join(', ');
        return `Arrived: ${inbox.count} of ${ids.length}; letters: ${await by('letters')}; mails: ${await by('mails')}; jobs: ${await by('jobs')}.`;
      };
      // 1: killed while preparing.
      let c = await instance(1_500);
      await until(async () => (await prepared()) > 0, 60_000, where);
      await kill9(c);
      // 2 and 3: killed while mails are going out (some accepted by the relay, others not yet).
      for (let k = 0; k < 2; k++) {
        const before = inbox.count;
        c = await instance(1_500);
        await until(() => inbox.count > before, 60_000, where);
        await kill9(c);
      }
      // A last instance finishes the work (the dead ones' leases run out).
      c = await instance(1_500);
      await until(
        async () => (await count(sql`SELECT count(*)::int AS n FROM letters WHERE campaign_id = ${id} AND state IN ('preparing', 'queued')`)) === 0,
        90_000,
        where,
      );
      await until(async () => (await count(sql`SELECT count(*)::int AS n FROM mails WHERE state IN ('queued', 'sending')`)) === 0, 60_000, where);
      await new Promise((r) => setTimeout(r, 1_000));
      await kill9(c);
      const letters = await rows<{ account_id: string; state: string }>(sql`SELECT account_id, state FROM letters WHERE campaign_id = ${id}`);
      expect(letters).toHaveLength(ids.length);
      expect(letters.every((l) => l.state === 'sent')).toBe(true);
      expect(await count(sql`SELECT count(*)::int AS n FROM events WHERE type = 'prepared'`)).toBe(ids.length);
      // Every letter's mail arrived; twice only where the mail is marked.
      const got = arrivals();
      expect([...got.keys()].sort()).toEqual(ids.map((x) => `m.${x}@firma.example`).sort());
      const marked = new Set((await rows<{ to_addrs: string[] }>(sql`SELECT to_addrs FROM mails WHERE maybe_twice`)).map((m) => m.to_addrs[0]!));
      // At most once more per kill while sending (two), and only a marked mail.
      for (const [to, n] of got) {
        expect(n).toBeLessThanOrEqual(3);
        if (n > 1) expect(marked.has(to)).toBe(true);
      }
      // The board says so for each marked one.
      const board = (await (await h.api(`/api/mutabakat/campaigns/${id}`)).json()) as { letters: { accountId: string; maybeTwice?: boolean }[] };
      for (const l of board.letters) expect(l.maybeTwice ?? false).toBe(marked.has(`m.${l.accountId}@firma.example`));
    },
  );
});
