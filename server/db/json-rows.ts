/**
 * Many rows written in one statement as one JSON value the database reads (`json_to_recordset`), not
 * through drizzle's insert builder. The builder turns every value into a parameter of its own, a value at a
 * time on the event loop: 50–80 ms for 500 rows, which every gateway answer and reply page waited for
 * (a campaign's letters, its mails, their tokens, jobs and events). JSON.stringify is native and the
 * parsing is the database's, in its own thread (PGlite) or process (Postgres).
 *
 * The rows are the table's insert shape (drizzle's property names); each column's SQL name and type come
 * from the schema. A column no row names takes its default; a column some rows name is NULL in the rows
 * that leave it out (not its default). Dates go as ISO text, jsonb values as they are. Not for bytea.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

const PLAIN = /^[a-z_][a-z0-9_]*$/;

export function insertJsonRows<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][], tail: { returning?: string } = {}): SQL {
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const named = keys.map((k) => {
    const c = columns[k];
    if (!c) throw new Error(`insertJsonRows: ${getTableName(table)} has no column ${k}`);
    return c;
  });
  for (const n of [getTableName(table), ...named.map((c) => c.name)]) if (!PLAIN.test(n)) throw new Error(`insertJsonRows: not a plain name: ${n}`);
  const data = rows.map((r) => Object.fromEntries(keys.map((k, i) => [named[i]!.name, (r as Record<string, unknown>)[k] ?? null])));
  const list = named.map((c) => c.name).join(', ');
  const types = named.map((c) => `${c.name} ${c.getSQLType()}`).join(', ');
  return sql`INSERT INTO ${sql.raw(getTableName(table))} (${sql.raw(list)}) SELECT ${sql.raw(list)} FROM json_to_recordset(${JSON.stringify(data)}::json) AS x(${sql.raw(types)})${sql.raw(tail.returning ? ` RETURNING ${tail.returning}` : '')}`;
}
