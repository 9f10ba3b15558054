/**
 * The auditor decides what is confirmed (BDS 505 ¶7 (a); issue 47, items 2 and 3): the population is every
 * account in the engagement's scope with its balance as of the period end — from its ERP statement through
 * the one ledger engine the letters use, so a sampled balance is the letter's — one row per currency,
 * receivables (B) and payables (A) apart. The auditor's method and seed are recorded (a chained event);
 * the sample becomes the engagement's confirming parties, each with the address proposed from our
 * contacts, where it came from, and the flags that should make the auditor look twice.
 */
import { and, eq, inArray, isNotNull, isNull, notLike, sql } from 'drizzle-orm';
import { auditParties, contacts, engagements, letters } from '../db/schema';
import type { AppCtx } from '../app/context';
import { badRequest, conflict } from '../app/errors';
import { appendEvents, type Actor } from '../mutabakat/events';
import { runPool } from '../../src/domain/run-pool';
import { todayIso } from '../../src/domain/dates';
import { prepareStatement } from '../../src/domain/running-balance';
import { letterBalances } from '../../src/domain/letter/letter-balance';
import { sampleAccounts, type PopulationRow, type SampleMethod } from '../../src/domain/audit/sampling';
import { addressFlags, domainOf, type AddressFlag } from '../../src/domain/audit/address-flags';
import { checkTaxId } from '../../src/domain/babs/tax-id';
import type { EngagementRow } from './engagement';
import { DEMO_SEED } from '../mutabakat/contacts';

/** Populations read per engagement, kept 10 minutes (every statement of the scope is read once). */
const populations = new Map<string, { at: number; rows: Promise<PopulationRow[]> }>();

export async function population(ctx: AppCtx, e: EngagementRow): Promise<PopulationRow[]> {
  const kept = populations.get(e.id);
  if (kept && Date.now() - kept.at < 10 * 60_000) return kept.rows;
  const rows = readPopulation(ctx, e);
  populations.set(e.id, { at: Date.now(), rows });
  rows.catch(() => populations.delete(e.id));
  return rows;
}

async function readPopulation(ctx: AppCtx, e: EngagementRow): Promise<PopulationRow[]> {
  const accounts = [...(await ctx.erp.accounts()).values()].filter((a) => !e.scope.accountIds || e.scope.accountIds.includes(a.id));
  const out: PopulationRow[] = [];
  const today = todayIso(ctx.now());
  await runPool(accounts, ctx.settings.erpConcurrency, async (a) => {
    const st = await ctx.erp.statement(a.id);
    const b = letterBalances(prepareStatement(st.lines, today), e.periodEnd, a.currency);
    for (const x of b.balances) {
      if (x.balance === 0) continue;
      const side = x.balance > 0 ? 'B' : 'A';
      if (e.scope.sides.includes(side)) out.push({ accountId: a.id, name: a.name, side, currency: x.currency, balance: Math.abs(x.balance) });
    }
  });
  return out.sort((x, y) => (x.accountId < y.accountId ? -1 : x.accountId > y.accountId ? 1 : x.currency < y.currency ? -1 : 1));
}

