/**
 * The worklist: one row per customer with overdue receivables (ERP figures from the snapshot) or
 * with our own open business (a next action, a promise, a flag) — the latter still shown when the
 * ERP cannot be read. Sorted by what needs doing now: broken promises, then actions due today or
 * late, then overdue customers nobody has planned, then the rest; within each, the oldest first.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/open';
import { collectAccounts, collectActivities, collectPromises } from '../db/schema';
import { compareIsoDate, todayIso } from '../../src/domain/dates';
import type { IsoDate } from '../../src/domain/types';
import type { AppCtx } from '../app/context';
import { judgePromises, type PromiseStatus, type PromiseVerdict } from './promise';
import { figuresFor, readSnapshot, type CurrencyOverdue, type Snapshot, type SnapshotRead } from './figures';
import { loadSettings } from './settings';

export const VIEWS = ['all', 'mine', 'today', 'broken', 'disputes'] as const;
export type View = (typeof VIEWS)[number];

export interface PromiseJson {
  id: string;
  amount: number;
  currency: string;
  takenOn: IsoDate;
  due: IsoDate;
  by: string;
  byName: string;
  createdAt: string;
  status: PromiseStatus | 'unknown';
  paid: number | null;
  shortfall: number | null;
  keptOn: IsoDate | null;
  late: boolean;
  windowEnd: IsoDate | null;
}

export interface WorkRow {
  accountId: string;
  name: string;
  overdue: CurrencyOverdue[];
  oldestDays: number | null;
  owner: string | null;
  nextAction: string;
  nextActionDate: IsoDate | null;
  lastActivity: { at: string; kind: string; by: string } | null;
  promise: PromiseJson | null;
  reminderLevel: number;
  flags: string[];
  version: number;
  /** 0 broken promise, 1 action due, 2 overdue and unplanned, 3 planned / waiting. */
  urgency: number;
}

type PromiseRow = typeof collectPromises.$inferSelect;

const sumOverdue = (r: WorkRow) => r.overdue.reduce((s, c) => s + (c.currency === 'TL' ? c.overdue : 0), 0);

export function promiseJson(p: PromiseRow, v: PromiseVerdict | undefined): PromiseJson {
  return {
    id: p.id,
    amount: p.amount,
    currency: p.currency,
    takenOn: p.takenOn,
    due: p.due,
    by: p.byUser,
    byName: p.byName,
    createdAt: p.createdAt.toISOString(),
    status: v?.status ?? 'unknown',
    paid: v?.paid ?? null,
    shortfall: v?.shortfall ?? null,
    keptOn: v?.keptOn ?? null,
    late: v?.late ?? false,
    windowEnd: v?.windowEnd ?? null,
  };
}

async function ourState(d: Database) {
  const states = await d.db.select().from(collectAccounts);
  const promises = await d.db.select().from(collectPromises);
  const rows = await d.rows<{ account_id: string; at: string | Date; kind: string; by_user: string }>(
    sql`SELECT DISTINCT ON (account_id) account_id, at, kind, by_user FROM ${collectActivities} ORDER BY account_id, id DESC`,
  );
  return {
    // What the rows are made of, as text: a warm request whose state is unchanged reuses them.
    key: JSON.stringify([states, promises, rows]),
    states: new Map(states.map((s) => [s.accountId, s])),
    promises: promises.reduce((m, p) => m.set(p.accountId, [...(m.get(p.accountId) ?? []), p]), new Map<string, PromiseRow[]>()),
    last: new Map(rows.map((r) => [r.account_id, { at: new Date(r.at).toISOString(), kind: r.kind, by: r.by_user }])),
  };
}

/** Rows whose statement is read before the answer (a large ERP): what the first screen shows. */
export const FIRST_ROWS = 50;

/** Every row of the worklist in its order, kept per database for the snapshot and our state it was made from. */
interface Ordered {
  snap: Snapshot | null;
  /** The day, the grace, whether the figures are stale and our own state, as text. */
  key: string;
  /** How many statements the snapshot had read (a row's figures change when its own is read). */
  readSize: number;
  rows: WorkRow[];
  rowOf: (id: string) => WorkRow | null;
  order: (a: WorkRow, b: WorkRow) => number;
  /** Per view and user: its rows (kept until the rows change, so their JSON is made once: rowsJson) and the counts. */
  views: Map<string, { rows: WorkRow[]; counts: Record<View, number> }>;
}
const ordered = new WeakMap<object, Ordered>();

