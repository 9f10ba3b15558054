/**
 * Acting that stays flat with history (issue 46):
 *  act.board10kFirstRowsMs   a campaign of 10,000 letters: navigation to its board → the first rows painted,
 *                            in the page's clock (target ≤ 1,000 ms); measured by bench/run.ts on the
 *                            production server (measureBoard, below);
 *  act.board10kApiMs         GET the board's JSON (10,000 letters), warm;
 *  act.board10kNotModifiedMs the board's poll when nothing changed (304 by its version);
 *  act.remindScanRowsDue     rows the reminder scan writes with 10,000 letters sent and 100 due
 *                            (target: 100, the letters due — not the letters open);
 *  act.remindScanRowsIdle    rows written by the next scan (target 0);
 *  act.remindScanMs          one scan's time with 10,000 letters waiting, 100 due;
 *  act.jobWakeMs             a job queued → its handler started, the worker running and idle (mean of 30, queued at
 *                            random moments; PGlite): woken by the jobs table's notice (decision 0015), beside
 *                            extra.act.jobWakePollOnlyMs, the same with the notice unheard (the 500 ms poll alone);
 *  act.jobsRows10Quarters    the jobs table's rows after 10 simulated quarters (each: a campaign of 2,000
 *                            letters' preparation chunks, mails and reminders, the clock moved 91 days,
 *                            the worker's hourly pruning) — bounded by what one retention holds, beside
 *  act.jobsRows1Quarter      the same after the first quarter, and act.jobsRowsPeak the most at any week's end.
 *  audit.sample100kMs        the auditor's sample over 100,000 accounts (issue 47): the slowest of the four
 *                            methods — threshold, largest first to 70 %, stratified, random — each with its
 *                            coverage per side and currency (target ≤ 1,000 ms).
 *  audit.chainVerify100kMs   an engagement's evidence chain of 100,000 events recomputed and checked (target ≤ 5,000 ms).
 * `tsx bench/acting.ts` runs the database figures (PGlite in memory) and the sample, and writes bench/results-acting.json.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { openDatabase, type Database } from '../server/db/open';
import { campaigns, letters } from '../server/db/schema';
import { enqueue, every, prune } from '../server/jobs/queue';
import { Worker } from '../server/jobs/worker';
import { scanReminders } from '../server/mutabakat/reminders';
import { sampleAccounts, type PopulationRow, type SampleMethod } from '../src/domain/audit/sampling';
import { chainMoment, linkChain, verifyChain } from '../server/audit/chain';
import type { ActingApp } from '../server/app/index';
import { check, log, newContext, RUNS, waitMark } from './common';
import { figure, type Figure } from './stats';

const DAY = 86_400_000;

/** A campaign of `n` letters written straight into the database (sent `sentAt`, our TL balance each): what a board of that size reads. */
async function seedCampaign(d: Database, accountIds: readonly string[], sentAt: Date, o: { reminderDays?: number[]; spreadMs?: number } = {}): Promise<string> {
  const id = randomUUID();
  await d.db.insert(campaigns).values({
    id,
    name: `Bench ${accountIds.length}`,
    asOf: '2026-09-30',
    deadline: '2026-12-31',
    reminderDays: o.reminderDays ?? [7, 14],
    options: { statementLines: false, openItems: false, from: null },
    sendWhenReady: true,
    total: accountIds.length,
    createdAt: sentAt,
    createdBy: 'bench',
  });
  for (let i = 0; i < accountIds.length; i += 1000) {
    await d.db.insert(letters).values(
      accountIds.slice(i, i + 1000).map((accountId, k) => {
        const at = new Date(sentAt.getTime() - ((i + k) % 1000) * (o.spreadMs ?? 0));
        return {
          id: randomUUID(),
          campaignId: id,
          accountId,
          accountName: `Cari ${accountId}`,
          state: 'sent',
          to: [`m.${accountId}@firma.example`],
          cc: [],
          person: '',
          snapshot: { ours: [{ currency: 'TL', balance: 1_000_00 + ((i + k) % 977) * 1_234 }], localBalance: 0, warnings: [], lines: 0 },
          pdfSha256: 'x',
          sentAt: at,
          nextRemindAt: new Date(at.getTime() + 7 * DAY),
          createdAt: sentAt,
        };
      }),
    );
  }
  return id;
}

