/** Campaigns ("Mutabakat dönemi"): creation (letters + preparation jobs), the board's counts and rows. */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, notLike, sql } from 'drizzle-orm';
import { emptyFigures } from '../../src/domain/babs/reconcile';
import type { Db } from '../db/open';
import { campaigns, events, letters, mails, type CampaignOptions } from '../db/schema';
import { isIsoDate } from '../../src/domain/dates';
import { insertJsonRows } from '../db/json-rows';
import { enqueueMany } from '../jobs/queue';
import { getContacts } from './contacts';
import { badRequest, notFound, type Problem } from '../app/errors';
import { appendEvents, type Actor, type EventRow } from './events';
import { babsDifferencesOf, babsView } from '../babs/view';
import { answerOf, ttk94MonthOver, differenceOf, signedMoney, type Money } from './money-view';

export const PREPARE_CHUNK = 25;

export interface CampaignInput {
  name: string;
  accountIds: string[];
  asOf: string;
  deadline: string;
  reminderDays: number[];
  options: CampaignOptions;
  send: boolean;
  /** 'babs': one month's Form Ba/Bs figures (babs.ts); default 'cari'. */
  kind?: 'cari' | 'babs';
}

export function checkCampaign(body: unknown): CampaignInput {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const problems: Problem[] = [];
  const ids = Array.isArray(b.accountIds) ? b.accountIds : null;
  if (!ids || ids.length === 0 || ids.length > 20_000 || ids.some((x) => typeof x !== 'string' || !/^\d{1,18}$/.test(x))) {
    problems.push({ field: 'accountIds', message: 'En az bir, en fazla 20.000 hesap (Firma ID) seçilmeli.' });
  }
  const asOf = typeof b.asOf === 'string' && isIsoDate(b.asOf) ? b.asOf : null;
  if (!asOf) problems.push({ field: 'asOf', message: 'Mutabakat tarihi geçerli bir tarih olmalı.' });
  const deadline = typeof b.deadline === 'string' && isIsoDate(b.deadline) ? b.deadline : null;
  if (!deadline) problems.push({ field: 'deadline', message: 'Son yanıt tarihi geçerli bir tarih olmalı.' });
  else if (asOf && deadline < asOf) problems.push({ field: 'deadline', message: 'Son yanıt tarihi mutabakat tarihinden önce olamaz.' });
  const days = b.reminderDays === undefined ? [7, 14] : b.reminderDays;
  if (!Array.isArray(days) || days.length > 5 || days.some((d) => !Number.isInteger(d) || (d as number) < 1 || (d as number) > 90)) {
    problems.push({ field: 'reminderDays', message: 'Hatırlatma günleri 1 ile 90 arasında tam sayılar olmalı (en fazla 5).' });
  }
  const o = (b.options && typeof b.options === 'object' ? b.options : {}) as Record<string, unknown>;
  const from = o.from == null || o.from === '' ? null : typeof o.from === 'string' && isIsoDate(o.from) ? o.from : undefined;
  if (from === undefined) problems.push({ field: 'options.from', message: 'Ekstre başlangıç tarihi geçerli bir tarih olmalı.' });
  const name = typeof b.name === 'string' && b.name.trim() ? b.name.trim().slice(0, 200) : '';
  if (problems.length) throw badRequest(problems);
  return {
    name,
    accountIds: [...new Set(ids as string[])],
    asOf: asOf!,
    deadline: deadline!,
    reminderDays: [...new Set(days as number[])].sort((x, y) => x - y),
    options: { statementLines: o.statementLines === true, openItems: o.openItems === true, from: from ?? null },
    send: b.send !== false,
  };
}

