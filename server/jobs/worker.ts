/**
 * The jobs worker (the queue's table operations: queue.ts). It claims ready jobs in rounds, runs them
 * with their leases renewed, and records each end by its owner only. A running worker polls while the
 * queue has nothing ready, and is woken at once when a job is queued anywhere: the jobs table's insert
 * trigger notifies `cari_jobs` at commit (migration 0008), to every instance listening.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/open';
import { claim, complete, enqueue, JobRetry, renew, retryOrFail, type Job, type Outcome, type Schedule } from './queue';

/** The channel the jobs table's insert trigger notifies (migration 0008_jobs_notify.sql). */
export const JOBS_CHANNEL = 'cari_jobs';

export type Handler = (job: Job) => Promise<void>;
/** Jobs of one kind taken together (the outbox's mails): one claim for up to `max`, an outcome per job. */
export interface BatchHandler {
  max: number;
  /** Outcomes by job id; a job left out is done. A throw retries every job of the batch (default waits). */
  run: (jobs: Job[]) => Promise<Map<number, Outcome> | void>;
}

export interface WorkerOptions {
  handlers: Record<string, Handler>;
  /** Kinds run in batches (claimed apart from the others, up to `max` a round). */
  batchHandlers?: Record<string, BatchHandler>;
  /** Cron-like jobs (their kinds must have a handler): enqueued once per occurrence across instances. */
  schedules?: readonly Schedule[];
  now: () => Date;
  log: (line: string) => void;
  /** Poll interval while the queue has nothing ready and no notice came (default 500 ms); a round that ran jobs is followed at once (a campaign's next chunks). */
  intervalMs?: number;
  /** A claim's lease (default 60 s); renewed every third of it while the job runs. */
  leaseMs?: number;
  /** Jobs claimed at once (default 8). */
  batch?: number;
  /**
   * How long a round keeps topping up (default 5 s): a job that ends within it is followed at once by
   * the next one claimed, so a campaign's chunks flow through the ERP reads and the letter threads
   * without the whole round waiting for its slowest chunk; the batch kinds (mails) wait at most this
   * long for the next round.
   */
  topUpMs?: number;
  /** Tries of a job that throws (default 8), waits doubling from `retryBaseMs` × 2 to at most 5 min. */
  maxAttempts?: number;
  /** The retry wait's base (default 2 s: 4 s after the first try, 8 s after the second, …). */
  retryBaseMs?: number;
}

/** The default retry of a job that threw: doubling waits, failed for good after `max` tries. */
function defaultRetry(attempts: number, now: Date, max: number, baseMs = 2_000): Date | null {
  return attempts < max ? new Date(now.getTime() + Math.min(300_000, baseMs * 2 ** Math.min(attempts, 8))) : null;
}

/** Claims and runs the jobs table's work: `start()` until stopped (woken by a notice, else polling); `drain()` until nothing is ready (tests, bench). */
export class Worker {
  readonly id = `w-${process.pid}-${randomBytes(4).toString('hex')}`;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** Jobs this worker holds now (their leases are renewed). */
  private readonly held = new Set<number>();
  /** Held jobs whose lease another worker took: their end is not recorded. */
  private readonly lost = new Set<number>();
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private lastScheduled = '';
  /** start()'s: a round now (or right after the current one); unset when stopped. */
  private wake: (() => void) | undefined;
  private unlisten: (() => void) | undefined;
  constructor(
    private readonly d: Database,
    private readonly o: WorkerOptions,
  ) {}

  private get leaseMs() {
    return this.o.leaseMs ?? 60_000;
  }