/** The board of a 10,000-letter campaign in Chromium, on the production server the bench runs. */
export async function measureBoard(browser: Browser, baseUrl: string, app: ActingApp): Promise<Record<string, Figure>> {
  const ctx = await app.ctx();
  const ids = [...(await ctx.erp.accounts()).keys()].slice(0, 10_000);
  const campaignId = await seedCampaign(ctx.d, ids, new Date(Date.now() - 2 * DAY));
  const context = await newContext(browser, baseUrl, { login: true });
  try {
    const path = `/api/mutabakat/campaigns/${campaignId}`;
    const apiMs: number[] = [];
    const notModifiedMs: number[] = [];
    let etag = '';
    for (let i = 0; i < RUNS + 1; i++) {
      const t = performance.now();
      const r = await context.request.get(path, { headers: { 'x-app-request': '1' } });
      const body = (await r.json()) as { letters: unknown[] };
      if (i > 0) apiMs.push(performance.now() - t);
      check(
        'the board answers its 10,000 letters',
        r.status() === 200 && body.letters.length === ids.length,
        `HTTP ${r.status()}, ${body.letters.length} letters`,
      );
      etag = r.headers().etag ?? '';
      let t2 = performance.now();
      let same = await context.request.get(path, { headers: { 'x-app-request': '1', 'if-none-match': etag } });
      // The board's version holds the minute ("bir ay geçti" moves with time, campaignVersion): a minute that turned
      // between the two calls gives a whole answer, rightly. Asked again with that answer's version.
      const turned = same.status() === 200 && (same.headers().etag ?? '') !== etag;
      if (turned) {
        etag = same.headers().etag ?? '';
        t2 = performance.now();
        same = await context.request.get(path, { headers: { 'x-app-request': '1', 'if-none-match': etag } });
      }
      notModifiedMs.push(performance.now() - t2);
      check('an unchanged board answers 304', same.status() === 304, `HTTP ${same.status()}${turned ? ' (asked again after the minute turned)' : ''}`);
    }
    const pageMs: number[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      const page = await context.newPage();
      await page.goto(`/mutabakat/donemler/${campaignId}`, { waitUntil: 'commit' });
      const ms = (await waitMark(page, 'rows', 60_000)).painted;
      // The first load fetches the page's code: not counted.
      if (i > 0) pageMs.push(ms);
      await page.close();
    }
    log(
      `  board of 10,000 letters: first rows ${pageMs.map((m) => m.toFixed(0)).join(' / ')} ms; API ${apiMs.map((m) => m.toFixed(0)).join(' / ')} ms; 304 ${notModifiedMs.map((m) => m.toFixed(0)).join(' / ')} ms`,
    );
    return {
      'act.board10kFirstRowsMs': figure(pageMs, 'ms'),
      'act.board10kApiMs': figure(apiMs, 'ms'),
      'act.board10kNotModifiedMs': figure(notModifiedMs, 'ms'),
    };
  } finally {
    await context.close();
    // The bench's campaign leaves the server's database as it found it (the events table refuses deletes; a seeded campaign has none).
    await ctx.d.rows(sql`DELETE FROM letters WHERE campaign_id = ${campaignId}`);
    await ctx.d.rows(sql`DELETE FROM campaigns WHERE id = ${campaignId}`);
  }
}

