/**
 * Özet figures: pure arithmetic over the cached account list (get_cari) and the ERP's aging
 * (get_yaslandirma), integer kuruş throughout. Every figure has a URL on the list or aging page
 * that shows the same number (see overview-page.tsx), so the definitions follow those pages:
 * - receivables = Σ borçlu balances (> 0), payables = Σ |alacaklı balances| (< 0), net = their
 *   difference — the list's totals with ?side=B / ?side=A / no filter;
 * - top debtors = the first rows of /accounts?side=B&sort=-balance, top creditors of
 *   ?side=A&sort=balance (ties keep the ERP's order, as the list's sort does);
 * - receivables aging = the ERP aging rows whose total is borçlu (/aging?side=B): per-bucket sums,
 *   overdue = Σ of every bucket except "not yet due";
 * - largest overdue = those rows ordered by their oldest bucket, then the next older one, …
 *   (the order of /aging?side=B&sort=-<oldest bucket> for the rows that have one).
 */
import type { Account, ErpTable } from '../../api/types';
import { bucketTotals, cellMinor, overdueSum, rowTotal, type AgingLayout } from '../../components/aging/aging-buckets';
import type { ErpRow } from '../../components/data-table';
import type { Minor } from '../../lib/types';
import { balanceTotals } from '../../lib/balance-totals';

export const TOP_COUNT = 10;

export interface AccountFigures {
  receivables: Minor;
  debtorCount: number;
  /** Σ |alacaklı balances|, positive. */
  payables: Minor;
  creditorCount: number;
  net: Minor;
  /** A sum is past Number.MAX_SAFE_INTEGER kuruş: receivables/payables/net are not exact (lib/balance-totals.ts). */
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
  // The sums are the account list's own (lib/balance-totals.ts, so Özet and /accounts?side=B agree).
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

export interface AgingFigures {
  /** Rows whose total is borçlu (receivables), in the ERP's order. */
  rows: ErpRow[];
  /** Σ per bucket over those rows, in bucket order. */
  bucketTotals: Minor[];
  overdue: Minor;
  /** How many of those rows have an overdue amount. */
  overdueCount: number;
  total: Minor;
  /** Up to TOP_COUNT rows with an overdue amount, oldest buckets first. */
  largestOverdue: ErpRow[];
  /** Overdue bucket indices from the oldest to the newest. */
  oldestFirst: number[];
}

export function agingFigures(table: ErpTable, layout: AgingLayout): AgingFigures {
  const rows = table.rows.filter((r) => rowTotal(r, layout) > 0);
  const totals = bucketTotals({ ...table, rows }, layout);
  let total = 0;
  for (const r of rows) total += rowTotal(r, layout);
  const oldestFirst = layout.buckets.map((b, i) => ({ b, i })).filter(({ b }) => !b.notDue).reverse().map(({ i }) => i);
  const keys = oldestFirst.map((i) => layout.buckets[i]!.key);
  const overdueOf = (r: ErpRow) => keys.some((k) => cellMinor(r[k]) > 0);
  const olderFirst = (x: ErpRow, y: ErpRow): boolean => {
    for (const k of keys) {
      const a = cellMinor(x[k]);
      const b = cellMinor(y[k]);
      if (a !== b) return a > b;
    }
    return false;
  };
  const withOverdue = rows.filter(overdueOf);
  return {
    rows,
    bucketTotals: totals,
    overdueCount: withOverdue.length,
    overdue: overdueSum(layout.buckets, totals),
    total,
    largestOverdue: topBy(withOverdue, TOP_COUNT, olderFirst),
    oldestFirst,
  };
}

/** Σ of a row's overdue buckets. */
export function rowOverdue(row: ErpRow, layout: AgingLayout): Minor {
  let sum = 0;
  for (const b of layout.buckets) if (!b.notDue) sum += cellMinor(row[b.key]);
  return sum;
}
