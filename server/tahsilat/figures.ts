/**
 * The ERP's figures for the worklist: every account with a balance, its statement through the one
 * reader, and its overdue items per currency from the one ledger engine (openItems, due basis).
 * A snapshot is kept in memory (default 5 minutes): when the ERP cannot be reached the last one is
 * served marked stale, and with none the worklist still shows our own notes and promises.
 */
import { currenciesOf, openItems } from '../../src/domain/ledger';
import { LOCAL_CURRENCY } from '../../src/domain/currency';
import { runPool } from '../../src/domain/run-pool';
import { todayIso } from '../../src/domain/dates';
import type { Statement } from '../../src/domain/erp-types';
import { documentNumberKey } from '../../src/domain/document-number';
import type { IsoDate, Minor } from '../../src/domain/types';
import type { MutCtx } from '../mutabakat/context';

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
  accounts: Map<string, AccountFigures>;
  names: Map<string, string>;
}

export interface SnapshotRead {
  snapshot: Snapshot | null;
  stale: boolean;
  problem: string | null;
}

/** The currencies the account is kept in: its foreign ones when it has any, else TL. */
export function accountCurrencies(lines: Statement['lines']): string[] {
  const all = currenciesOf(lines);
  return all.length > 1 ? all.slice(1) : [LOCAL_CURRENCY];
}

export function figuresOf(id: string, name: string, st: Statement, day: IsoDate): AccountFigures | null {
  const lines = st.lines;
  const overdue: CurrencyOverdue[] = [];
  let side: 'receivable' | 'payable' | null = null;
  for (const currency of accountCurrencies(lines)) {
    const r = openItems(lines, { asOf: day, currency });
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

async function load(ctx: MutCtx): Promise<Snapshot> {
  const at = ctx.now();
  const day = todayIso(at);
  const list = [...(await ctx.erp.accounts()).values()];
  const names = new Map(list.map((a) => [a.id, a.name]));
  const accounts = new Map<string, AccountFigures>();
  const withBalance = list.filter((a) => a.balance !== null && a.balance !== 0);
  await runPool(withBalance, ctx.settings.erpConcurrency, async (a) => {
    const st = await ctx.erp.statement(a.id);
    const f = figuresOf(a.id, a.name, st, day);
    if (f) accounts.set(a.id, f);
  });
  return { at, day, accounts, names };
}

/** The current snapshot (read again when older than `maxAgeMs` or forced). */
export async function readSnapshot(ctx: MutCtx, o: { force?: boolean; maxAgeMs?: number } = {}): Promise<SnapshotRead> {
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
