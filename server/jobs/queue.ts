/**
 * One jobs table for all scheduled work, claimed by any number of instances (graphile-worker's rules,
 * on Node 20): a claim is `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED LIMIT n)` that writes
 * the claiming worker's id (`locked_by`) and a lease (`locked_until`). Renewal, completion and a retry
 * name the owner: a worker whose lease ran out and was taken over changes nothing. While a worker holds
 * jobs it renews their leases (a heartbeat every third of the lease), so a job that takes longer than
 * the lease (a mail batch on a slow relay) stays its own; a job whose worker died is claimable once
 * its lease has run out, by one worker (SKIP LOCKED), and is marked `reclaimed`.
 *
 * Cron-like work is a job with a unique key per occurrence (schedules below: a daily hour in
 * Europe/Istanbul, or a fixed slot), so however many instances tick, it runs once. Finished jobs are
 * pruned after a retention (JOBS_RETENTION_DAYS, default 14; failed ones kept 90 days). The worker
 * that claims and runs them: worker.ts.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/open';
import { jobs } from '../db/schema';
import { insertJsonRows } from '../db/json-rows';
import { todayIso } from '../../src/domain/dates';

export interface Job {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  /** Claimed before (a retry, or its worker died mid-job). */
  reclaimed: boolean;
}

/** What became of a job: done, or back to the queue at `retryAt`, or failed for good (`retryAt` null). */
export type Outcome = 'done' | { retryAt: Date | null; error: string };

/** Thrown by a handler to choose its own retry (or none: `at` null). */
export class JobRetry extends Error {
  constructor(
    message: string,
    readonly at: Date | null,
  ) {
    super(message);
    this.name = 'JobRetry';
  }
}

type Tx = Pick<Database['db'], 'insert'>;

const iso = (d: Date) => d.toISOString();
const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );

/** Many jobs of one kind in one statement (server/db/json-rows.ts): a campaign's preparation chunks, its mails. */
export async function enqueueMany(db: Pick<Database['db'], 'execute'>, kind: string, payloads: readonly Record<string, unknown>[], runAt: Date): Promise<void> {
  const rows = payloads.map((payload) => ({ kind, payload, runAt, state: 'queued', createdAt: runAt }));
  if (rows.length > 0) await db.execute(insertJsonRows(jobs, rows));
}

export async function enqueue(db: Tx, kind: string, payload: Record<string, unknown>, runAt: Date, uniqueKey?: string): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind, payload, runAt, state: 'queued', createdAt: runAt, ...(uniqueKey ? { uniqueKey } : {}) })
    .onConflictDoNothing();
}

/** `held`: jobs this worker is still running (a lease it could not renew in time is not taken again by itself). */
export async function claim(
  d: Database,
  me: string,
  kinds: readonly string[],
  n: number,
  now: Date,
  leaseMs: number,
  held: readonly number[] = [],
): Promise<Job[]> {
  const until = new Date(now.getTime() + leaseMs);
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const notHeld = held.length ? sql`AND id NOT IN (${idList(held)})` : sql``;
  const rows = await d.rows<{ id: string | number; kind: string; payload: Record<string, unknown>; attempts: number }>(sql`
    UPDATE jobs SET locked_until = ${iso(until)}::timestamptz, locked_by = ${me}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM jobs
      WHERE state = 'queued' AND kind IN (${kindList}) AND run_at <= ${iso(now)}::timestamptz
        AND (locked_until IS NULL OR locked_until < ${iso(now)}::timestamptz) ${notHeld}
      ORDER BY run_at, id
      FOR UPDATE SKIP LOCKED
      LIMIT ${n}
    )
    RETURNING id, kind, payload, attempts`);
  return rows.map((r) => ({ id: Number(r.id), kind: r.kind, payload: r.payload, attempts: r.attempts, reclaimed: r.attempts > 1 }));
}

/** Done, for the jobs `me` still holds; the ids it no longer held (taken over) are returned. */
export async function complete(d: Database, me: string, ids: readonly number[], now: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await d.rows<{ id: string | number }>(sql`
    UPDATE jobs SET state = 'done', locked_until = NULL, finished_at = ${iso(now)}::timestamptz
    WHERE id IN (${idList(ids)}) AND locked_by = ${me} AND state = 'queued' RETURNING id`);
  const done = new Set(rows.map((r) => Number(r.id)));
  return ids.filter((i) => !done.has(i));
}

/** Back to the queue at `runAt` (a retry), or failed for good; only by the job's owner. False: not held. */
export async function retryOrFail(d: Database, me: string, id: number, error: string, runAt: Date | null, now: Date): Promise<boolean> {
  const rows = runAt
    ? await d.rows(sql`UPDATE jobs SET locked_until = NULL, locked_by = NULL, run_at = ${iso(runAt)}::timestamptz, last_error = ${error}
        WHERE id = ${id} AND locked_by = ${me} AND state = 'queued' RETURNING id`)
    : await d.rows(sql`UPDATE jobs SET state = 'failed', locked_until = NULL, last_error = ${error}, finished_at = ${iso(now)}::timestamptz
        WHERE id = ${id} AND locked_by = ${me} AND state = 'queued' RETURNING id`);
  return rows.length > 0;
}

/** Renews the leases `me` holds; the ids it no longer holds are returned (lost: taken over or finished elsewhere). */
export async function renew(d: Database, me: string, ids: readonly number[], now: Date, leaseMs: number): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await d.rows<{ id: string | number }>(sql`
    UPDATE jobs SET locked_until = ${iso(new Date(now.getTime() + leaseMs))}::timestamptz
    WHERE id IN (${idList(ids)}) AND locked_by = ${me} AND state = 'queued' RETURNING id`);
  const held = new Set(rows.map((r) => Number(r.id)));
  return ids.filter((i) => !held.has(i));
}

/** Deletes finished jobs older than the retention (done) or `failedMs` (failed), `limit` at a time; the number deleted. */
export async function prune(d: Database, now: Date, doneMs: number, failedMs: number, limit = 5_000): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await d.rows(sql`
      DELETE FROM jobs WHERE id IN (
        SELECT id FROM jobs WHERE (state = 'done' AND finished_at < ${iso(new Date(now.getTime() - doneMs))}::timestamptz)
          OR (state = 'failed' AND finished_at < ${iso(new Date(now.getTime() - failedMs))}::timestamptz)
        LIMIT ${limit}
      ) RETURNING id`);
    total += rows.length;
    if (rows.length < limit) return total;
  }
}

/** A cron-like job: its next occurrence as a unique key and a moment. */
export interface Schedule {
  kind: string;
  next: (now: Date) => { key: string; runAt: Date };
}

/** Every day at `hour`:00 in Europe/Istanbul (Türkiye has kept UTC+3 all year since 2016). */
export function dailyAt(kind: string, hour: number): Schedule {
  return {
    kind,
    next: (now) => {
      const day = todayIso(now);
      const at = new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+03:00`);
      return { key: `${kind}:${day}`, runAt: at > now ? at : now };
    },
  };
}

/** Once per slot of `everyMs` (slots counted from midnight in Istanbul's zone). */
export function every(kind: string, everyMs: number): Schedule {
  const offset = 3 * 3_600_000;
  return {
    kind,
    next: (now) => {
      const slot = Math.floor((now.getTime() + offset) / everyMs);
      return { key: `${kind}:${slot}`, runAt: new Date(slot * everyMs - offset) };
    },
  };
}