/**
 * All rows, sorted by what needs doing now. Built again only when the snapshot, its statements read,
 * the day, the grace or our own state changed: a warm request (a large ERP: tens of thousands of
 * overdue customers) neither rebuilds nor sorts them.
 */
async function orderedRows(ctx: AppCtx, read: SnapshotRead, today: IsoDate): Promise<Ordered> {
  const snap = read.snapshot;
  const settings = await loadSettings(ctx.db);
  const ours = await ourState(ctx.d);
  // A large ERP: promises are judged from the statement, read for the customers that have one.
  if (snap && !read.stale) await figuresFor(ctx, snap, ours.promises.keys()).catch(() => undefined);
  const key = `${today}|${settings.graceDays}|${read.stale}|${ours.key}`;
  const readSize = snap?.read.size ?? 0;
  const kept = ordered.get(ctx.d);
  if (kept && kept.snap === snap && kept.key === key && kept.readSize === readSize) return kept;
  const ids = new Set<string>();
  for (const [id, f] of snap?.aging ?? snap?.accounts ?? []) if (f.side === 'receivable' && f.overdue.some((c) => c.overdue > 0)) ids.add(id);
  for (const [id, s] of ours.states) if (s.nextAction || s.nextActionDate || s.flags.length || s.owner) ids.add(id);
  for (const id of ours.promises.keys()) ids.add(id);
  const rowOf = (id: string): WorkRow | null => {
    const f = snap?.accounts.get(id);
    const est = f ? undefined : snap?.aging?.get(id);
    if ((f ?? est)?.side === 'payable') return null;
    const s = ours.states.get(id);
    const plist = ours.promises.get(id) ?? [];
    const verdicts = f
      ? judgePromises(
          plist.map((p) => ({ ...p, createdAt: p.createdAt.getTime() })),
          f.lines,
          today,
          settings.graceDays,
        )
      : new Map<string, PromiseVerdict>();
    const latest = plist.length ? [...plist].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)! : null;
    const promise = latest ? promiseJson(latest, verdicts.get(latest.id)) : null;
    const overdue = (f ?? est)?.overdue.filter((c) => c.overdue > 0) ?? [];
    const oldestDays = f || est ? Math.max(0, ...overdue.map((c) => c.oldestDays)) : null;
    const due = s?.nextActionDate && compareIsoDate(s.nextActionDate, today) <= 0;
    const brokenPromise = promise?.status === 'broken' || promise?.status === 'partial';
    const urgency = brokenPromise ? 0 : due ? 1 : overdue.length && !s?.nextActionDate && promise?.status !== 'pending' ? 2 : 3;
    return {
      accountId: id,
      name: f?.name || est?.name || snap?.names.get(id) || '',
      overdue,
      oldestDays,
      owner: s?.owner ?? null,
      nextAction: s?.nextAction ?? '',
      nextActionDate: s?.nextActionDate ?? null,
      lastActivity: ours.last.get(id) ?? null,
      promise,
      reminderLevel: s?.reminderLevel ?? 0,
      flags: s?.flags ?? [],
      version: s?.version ?? 0,
      urgency,
    };
  };
  // Σ TL overdue per row, computed once (a tie-breaker of many comparisons on a large ERP).
  const sums = new WeakMap<WorkRow, number>();
  const sumOf = (r: WorkRow) => sums.get(r) ?? (sums.set(r, sumOverdue(r)), sums.get(r)!);
  const order = (a: WorkRow, b: WorkRow) =>
    a.urgency - b.urgency ||
    (a.urgency === 1 ? compareIsoDate(a.nextActionDate, b.nextActionDate) : 0) ||
    (b.oldestDays ?? -1) - (a.oldestDays ?? -1) ||
    sumOf(b) - sumOf(a) ||
    (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0);
  const rows = [...ids]
    .map(rowOf)
    .filter((r): r is WorkRow => r !== null)
    .sort(order);
  const made: Ordered = { snap, key, readSize, rows, rowOf, order, views: new Map() };
  ordered.set(ctx.d, made);
  return made;
}