  /**
   * Runs rounds until stopped: the next at once after a round that ran jobs or heard of a new one,
   * else after the poll interval. A job queued anywhere wakes it (the jobs table's trigger notifies
   * `cari_jobs` at commit, migration 0008); the poll stays, for a notice not heard.
   */
  start(): void {
    if (this.wake) return;
    this.stopped = false;
    let inRound = false;
    let heard = false;
    const interval = this.o.intervalMs ?? 500;
    const loop = async () => {
      if (this.stopped) return;
      inRound = true;
      heard = false;
      const ran = await this.tick().catch((e: Error) => {
        this.o.log(`jobs: tick failed (${e.name}: ${e.message.slice(0, 120)})`);
        return 0;
      });
      inRound = false;
      if (!this.stopped) this.timer = setTimeout(loop, ran > 0 || heard ? 0 : interval);
    };
    this.wake = () => {
      if (this.stopped) return;
      // During a round its claim may have come before the job's commit: one more round right after it.
      if (inRound) heard = true;
      else {
        clearTimeout(this.timer);
        this.timer = setTimeout(loop, 0);
      }
    };
    this.timer = setTimeout(loop, 0);
    void this.d
      .listen(JOBS_CHANNEL, () => this.wake?.())
      .then(
        (off) => (this.stopped ? off() : (this.unlisten = off)),
        (e: Error) => this.o.log(`jobs: not woken by new jobs (${e.message.slice(0, 120)}); polling every ${interval} ms`),
      );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake = undefined;
    this.unlisten?.();
    this.unlisten = undefined;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Renews every held lease now (the heartbeat's beat; tests call it). */
  async beat(): Promise<void> {
    const ids = [...this.held];
    const lost = await renew(this.d, this.id, ids, this.o.now(), this.leaseMs);
    for (const id of lost) {
      if (this.lost.has(id)) continue;
      this.lost.add(id);
      this.o.log(`jobs: lease of #${id} lost (taken over by another worker); its end is not recorded here`);
    }
  }

  private hold(list: readonly Job[]): void {
    for (const j of list) this.held.add(j.id);
    if (!this.heartbeat && this.held.size) {
      this.heartbeat = setInterval(() => void this.beat().catch(() => undefined), Math.max(50, Math.floor(this.leaseMs / 3)));
      this.heartbeat.unref?.();
    }
  }

  private release(ids: readonly number[]): void {
    for (const id of ids) {
      this.held.delete(id);
      this.lost.delete(id);
    }
    if (this.held.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  /** Enqueues the schedules' current occurrences (once per occurrence key and worker; the unique key across instances). */
  private async schedule(now: Date): Promise<void> {
    const due = (this.o.schedules ?? []).map((s) => ({ s, ...s.next(now) }));
    const sig = due.map((x) => x.key).join('|');
    if (sig === this.lastScheduled) return;
    for (const x of due) await enqueue(this.d.db, x.s.kind, {}, x.runAt, x.key);
    this.lastScheduled = sig;
  }

  /** One claim-and-run round; the number of jobs run. */
  async tick(): Promise<number> {
    if (this.running) {
      await this.running.catch(() => undefined);
    }
    let count = 0;
    const run = (async () => {
      const now = this.o.now();
      await this.schedule(now);
      const lease = this.leaseMs;
      const kinds = Object.keys(this.o.handlers);
      const batches = Object.entries(this.o.batchHandlers ?? {});
      const [claimed, ...batchClaims] = await Promise.all([
        kinds.length ? claim(this.d, this.id, kinds, this.o.batch ?? 8, now, lease, [...this.held]) : Promise.resolve([]),
        ...batches.map(([kind, b]) => claim(this.d, this.id, [kind], b.max, now, lease, [...this.held])),
      ]);
      this.hold([...claimed!, ...batchClaims.flat()]);
      count = claimed!.length + batchClaims.reduce((n, c) => n + c.length, 0);
      const started = Date.now();
      const topUpMs = this.o.topUpMs ?? 5_000;
      await Promise.all([
        // Each claimed job is a lane: when it ends within the round's top-up window, the lane claims
        // and runs the next ready job.
        ...claimed!.map(async (first) => {
          for (let job: Job | undefined = first; job;) {
            let outcome: Outcome;
            try {
              await this.o.handlers[job.kind]!(job);
              outcome = 'done';
            } catch (e) {
              outcome = this.failure(job, e);
            }
            await this.finish(job, outcome);
            job = undefined;
            if (!this.stopped && Date.now() - started < topUpMs) {
              const [next] = await claim(this.d, this.id, kinds, 1, this.o.now(), lease, [...this.held]);
              if (next) {
                this.hold([next]);
                count++;
                job = next;
              }
            }
          }
        }),
        ...batches.map(async ([, b], i) => {
          const list = batchClaims[i]!;
          if (list.length === 0) return;
          let outcomes: Map<number, Outcome> | void;
          try {
            outcomes = await b.run(list);
          } catch (e) {
            for (const job of list) await this.finish(job, this.failure(job, e));
            return;
          }
          const done = list.filter((j) => (outcomes?.get(j.id) ?? 'done') === 'done');
          await this.completeHeld(done);
          for (const job of list) {
            const o = outcomes?.get(job.id);
            if (o && o !== 'done') await this.finish(job, o);
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

  private failure(job: Job, e: unknown): Outcome {
    const error = (e as Error).message.slice(0, 500);
    const retryAt = e instanceof JobRetry ? e.at : defaultRetry(job.attempts, this.o.now(), this.o.maxAttempts ?? 8, this.o.retryBaseMs);
    this.o.log(`jobs: ${job.kind} #${job.id} failed (attempt ${job.attempts}${retryAt ? '' : ', for good'}): ${error.slice(0, 160)}`);
    return { retryAt, error };
  }

  private async completeHeld(list: readonly Job[]): Promise<void> {
    if (list.length === 0) return;
    const ids = list.map((j) => j.id);
    try {
      const notHeld = await complete(this.d, this.id, ids, this.o.now());
      for (const id of notHeld) this.o.log(`jobs: #${id} ended here after its lease was taken over; not recorded as done`);
    } catch (e) {
      // Left leased: it is claimed again when the lease runs out (its handler is idempotent).
      this.o.log(`jobs: completion of ${ids.length} job(s) not recorded (${(e as Error).message.slice(0, 120)})`);
    } finally {
      this.release(ids);
    }
  }

  private async finish(job: Job, outcome: Outcome): Promise<void> {
    if (outcome === 'done') return this.completeHeld([job]);
    try {
      if (!(await retryOrFail(this.d, this.id, job.id, outcome.error, outcome.retryAt, this.o.now()))) {
        this.o.log(`jobs: #${job.id} failed here after its lease was taken over; not recorded`);
      }
    } catch {
      // Left leased: claimed again when the lease runs out.
    } finally {
      this.release([job.id]);
    }
  }

  /** Runs rounds until one finds nothing to do (at most `max`). */
  async drain(max = 10_000): Promise<void> {
    for (let i = 0; i < max; i++) if ((await this.tick()) === 0) return;
  }
}