export async function createCampaign(db: Db, input: CampaignInput, by: Actor, now: Date): Promise<string> {
  const id = randomUUID();
  const contactRows = new Map((await getContacts(db, input.accountIds)).map((c) => [c.accountId, c]));
  const [y, m, d] = input.asOf.split('-');
  await db.transaction(async (tx) => {
    await tx.insert(campaigns).values({
      id,
      kind: input.kind ?? 'cari',
      name: input.name || `Mutabakat ${d}.${m}.${y}`,
      asOf: input.asOf,
      deadline: input.deadline,
      reminderDays: input.reminderDays,
      options: input.options,
      sendWhenReady: input.send,
      total: input.accountIds.length,
      createdAt: now,
      createdBy: by.userName,
    });
    for (let i = 0; i < input.accountIds.length; i += 500) {
      const chunk = input.accountIds.slice(i, i + 500).map((accountId) => {
        const c = contactRows.get(accountId);
        return { id: randomUUID(), accountId, to: c?.to ?? [], cc: c?.cc ?? [], person: c?.person ?? '' };
      });
      // The letters and their preparation jobs, each in one statement (server/db/json-rows.ts).
      await tx.execute(
        insertJsonRows(
          letters,
          chunk.map((l) => ({ ...l, campaignId: id, state: 'preparing', createdAt: now })),
        ),
      );
      const prepare: Record<string, unknown>[] = [];
      for (let k = 0; k < chunk.length; k += PREPARE_CHUNK) prepare.push({ campaignId: id, letterIds: chunk.slice(k, k + PREPARE_CHUNK).map((l) => l.id) });
      await enqueueMany(tx, 'prepare', prepare, now);
    }
    await appendEvents(tx, now, [
      {
        campaignId: id,
        type: 'created',
        by,
        detail: { accounts: input.accountIds.length, asOf: input.asOf, deadline: input.deadline, reminderDays: input.reminderDays, options: input.options },
      },
    ]);
  });
  return id;
}

/**
 * An independent auditor's letters (Denetçi modu: campaign id 'den-…'): not the company's. Its staff see
 * their states only, on the engagement's page (server/audit/engagement.ts), never a letter, an answer or a mail.
 */
export const isAuditorsCampaign = (campaignId: string): boolean => campaignId.startsWith('den-');

/** Every column but the PDF bytes. */
export const letterColumns = {
  id: letters.id,
  campaignId: letters.campaignId,
  accountId: letters.accountId,
  accountName: letters.accountName,
  state: letters.state,
  to: letters.to,
  cc: letters.cc,
  person: letters.person,
  snapshot: letters.snapshot,
  pdfSha256: letters.pdfSha256,
  lastError: letters.lastError,
  sentAt: letters.sentAt,
  reminders: letters.reminders,
  remindedAt: letters.remindedAt,
  answerEventId: letters.answerEventId,
  resolvedEventId: letters.resolvedEventId,
  createdAt: letters.createdAt,
  prepareAttempts: letters.prepareAttempts,
};
export type LetterRecord = { [K in keyof typeof letterColumns]: (typeof letters.$inferSelect)[K] };

export function monthPassed(l: Pick<LetterRecord, 'state' | 'sentAt'>, now: Date): boolean {
  return l.state === 'sent' && !!l.sentAt && ttk94MonthOver(l.sentAt, now);
}

/** `maybeTwice`: one of its mails was in flight when its process died and went again (belki iki kez gönderildi). */
export function letterJson(l: LetterRecord, byId: ReadonlyMap<number, EventRow>, now: Date, maybeTwice = false) {
  const answerEvent = l.answerEventId != null ? byId.get(l.answerEventId) : undefined;
  const answer = answerEvent ? answerOf(answerEvent) : null;
  const ours: Money[] = (l.snapshot?.ours ?? []).map((m) => signedMoney(m.currency, m.balance));
  const resolvedEvent = l.resolvedEventId != null ? byId.get(l.resolvedEventId) : undefined;
  return {
    id: l.id,
    accountId: l.accountId,
    accountName: l.accountName,
    state: l.state,
    to: l.to,
    cc: l.cc,
    person: l.person,
    ours,
    localBalance: l.snapshot?.localBalance ?? 0,
    theirs: answer?.balances ?? null,
    difference: answer ? differenceOf(ours, answer.balances) : null,
    answer,
    resolved: resolvedEvent ? { note: String(resolvedEvent.detail.note ?? ''), by: resolvedEvent.byUser ?? '', at: resolvedEvent.at.toISOString() } : null,
    sentAt: l.sentAt?.toISOString() ?? null,
    remindedAt: l.remindedAt?.toISOString() ?? null,
    reminders: l.reminders,
    monthPassed: monthPassed(l, now),
    lastError: l.lastError,
    warnings: l.snapshot?.warnings ?? [],
    maybeTwice,
    pdfUrl: `/api/mutabakat/letters/${l.id}/pdf`,
    babs: babsView(l.snapshot?.babs, answer?.babs ?? null, l.id),
  };
}
export type LetterJson = ReturnType<typeof letterJson>;

/** The answer and resolution events the rows point at. */
export async function eventsById(db: Db, rows: readonly LetterRecord[]): Promise<Map<number, EventRow>> {
  const ids = rows.flatMap((r) => [r.answerEventId, r.resolvedEventId]).filter((x): x is number => x != null);
  const out = new Map<number, EventRow>();
  for (let i = 0; i < ids.length; i += 1000) {
    for (const e of await db
      .select()
      .from(events)
      .where(inArray(events.id, ids.slice(i, i + 1000))))
      out.set(e.id, e);
  }
  return out;
}

