/**
 * Reminder levels (hatırlatma / ihtar): a daily job proposes, per customer, the level its oldest
 * overdue item has reached — one e-mail covering all its overdue items in each currency, never
 * while a promise is pending or an itiraz / hukuki takip is open, never twice within the minimum
 * interval; the accountant reviews and sends in bulk (or a level sends automatically). Mails go
 * through the one outbox (mails row + 'send' job) to the account's tahsilat address, else its
 * mutabakat address.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { collectAccounts, collectReminders, contacts, mails, type ReminderOverdue } from '../db/schema';
import { enqueue } from '../jobs/queue';
import type { AppCtx } from '../app/context';
import type { Actor } from '../mutabakat/events';
import { conflict } from '../app/errors';
import { formatMoney } from '../../src/domain/format';
import { addDays, compareIsoDate, todayIso } from '../../src/domain/dates';
import { figuresFor, readSnapshot, type AccountFigures } from './figures';
import { buildWorklist } from './worklist';
import { fillTemplate, loadSettings, type ReminderLevel } from './settings';
import { logActivity } from './store';
import { attachmentName, documentPdf } from './documents';
import { mailHtml } from './mail';

export const TAHSILAT_CAMPAIGN = 'tahsilat';

export interface Proposal {
  id: string;
  accountId: string;
  name: string;
  level: number;
  kind: 'email' | 'manual';
  state: string;
  overdue: ReminderOverdue[];
  to: string[];
  mailId: string | null;
}

/** The address a collections mail goes to: the tahsilat one, else the mutabakat one. */
export async function collectAddress(ctx: AppCtx, accountId: string): Promise<{ to: string[]; cc: string[]; person: string }> {
  const c = (await ctx.db.select().from(contacts).where(eq(contacts.accountId, accountId)))[0];
  return { to: c?.collectTo?.length ? c.collectTo : (c?.to ?? []), cc: c?.collectTo?.length ? [] : (c?.cc ?? []), person: c?.person ?? '' };
}

export function levelFor(levels: readonly ReminderLevel[], oldestDays: number): ReminderLevel | null {
  let hit: ReminderLevel | null = null;
  for (const l of levels) if (oldestDays >= l.days) hit = l;
  return hit;
}

