/**
 * The database: embedded PGlite persisted in DATA_DIR (default .cari-data/, one process: a lock file),
 * or PostgreSQL through pg when DATABASE_URL is set (any number of instances). The same drizzle schema
 * and the same SQL migrations (server/db/migrations, drizzle-kit) are applied at start-up; on Postgres
 * under an advisory lock, so instances starting together migrate once.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { lockDataDir } from './lock';
import { startPgliteThread, type PgliteThread } from './pglite-thread';
import { pgListener } from './listen';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Rows of a raw query (both drivers answer { rows }). */
  rows<T>(query: ReturnType<typeof sql>): Promise<T[]>;
  /**
   * Rows of one fixed statement (`$1`… text values), prepared once per connection under `name`: a hot
   * read path's one round trip. PGlite: PREPARE once, then EXECUTE with the values as quoted literals
   * over the simple protocol (its `query` costs six protocol round trips and a parse and plan each time;
   * drizzle's builder as much again); Postgres: pg's named statements.
   */
  prepared<T>(name: string, text: string, values: readonly string[]): Promise<T[]>;
  /**
   * LISTEN: `onNotice` for each NOTIFY on `channel` (delivered at the notifying transaction's commit),
   * until the returned function is called. PGlite: its thread's connection; Postgres: a connection of
   * its own, opened again after a loss (listen.ts). A listener must not depend on hearing every notice.
   */
  listen(channel: string, onNotice: () => void): Promise<() => void>;
  /** PGlite only: the data folder as a tarball (tests' template). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export const DEFAULT_DATA_DIR = '.cari-data';
const MIGRATION_LOCK = 732_032;

/** The migrations folder: next to this module (source), else the checkout's (a built dist-server/). */
export function migrationsFolder(): string {
  const here = fileURLToPath(new URL('./migrations', import.meta.url));
  return existsSync(here) ? here : resolve(process.cwd(), 'server/db/migrations');
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite's folder; 'memory://' for a throw-away database (tests). */
  dataDir?: string;
  /** PGlite: start from this dump of a data folder (tests: a migrated template opens in 0.4 s, not 3–5 s). */
  loadDataDir?: Blob;
  log?: (line: string) => void;
  /** The SQL migrations' folder (default migrationsFolder(); tests: a copy with a broken migration). */
  migrationsFolder?: string;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const log = opts.log ?? ((l: string) => console.info(l));
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // An idle connection dropped by the server must not crash the process; the next query reports it.
    pool.on('error', (e) => log(`database: idle connection lost (${(e as NodeJS.ErrnoException).code ?? e.name})`));
    try {
      await migrateUnderLock(pool, opts.migrationsFolder ?? migrationsFolder(), log);
    } catch (e) {
      // Nothing of this pool may outlive a failed start (a retry opens a pool of its own).
      await pool.end().catch(() => undefined);
      throw e;
    }
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const notices = pgListener(opts.databaseUrl, log);
    return {
      db,
      kind: 'postgres',
      rows: async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows,
      prepared: async <T>(name: string, text: string, values: readonly string[]) =>
        (await pool.query<T & pg.QueryResultRow>({ name, text, values: [...values] })).rows,
      listen: (channel, onNotice) => notices.listen(channel, onNotice),
      close: async () => {
        await notices.close();
        await pool.end();
      },
    };
  }
  const dir = opts.dataDir ?? DEFAULT_DATA_DIR;
  const memory = dir.startsWith('memory://');
  const release = memory ? () => undefined : lockDataDir(resolve(dir));
  let thread: PgliteThread | undefined;
  let client: PGlite;
  try {
    // PGlite runs in a thread of its own (pglite-worker.ts, decision 0013): its work never holds the
    // event loop the gateway and the reply page serve from.
    thread = await startPgliteThread({ dataDir: memory ? dir : resolve(dir, 'pg'), ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
    client = thread.client as unknown as PGlite;
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: opts.migrationsFolder ?? migrationsFolder() });
  } catch (e) {
    await thread?.close().catch(() => undefined);
    release();
    log(`database: could not open ${dir}: ${(e as Error).message}`);
    throw e;
  }
  const opened = thread;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    dumpDataDir: () => opened.dump(),
    rows: async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows,
    prepared: (name, text, values) => opened.prepared(name, text, values),
    listen: (channel, onNotice) => opened.listen(channel, onNotice),
    close: async () => {
      try {
        await opened.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * The migrations on one dedicated connection under a session-level advisory lock, so instances starting
 * together migrate once. The lock is given back however the migration ends: unlocked after a success,
 * and after a failure the connection is closed rather than returned to the pool (a pooled connection
 * kept the lock, and every later start waited on it). Drizzle applies the pending migrations in one
 * transaction, so a failure leaves none of them applied.
 */
async function migrateUnderLock(pool: pg.Pool, folder: string, log: (line: string) => void): Promise<void> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    const [first] = (await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [MIGRATION_LOCK])).rows;
    if (!first?.ok) {
      log(`database: another instance is migrating (advisory lock ${MIGRATION_LOCK}); waiting for it`);
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    }
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder: folder });
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  } catch (e) {
    failure = e as Error;
    // Given back now, not when the closed connection's session ends on the server (a later start, or a
    // look at pg_locks right after, found it still held). A broken connection ends its session anyway.
    await client.query('ROLLBACK').catch(() => undefined);
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    log(`database: migration failed (nothing applied, the lock released): ${migrationProblem(e)}`);
    throw e;
  } finally {
    if (failure) {
      // release(error) closes the connection rather than pooling it; the failed start returns once its
      // session has ended (the server ends it before it closes the socket), so it leaves no connection.
      // (pg's `_ended`: a connection the server already dropped has nothing left to wait for.)
      const gone = (client as unknown as { _ended?: boolean })._ended === true;
      const ended = new Promise<void>((ok) => {
        client.once('end', () => ok());
        setTimeout(ok, 5000).unref();
      });
      client.release(failure);
      if (!gone) await ended;
    } else client.release();
  }
}

