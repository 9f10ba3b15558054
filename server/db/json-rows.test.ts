// @vitest shared-modules
/**
 * Rows written as one JSON value (json-rows.ts): what a letter, a mail or an event holds must come back
 * exactly as it was given — Turkish letters, quotes, backslashes, line breaks, amounts in kuruş, times to
 * the millisecond, nulls — through the embedded database's thread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { openDatabase, type Database } from './open';
import { insertJsonRows } from './json-rows';
import { appendEvents, letterEvents } from '../mutabakat/events';
import { pgliteTemplate } from '../../tests/harness/pglite-template';

let d: Database;
beforeAll(async () => {
  d = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate(), log: () => undefined });
  await d.db.execute(
    sql`CREATE TABLE json_things (id bigserial PRIMARY KEY, name text UNIQUE, doc jsonb, at timestamptz, n integer, ok boolean, kind text NOT NULL DEFAULT 'varsayılan')`,
  );
});
afterAll(async () => {
  await d.close();
});

const things = pgTable('json_things', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name'),
  doc: jsonb('doc'),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  n: integer('n'),
  ok: boolean('ok'),
  kind: text('kind').notNull().default('varsayılan'),
});
/** A table whose SQL name is not a plain name (never in the schema: refused all the same). */
const odd = pgTable('json things; DROP TABLE events', { name: text('name') });
const oddColumn = pgTable('json_things', { name: text('name) SELECT 1 --') });

describe('insertJsonRows', () => {
  it('writes every value as given, in one statement, and returns the ids in the rows’ order', async () => {
    const html = `<p>Sayın Şule O'Brien "Çağ" & %+ \\ yol</p>\n`.repeat(120);
    const rows = [
      {
        name: `İĞDIR Gıda & Tic. "Öz" 'Ş' %+ \\ \t satır\nsatır \u2028 🙂`,
        doc: { html, kurus: 123_456_789_012, rate: 0.1, list: ['ç', null] },
        at: new Date('2026-12-06T09:30:01.234Z'),
        n: -7,
        ok: true,
      },
      { name: 'ikinci', doc: [], at: null, n: null, ok: false },
      { name: 'üçüncü' },
    ];
    const result = await d.db.execute(insertJsonRows(things, rows, { returning: 'id, name' }));
    const back = (result as unknown as { rows: { id: string | number; name: string }[] }).rows;
    expect(back.map((r) => r.name)).toEqual(rows.map((r) => r.name));
    const ids = back.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const stored = await d.rows<{ name: string; doc: unknown; at: string | Date | null; n: number | null; ok: boolean | null; kind: string }>(
      sql`SELECT name, doc, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, n, ok, kind FROM json_things ORDER BY id`,
    );
    expect(stored).toEqual([
      // A column no row names (kind) takes its default.
      { name: rows[0]!.name, doc: rows[0]!.doc, at: '2026-12-06T09:30:01.234Z', n: -7, ok: true, kind: 'varsayılan' },
      { name: 'ikinci', doc: [], at: null, n: null, ok: false, kind: 'varsayılan' },
      // A key the other rows name is NULL where it is missing.
      { name: 'üçüncü', doc: null, at: null, n: null, ok: null, kind: 'varsayılan' },
    ]);
  });

  it('refuses a table or column name that is not a plain name, and a key the table lacks, before any SQL', () => {
    expect(() => insertJsonRows(odd, [{ name: 'x' }])).toThrow(/not a plain name/);
    expect(() => insertJsonRows(oddColumn, [{ name: 'x' }])).toThrow(/not a plain name/);
    // A key the table does not have.
    expect(() => insertJsonRows(things, [{ name: 'x', nope: 1 } as never])).toThrow(/has no column nope/);
  });
});

describe('appendEvents (the history, written as JSON rows)', () => {
  it('keeps each event’s type, person and detail as given, and gives their ids in order', async () => {
    const at = new Date('2026-12-06T10:00:00.123Z');
    const by = { userName: 'şule', name: `Şule O'Brien "Çağ" & %+` };
    const ids = await appendEvents(d.db, at, [
      { campaignId: 'c1', letterId: 'l1', accountId: '1006', type: 'queued', by, detail: { mailId: 'm1', to: ['a@örnek.com.tr'], cc: [] } },
      { campaignId: 'c1', letterId: 'l1', type: 'sent', detail: { smtp: '250 2.0.0 Ok: queued as X', kurus: 100_000_000_001 } },
    ]);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBeGreaterThan(ids[0]!);
    const back = await letterEvents(d.db, 'l1');
    expect(back.map((e) => [e.id, e.type, e.byUser, e.byName, e.accountId, e.detail, e.at.toISOString()])).toEqual([
      [ids[0], 'queued', 'şule', by.name, '1006', { mailId: 'm1', to: ['a@örnek.com.tr'], cc: [] }, '2026-12-06T10:00:00.123Z'],
      [ids[1], 'sent', null, null, null, { smtp: '250 2.0.0 Ok: queued as X', kurus: 100_000_000_001 }, '2026-12-06T10:00:00.123Z'],
    ]);
  });
});