/** The daily proposal (idempotent per customer and day: a unique index). */
export async function proposeReminders(ctx: AppCtx, by: Actor | null = null): Promise<Proposal[]> {
  const settings = await loadSettings(ctx.db);
  const today = todayIso(ctx.now());
  // The day's proposal reads the ERP afresh (a payment since the last read must stop a reminder).
  const wl = await buildWorklist(ctx, '', 'all', { force: true });
  if (wl.stale || !wl.asOf) throw conflict(wl.problem ?? 'ERP okunamadı; hatırlatma önerilemedi.');
  const candidates = [];
  // Paused since an earlier proposal of the day (the 07:00 run, then a promise or an itiraz): that proposal is withdrawn.
  const paused: string[] = [];
  // When each customer was last reminded, in one query: one per row (a large ERP: tens of thousands of
  // overdue customers) took seconds, a round trip to the database each.
  const remindedAt = new Map(
    (await ctx.db.select({ accountId: collectAccounts.accountId, remindedAt: collectAccounts.remindedAt }).from(collectAccounts)).map((a) => [
      a.accountId,
      a.remindedAt,
    ]),
  );
  const recentFrom = addDays(today, -settings.minIntervalDays);
  for (const r of wl.rows) {
    if (!r.overdue.length || r.oldestDays === null) continue;
    if (r.promise?.status === 'pending' || r.flags.includes('itiraz') || r.flags.includes('hukuki')) {
      paused.push(r.accountId);
      continue;
    }
    if (!levelFor(settings.levels, r.oldestDays)) continue;
    const at = remindedAt.get(r.accountId);
    if (at && compareIsoDate(todayIso(at), recentFrom) > 0) continue;
    candidates.push(r);
  }
  if (paused.length) {
    await ctx.db
      .update(collectReminders)
      .set({ state: 'skipped' })
      .where(and(eq(collectReminders.day, today), eq(collectReminders.state, 'proposed'), inArray(collectReminders.accountId, paused)));
  }
  // A large ERP's rows carry the aging's estimate: each candidate's figures from its statement.
  const snap = (await readSnapshot(ctx)).snapshot!;
  await figuresFor(
    ctx,
    snap,
    candidates.map((r) => r.accountId),
  );
  let n = 0;
  for (const r of candidates) {
    // A turn of the event loop now and then: users' requests go on while a large ERP's run writes.
    if (++n % 100 === 0) await new Promise((ok) => setImmediate(ok));
    const f = snap.accounts.get(r.accountId);
    const exact = f ? f.overdue.filter((c) => c.overdue > 0) : r.overdue;
    if (!exact.length || exact.some((c) => c.estimated)) continue;
    const level = levelFor(settings.levels, Math.max(...exact.map((c) => c.oldestDays)));
    if (!level) continue;
    const overdue = exact.map((c) => ({ currency: c.currency, overdue: c.overdue, oldestDays: c.oldestDays }));
    const addr = await collectAddress(ctx, r.accountId);
    const state = level.kind === 'manual' ? 'manual' : addr.to.length ? 'proposed' : 'no_address';
    const id = randomUUID();
    const made = await ctx.db
      .insert(collectReminders)
      .values({ id, accountId: r.accountId, day: today, level: level.level, state, overdue, createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ id: collectReminders.id });
    if (made.length && level.auto && state === 'proposed') await sendReminders(ctx, [id], by ?? { userName: 'otomatik', name: 'Otomatik gönderim' });
  }
  return listProposals(ctx, today);
}

export async function listProposals(ctx: AppCtx, day?: string): Promise<Proposal[]> {
  const rows = await ctx.db
    .select()
    .from(collectReminders)
    .where(day ? eq(collectReminders.day, day) : undefined);
  const read = await readSnapshot(ctx);
  const out: Proposal[] = [];
  for (const r of rows) {
    const addr = await collectAddress(ctx, r.accountId);
    const level = (await loadSettings(ctx.db)).levels.find((l) => l.level === r.level);
    out.push({
      id: r.id,
      accountId: r.accountId,
      name: read.snapshot?.names.get(r.accountId) ?? '',
      level: r.level,
      kind: level?.kind ?? 'email',
      state: r.state,
      overdue: r.overdue,
      to: addr.to,
      mailId: r.mailId,
    });
  }
  return out.sort((a, b) => b.level - a.level || a.accountId.localeCompare(b.accountId));
}

const amounts = (o: readonly ReminderOverdue[]) => o.map((c) => `${formatMoney(c.overdue)} ${c.currency}`).join(' ve ');

/** The template fields' values for one customer (settings.ts TEMPLATE_FIELDS). */
export function templateVars(name: string, person: string, overdue: readonly ReminderOverdue[], company: string): Record<string, string> {
  return {
    musteri: name,
    yetkili: person || 'Yetkili',
    tutarlar: amounts(overdue),
    en_eski_gun: String(Math.max(0, ...overdue.map((c) => c.oldestDays))),
    sirket: company,
    kalemler: overdue.map((c) => `${c.currency}: ${formatMoney(c.overdue)}`).join('\n'),
  };
}