export type Counts = ReturnType<typeof emptyCounts>;
const emptyCounts = () => ({
  total: 0,
  preparing: 0,
  prepareFailed: 0,
  prepared: 0,
  noAddress: 0,
  queued: 0,
  sent: 0,
  failed: 0,
  agreed: 0,
  disagreed: 0,
  noAnswer: 0,
  monthPassed: 0,
  resolved: 0,
  cancelled: 0,
});

export function countsOf(rows: readonly LetterJson[]): Counts {
  const c = { ...emptyCounts(), total: rows.length };
  for (const r of rows) {
    if (r.state === 'preparing') c.preparing++;
    else if (r.state === 'prepare_failed') c.prepareFailed++;
    else if (r.state === 'prepared') c.prepared++;
    else if (r.state === 'no_address') c.noAddress++;
    else if (r.state === 'queued') c.queued++;
    else if (r.state === 'failed') c.failed++;
    else if (r.state === 'agreed') c.agreed++;
    else if (r.state === 'disagreed') c.disagreed++;
    else if (r.state === 'cancelled') c.cancelled++;
    else if (r.state === 'sent') c.noAnswer++;
    if (r.sentAt) c.sent++;
    if (r.monthPassed) c.monthPassed++;
    if (r.resolved) c.resolved++;
  }
  return c;
}

/** Σ difference per currency over disagreed letters not resolved (exact integers). */
export function differencesOf(rows: readonly LetterJson[]): Money[] {
  const sums = new Map<string, number>();
  for (const r of rows) {
    if (r.state !== 'disagreed' || r.resolved || !r.difference) continue;
    for (const d of r.difference) sums.set(d.currency, (sums.get(d.currency) ?? 0) + d.balance);
  }
  return [...sums].map(([cur, v]) => signedMoney(cur, v));
}

export type CampaignRecord = typeof campaigns.$inferSelect;

export function campaignJson(c: CampaignRecord, rows: readonly LetterJson[]) {
  return summaryJson(c, countsOf(rows), rows);
}

/** A campaign with its counts and the differences of `open` (at least its disagreed, unresolved letters). */
function summaryJson(c: CampaignRecord, counts: Counts, open: readonly LetterJson[]) {
  const state = c.cancelled
    ? 'cancelled'
    : counts.preparing > 0
      ? 'preparing'
      : counts.queued > 0
        ? 'sending'
        : counts.prepared > 0 && counts.sent === 0
          ? 'ready'
          : 'open';
  return {
    id: c.id,
    kind: c.kind,
    month: c.kind === 'babs' ? c.asOf.slice(0, 7) : null,
    name: c.name,
    asOf: c.asOf,
    deadline: c.deadline,
    reminderDays: c.reminderDays,
    options: c.options,
    state,
    progress: { done: counts.total - counts.preparing, total: counts.total, failed: counts.prepareFailed },
    createdAt: c.createdAt.toISOString(),
    createdBy: c.createdBy,
    counts,
    differences: differencesOf(open),
    babsDifferences: babsDifferencesOf(open) ?? (c.kind === 'babs' ? emptyFigures() : null),
  };
}

/**
 * Every campaign's counts by one SQL aggregate over its letters (grouped by campaign and state), and
 * its differences from its disagreed, unresolved letters only: the list's work does not grow with the
 * letters answered or waiting. "Bir ay geçti" needs each waiting letter's sent_at (addMonth's calendar).
 */
