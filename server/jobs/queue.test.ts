// @vitest shared-modules
/**
 * A round of the jobs worker keeps its lanes busy: a job that ends within the round's top-up window is
 * followed at once by the next ready one (a campaign's chunks flow through the ERP reads and the letter
 * threads without waiting for the round's slowest chunk); past the window the round ends, so the mails
 * and the reminder scan get their turn.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/open';
import { giveBackDatabase, takeDatabase } from '../../tests/harness/pglite-template';
import { sql } from 'drizzle-orm';
import { claim, complete, dailyAt, enqueue, every, JobRetry, prune, renew, retryOrFail, type Job } from './queue';
import { Worker } from './worker';
import { countRounds } from '../../tests/harness/worker-rounds';

let d: Database | undefined;
afterEach(async () => {
  if (d) await giveBackDatabase(d);
  d = undefined;
});

async function queueOf(jobs: number) {
  // An empty database from the template (the worker's previous one, emptied, when there is one).
  d = await takeDatabase();
  const now = new Date('2026-11-27T06:00:00Z');
  for (let i = 0; i < jobs; i++) await enqueue(d.db, 'prepare', { n: i }, now);
  const ran: number[] = [];
  // Job 0 is slow (the round's straggler); the others are quick.
  const handler = async (job: Job) => {
    await new Promise((r) => setTimeout(r, job.payload.n === 0 ? 300 : 10));
    ran.push(job.payload.n as number);
  };
  return { d, now, ran, handler };
}

describe('jobs worker rounds', () => {
  it('a lane that finishes within the window takes the next job: 2 lanes, 6 jobs, one round while the slow one runs', async () => {
    const q = await queueOf(6);
    const w = new Worker(q.d, { handlers: { prepare: q.handler }, now: () => q.now, log: () => undefined, batch: 2, topUpMs: 5_000 });
    expect(await w.tick()).toBe(6);
    // Job 1's lane ran 2, 3, 4, 5 while job 0 (300 ms) was still running.
    expect(q.ran).toEqual([1, 2, 3, 4, 5, 0]);
    expect(await w.tick()).toBe(0);
  });

  it('without a window a round is the jobs it claimed: 2 of 6', async () => {
    const q = await queueOf(6);
    const w = new Worker(q.d, { handlers: { prepare: q.handler }, now: () => q.now, log: () => undefined, batch: 2, topUpMs: 0 });
    expect(await w.tick()).toBe(2);
    expect(q.ran.sort()).toEqual([0, 1]);
    await w.drain();
    expect(q.ran.sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('a running worker starts its next round at once after a round that ran jobs, or when a job is queued; else it waits the poll interval', async () => {
    const q = await queueOf(6);
    // A poll interval of a minute: three rounds of 2 jobs each (job 0 takes 300 ms) end in well under it.
    const w = new Worker(q.d, { handlers: { prepare: q.handler }, now: () => q.now, log: () => undefined, batch: 2, topUpMs: 0, intervalMs: 60_000 });
    const rounds = countRounds(w);
    w.start();
    try {
      await vi.waitFor(() => expect(rounds).toEqual([2, 2, 2, 0]), { timeout: 10_000, interval: 20 });
      expect([...q.ran].sort()).toEqual([0, 1, 2, 3, 4, 5]);
      // The queue was found empty; the next poll is a minute away. A job queued in a transaction is not
      // heard of while the transaction is open, and runs at once when it commits (the table's notice).
      await q.d.db.transaction(async (tx) => {
        await enqueue(tx, 'prepare', { n: 6 }, q.now);
        await new Promise((r) => setTimeout(r, 400));
        expect(rounds).toEqual([2, 2, 2, 0]);
      });
      await vi.waitFor(() => expect(rounds).toEqual([2, 2, 2, 0, 1, 0]), { timeout: 5_000, interval: 20 });
      expect(q.ran).toHaveLength(7);
      // Stopped, it hears nothing more.
      await w.stop();
      await enqueue(q.d.db, 'prepare', { n: 7 }, q.now);
      await new Promise((r) => setTimeout(r, 400));
      expect(rounds).toEqual([2, 2, 2, 0, 1, 0]);
    } finally {
      await w.stop();
    }
  });
});

describe('claims, leases and owners', () => {
  const T0 = new Date('2026-11-27T06:00:00Z');
  const at = (ms: number) => new Date(T0.getTime() + ms);
  const state = async (db: Database, id: number) =>
    (await db.rows<{ state: string; locked_by: string | null; attempts: number }>(sql`SELECT state, locked_by, attempts FROM jobs WHERE id = ${id}`))[0]!;

  it('a claim names its worker: another worker cannot complete, renew or retry it; the owner can', async () => {
    d = await takeDatabase();
    await enqueue(d.db, 'x', {}, T0);
    const [job] = await claim(d, 'A', ['x'], 5, T0, 60_000);
    expect(job).toMatchObject({ kind: 'x', attempts: 1, reclaimed: false });
    expect(await claim(d, 'B', ['x'], 5, at(1000), 60_000)).toEqual([]);
    expect(await complete(d, 'B', [job!.id], at(1000))).toEqual([job!.id]);
    expect(await renew(d, 'B', [job!.id], at(1000), 60_000)).toEqual([job!.id]);
    expect(await retryOrFail(d, 'B', job!.id, 'x', null, at(1000))).toBe(false);
    expect(await state(d, job!.id)).toMatchObject({ state: 'queued', locked_by: 'A' });
    expect(await complete(d, 'A', [job!.id], at(1000))).toEqual([]);
    expect(await state(d, job!.id)).toMatchObject({ state: 'done' });
  });

  it('a job whose worker died is taken over once its lease runs out, by one worker; the dead owner’s late end is not recorded', async () => {
    d = await takeDatabase();
    await enqueue(d.db, 'x', {}, T0);
    const [job] = await claim(d, 'A', ['x'], 5, T0, 60_000);
    expect(await claim(d, 'B', ['x'], 5, at(59_000), 60_000)).toEqual([]);
    const [b, c] = await Promise.all([claim(d, 'B', ['x'], 5, at(61_000), 60_000), claim(d, 'C', ['x'], 5, at(61_000), 60_000)]);
    const taken = [...b, ...c];
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ id: job!.id, attempts: 2, reclaimed: true });
    // A wakes up and reports: nothing changes; the new owner completes.
    expect(await complete(d, 'A', [job!.id], at(62_000))).toEqual([job!.id]);
    expect(await state(d, job!.id)).toMatchObject({ state: 'queued', locked_by: b.length ? 'B' : 'C' });
    expect(await complete(d, b.length ? 'B' : 'C', [job!.id], at(62_000))).toEqual([]);
  });

  it('a worker whose lease lapsed while it still runs the job does not take that job again itself; another worker can', async () => {
    d = await takeDatabase();
    await enqueue(d.db, 'x', {}, T0);
    const [job] = await claim(d, 'A', ['x'], 5, T0, 1_000);
    expect(await claim(d, 'A', ['x'], 5, at(2_000), 1_000, [job!.id])).toEqual([]);
    expect(await claim(d, 'B', ['x'], 5, at(2_000), 1_000)).toMatchObject([{ id: job!.id, reclaimed: true }]);
  });

  it('the worker renews the leases it holds while a job runs past its lease: a second worker does not take it', async () => {
    d = await takeDatabase();
    await enqueue(d.db, 'slow', {}, new Date());
    const runs: string[] = [];
    const mk = (name: string) =>
      new Worker(d!, {
        handlers: {
          slow: async () => {
            runs.push(name);
            await new Promise((r) => setTimeout(r, 900));
          },
        },
        now: () => new Date(),
        log: () => undefined,
        leaseMs: 300,
        topUpMs: 0,
      });
    const a = mk('A');
    const b = mk('B');
    const first = a.tick();
    await new Promise((r) => setTimeout(r, 100));
    // B keeps trying while A's job (3 leases long) runs.
    for (let i = 0; i < 6; i++) {
      expect(await b.tick()).toBe(0);
      await new Promise((r) => setTimeout(r, 120));
    }
    expect(await first).toBe(1);
    expect(runs).toEqual(['A']);
    expect((await d.rows<{ state: string }>(sql`SELECT state FROM jobs`)).map((r) => r.state)).toEqual(['done']);
  });

  it('finished jobs are pruned after the retention (failed ones kept longer); queued ones never', async () => {
    d = await takeDatabase();
    for (let i = 0; i < 4; i++) await enqueue(d.db, 'x', { i }, T0);
    const list = await claim(d, 'A', ['x'], 4, T0, 60_000);
    await complete(d, 'A', [list[0]!.id, list[1]!.id], T0);
    await retryOrFail(d, 'A', list[2]!.id, 'kötü', null, T0);
    const day = 86_400_000;
    expect(await prune(d, at(13 * day), 14 * day, 90 * day)).toBe(0);
    expect(await prune(d, at(15 * day), 14 * day, 90 * day)).toBe(2);
    expect(await prune(d, at(91 * day), 14 * day, 90 * day)).toBe(1);
    expect((await d.rows<{ state: string }>(sql`SELECT state FROM jobs`)).map((r) => r.state)).toEqual(['queued']);
  });

  it('a job that throws is retried on the default schedule; JobRetry chooses its own time, or none', async () => {
    d = await takeDatabase();
    await enqueue(d.db, 'boom', { n: 1 }, T0);
    await enqueue(d.db, 'later', { n: 2 }, T0);
    await enqueue(d.db, 'never', { n: 3 }, T0);
    const w = new Worker(d, {
      handlers: {
        boom: async () => {
          throw new Error('ERP yok');
        },
        later: async () => {
          throw new JobRetry('421 meşgul', at(30_000));
        },
        never: async () => {
          throw new JobRetry('550 yok', null);
        },
      },
      now: () => T0,
      log: () => undefined,
      topUpMs: 0,
    });
    expect(await w.tick()).toBe(3);
    const rows = await d.rows<{ kind: string; state: string; run_at: Date | string; last_error: string }>(
      sql`SELECT kind, state, run_at, last_error FROM jobs ORDER BY id`,
    );
    // The first try's wait: 2 s × 2¹ = 4 s.
    expect(rows.map((r) => [r.kind, r.state, new Date(r.run_at).getTime() - T0.getTime(), r.last_error])).toEqual([
      ['boom', 'queued', 4_000, 'ERP yok'],
      ['later', 'queued', 30_000, '421 meşgul'],
      ['never', 'failed', 0, '550 yok'],
    ]);
  });
});

describe('schedules', () => {
  it('two workers ticking at once make one occurrence; the daily one is 07:00 Istanbul, on Istanbul’s day', async () => {
    d = await takeDatabase();
    // 22:30 UTC on 30 November is 01:30 on 1 December in Istanbul: the occurrence is 1 December 07:00 (04:00 UTC).
    const now = new Date('2026-11-30T22:30:00Z');
    expect(dailyAt('p', 7).next(now)).toEqual({ key: 'p:2026-12-01', runAt: new Date('2026-12-01T04:00:00Z') });
    // After 07:00 it runs at once.
    expect(dailyAt('p', 7).next(new Date('2026-12-01T05:00:00Z')).runAt).toEqual(new Date('2026-12-01T05:00:00Z'));
    // Ten-minute slots from Istanbul's midnight.
    expect(every('s', 600_000).next(new Date('2026-12-01T05:07:00Z'))).toMatchObject({ runAt: new Date('2026-12-01T05:00:00Z') });
    const ran: string[] = [];
    const mk = () =>
      new Worker(d!, {
        handlers: { p: async () => void ran.push('p') },
        schedules: [dailyAt('p', 7)],
        now: () => new Date('2026-12-01T05:00:00Z'),
        log: () => undefined,
        topUpMs: 0,
      });
    const [a, b] = [mk(), mk()];
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    await Promise.all([a.drain(), b.drain()]);
    expect(ran).toEqual(['p']);
  });
});
