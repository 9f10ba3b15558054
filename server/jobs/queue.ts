/**
 * One jobs table for all scheduled work, claimed by any number of instances:
 * UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED LIMIT n) RETURNING *. A claimed job is
 * invisible until `locked_until` (the visibility timeout); a job whose instance died becomes
 * claimable again after it. A job with a unique key (a reminder) exists once across instances.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/open';
import { jobs } from '../db/schema';

export interface Job {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  /** Claimed before (a retry, or its instance died mid-job). */
  reclaimed: boolean;
}

type Tx = Pick<Database['db'], 'insert'>;

export async function enqueue(db: Tx, kind: string, payload: Record<string, unknown>, runAt: Date, uniqueKey?: string): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind, payload, runAt, state: 'queued', createdAt: runAt, ...(uniqueKey ? { uniqueKey } : {}) })
    .onConflictDoNothing();
}

export async function claim(d: Database, me: string, kinds: readonly string[], n: number, now: Date, visibilityMs: number): Promise<Job[]> {
  const until = new Date(now.getTime() + visibilityMs);
  const kindList = sql.join(kinds.map((k) => sql`${k}`), sql`, `);
  const rows = await d.rows<{ id: string | number; kind: string; payload: Record<string, unknown>; attempts: number }>(sql`
    UPDATE jobs SET locked_until = ${until.toISOString()}::timestamptz, locked_by = ${me}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM jobs
      WHERE state = 'queued' AND kind IN (${kindList}) AND run_at <= ${now.toISOString()}::timestamptz
        AND (locked_until IS NULL OR locked_until < ${now.toISOString()}::timestamptz)
      ORDER BY run_at, id
      FOR UPDATE SKIP LOCKED
      LIMIT ${n}
    )
    RETURNING id, kind, payload, attempts`);
  return rows.map((r) => ({ id: Number(r.id), kind: r.kind, payload: r.payload, attempts: r.attempts, reclaimed: r.attempts > 1 }));
}