const inView = (view: View, me: string, today: IsoDate) => (r: WorkRow) =>
  view === 'mine'
    ? r.owner === me
    : view === 'today'
      ? r.nextActionDate !== null && compareIsoDate(r.nextActionDate, today) <= 0
      : view === 'broken'
        ? r.urgency === 0
        : view === 'disputes'
          ? r.flags.includes('itiraz')
          : true;

function countsOf(rows: WorkRow[], me: string, today: IsoDate): Record<View, number> {
  const counts = Object.fromEntries(VIEWS.map((v) => [v, 0])) as Record<View, number>;
  for (const r of rows) {
    counts.all++;
    if (r.owner === me) counts.mine++;
    if (r.nextActionDate !== null && compareIsoDate(r.nextActionDate, today) <= 0) counts.today++;
    if (r.urgency === 0) counts.broken++;
    if (r.flags.includes('itiraz')) counts.disputes++;
  }
  return counts;
}

const jsonOfRows = new WeakMap<WorkRow[], string>();
/** The rows as JSON, made once per kept row set (a whole view at 100k is ~13 MB of text). */
export function rowsJson(rows: WorkRow[]): string {
  let text = jsonOfRows.get(rows);
  if (text === undefined) jsonOfRows.set(rows, (text = JSON.stringify(rows)));
  return text;
}

export async function buildWorklist(ctx: AppCtx, me: string, view: View, o: { force?: boolean; limit?: number } = {}) {
  const read = await readSnapshot(ctx, o);
  const today = todayIso(ctx.now());
  const snap = read.snapshot;
  const all = await orderedRows(ctx, read, today);
  const wanted = inView(view, me, today);
  let rows = all.views.get(`${view}|${me}`)?.rows ?? all.rows.filter(wanted);
  // A large ERP: the view's first rows' figures from their statements (exact, per currency), then in order again.
  if (snap?.aging && !read.stale) {
    const first = rows
      .slice(0, FIRST_ROWS)
      .map((r) => r.accountId)
      .filter((id) => !snap.read.has(id));
    if (first.length) {
      await figuresFor(ctx, snap, first).catch(() => undefined);
      const fresh = new Map(first.map((id) => [id, all.rowOf(id)]));
      all.rows = all.rows
        .map((r) => fresh.get(r.accountId) ?? r)
        .filter((r): r is WorkRow => r !== null)
        .sort(all.order);
      all.readSize = snap.read.size;
      all.views.clear();
      rows = all.rows.filter(wanted);
    }
  }
  const counts = all.views.get(`${view}|${me}`)?.counts ?? countsOf(all.rows, me, today);
  all.views.set(`${view}|${me}`, { rows, counts });
  // The whole view: the kept array itself (its JSON is kept with it).
  const shown = o.limit === undefined || o.limit >= rows.length ? rows : rows.slice(0, o.limit);
  return { today, asOf: snap?.at.toISOString() ?? null, stale: read.stale, problem: read.problem, counts, total: rows.length, rows: shown };
}

/** Suppliers: what we owe, past due and coming, read-only. */
export async function buildPayables(ctx: AppCtx, o: { force?: boolean } = {}) {
  const read = await readSnapshot(ctx, o);
  const snap = read.snapshot;
  const rows = [...((snap?.aging ?? snap?.accounts)?.values() ?? [])]
    .filter((f) => f.side === 'payable')
    .map((f) => ({
      accountId: f.id,
      name: f.name,
      open: f.overdue,
      oldestDays: Math.max(0, ...f.overdue.map((c) => c.oldestDays)),
    }));
  rows.sort((a, b) => b.oldestDays - a.oldestDays || a.accountId.localeCompare(b.accountId));
  return { asOf: read.snapshot?.at.toISOString() ?? null, stale: read.stale, problem: read.problem, rows };
}
