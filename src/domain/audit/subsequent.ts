/**
 * The alternative procedure for a confirmation nobody answered (issue 47, item 6; ISA 505 ¶12): the
 * receipts (or, for a payable, the payments) after the period end that settled the items open at the
 * period end, from the account's own statement — the one open-item engine (src/domain/ledger), first
 * as of the period end (what was open), then as of `until` with each closing explained (what closed it,
 * and when). Only closings made by movements dated after the period end count; an item invoiced after
 * the period end is not in the balance being tested.
 */
import { openItems, type LedgerLine } from '../ledger';
import type { IsoDate, Minor } from '../types';

export interface SubsequentItem {
  /** Position of the item's line in the statement. */
  pos: number;
  date: IsoDate | null;
  documentNo: string | null;
  /** What was open of it at the period end. */
  openAtPeriodEnd: Minor;
  /** What movements dated after the period end (up to `until`) closed of that. */
  settledAfter: Minor;
}

export interface SubsequentReceipt {
  pos: number;
  date: IsoDate | null;
  documentNo: string | null;
  type: string | null;
  /** The part of it that settled items open at the period end. */
  applied: Minor;
}

export interface SubsequentResult {
  currency: string;
  /** 'debit': a receivable (the receipts are credits); 'credit': a payable. */
  side: 'debit' | 'credit';
  /** Σ open at the period end (= the balance being confirmed, on its side). */
  openAtPeriodEnd: Minor;
  /** Σ of it settled by movements after the period end, up to `until`. */
  settledAfter: Minor;
  /** settledAfter / openAtPeriodEnd in basis points (rounded down). */
  basisPoints: number;
  items: SubsequentItem[];
  receipts: SubsequentReceipt[];
  /** A line's amount could not be read: the figures are not exact. */
  incomplete: boolean;
}

export function subsequentSettlement(
  lines: readonly LedgerLine[],
  o: { periodEnd: IsoDate; until: IsoDate; currency?: string; ownLines?: boolean },
): SubsequentResult {
  const base = { currency: o.currency, ownLines: o.ownLines, basis: 'transaction' as const };
  const atEnd = openItems(lines, { ...base, asOf: o.periodEnd });
  const later = openItems(lines, { ...base, asOf: o.until, side: atEnd.side, explain: true });
  const open = new Map(atEnd.items.filter((i) => i.remaining > 0).map((i) => [i.pos, i]));
  const movementDate = new Map(later.opposite.map((m) => [m.pos, m.date]));
  const settled = new Map<number, Minor>();
  const applied = new Map<number, Minor>();
  for (const c of later.closings ?? []) {
    const item = open.get(c.item);
    const when = movementDate.get(c.by);
    if (!item || !when || when <= o.periodEnd) continue;
    // Never more than was open at the period end.
    const room = item.remaining - (settled.get(c.item) ?? 0);
    const amount = Math.min(c.amount, room);
    if (amount <= 0) continue;
    settled.set(c.item, (settled.get(c.item) ?? 0) + amount);
    applied.set(c.by, (applied.get(c.by) ?? 0) + amount);
  }
  const line = (pos: number) => lines[pos]!;
  const items = [...open.values()].map((i) => ({
    pos: i.pos,
    date: i.date,
    documentNo: line(i.pos).documentNo ?? null,
    openAtPeriodEnd: i.remaining,
    settledAfter: settled.get(i.pos) ?? 0,
  }));
  const receipts = [...applied].map(([pos, amount]) => ({
    pos,
    date: line(pos).date,
    documentNo: line(pos).documentNo ?? null,
    type: line(pos).type ?? null,
    applied: amount,
  }));
  const openTotal = items.reduce((s, i) => s + i.openAtPeriodEnd, 0);
  const settledTotal = items.reduce((s, i) => s + i.settledAfter, 0);
  return {
    currency: atEnd.currency,
    side: atEnd.side,
    openAtPeriodEnd: openTotal,
    settledAfter: settledTotal,
    basisPoints: openTotal === 0 ? 0 : Math.floor((settledTotal * 10_000) / openTotal),
    items,
    receipts,
    incomplete: atEnd.incomplete || later.incomplete,
  };
}
