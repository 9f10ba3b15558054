/**
 * The ERP's figures for the worklist. A small ERP (up to fullReadLimit() accounts with a balance):
 * every such account's statement through the one reader, its overdue items per currency from the
 * account view (accountLedger, due basis: the open-items page's rule — each currency on its own, TL
 * being the lines written in TL, a return reducing the invoice it names). A large one: the ERP's aging answer (get_yaslandirma, one
 * call) says who is overdue, by how much and since which bucket; statements are read only for the
 * rows shown first, the customers with promises (judged from the statement) and on demand
 * (figuresFor), and kept with the snapshot. A snapshot is kept in memory (default 5 minutes): when
 * the ERP cannot be reached the last one is served marked stale, and with none the worklist still
 * shows our own notes and promises.
 */
import { accountLedger, currenciesOf } from '../../src/domain/ledger';
import { LOCAL_CURRENCY } from '../../src/domain/currency';
import { runPool } from '../../src/domain/run-pool';
import { todayIso } from '../../src/domain/dates';
import type { Statement } from '../../src/domain/erp-types';
import { documentNumberKey } from '../../src/domain/document-number';
import type { IsoDate, Minor } from '../../src/domain/types';
import type { AppCtx } from '../app/context';
import type { ErpTable } from '../../src/domain/erp-types';
import { agingLayout, cellMinor, cellText, rowOverdue, rowTotal } from '../../src/domain/aging-buckets';

export interface CurrencyOverdue {
  currency: string;
  /** Open past due (positive; for a supplier what we owe). */
  overdue: Minor;
  /** Everything open (due or not). */
  open: Minor;
  overdueCount: number;
  oldestDays: number;
  /** The earliest due date of an overdue item still open. */
  oldestDue: IsoDate | null;
  /** From the ERP's aging (TL, the oldest bucket's first day), not yet from the statement. */
  estimated?: boolean;
}

export interface AccountFigures {
  id: string;
  name: string;
  side: 'receivable' | 'payable';
  currencies: string[];
  overdue: CurrencyOverdue[];
  lines: Statement['lines'];
  /** The statement's document-number column (for the PDFs). */
  docKey: string | null;
}

export interface Snapshot {
  at: Date;
  day: IsoDate;
  /** Figures from statements: every account with a balance (full), or those read so far (aging). */
  accounts: Map<string, AccountFigures>;
  names: Map<string, string>;
  /** Large ERP: the aging answer's figures per account (receivables and payables), else null. */
  aging: Map<string, AgingEntry> | null;
  /** Accounts whose statement has been read (with or without open items). */
  read: Set<string>;
}

export interface AgingEntry {
  id: string;
  name: string;
  side: 'receivable' | 'payable';
  overdue: CurrencyOverdue[];
}

/** Above this many accounts with a balance the worklist is built from the ERP's aging answer. */
export const fullReadLimit = () => Number(process.env.TAHSILAT_FULL_READ_LIMIT ?? 3000);

export interface SnapshotRead {
  snapshot: Snapshot | null;
  stale: boolean;
  problem: string | null;
}

export function figuresOf(id: string, name: string, st: Statement, day: IsoDate): AccountFigures | null {
  const lines = st.lines;
  const overdue: CurrencyOverdue[] = [];
  let side: 'receivable' | 'payable' | null = null;
  for (const view of accountLedger(lines, { asOf: day }).views) {
    const { currency, items: r } = view;
    if (r.openTotal === 0) continue;
    side ??= r.side === 'debit' ? 'receivable' : 'payable';
    if ((r.side === 'debit') !== (side === 'receivable')) continue;
    let oldestDays = 0;
    let oldestDue: IsoDate | null = null;
    for (const it of r.items) {
      if (it.remaining > 0 && it.days !== null && it.days > oldestDays) {
        oldestDays = it.days;
        oldestDue = it.refDate;
      }
    }
    overdue.push({ currency, overdue: r.overdueTotal, open: r.openTotal, overdueCount: r.overdueCount, oldestDays, oldestDue });
  }
  if (!side) return null;
  return { id, name, side, currencies: currenciesOf(lines), overdue, lines, docKey: documentNumberKey(st.extraColumns) };
}

const cache = new WeakMap<object, { snap: Snapshot | null; loading: Promise<Snapshot> | null; problem: string | null }>();
export const ERP_STALE = 'ERP’ye şu anda ulaşılamıyor: tutarlar en son okunan hâliyle gösteriliyor (güncel değil). Notlar ve sözler günceldir.';
export const ERP_NONE = 'ERP’ye ulaşılamıyor: tutarlar gösterilemiyor. Notlar, sözler ve sonraki adımlar aşağıda.';

