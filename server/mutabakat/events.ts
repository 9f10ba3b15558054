/** The append-only history (the table refuses UPDATE and DELETE: migration 0001). */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/open';
import { events } from '../db/schema';
import { insertJsonRows } from '../db/json-rows';

export interface Actor {
  userName: string;
  name: string;
}

export interface NewEvent {
  campaignId: string;
  letterId?: string | null;
  accountId?: string | null;
  type: string;
  by?: Actor | null;
  detail?: Record<string, unknown>;
}

type Tx = Pick<Db, 'execute'>;

/** The events in one statement (server/db/json-rows.ts); their ids, in the list's order. */
export async function appendEvents(db: Tx, at: Date, list: readonly NewEvent[]): Promise<number[]> {
  if (list.length === 0) return [];
  const rows = list.map((e) => ({
    at,
    campaignId: e.campaignId,
    letterId: e.letterId ?? null,
    accountId: e.accountId ?? null,
    type: e.type,
    byUser: e.by?.userName ?? null,
    byName: e.by?.name ?? null,
    detail: e.detail ?? {},
  }));
  const result = await db.execute(insertJsonRows(events, rows, { returning: 'id' }));
  // bigserial: Postgres's driver gives it as text; the ids are given out in the rows' order.
  return (result as unknown as { rows: { id: string | number }[] }).rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

export async function appendEvent(db: Tx, at: Date, e: NewEvent): Promise<number> {
  return (await appendEvents(db, at, [e]))[0]!;
}

export type EventRow = typeof events.$inferSelect;

export async function letterEvents(db: Db, letterId: string): Promise<EventRow[]> {
  return db.select().from(events).where(eq(events.letterId, letterId)).orderBy(asc(events.id));
}

export function eventJson(e: EventRow) {
  return { id: String(e.id), at: e.at.toISOString(), type: e.type, by: e.byUser, byName: e.byName, detail: e.detail };
}
