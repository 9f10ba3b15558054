// @vitest shared-modules waits
/**
 * Two instances on one PostgreSQL 15 (Debian's server, started by the test): a job queued on one is run
 * by the other's worker at once, though that worker polls once a minute — the jobs table's notice
 * (migration 0008) reaches every instance. Its notice connection killed by the server, the worker says
 * so, keeps polling, and hears the next job once the connection is back.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPostgres, type TempPostgres } from '../../tests/gateway/pg-harness';
import { openDatabase, type Database } from '../db/open';
import { enqueue, type Job } from './queue';
import { Worker } from './worker';
import { countRounds } from '../../tests/harness/worker-rounds';

let server: TempPostgres;
let a: Database;
let b: Database;
const logA: string[] = [];

beforeAll(async () => {
  server = await startPostgres();
  a = await openDatabase({ databaseUrl: server.url, log: (l) => logA.push(l) });
  b = await openDatabase({ databaseUrl: server.url, log: () => undefined });
}, 60_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  server?.stop();
});

describe('jobs queued on one instance wake the others', () => {
  it('instance B queues, A’s worker (polling once a minute) runs it at once; after its notice connection is lost and back, again', async () => {
    const now = new Date('2026-12-01T09:00:00Z');
    const ran: { n: unknown; at: number }[] = [];
    const w = new Worker(a, {
      handlers: { x: async (j: Job) => void ran.push({ n: j.payload.n, at: Date.now() }) },
      now: () => now,
      log: (l) => logA.push(l),
      intervalMs: 60_000,
    });
    const rounds = countRounds(w);
    w.start();
    try {
      // A's first round found nothing; its next poll is a minute away.
      await vi.waitFor(() => expect(rounds).toEqual([0]), { timeout: 5_000, interval: 20 });
      await vi.waitFor(async () => expect(await listeners()).toBe(1), { timeout: 5_000, interval: 50 });
      let queuedAt = Date.now();
      await enqueue(b.db, 'x', { n: 1 }, now);
      await vi.waitFor(() => expect(ran.map((r) => r.n)).toEqual([1]), { timeout: 5_000, interval: 20 });
      expect(ran[0]!.at - queuedAt).toBeLessThan(5_000);

      // The server ends A's notice connection (a restart, a network cut): said once, then reconnected.
      const [killed] = await b.rows<{ ok: boolean }>(
        sql`SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE query = 'LISTEN cari_jobs' AND state = 'idle'`,
      );
      expect(killed?.ok).toBe(true);
      await vi.waitFor(() => expect(logA.some((l) => l.includes('the notice connection was lost'))).toBe(true), { timeout: 5_000, interval: 20 });
      await vi.waitFor(() => expect(logA.some((l) => l.includes('the notice connection is back'))).toBe(true), { timeout: 10_000, interval: 50 });
      expect(await listeners()).toBe(1);
      queuedAt = Date.now();
      await enqueue(b.db, 'x', { n: 2 }, now);
      await vi.waitFor(() => expect(ran.map((r) => r.n)).toEqual([1, 2]), { timeout: 5_000, interval: 20 });
      expect(ran[1]!.at - queuedAt).toBeLessThan(5_000);
      // Each job once, in a round of its own (no poll came between: a minute had not passed). A round is
      // counted when it ends, after its job ran: waited for.
      await vi.waitFor(() => expect(rounds.filter((n) => n > 0)).toEqual([1, 1]), { timeout: 5_000, interval: 20 });
    } finally {
      await w.stop();
    }
  }, 40_000);
});

/** Connections listening on the jobs channel (A's notice connection). */
async function listeners(): Promise<number> {
  const [r] = await b.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'LISTEN cari_jobs'`);
  return r!.n;
}