/** Sends the chosen proposals: one mail per customer, checked again now (a promise or itiraz since the proposal stops it). */
export async function sendReminders(
  ctx: AppCtx,
  ids: readonly string[],
  by: Actor,
): Promise<{ queued: number; skipped: { accountId: string; reason: string }[] }> {
  if (ctx.transport.mode === 'disabled') throw conflict('E-posta gönderilemiyor: sunucuda SMTP_URL ayarlanmamış.');
  const settings = await loadSettings(ctx.db);
  const wl = await buildWorklist(ctx, '', 'all');
  const byId = new Map(wl.rows.map((r) => [r.accountId, r]));
  const snap = (await readSnapshot(ctx)).snapshot;
  const list = ids.length
    ? await ctx.db
        .select()
        .from(collectReminders)
        .where(and(inArray(collectReminders.id, [...ids]), eq(collectReminders.state, 'proposed')))
    : [];
  if (snap)
    await figuresFor(
      ctx,
      snap,
      list.map((p) => p.accountId),
    ).catch(() => undefined);
  let queued = 0;
  const skipped: { accountId: string; reason: string }[] = [];
  for (const p of list) {
    const row = byId.get(p.accountId);
    const figures: AccountFigures | undefined = snap?.accounts.get(p.accountId);
    const reason =
      row?.promise?.status === 'pending'
        ? 'Bekleyen ödeme sözü var'
        : row?.flags.includes('itiraz')
          ? 'İtiraz açık'
          : !figures
            ? 'ERP tutarları okunamadı'
            : null;
    if (reason) {
      await ctx.db
        .update(collectReminders)
        .set({ state: 'skipped', sentBy: by.userName })
        .where(and(eq(collectReminders.id, p.id), eq(collectReminders.state, 'proposed')));
      skipped.push({ accountId: p.accountId, reason });
      continue;
    }
    const level = settings.levels.find((l) => l.level === p.level)!;
    const addr = await collectAddress(ctx, p.accountId);
    const vars = templateVars(figures!.name, addr.person, p.overdue, ctx.company.title);
    const now = ctx.now();
    const today = todayIso(now);
    // Level 1 attaches the open items, level 2 the vade farkı calculation (settings: attach).
    const doc = level.attach === 'lateInterest' ? 'lateInterest' : 'openItems';
    const pdf = await documentPdf(doc, {
      company: ctx.company.title,
      account: { id: figures!.id, name: figures!.name },
      lines: figures!.lines,
      docKey: figures!.docKey,
      currencies: p.overdue.map((c) => c.currency),
      asOf: today,
      now,
    });
    const subject = fillTemplate(level.subject, vars);
    const text = fillTemplate(level.body, vars);
    const mailId = randomUUID();
    // The proposal is taken first, only while it is still 'proposed': a second click, or the automatic
    // run beside a manual one, finds it taken and makes no mail (the row lock orders them on PostgreSQL).
    const taken = await ctx.db.transaction(async (tx) => {
      const mine = await tx
        .update(collectReminders)
        .set({ state: 'queued', mailId, sentBy: by.userName })
        .where(and(eq(collectReminders.id, p.id), eq(collectReminders.state, 'proposed')))
        .returning({ id: collectReminders.id });
      if (mine.length === 0) return false;
      await tx.insert(mails).values({
        id: mailId,
        letterId: p.id,
        campaignId: TAHSILAT_CAMPAIGN,
        accountId: p.accountId,
        kind: 'tahsilat',
        to: addr.to,
        cc: addr.cc,
        subject,
        html: mailHtml(text, p.overdue),
        text,
        link: null,
        attachmentName: attachmentName(doc, figures!.name, today),
        state: 'queued',
        createdAt: now,
        nextAttemptAt: now,
        pdf,
      });
      await enqueue(tx, 'send', { mailId }, now);
      await tx
        .insert(collectAccounts)
        .values({ accountId: p.accountId, reminderLevel: p.level, remindedAt: now })
        .onConflictDoUpdate({ target: collectAccounts.accountId, set: { reminderLevel: p.level, remindedAt: now } });
      await logActivity(tx, p.accountId, now, by, 'reminder', `${p.level}. seviye hatırlatma: ${vars.tutarlar} (${addr.to.join(', ')})`, null, {
        mailId,
        level: p.level,
      });
      return true;
    });
    if (taken) queued++;
  }
  return { queued, skipped };
}