export async function complete(d: Database, id: number | readonly number[]): Promise<void> {
  const ids = typeof id === 'number' ? [id] : id;
  if (ids.length === 0) return;
  await d.db.execute(sql`UPDATE jobs SET state = 'done', locked_until = NULL WHERE id IN (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
}

/** Back to the queue at `runAt` (a retry), or failed for good. */
export async function retryOrFail(d: Database, id: number, error: string, runAt: Date | null): Promise<void> {
  if (runAt) await d.db.execute(sql`UPDATE jobs SET locked_until = NULL, run_at = ${runAt.toISOString()}::timestamptz, last_error = ${error} WHERE id = ${id}`);
  else await d.db.execute(sql`UPDATE jobs SET state = 'failed', locked_until = NULL, last_error = ${error} WHERE id = ${id}`);
}

/** Keeps a long job invisible to others while it runs. */
export async function extend(d: Database, id: number, now: Date, visibilityMs: number): Promise<void> {
  await d.db.execute(sql`UPDATE jobs SET locked_until = ${new Date(now.getTime() + visibilityMs).toISOString()}::timestamptz WHERE id = ${id}`);
}

export type Handler = (job: Job) => Promise<void>;
/** Jobs of one kind taken together (the outbox's mails): one claim and one completion for up to `max`. */
export interface BatchHandler {
  max: number;
  run: (jobs: Job[]) => Promise<void>;
}

export interface WorkerOptions {
  handlers: Record<string, Handler>;
  /** Kinds run in batches (claimed apart from the others, up to `max` a round). */
  batchHandlers?: Record<string, BatchHandler>;
  now: () => Date;
  log: (line: string) => void;
  /** Poll interval (default 500 ms). */
  intervalMs?: number;
  visibilityMs?: number;
  /** Jobs claimed at once (default 8). */
  batch?: number;
  /**
   * How long a round keeps topping up (default 5 s): a job that ends within it is followed at once by
   * the next one claimed, so a campaign's chunks flow through the ERP reads and the letter threads
   * without the whole round waiting for its slowest chunk; the batch kinds (mails) and onTick wait
   * at most this long for the next round.
   */
  topUpMs?: number;
  /** Called on every tick before claiming (reminder scan). */
  onTick?: () => Promise<void>;
}

/** Polls the jobs table; `drain()` runs until nothing is ready (tests, bench). */
export class Worker {
  readonly id = `w-${process.pid}-${randomBytes(4).toString('hex')}`;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | null = null;
  private stopped = false;
  constructor(private readonly d: Database, private readonly o: WorkerOptions) {}

  start(): void {
    this.stopped = false;
    const loop = async () => {
      if (this.stopped) return;
      await this.tick().catch((e: unknown) => this.o.log(`jobs: tick failed (${(e as Error).name}: ${(e as Error).message.slice(0, 120)})`));
      if (!this.stopped) this.timer = setTimeout(loop, this.o.intervalMs ?? 500);
    };
    this.timer = setTimeout(loop, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One claim-and-run round; the number of jobs run. */
  async tick(): Promise<number> {
    if (this.running) {
      await this.running.catch(() => undefined);
    }
    let count = 0;
    const run = (async () => {
      await this.o.onTick?.();
      const now = this.o.now();
      const visibility = this.o.visibilityMs ?? 60_000;
      const kinds = Object.keys(this.o.handlers);
      const batches = Object.entries(this.o.batchHandlers ?? {});
      const [claimed, ...batchClaims] = await Promise.all([
        kinds.length ? claim(this.d, this.id, kinds, this.o.batch ?? 8, now, visibility) : Promise.resolve([]),
        ...batches.map(([kind, b]) => claim(this.d, this.id, [kind], b.max, now, visibility)),
      ]);
      count = claimed!.length + batchClaims.reduce((n, c) => n + c.length, 0);
      const failed = (job: Job, e: unknown) => this.failed(job, e);
      const started = Date.now();
      const topUpMs = this.o.topUpMs ?? 5_000;
      await Promise.all([
        // Each claimed job is a lane: when it ends within the round's top-up window, the lane claims
        // and runs the next ready job.
        ...claimed!.map(async (first) => {
          for (let job: Job | undefined = first; job; ) {
            try {
              await this.o.handlers[job.kind]!(job);
              await complete(this.d, job.id);
            } catch (e) {
              await failed(job, e);
            }
            job = undefined;
            if (!this.stopped && Date.now() - started < topUpMs) {
              const [next] = await claim(this.d, this.id, kinds, 1, this.o.now(), visibility);
              if (next) {
                count++;
                job = next;
              }
            }
          }
        }),
        ...batches.map(async ([, b], i) => {
          const list = batchClaims[i]!;
          if (list.length === 0) return;
          try {
            await b.run(list);
            await complete(this.d, list.map((j) => j.id));
          } catch (e) {
            for (const job of list) await failed(job, e);
          }
        }),
      ]);
    })();
    this.running = run;
    try {
      await run;
    } finally {
      if (this.running === run) this.running = null;
    }
    return count;
  }

  private async failed(job: Job, e: unknown): Promise<void> {
    const wait = Math.min(300_000, 2_000 * 2 ** Math.min(job.attempts, 8));
    await retryOrFail(this.d, job.id, (e as Error).message.slice(0, 500), job.attempts < 8 ? new Date(this.o.now().getTime() + wait) : null).catch(() => undefined);
    this.o.log(`jobs: ${job.kind} #${job.id} failed (attempt ${job.attempts}): ${(e as Error).message.slice(0, 160)}`);
  }

  /** Runs rounds until one finds nothing to do (at most `max`). */
  async drain(max = 10_000): Promise<void> {
    for (let i = 0; i < max; i++) if ((await this.tick()) === 0) return;
  }
}
