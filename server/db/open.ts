/**
 * The database: embedded PGlite persisted in DATA_DIR (default .cari-data/, one process: a lock file),
 * or PostgreSQL through pg when DATABASE_URL is set (any number of instances). The same drizzle schema
 * and the same SQL migrations (server/db/migrations, drizzle-kit) are applied at start-up; on Postgres
 * under an advisory lock, so instances starting together migrate once.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { lockDataDir } from './lock';

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

const BYTEA = 17;
/**
 * PGlite's own bytea codec turns each byte into a string of its own (Array.from(bytes).map(toString(16)))
 * and back with parseInt per byte: about a second of event loop per 1,000 letter PDFs each way. A bytea
 * parameter is sent as it is instead: PGlite's protocol writer passes a byte array in binary format (the
 * bytes copied once, no text twice their size to encode and for Postgres to parse back). Answers come as
 * text ("\\x…", bytea_output = hex), read with Node's native hex codec.
 */
const BYTEA_NATIVE = {
  // PGlite types a serializer as giving text, but its bind writer sends any byte array as binary (0.5.x).
  serializers: { [BYTEA]: ((v: Uint8Array) => v) as unknown as (v: unknown) => string },
  parsers: {
    [BYTEA]: (text: string) => {
      const b = Buffer.from(text.slice(2), 'hex');
      return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    },
  },
};

/**
 * A text value as an SQL string literal: standard_conforming_strings is on (Postgres's default since
 * 9.1, PGlite's too), so a quote doubled is the only escape; a NUL cannot be in a text value at all.
 */
export function literal(v: string): string {
  if (v.includes('\0')) throw new Error('literal: NUL in a text value');
  return `'${v.replaceAll("'", "''")}'`;
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
    return {
      db,
      kind: 'postgres',
      rows: async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows,
      prepared: async <T>(name: string, text: string, values: readonly string[]) =>
        (await pool.query<T & pg.QueryResultRow>({ name, text, values: [...values] })).rows,
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir ?? DEFAULT_DATA_DIR;
  const memory = dir.startsWith('memory://');
  const release = memory ? () => undefined : lockDataDir(resolve(dir));
  let client: PGlite;
  try {
    client = await PGlite.create(memory ? dir : resolve(dir, 'pg'), { ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}), ...BYTEA_NATIVE });
    const db0 = drizzlePglite({ client, schema });
    await migratePglite(db0, { migrationsFolder: opts.migrationsFolder ?? migrationsFolder() });
  } catch (e) {
    release();
    log(`database: could not open ${dir}: ${(e as Error).message}`);
    throw e;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const prepared = new Map<string, Promise<unknown>>();
  return {
    db,
    kind: 'pglite',
    dumpDataDir: async () => (await client.dumpDataDir('none')) as Blob,
    rows: async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows,
    prepared: async <T>(name: string, text: string, values: readonly string[]) => {
      if (!/^[a-z_]{1,40}$/.test(name)) throw new Error(`prepared: bad statement name ${name}`);
      let ready = prepared.get(name);
      if (!ready) {
        // literal() relies on standard strings (already PGlite's default): made sure of with the first statement.
        ready = client.exec(`SET standard_conforming_strings = on; PREPARE ${name} AS ${text}`);
        prepared.set(name, ready);
        ready.catch(() => prepared.delete(name));
      }
      await ready;
      const results = await client.exec(`EXECUTE ${name}(${values.map(literal).join(', ')})`);
      return results[results.length - 1]!.rows as T[];
    },
    close: async () => {
      try {
        await client.close();
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
    log(`database: migration failed (nothing applied, the lock released): ${migrationProblem(e)}`);
    throw e;
  } finally {
    // release(error) closes the connection: its session, and the lock with it, ends on the server.
    client.release(failure ?? false);
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

/** Empties every table (tests: one database per file, a clean one per test). */
export async function truncateAll(d: Database): Promise<void> {
  await d.db.execute(
    sql`TRUNCATE contacts, campaigns, letters, events, mails, mail_tries, reply_tokens, uploads, jobs, collect_accounts, collect_activities, collect_promises, collect_reminders, collect_settings, engagements, auditors, audit_invites, audit_sessions, audit_parties, reply_codes, audit_chains RESTART IDENTITY CASCADE`,
  );
}
