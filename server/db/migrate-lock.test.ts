// @vitest shared-modules waits
/**
 * A failed migration on PostgreSQL gives its advisory lock back: the next start (a corrected release,
 * the same process retrying, or another instance) migrates at once instead of waiting on a lock held by
 * a pooled connection. Debian's PostgreSQL 15, a throw-away cluster (tests/gateway/pg-harness.ts).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TempPostgres } from '../../tests/gateway/pg-harness';
import { migrationsFolder, openDatabase, type Database } from './open';

let server: TempPostgres;
let broken: string;

beforeAll(async () => {
  server = await startPostgres();
  // The real migrations and one more that fails half-way (its first statement runs, its second cannot).
  broken = mkdtempSync(join(tmpdir(), 'cari-migrations-'));
  cpSync(migrationsFolder(), broken, { recursive: true });
  writeFileSync(join(broken, '0099_broken.sql'), 'CREATE TABLE half_done (id int);\n--> statement-breakpoint\nALTER TABLE no_such_table ADD COLUMN x int;\n');
  const journalFile = join(broken, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  journal.entries.push({ idx: 99, version: '7', when: 1_899_999_999_999, tag: '0099_broken', breakpoints: true });
  writeFileSync(journalFile, JSON.stringify(journal));
}, 60_000);
afterAll(() => {
  server?.stop();
  if (broken) rmSync(broken, { recursive: true, force: true });
});

/** The promise, or a rejection naming what it was waiting for after `ms`. */
const within = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<never>((_, no) => setTimeout(() => no(new Error(`${what}: still waiting after ${ms} ms`)), ms))]);

describe('PostgreSQL migrations under the advisory lock', () => {
  it('a failed migration is logged, rolled back and releases the lock: the next start migrates at once', { timeout: 60_000 }, async () => {
    const lines: string[] = [];
    const failed = await openDatabase({ databaseUrl: server.url, migrationsFolder: broken, log: (l) => lines.push(l) }).catch((e: unknown) => e as Error);
    expect(failed).toBeInstanceOf(Error);
    expect(lines).toEqual([
      'database: migration failed (nothing applied, the lock released): relation "no_such_table" does not exist; statement: ALTER TABLE no_such_table ADD COLUMN x int;',
    ]);

    // Nobody holds the migration lock any more, and the failed start left no connection behind.
    const probe = new pg.Client({ connectionString: server.url });
    await probe.connect();
    try {
      const locks = await probe.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'");
      expect(locks.rows[0]!.n).toBe(0);
      const others = await probe.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'postgres' AND pid <> pg_backend_pid()");
      expect(others.rows[0]!.n).toBe(0);
    } finally {
      await probe.end();
    }

    // The corrected release starts in the same process: migrated in seconds (it waited on the lock before).
    const started = Date.now();
    let d: Database | undefined;
    try {
      d = await within(openDatabase({ databaseUrl: server.url, log: (l) => lines.push(l) }), 5000, 'the second start');
      expect(Date.now() - started).toBeLessThan(5000);
      // Every real migration applied once; of the broken batch, not even its first statement.
      const real = (JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
      const applied = await d.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
      expect(applied[0]!.n).toBe(real);
      const half = await d.rows<{ t: string | null }>(sql`SELECT to_regclass('half_done')::text AS t`);
      expect(half[0]!.t).toBeNull();
    } finally {
      await d?.close();
    }
  });
});