export function checkMethod(body: unknown): SampleMethod {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const seed = typeof b.seed === 'string' ? b.seed.trim().slice(0, 100) : '';
  const n = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN);
  const bad = (field: string, message: string) => badRequest([{ field, message }]);
  switch (b.kind) {
    case 'threshold': {
      const minMinor = n(b.minMinor);
      if (!Number.isSafeInteger(minMinor) || minMinor < 0) throw bad('minMinor', 'Eşik tutarı sıfır ya da daha büyük olmalı.');
      return { kind: 'threshold', minMinor };
    }
    case 'coverage': {
      const percent = n(b.percent);
      if (!(percent > 0 && percent <= 100)) throw bad('percent', 'Kapsama yüzdesi 0’dan büyük, en fazla 100 olmalı.');
      return { kind: 'coverage', percent };
    }
    case 'random': {
      const count = n(b.count);
      if (!Number.isSafeInteger(count) || count < 1) throw bad('count', 'Seçilecek hesap sayısı en az 1 olmalı.');
      if (!seed) throw bad('seed', 'Rastgele seçim için bir tohum (seed) gerekli: aynı tohum aynı seçimi verir.');
      return { kind: 'random', count, seed };
    }
    case 'stratified': {
      const strata = Array.isArray(b.strata) ? b.strata.map((s) => s as Record<string, unknown>) : [];
      if (!seed) throw bad('seed', 'Tabakalı seçim için bir tohum (seed) gerekli.');
      const list = strata.map((s) => ({ fromMinor: n(s.fromMinor), toMinor: s.toMinor == null || s.toMinor === '' ? null : n(s.toMinor), count: n(s.count) }));
      if (
        list.length === 0 ||
        list.some(
          (s) =>
            !Number.isSafeInteger(s.fromMinor) ||
            s.fromMinor < 0 ||
            (s.toMinor !== null && !(Number.isSafeInteger(s.toMinor) && s.toMinor > s.fromMinor)) ||
            !Number.isSafeInteger(s.count) ||
            s.count < 0,
        )
      ) {
        throw bad('strata', 'Tabakalar: her biri bir alt sınır, (son tabaka dışında) üst sınır ve seçilecek hesap sayısıyla verilmeli.');
      }
      return { kind: 'stratified', seed, strata: list };
    }
    default:
      throw bad('kind', 'Seçim yöntemi: eşik, kapsama, tabakalı ya da rastgele.');
  }
}

const coverageJson = (c: ReturnType<typeof sampleAccounts>['coverage']) =>
  c.map((x) => ({
    side: x.side,
    currency: x.currency,
    populationCount: x.populationCount,
    populationSum: x.populationSum.toString(),
    selectedCount: x.selectedCount,
    selectedSum: x.selectedSum.toString(),
    sumBasisPoints: x.sumBasisPoints,
  }));

/** The sample drawn and recorded; the parties replaced (until the letters go: then the sample is fixed). */
export async function drawSample(ctx: AppCtx, e: EngagementRow, method: SampleMethod, by: Actor) {
  if (await sent(ctx, e.id)) throw conflict('Mektuplar gönderildi: örneklem artık değiştirilemez.');
  const pop = await population(ctx, e);
  const r = sampleAccounts(pop, method);
  const coverage = coverageJson(r.coverage);
  const now = ctx.now();
  const byAccount = new Map<string, { name: string; balances: { currency: string; balance: number }[] }>();
  for (const s of r.selected) {
    const x = byAccount.get(s.accountId) ?? { name: s.name, balances: [] };
    x.balances.push({ currency: s.currency, balance: s.side === 'B' ? s.balance : -s.balance });
    byAccount.set(s.accountId, x);
  }
  const proposals = await propose(ctx, [...byAccount.keys()]);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(auditParties).where(eq(auditParties.engagementId, e.id));
    const rows = [...byAccount].map(([accountId, x]) => ({
      engagementId: e.id,
      accountId,
      accountName: x.name,
      balances: x.balances,
      ...proposals.get(accountId)!,
    }));
    for (let i = 0; i < rows.length; i += 500) await tx.insert(auditParties).values(rows.slice(i, i + 500));
    await tx
      .update(engagements)
      .set({ sample: { method: { ...method }, coverage, at: now.toISOString() } })
      .where(eq(engagements.id, e.id));
    await appendEvents(tx, now, [
      { campaignId: e.id, type: 'sampled', by, detail: { method: { ...method }, population: pop.length, selected: byAccount.size, coverage } },
    ]);
  });
  return { selected: byAccount.size, coverage };
}

async function sent(ctx: AppCtx, id: string): Promise<boolean> {
  return (
    (
      await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(letters)
        .where(eq(letters.campaignId, id))
    )[0]!.n > 0
  );
}

interface Proposal {
  taxId: string;
  proposed: string;
  source: string;
  flags: AddressFlag[];
}

/**
 * Each party's address proposed from our contacts (the company's records: flagged when its staff changed it in
 * the last 30 days), with the domains it had in earlier company campaigns that were answered as the known
 * ones; no address: empty, flagged as not an address, for the auditor to give.
 */
