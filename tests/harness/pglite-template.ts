/**
 * A migrated, empty PGlite data folder as a tarball, made once per migration set and kept in
 * node_modules/.cache/cari-pglite-template (41 MB; another migration set's is removed once a day old):
 * a test file opens its database from it (`loadDataDir`) in well under a second instead of
 * creating a cluster and running every migration (3–5 s, far more on a loaded machine).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder, openDatabase, truncateAll, type Database } from '../../server/db/open';

/**
 * Read once per process: the tarball is 40 MB, and test files sharing a worker (isolate: false) each
 * opened it again (read, copied into a Blob). A Blob cannot change, so every database may start from
 * the same one.
 */
let template: Promise<Blob> | undefined;
export function pgliteTemplate(): Promise<Blob> {
  template ??= readTemplate().catch((e: unknown) => {
    template = undefined;
    throw e;
  });
  return template;
}

async function readTemplate(): Promise<Blob> {
  const dir = migrationsFolder();
  const hash = createHash('sha256');
  for (const f of readdirSync(dir).sort()) if (f.endsWith('.sql')) hash.update(f).update(readFileSync(join(dir, f)));
  const folder = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'cari-pglite-template');
  const name = `${hash.digest('hex').slice(0, 16)}.tar`;
  const file = join(folder, name);
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true });
    // Another migration set's (a branch switched away from): kept a day, so switching back does not rebuild it.
    for (const old of readdirSync(folder)) {
      const f = join(folder, old);
      if (old !== name && Date.now() - statSync(f).mtimeMs > 24 * 3600_000) rmSync(f, { force: true });
    }
    const d = await openDatabase({ dataDir: 'memory://', log: () => undefined });
    const blob = await d.dumpDataDir!();
    await d.close();
    const tmp = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    renameSync(tmp, file);
  }
  return new Blob([readFileSync(file)]);
}

/**
 * An in-memory database from the template, for one test file's mutabakat at a time. Starting one costs
 * about 0.5 s of CPU (the tarball unpacked, Postgres started); test files sharing a worker take the
 * one the previous file gave back, emptied the way tests are emptied between each other (every table
 * truncated, identities restarted). Two alive at once in a file: the second gets a new one.
 */
let idle: Database | undefined;
export async function takeDatabase(): Promise<Database> {
  const kept = idle;
  idle = undefined;
  if (kept) {
    await truncateAll(kept);
    return kept;
  }
  return openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate(), log: () => undefined });
}

/** Hands a database from takeDatabase() back once its mutabakat is closed. */
export async function giveBackDatabase(d: Database): Promise<void> {
  if (idle) await d.close();
  else idle = d;
}