const count = async (d: Database, table: 'jobs' | 'letters') => (await d.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!.n;

/** The reminder scan with 10,000 letters waiting, 100 of them due. */
async function measureScan(): Promise<Record<string, number>> {
  const d = await openDatabase({ dataDir: 'memory://', log: () => undefined });
  try {
    const now = new Date('2026-11-16T09:00:00Z');
    const ids = Array.from({ length: 10_000 }, (_, i) => String(100_000 + i));
    // 9,900 sent yesterday (not due for 6 days), 100 sent 7 days and an hour ago (due now).
    await seedCampaign(d, ids.slice(0, 9_900), new Date(now.getTime() - DAY));
    await seedCampaign(d, ids.slice(9_900), new Date(now.getTime() - 7 * DAY - 3_600_000));
    const ctx = { d, now: () => now };
    const before = await count(d, 'jobs');
    const t = performance.now();
    const first = await scanReminders(ctx);
    const ms = performance.now() - t;
    const jobsMade = (await count(d, 'jobs')) - before;
    const second = await scanReminders(ctx);
    log(
      `reminder scan, 10,000 waiting and 100 due: ${first.queued + first.released} rows (jobs made ${jobsMade}) in ${ms.toFixed(1)} ms; the next scan ${second.queued + second.released} rows`,
    );
    return {
      'act.remindScanRowsDue': first.queued + first.released,
      'act.remindScanRowsIdle': second.queued + second.released,
      'act.remindScanMs': Math.round(ms * 10) / 10,
    };
  } finally {
    await d.close();
  }
}

/** Ten quarters of jobs through the real worker and its hourly pruning (default retention 14 days). */
async function measureQuarters(): Promise<Record<string, number>> {
  const d = await openDatabase({ dataDir: 'memory://', log: () => undefined });
  try {
    let now = new Date('2026-01-05T07:00:00Z');
    const noop = async () => undefined;
    const retention = 14 * DAY;
    const worker = new Worker(d, {
      handlers: { prepare: noop, remind: noop, jobs_prune: async () => void (await prune(d, now, retention, 90 * DAY)) },
      batchHandlers: { send: { max: 40, run: async () => undefined } },
      schedules: [every('jobs_prune', 3_600_000)],
      now: () => now,
      log: () => undefined,
      topUpMs: 0,
      batch: 50,
    });
    const rows: number[] = [];
    let peak = 0;
    for (let q = 0; q < 10; q++) {
      // A campaign of 2,000 letters: 80 preparation chunks, 2,000 mails, 1,500 first and 1,000 second reminders (and their mails).
      const list: [string, number][] = [
        ['prepare', 80],
        ['send', 2_000],
        ['remind', 1_500],
        ['send', 1_500],
        ['remind', 1_000],
        ['send', 1_000],
      ];
      for (const [kind, n] of list) {
        for (let i = 0; i < n; i++) await enqueue(d.db, kind, { q, i }, now);
        await worker.drain();
        peak = Math.max(peak, await count(d, 'jobs'));
        now = new Date(now.getTime() + 7 * DAY);
      }
      // The rest of the quarter: the hourly pruning keeps running.
      now = new Date(now.getTime() + (91 - 6 * 7) * DAY);
      await worker.drain();
      rows.push(await count(d, 'jobs'));
    }
    log(`jobs rows after each of 10 quarters (9,080 jobs a quarter): ${rows.join(', ')}; at most ${peak} at any week's end`);
    return { 'act.jobsRows1Quarter': rows[0]!, 'act.jobsRows10Quarters': rows[9]!, 'act.jobsRowsPeak': peak };
  } finally {
    await d.close();
  }
}

/** Queued → started, 30 jobs at random moments to an idle running worker: with the notice, and with the poll alone. */
async function measureWake(): Promise<Record<string, number>> {
  const mean = async (heard: boolean) => {
    const d = await openDatabase({ dataDir: 'memory://', log: () => undefined });
    if (!heard) d.listen = () => Promise.reject(new Error('not heard'));
    let started: (at: number) => void = () => undefined;
    const w = new Worker(d, { handlers: { x: async () => started(performance.now()) }, now: () => new Date(), log: () => undefined, intervalMs: 500 });
    w.start();
    try {
      await new Promise((r) => setTimeout(r, 300));
      const waits: number[] = [];
      for (let i = 0; i < 30; i++) {
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
        const at = new Promise<number>((r) => (started = r));
        const t = performance.now();
        await enqueue(d.db, 'x', { i }, new Date());
        waits.push((await at) - t);
      }
      const meanMs = waits.reduce((a, b) => a + b, 0) / waits.length;
      log(`job queued → started${heard ? '' : ' (poll only)'}: mean ${meanMs.toFixed(0)} ms, max ${Math.max(...waits).toFixed(0)} ms`);
      return Math.round(meanMs);
    } finally {
      await w.stop();
      await d.close();
    }
  };
  return { 'act.jobWakeMs': await mean(true), 'extra.act.jobWakePollOnlyMs': await mean(false) };
}

/** The four sampling methods over 100,000 accounts (receivables and payables in TL, USD and EUR). */
function measureSampling(): Record<string, number> {
  const currencies = ['TL', 'TL', 'TL', 'USD', 'EUR'];
  const population: PopulationRow[] = Array.from({ length: 100_000 }, (_, i) => ({
    accountId: String(100_000 + i),
    name: `Cari ${i}`,
    side: i % 3 === 0 ? 'A' : 'B',
    currency: currencies[i % 5]!,
    // A long tail: a few large balances, many small ones (kuruş).
    balance: Math.floor(1e9 / (1 + (i % 997))) + (i % 89) * 100,
  }));
  const methods: [string, SampleMethod][] = [
    ['threshold', { kind: 'threshold', minMinor: 50_000_000 }],
    ['coverage70', { kind: 'coverage', percent: 70 }],
    [
      'stratified',
      {
        kind: 'stratified',
        seed: 'bench',
        strata: [
          { fromMinor: 0, toMinor: 10_000_000, count: 30 },
          { fromMinor: 10_000_000, toMinor: 100_000_000, count: 30 },
          { fromMinor: 100_000_000, toMinor: null, count: 30 },
        ],
      },
    ],
    ['random', { kind: 'random', seed: 'bench', count: 200 }],
  ];
  const out: Record<string, number> = {};
  let slowest = 0;
  for (const [name, m] of methods) {
    sampleAccounts(population, m); // warm
    const t = performance.now();
    const r = sampleAccounts(population, m);
    const ms = performance.now() - t;
    slowest = Math.max(slowest, ms);
    out[`extra.audit.sample100k.${name}Ms`] = Math.round(ms * 10) / 10;
    log(`sample of 100,000 accounts, ${name}: ${r.selected.length} selected in ${ms.toFixed(1)} ms`);
  }
  out['audit.sample100kMs'] = Math.round(slowest * 10) / 10;
  return out;
}

/** An evidence chain of 100,000 events (letters sent, opened, answered), verified from its start. */
function measureChain(): Record<string, number> {
  const types = ['sent', 'opened', 'code_sent', 'answered'];
  const events = Array.from({ length: 100_000 }, (_, i) => ({
    seq: i + 1,
    atText: chainMoment(new Date(Date.UTC(2026, 11, 1) + i * 1000)),
    type: types[i % 4]!,
    byUser: i % 4 === 3 ? null : 'denetci',
    byName: null,
    letterId: `l-${Math.floor(i / 4)}`,
    accountId: String(100_000 + Math.floor(i / 4)),
    detailText: JSON.stringify({ ip: '203.0.113.7', to: `m.${i}@firma.example`, theirs: [{ balance: i * 137, currency: 'TL' }] }),
  }));
  const chain = linkChain(events);
  const t = performance.now();
  const v = verifyChain(chain);
  const ms = performance.now() - t;
  check('the 100,000-event chain verifies', v.ok);
  log(`evidence chain of 100,000 events verified in ${ms.toFixed(0)} ms`);
  return { 'audit.chainVerify100kMs': Math.round(ms) };
}

async function main() {
  const results = { ...measureSampling(), ...measureChain(), ...(await measureScan()), ...(await measureQuarters()), ...(await measureWake()) };
  writeFileSync(join(import.meta.dirname, 'results-acting.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
  console.info(JSON.stringify(results, null, 2));
}

if (process.argv[1]?.endsWith('acting.ts')) {
  main().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
