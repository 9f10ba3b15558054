/**
 * A round of the jobs worker keeps its lanes busy: a job that ends within the round's top-up window is
 * followed at once by the next ready one (a campaign's chunks flow through the ERP reads and the letter
 * threads without waiting for the round's slowest chunk); past the window the round ends, so the mails
 * and the reminder scan get their turn.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/open';
import { giveBackDatabase, takeDatabase } from '../../tests/harness/pglite-template';
import { enqueue, Worker, type Job } from './queue';

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
});
