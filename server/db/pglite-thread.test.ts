// @vitest shared-modules long
/**
 * The embedded database runs in a thread of its own (pglite-thread.ts, decision 0013). What callers
 * rely on must come through the thread unchanged: drizzle's rows and dates, bytea bytes, Postgres's
 * error codes, transactions that commit or roll back (nested ones too), Turkish letters and quotes —
 * and a long statement must not hold the event loop the gateway serves from.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { eq, sql } from 'drizzle-orm';
import { migrationsFolder, openDatabase, type Database } from './open';
import { pgliteTemplate } from '../../tests/harness/pglite-template';

const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });
const things = pgTable('thread_things', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  bytes: bytea('bytes'),
});

let d: Database;
beforeAll(async () => {
  d = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate(), log: () => undefined });
  await d.db.execute(sql`CREATE TABLE thread_things (id integer PRIMARY KEY, name text NOT NULL, at timestamptz NOT NULL, bytes bytea)`);
});
afterAll(async () => {
  await d.close();
});

const causeOf = (e: unknown): Record<string, unknown> => {
  let inner = e as { cause?: unknown };
  while (inner.cause) inner = inner.cause as { cause?: unknown };
  return inner as Record<string, unknown>;
};

describe('the database in its own thread', () => {
  it('rows, dates, Turkish letters and &%+"\' come back as written; bytes to the byte, short and long', async () => {
    const long = new Uint8Array(300_000).map((_, i) => (i * 7 + 3) % 256);
    const at = new Date('2026-01-31T21:15:00.123Z');
    const name = `Şişli Çağrı Gıda & Ortakları %50 + "İç" 'Dış' Ğ ü ö`;
    await d.db.insert(things).values([
      { id: 1, name, at, bytes: long },
      { id: 2, name: 'kısa', at, bytes: new Uint8Array([0, 255, 1, 254]) },
    ]);
    const rows = await d.db.select().from(things).orderBy(things.id);
    expect(rows.map((r) => r.name)).toEqual([name, 'kısa']);
    expect(rows[0]!.at.getTime()).toBe(Date.UTC(2026, 0, 31, 21, 15, 0, 123));
    expect(rows[0]!.bytes!.length).toBe(300_000);
    expect(rows[0]!.bytes![299_999]).toBe((299_999 * 7 + 3) % 256);
    expect(Buffer.from(rows[0]!.bytes!).equals(Buffer.from(long))).toBe(true);
    expect([...rows[1]!.bytes!]).toEqual([0, 255, 1, 254]);
    // The fast read path: a quote in a value is only a value.
    const named = await d.prepared<{ id: number }>('thread_by_name', 'SELECT id FROM thread_things WHERE name = $1', [name]);
    expect(named).toEqual([{ id: 1 }]);
    await d.db.delete(things);
  });

  it('PDFs are kept as they are: no compression tried on letters and mail attachments (migration 0007)', async () => {
    const storage = await d.rows<{ col: string; storage: string }>(
      sql`SELECT attrelid::regclass::text || '.' || attname AS col, attstorage AS storage FROM pg_attribute
          WHERE (attrelid = 'letters'::regclass AND attname IN ('pdf', 'docs_pdf')) OR (attrelid = 'mails'::regclass AND attname = 'pdf') ORDER BY 1`,
    );
    expect(storage).toEqual([
      { col: 'letters.docs_pdf', storage: 'e' },
      { col: 'letters.pdf', storage: 'e' },
      { col: 'mails.pdf', storage: 'e' },
    ]);
    // What EXTERNAL means for a value: 100,000 bytes that pglz would shrink to almost nothing take their full size, and come back whole.
    await d.db.execute(sql`CREATE TEMP TABLE pdf_like (b bytea)`);
    await d.db.execute(sql`ALTER TABLE pdf_like ALTER COLUMN b SET STORAGE EXTERNAL`);
    const zeros = new Uint8Array(100_000);
    await d.db.execute(sql`INSERT INTO pdf_like VALUES (${zeros}::bytea)`);
    const [row] = await d.rows<{ size: number; b: Uint8Array }>(sql`SELECT pg_column_size(b) AS size, b FROM pdf_like`);
    expect(row!.size).toBeGreaterThanOrEqual(100_000);
    expect(Buffer.from(row!.b).equals(Buffer.from(zeros))).toBe(true);
  });

  it("a duplicate key fails with Postgres's code and constraint, and the database goes on", async () => {
    const at = new Date();
    await d.db.insert(things).values({ id: 7, name: 'bir', at });
    const failure = await d.db
      .insert(things)
      .values({ id: 7, name: 'iki', at })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(failure).toBeInstanceOf(Error);
    expect(causeOf(failure).code).toBe('23505');
    expect(causeOf(failure).constraint).toBe('thread_things_pkey');
    expect(await d.db.select({ name: things.name }).from(things)).toEqual([{ name: 'bir' }]);
    await d.db.delete(things);
  });

  it('a transaction commits, rolls back when its callback throws, and a nested one rolls back alone', async () => {
    const at = new Date();
    await d.db.transaction(async (tx) => {
      await tx.insert(things).values({ id: 1, name: 'kalır', at });
      await tx
        .transaction(async (inner) => {
          await inner.insert(things).values({ id: 2, name: 'iç, geri alınır', at });
          throw new Error('iç işlem vazgeçti');
        })
        .catch(() => undefined);
    });
    const thrown = await d.db
      .transaction(async (tx) => {
        await tx.insert(things).values({ id: 3, name: 'geri alınır', at });
        throw new Error('vazgeçildi');
      })
      .catch((e: Error) => e.message);
    expect(thrown).toBe('vazgeçildi');
    expect((await d.db.select({ id: things.id }).from(things).orderBy(things.id)).map((r) => r.id)).toEqual([1]);
    await d.db.delete(things);
  });

  it('a statement outside an open transaction waits for it, then sees what it committed', async () => {
    const at = new Date();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    const tx = d.db.transaction(async (t) => {
      await t.insert(things).values({ id: 5, name: 'işlemde', at });
      await held;
      order.push('commit');
    });
    await new Promise((r) => setTimeout(r, 50));
    const outside = d.db
      .select({ id: things.id })
      .from(things)
      .then((rows) => {
        order.push('outside');
        return rows;
      });
    await new Promise((r) => setTimeout(r, 100));
    expect(order).toEqual([]);
    release();
    await tx;
    expect(await outside).toEqual([{ id: 5 }]);
    expect(order).toEqual(['commit', 'outside']);
    await d.db.delete(things).where(eq(things.id, 5));
  });

  it('a long statement leaves the event loop free', async () => {
    let ticks = 0;
    let last = performance.now();
    let longestGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks++;
    }, 5);
    const started = performance.now();
    const [r] = await d.rows<{ n: string }>(sql`SELECT count(*)::text AS n FROM generate_series(1, 1000000) g WHERE g % 7 = 3`);
    const took = performance.now() - started;
    clearInterval(timer);
    expect(r!.n).toBe('142857'); // 3, 10, …, 999,995 (1,000,000 = 7 × 142,857 + 1): (999,995 − 3) / 7 + 1
    // Run on this thread, the statement (hundreds of ms) would have let no timer through.
    expect(took).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThan(took / 50);
    expect(longestGap).toBeLessThan(took / 2);
  });

  it('its thread is named "cari-db" for the OS (top -H, ps -L) and ends with the database', async () => {
    if (process.platform !== 'linux') return; // thread names are read from /proc
    const named = () => readdirSync('/proc/self/task').filter((tid) => readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() === 'cari-db').length;
    const before = named();
    expect(before).toBeGreaterThanOrEqual(1); // this file's database
    const other = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate(), log: () => undefined });
    expect(named()).toBe(before + 1);
    await other.close();
    await vi.waitFor(() => expect(named()).toBe(before));
  });

  it('a closed database says so, in Turkish, instead of hanging', async () => {
    const other = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate(), log: () => undefined });
    await other.close();
    const failure = await other.rows(sql`SELECT 1`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(String(causeOf(failure).message)).toMatch(/^Veritabanı kapatıldı/);
  });

  it('a script that opens a data folder ends by itself, and a query in flight keeps it alive until answered', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cari-thread-'));
    try {
      // The folder starts from the migrated template (no migrations to run in the child).
      const template = join(dir, 'template.tar');
      writeFileSync(template, Buffer.from(await (await pgliteTemplate()).arrayBuffer()));
      const script = join(dir, 'run.mts');
      const open = fileURLToPath(new URL('./open.ts', import.meta.url));
      writeFileSync(
        script,
        `import { readFileSync } from 'node:fs';
import { openDatabase } from ${JSON.stringify(open)};
const loadDataDir = new Blob([readFileSync(${JSON.stringify(template)})]);
const d = await openDatabase({ dataDir: ${JSON.stringify(join(dir, 'data'))}, loadDataDir, log: () => undefined });
setTimeout(async () => {
  const [r] = await d.prepared<{ n: number }>('answer', 'SELECT 41 + $1::int AS n', ['1']);
  console.log('cevap ' + r.n);
}, 50);
`,
      );
      const r = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 60_000, cwd: process.cwd() });
      expect(r.stderr).not.toMatch(/Error/);
      expect(r.stdout.trim()).toBe('cevap 42');
      expect(r.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a migration that fails on a data folder: the message says why, the folder is let go, and the next start opens it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cari-thread-'));
    try {
      const broken = join(dir, 'migrations');
      cpSync(migrationsFolder(), broken, { recursive: true });
      writeFileSync(join(broken, '0099_broken.sql'), 'ALTER TABLE no_such_table ADD COLUMN x int;\n');
      const journalFile = join(broken, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
      journal.entries.push({ idx: 99, version: '7', when: 1_899_999_999_999, tag: '0099_broken', breakpoints: true });
      writeFileSync(journalFile, JSON.stringify(journal));
      const data = join(dir, 'data');
      const lines: string[] = [];
      const loadDataDir = await pgliteTemplate();
      const failed = await openDatabase({ dataDir: data, loadDataDir, migrationsFolder: broken, log: (l) => lines.push(l) }).catch((e: unknown) => e as Error);
      expect(failed).toBeInstanceOf(Error);
      expect(lines.join('\n')).toMatch(/could not open .*no_such_table/);
      expect(existsSync(join(data, 'cari.lock'))).toBe(false);
      const again = await openDatabase({ dataDir: data, log: () => undefined });
      const [r] = await again.rows<{ n: string }>(sql`SELECT count(*)::text AS n FROM campaigns`);
      expect(r!.n).toBe('0');
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