/** The server's own words for a failed migration, and the statement when drizzle names it. */
function migrationProblem(e: unknown): string {
  const query = (e as { query?: unknown }).query;
  let inner = e as Error;
  while (inner.cause instanceof Error) inner = inner.cause;
  const statement = typeof query === 'string' ? query.replace(/\s+/g, ' ').trim() : '';
  return statement ? `${inner.message}; statement: ${statement.length > 200 ? `${statement.slice(0, 200)}…` : statement}` : inner.message;
}

/**
 * Empties every table of the schema and restarts its identities (tests: one database per file, a clean one
 * per test). Rows deleted, not tables truncated: a TRUNCATE makes new files for each of the 21 tables and
 * their indexes, ≈ 90 ms of CPU on the embedded database against ≈ 5 ms here, 140 times a test run. The
 * append-only triggers (events, collect_activities) would refuse the DELETE: they are off for this one
 * transaction (session_replication_role, the tests' own superuser), and on again after it: mutabakat-faults.test.ts
 * finds an UPDATE or DELETE of events refused in a test that follows a reset.
 */
export async function truncateAll(d: Database): Promise<void> {
  await d.db.execute(sql`DO $$
    DECLARE t text;
    BEGIN
      PERFORM set_config('session_replication_role', 'replica', true);
      FOR t IN SELECT quote_ident(tablename) FROM pg_tables WHERE schemaname = 'public' LOOP EXECUTE 'DELETE FROM ' || t; END LOOP;
      FOR t IN SELECT c.oid::regclass::text FROM pg_class c WHERE c.relkind = 'S' AND c.relnamespace = 'public'::regnamespace LOOP
        PERFORM setval(t, 1, false);
      END LOOP;
    END $$`);
}
