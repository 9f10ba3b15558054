/**
 * Özet figures: pure arithmetic over the account list (get_cari) and the ERP's aging
 * (get_yaslandirma), integer kuruş throughout. The gateway works them out (overview-summary.ts,
 * server/gateway/overview-route.ts); the list and aging pages show the same numbers from their own
 * answers. Every figure has a URL on the list or aging page that shows the same number
 * (features/overview/overview-parts.tsx OVERVIEW_LINKS), so the definitions follow those pages:
 * - receivables = Σ borçlu balances (> 0), payables = Σ |alacaklı balances| (< 0), net = their
 *   difference — the list's totals with ?side=B / ?side=A / no filter;
 * - top debtors = the first rows of /accounts?side=B&sort=-balance, top creditors of
 *   ?side=A&sort=balance (ties keep the ERP's order, as the list's sort does);
 * - receivables aging = the ERP aging rows whose total is borçlu (/aging?side=B), payables aging
 *   the alacaklı ones (/aging?side=A), never netted: per-bucket sums, overdue = Σ of every bucket
 *   except "not yet due"; the overdue count = the rows /aging?side=…&overdue=1 lists;
 * - largest overdue = those rows ordered by their oldest bucket, then the next older one, …
 *   (the order of /aging?side=B&sort=-<oldest bucket> for the rows that have one).
 */
import type { Account, Cell, ErpTable } from './erp-types';
import { cellMinor, hasOverdue, sideFigures, type AgingLayout, type AgingSide, type SideFigures } from './aging-buckets';
import type { Minor } from './types';
import { balanceTotals } from './balance-totals';

type ErpRow = Record<string, Cell>;

export const TOP_COUNT = 10;

export interface AccountFigures {
  receivables: Minor;
  debtorCount: number;
  /** Σ |alacaklı balances|, positive. */
  payables: Minor;
  creditorCount: number;
  net: Minor;
  /** A sum is past Number.MAX_SAFE_INTEGER kuruş: receivables/payables/net are not exact (balance-totals.ts). */
  overflow: boolean;
  /** Accounts whose balance could not be read (left out of every sum). */
  unreadable: number;
  topDebtors: Account[];
  topCreditors: Account[];
}

/** Keeps the `limit` best items by `better` (stable: an equal item never displaces an earlier one). */
function topBy<T>(items: Iterable<T>, limit: number, better: (a: T, b: T) => boolean): T[] {
  const top: T[] = [];
  for (const item of items) {
    if (top.length === limit && !better(item, top[top.length - 1]!)) continue;
    let i = top.length;
    while (i > 0 && better(item, top[i - 1]!)) i--;
    top.splice(i, 0, item);
    if (top.length > limit) top.pop();
  }
  return top;
}

export function accountFigures(accounts: readonly Account[]): AccountFigures {
  let debtorCount = 0;
  let creditorCount = 0;
  let unreadable = 0;
  const debtors: Account[] = [];
  const creditors: Account[] = [];
  for (const a of accounts) {
    const b = a.balance;
    if (b === null) {
      if (a.balanceInvalid) unreadable++;
      continue;
    }
    if (b > 0) {
      debtorCount++;
      debtors.push(a);
    } else if (b < 0) {
      creditorCount++;
      creditors.push(a);
    }
  }
  // The sums are the account list's own (balance-totals.ts, so Özet and /accounts?side=B agree).
  const totals = balanceTotals(accounts, (a) => a.balance);
  return {
    receivables: totals.debit,
    debtorCount,
    payables: totals.credit,
    creditorCount,
    net: totals.net,
    overflow: totals.overflow,
    unreadable,
    topDebtors: topBy(debtors, TOP_COUNT, (x, y) => x.balance! > y.balance!),
    topCreditors: topBy(creditors, TOP_COUNT, (x, y) => x.balance! < y.balance!),
  };
}

export interface AgingFigures extends SideFigures {
  /** Up to TOP_COUNT rows with an overdue amount, oldest buckets first. */
  largestOverdue: ErpRow[];
  /** Overdue bucket indices from the oldest to the newest. */
  oldestFirst: number[];
}

/** One side of the ERP's aging (B: receivables, A: payables), never netted with the other. */
export function agingFigures(table: ErpTable, layout: AgingLayout, side: AgingSide = 'B'): AgingFigures {
  const fig = sideFigures(table, layout, side);
  const oldestFirst = layout.buckets
    .map((b, i) => ({ b, i }))
    .filter(({ b }) => !b.notDue)
    .reverse()
    .map(({ i }) => i);
  const keys = oldestFirst.map((i) => layout.buckets[i]!.key);
  const mag = (r: ErpRow, k: string) => Math.abs(cellMinor(r[k]));
  const olderFirst = (x: ErpRow, y: ErpRow): boolean => {
    for (const k of keys) {
      const a = mag(x, k);
      const b = mag(y, k);
      if (a !== b) return a > b;
    }
    return false;
  };
  const withOverdue = fig.rows.filter((r) => hasOverdue(r, layout));
  return { ...fig, largestOverdue: topBy(withOverdue, TOP_COUNT, olderFirst), oldestFirst };
}
