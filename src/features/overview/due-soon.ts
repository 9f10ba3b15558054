/**
 * Özet's "falling due this week / this month", on both sides: the open items (the one open-item
 * engine, src/lib/ledger/: FIFO, due-date basis, as of today) whose due date falls in
 * [today, end of this week] or [today, end of this month], with what is still open of each. The
 * week is the Turkish one, Monday to Sunday; an item due today is in both, one due before today is
 * overdue (Özet's overdue figures), not "falling due". Every currency of the account counts, each
 * of its own lines (the account view, lib/ledger/account.ts), and amounts of different currencies are never added.
 * Pure: the page fetches the statements (bounded, use-due-soon.ts) and passes them here.
 */
import type { Statement } from '../../api/types';
import { documentNumberKey, documentNumberOf } from '../../components/statement/document-number';
import { addDays, endOfMonth, weekdayMondayFirst } from '../../lib/dates';
import { LOCAL_CURRENCY } from '../../lib/currency';
import { addMinor } from '../../lib/money';
import { accountLedger } from '../../lib/ledger';
import type { IsoDate, Minor } from '../../lib/types';

export type DueSide = 'B' | 'A';
export type DueWindow = 'week' | 'month';

export interface DueWindows {
  today: IsoDate;
  /** Monday of the week that holds today. */
  weekStart: IsoDate;
  /** Sunday of the week (Monday–Sunday) that holds today. */
  weekEnd: IsoDate;
  /** Last day of today's month. */
  monthEnd: IsoDate;
}

export function dueWindows(today: IsoDate): DueWindows {
  const wd = weekdayMondayFirst(today);
  return { today, weekStart: addDays(today, -wd), weekEnd: addDays(today, 6 - wd), monthEnd: endOfMonth(today) };
}

export const windowEnd = (w: DueWindows, window: DueWindow): IsoDate => (window === 'week' ? w.weekEnd : w.monthEnd);

export interface DueRow {
  accountId: string;
  accountName: string;
  /** B: the account owes us (a receivable falling due), A: we owe the account (a payable). */
  side: DueSide;
  currency: string;
  /** The statement line's index (unique within the account). */
  index: number;
  date: IsoDate | null;
  dueDate: IsoDate;
  type: string;
  documentNo: string;
  /** What is still open of the item today (positive). */
  remaining: Minor;
}

export interface AccountDue {
  rows: DueRow[];
  /** Lines whose amount could not be read: the account's figures are not exact. */
  unreadable: number;
}

/** The account's open items falling due in [today, the later of week end and month end]. */
export function dueRowsOf(account: { id: string; name: string }, statement: Statement, w: DueWindows): AccountDue {
  const lines = statement.lines;
  const ledger = accountLedger(lines, { asOf: w.today, basis: 'due' });
  const last = w.weekEnd > w.monthEnd ? w.weekEnd : w.monthEnd;
  const docKey = documentNumberKey(statement.extraColumns);
  const rows: DueRow[] = [];
  let unreadable = 0;
  for (const { currency, items: result } of ledger.views) {
    unreadable += result.unreadable;
    const side: DueSide = result.side === 'debit' ? 'B' : 'A';
    for (const it of result.items) {
      const due = it.refDate;
      if (it.remaining <= 0 || due === null || due < w.today || due > last) continue;
      const line = lines[it.pos]!;
      rows.push({
        accountId: account.id,
        accountName: account.name,
        side,
        currency,
        index: it.index,
        date: it.date,
        dueDate: due,
        type: line.type,
        documentNo: documentNumberOf(line, docKey),
        remaining: it.remaining,
      });
    }
  }
  return { rows, unreadable };
}

/** Exactly the rows behind one figure. */
export function rowsBehind(rows: readonly DueRow[], w: DueWindows, side: DueSide | null, window: DueWindow): DueRow[] {
  const end = windowEnd(w, window);
  return rows.filter((r) => (side === null || r.side === side) && r.dueDate >= w.today && r.dueDate <= end);
}

export interface DueFigure {
  /** Σ remaining per currency, TL first, then the others alphabetically. */
  amounts: { currency: string; amount: Minor }[];
  count: number;
}

export function dueFigure(rows: readonly DueRow[], w: DueWindows, side: DueSide, window: DueWindow): DueFigure {
  const shown = rowsBehind(rows, w, side, window);
  const sums = new Map<string, Minor>();
  for (const r of shown) sums.set(r.currency, addMinor(sums.get(r.currency) ?? 0, r.remaining));
  const amounts = [...sums].map(([currency, amount]) => ({ currency, amount }));
  amounts.sort((a, b) => (a.currency === LOCAL_CURRENCY ? -1 : b.currency === LOCAL_CURRENCY ? 1 : a.currency < b.currency ? -1 : 1));
  return { amounts, count: shown.length };
}
