/**
 * npm run db:backup [-- <file>]   — a portable dump of the mutabakat database (JSON lines, gzip): every
 *                                   table's rows as data, so it restores into any PostgreSQL ≥ 15 or any
 *                                   PGlite, whatever its Postgres major version.
 * npm run db:restore -- <file>     — into an empty database (DATA_DIR or DATABASE_URL), migrated first.
 * The embedded database allows one process: stop the server first (the DATA_DIR lock says so).
 */
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import { once } from 'node:events';
import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { loadEnv } from '../config';
import { openDatabase, DEFAULT_DATA_DIR, type Database } from './open';
import * as schema from './schema';

/** Every table of the schema, in its declaration order (a table is declared after the ones it references): a new table is backed up without a list to keep. */
const TABLES: Record<string, PgTable> = Object.fromEntries(
  (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable)).map((t) => [getTableName(t), t]),
);

function encode(v: unknown): unknown {
  if (v instanceof Uint8Array) return { $bytes: Buffer.from(v).toString('base64') };
  if (v instanceof Date) return { $date: v.toISOString() };
  return v;
}
function decode(v: unknown): unknown {
  if (v && typeof v === 'object' && '$bytes' in v) return new Uint8Array(Buffer.from(String((v as { $bytes: string }).$bytes), 'base64'));
  if (v && typeof v === 'object' && '$date' in v) return new Date(String((v as { $date: string }).$date));
  return v;
}

export async function backup(d: Database, file: string): Promise<Record<string, number>> {
  mkdirSync(dirname(file), { recursive: true });
  const gz = createGzip();
  const out = gz.pipe(createWriteStream(file));
  const counts: Record<string, number> = {};
  gz.write(JSON.stringify({ format: 'cari-ekran-backup', version: 1, at: new Date().toISOString() }) + '\n');
  for (const [name, table] of Object.entries(TABLES)) {
    const rows = await d.db.select().from(table);
    counts[name] = rows.length;
    for (const row of rows) {
      const line = JSON.stringify({ t: name, r: Object.fromEntries(Object.entries(row).map(([k, v]) => [k, encode(v)])) });
      if (!gz.write(line + '\n')) await once(gz, 'drain');
    }
  }
  gz.end();
  await once(out, 'finish');
  return counts;
}

export async function restore(d: Database, file: string): Promise<Record<string, number>> {
  for (const name of Object.keys(TABLES)) {
    const [r] = await d.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`);
    if (r!.n > 0) throw new Error(`the database is not empty (table ${name} has ${r!.n} rows): restore into a new DATA_DIR or an empty DATABASE_URL`);
  }
  const counts: Record<string, number> = {};
  let header = true;
  await d.db.transaction(async (tx) => {
    // Opened here, right before it is read: readline emits lines as the file arrives, and lines emitted
    // before the loop below starts are lost (the transaction's BEGIN is a round trip to the database).
    const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
    for await (const line of lines) {
      if (!line.trim()) continue;
      const obj = JSON.parse(line) as { format?: string; t: string; r: Record<string, unknown> };
      if (header) {
        if (obj.format !== 'cari-ekran-backup') throw new Error(`${file} is not a Cari Ekran backup`);
        header = false;
        continue;
      }
      const table = TABLES[obj.t];
      if (!table) throw new Error(`unknown table ${obj.t} in ${file}`);
      const cols = getTableColumns(table);
      const row = Object.fromEntries(
        Object.entries(obj.r)
          .filter(([k]) => k in cols)
          .map(([k, v]) => [k, decode(v)]),
      );
      await tx.insert(table).values(row as never);
      counts[obj.t] = (counts[obj.t] ?? 0) + 1;
    }
    if (header) throw new Error(`${file} is empty: not a Cari Ekran backup`);
    // Numbered tables (bigserial ids) go on from their highest restored id.
    for (const name of Object.keys(TABLES)) {
      if (!('id' in getTableColumns(TABLES[name]!))) continue;
      const [seq] = await tx
        .execute(sql`SELECT pg_get_serial_sequence(${name}, 'id') AS s`)
        .then((r) => (r as unknown as { rows: { s: string | null }[] }).rows);
      if (seq?.s) await tx.execute(sql`SELECT setval(${seq.s}, GREATEST(1, (SELECT COALESCE(max(id), 0) FROM ${sql.identifier(name)})))`);
    }
  });
  return counts;
}

async function main(): Promise<void> {
  const [cmd, arg] = process.argv.slice(2);
  const env = loadEnv();
  const d = await openDatabase({
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    dataDir: resolve(env.DATA_DIR?.trim() || DEFAULT_DATA_DIR),
    log: (l) => console.error(l),
  });
  try {
    if (cmd === 'backup') {
      const file = resolve(arg ?? `backups/cari-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl.gz`);
      const counts = await backup(d, file);
      console.info(
        `backup written: ${file} (${Object.entries(counts)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')})`,
      );
    } else if (cmd === 'restore' && arg) {
      const counts = await restore(d, resolve(arg));
      console.info(
        `restored from ${arg}: ${Object.entries(counts)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
    } else {
      console.error('usage: npm run db:backup [-- <file>]  |  npm run db:restore -- <file>');
      process.exitCode = 2;
    }
  } finally {
    await d.close();
  }
}

if (process.argv[1]?.endsWith('backup-cli.ts')) {
  main().catch((e: unknown) => {
    console.error((e as Error).message);
    process.exit(1);
  });
}