/** The aging answer as estimated figures (TL: the ERP's aging is kept in its accounting currency). */
function agingEntries(table: ErpTable): Map<string, AgingEntry> | null {
  const layout = agingLayout(table.columns);
  if (!layout.accountIdKey || !layout.buckets.some((b) => !b.notDue)) return null;
  const out = new Map<string, AgingEntry>();
  for (const row of table.rows) {
    const id = cellText(row[layout.accountIdKey]);
    const total = rowTotal(row, layout);
    if (!id || total === 0) continue;
    const sign = total > 0 ? 1 : -1;
    let oldest = 0;
    for (const b of layout.buckets) if (!b.notDue && cellMinor(row[b.key]) * sign > 0) oldest = Math.max(oldest, b.from ?? 1);
    const overdue = rowOverdue(row, layout) * sign;
    out.set(id, {
      id,
      name: layout.nameKey ? cellText(row[layout.nameKey]) : '',
      side: sign > 0 ? 'receivable' : 'payable',
      overdue: [
        {
          currency: LOCAL_CURRENCY,
          overdue: Math.max(0, overdue),
          open: total * sign,
          overdueCount: 0,
          oldestDays: overdue > 0 ? oldest : 0,
          oldestDue: null,
          estimated: true,
        },
      ],
    });
  }
  return out;
}

async function readAll(ctx: AppCtx, ids: readonly { id: string; name: string }[], snap: Pick<Snapshot, 'accounts' | 'read' | 'day'>): Promise<void> {
  await runPool(ids, ctx.settings.erpConcurrency, async (a) => {
    const f = figuresOf(a.id, a.name, await ctx.erp.statement(a.id), snap.day);
    if (f) snap.accounts.set(a.id, f);
    else snap.accounts.delete(a.id);
    snap.read.add(a.id);
  });
}

async function load(ctx: AppCtx): Promise<Snapshot> {
  const at = ctx.now();
  const day = todayIso(at);
  const accounts = new Map<string, AccountFigures>();
  const table = ctx.erp.aging ? await ctx.erp.aging().catch(() => null) : null;
  const aging = table && table.rows.length > fullReadLimit() ? agingEntries(table) : null;
  if (aging) return { at, day, accounts, names: new Map([...aging.values()].map((a) => [a.id, a.name])), aging, read: new Set() };
  const list = [...(await ctx.erp.accounts()).values()];
  const snap: Snapshot = { at, day, accounts, names: new Map(list.map((a) => [a.id, a.name])), aging: null, read: new Set() };
  await readAll(
    ctx,
    list.filter((a) => a.balance !== null && a.balance !== 0),
    snap,
  );
  return snap;
}

/**
 * Statement figures of these accounts, read into the snapshot when it has none yet (a large ERP:
 * the rows shown, the customers with promises, a reminder about to go).
 */
export async function figuresFor(ctx: AppCtx, snap: Snapshot, ids: Iterable<string>): Promise<void> {
  if (!snap.aging) return;
  const todo = [...new Set(ids)].filter((id) => !snap.read.has(id));
  if (todo.length)
    await readAll(
      ctx,
      todo.map((id) => ({ id, name: snap.names.get(id) ?? '' })),
      snap,
    );
}

/** The current snapshot (read again when older than `maxAgeMs` or forced). */
export async function readSnapshot(ctx: AppCtx, o: { force?: boolean; maxAgeMs?: number } = {}): Promise<SnapshotRead> {
  let c = cache.get(ctx.d);
  if (!c) cache.set(ctx.d, (c = { snap: null, loading: null, problem: null }));
  const fresh = c.snap && !o.force && ctx.now().getTime() - c.snap.at.getTime() < (o.maxAgeMs ?? 300_000) && c.snap.day === todayIso(ctx.now());
  if (fresh) return { snapshot: c.snap, stale: false, problem: null };
  const entry = c;
  entry.loading ??= load(ctx).finally(() => (entry.loading = null));
  try {
    entry.snap = await entry.loading;
    return { snapshot: entry.snap, stale: false, problem: null };
  } catch (e) {
    ctx.log(`tahsilat: ERP figures not read (${(e as Error).message.slice(0, 120)})`);
    return { snapshot: entry.snap, stale: true, problem: entry.snap ? ERP_STALE : ERP_NONE };
  }
}