async function propose(ctx: AppCtx, ids: string[]): Promise<Map<string, Proposal>> {
  const out = new Map<string, Proposal>();
  const cs = new Map<string, typeof contacts.$inferSelect>();
  const known = new Map<string, string[]>();
  for (let i = 0; i < ids.length; i += 1000) {
    const part = ids.slice(i, i + 1000);
    for (const c of await ctx.db.select().from(contacts).where(inArray(contacts.accountId, part))) cs.set(c.accountId, c);
    const past = await ctx.db
      .select({ accountId: letters.accountId, to: letters.to })
      .from(letters)
      .where(and(inArray(letters.accountId, part), isNotNull(letters.answerEventId), notLike(letters.campaignId, 'den-%')));
    for (const p of past) known.set(p.accountId, [...(known.get(p.accountId) ?? []), ...p.to.map((a) => domainOf(a) ?? '').filter(Boolean)]);
  }
  const now = ctx.now();
  for (const id of ids) {
    const c = cs.get(id);
    const proposed = c?.to[0] ?? '';
    const staffChangedAt = c && c.updatedBy !== DEMO_SEED ? c.updatedAt : null;
    out.set(id, {
      taxId: c?.taxId ?? '',
      proposed,
      source: c
        ? `Şirketin cari kişi kaydı (son değiştiren: ${c.updatedBy === DEMO_SEED ? 'demo verisi' : c.updatedBy}, ${c.updatedAt.toISOString().slice(0, 10)})`
        : 'Şirketin kaydında adres yok',
      flags: addressFlags(proposed, { knownDomains: known.get(id) ?? [], staffChangedAt, now }),
    });
  }
  return out;
}

export type PartyRow = typeof auditParties.$inferSelect;

export async function parties(ctx: AppCtx, id: string): Promise<PartyRow[]> {
  return ctx.db.select().from(auditParties).where(eq(auditParties.engagementId, id)).orderBy(auditParties.accountId);
}

/** The auditor approves the proposed address or gives another (flags worked out again for it); the VKN/TCKN the reply page will ask for goes with it. */
export async function approveAddress(ctx: AppCtx, e: EngagementRow, accountId: string, body: unknown, by: Actor): Promise<PartyRow> {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const p = (
    await ctx.db
      .select()
      .from(auditParties)
      .where(and(eq(auditParties.engagementId, e.id), eq(auditParties.accountId, accountId)))
  )[0];
  if (!p) throw badRequest([{ field: 'accountId', message: 'Bu hesap örneklemde değil.' }]);
  if (p.letterId) throw conflict('Bu hesabın mektubu gönderildi: adresi artık değiştirilemez.');
  const address = typeof b.address === 'string' && b.address.trim() ? b.address.trim().toLowerCase() : p.proposed;
  if (!domainOf(address)) throw badRequest([{ field: 'address', message: 'Geçerli bir e-posta adresi girin.' }]);
  const given = typeof b.taxId === 'string' && b.taxId.trim() ? checkTaxId(b.taxId) : null;
  if (given && !given.ok) throw badRequest([{ field: 'taxId', message: given.message }]);
  const taxId = given?.ok ? given.value : p.taxId;
  if (!taxId) throw badRequest([{ field: 'taxId', message: 'Yanıt verenin kimliği bununla doğrulanır: karşı tarafın VKN ya da TCKN’si gerekli.' }]);
  const replaced = address !== p.proposed;
  const flags = replaced ? addressFlags(address, { knownDomains: [], staffChangedAt: null, now: ctx.now() }) : (p.flags as AddressFlag[]);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const r = (
      await tx
        .update(auditParties)
        .set({ address, taxId, flags, approvedBy: by.userName, approvedAt: now })
        .where(and(eq(auditParties.engagementId, e.id), eq(auditParties.accountId, accountId), isNull(auditParties.letterId)))
        .returning()
    )[0];
    if (!r) throw conflict('Bu hesabın mektubu gönderildi: adresi artık değiştirilemez.');
    await appendEvents(tx, now, [
      {
        campaignId: e.id,
        accountId,
        type: 'address_approved',
        by,
        detail: { address, taxId, proposed: p.proposed, source: replaced ? 'Denetçi girdi' : p.source, replaced, flags },
      },
    ]);
    return r;
  });
  return row;
}