async function campaignSummaries(db: Db, list: readonly CampaignRecord[], now: Date) {
  if (list.length === 0) return [];
  const ids = list.map((c) => c.id);
  const counts = new Map(ids.map((id) => [id, emptyCounts()]));
  const grouped = await db
    .select({
      campaignId: letters.campaignId,
      state: letters.state,
      n: sql<number>`count(*)::int`,
      sent: sql<number>`count(${letters.sentAt})::int`,
      resolved: sql<number>`count(${letters.resolvedEventId})::int`,
    })
    .from(letters)
    .where(inArray(letters.campaignId, ids))
    .groupBy(letters.campaignId, letters.state);
  const key: Record<string, keyof Counts> = {
    preparing: 'preparing',
    prepare_failed: 'prepareFailed',
    prepared: 'prepared',
    no_address: 'noAddress',
    queued: 'queued',
    failed: 'failed',
    agreed: 'agreed',
    disagreed: 'disagreed',
    cancelled: 'cancelled',
    sent: 'noAnswer',
  };
  for (const g of grouped) {
    const c = counts.get(g.campaignId)!;
    c.total += g.n;
    c.sent += g.sent;
    c.resolved += g.resolved;
    const k = key[g.state];
    if (k) c[k] += g.n;
  }
  const waiting = await db
    .select({ campaignId: letters.campaignId, sentAt: letters.sentAt })
    .from(letters)
    .where(
      and(
        inArray(letters.campaignId, ids),
        eq(letters.state, 'sent'),
        sql`${letters.sentAt} <= ${new Date(now.getTime() - 27 * 86_400_000).toISOString()}::timestamptz`,
      ),
    );
  for (const w of waiting) if (monthPassed({ state: 'sent', sentAt: w.sentAt }, now)) counts.get(w.campaignId)!.monthPassed++;
  const open = await db
    .select(letterColumns)
    .from(letters)
    .where(and(inArray(letters.campaignId, ids), eq(letters.state, 'disagreed'), isNull(letters.resolvedEventId)));
  const byId = await eventsById(db, open);
  const openJson = open.map((r) => letterJson(r, byId, now));
  return list.map((c) =>
    summaryJson(
      c,
      counts.get(c.id)!,
      openJson.filter((_, i) => open[i]!.campaignId === c.id),
    ),
  );
}

/** The board's version: the campaign's newest event (every change to one of its letters appends one) and the minute ("bir ay geçti" moves with time). */
export async function campaignVersion(db: Db, id: string, now: Date): Promise<string> {
  if (isAuditorsCampaign(id)) throw notFound();
  const [r] = await db
    .select({ last: sql<number | null>`max(${events.id})`, c: sql<boolean>`bool_or(${campaigns.cancelled})` })
    .from(campaigns)
    .leftJoin(events, eq(events.campaignId, campaigns.id))
    .where(eq(campaigns.id, id));
  if (!r || r.c === null) throw notFound();
  return `W/"${id}.${r.last ?? 0}.${r.c ? 1 : 0}.${Math.floor(now.getTime() / 60_000)}"`;
}

export async function loadCampaign(db: Db, id: string, now: Date) {
  const c = isAuditorsCampaign(id) ? undefined : (await db.select().from(campaigns).where(eq(campaigns.id, id)))[0];
  if (!c) throw notFound();
  const rows = await db.select(letterColumns).from(letters).where(eq(letters.campaignId, id)).orderBy(asc(letters.accountId));
  const byId = await eventsById(db, rows);
  const twice = new Set(
    (
      await db
        .selectDistinct({ id: mails.letterId })
        .from(mails)
        .where(and(eq(mails.campaignId, id), eq(mails.maybeTwice, true)))
    ).map((m) => m.id),
  );
  const json = rows.map((r) => letterJson(r, byId, now, twice.has(r.id)));
  return { campaign: campaignJson(c, json), letters: json };
}

export async function listCampaigns(db: Db, now: Date) {
  return campaignSummaries(db, await db.select().from(campaigns).where(notLike(campaigns.id, 'den-%')).orderBy(desc(campaigns.createdAt)), now);
}

export async function loadLetter(db: Db, id: string): Promise<LetterRecord & { campaign: CampaignRecord }> {
  const l = (await db.select(letterColumns).from(letters).where(eq(letters.id, id)))[0];
  if (!l || isAuditorsCampaign(l.campaignId)) throw notFound();
  const c = (await db.select().from(campaigns).where(eq(campaigns.id, l.campaignId)))[0]!;
  return { ...l, campaign: c };
}

export async function accountHistory(db: Db, accountId: string, now: Date) {
  const rows = await db
    .select({ ...letterColumns, campaignName: campaigns.name, asOf: campaigns.asOf, kind: campaigns.kind })
    .from(letters)
    .innerJoin(campaigns, eq(campaigns.id, letters.campaignId))
    .where(and(eq(letters.accountId, accountId), notLike(letters.campaignId, 'den-%')))
    .orderBy(desc(letters.createdAt));
  const byId = await eventsById(db, rows);
  return rows.map((r) => ({
    ...letterJson(r, byId, now),
    campaignId: r.campaignId,
    campaignName: r.campaignName,
    asOf: r.asOf,
    kind: r.kind,
    month: r.kind === 'babs' ? r.asOf.slice(0, 7) : null,
  }));
}
