/**
 * Pure statement arithmetic: date order, opening (devir) row, running balance, totals,
 * FIFO open debits, overdue total and weighted average due date (ortalama vade).
 *
 * Two steps, each one pass over the lines: prepareStatement (once per statement: order, FIFO,
 * overdue, running balances) and computeStatement (per range / type filter: devir row, rows, totals).
 * Money is integer kuruş throughout (exact sums). Balance sign: debit − credit, so > 0 is
 * borçlu (the account owes us), < 0 alacaklı.
 *
 * Definitions (documented choices):
 * - Lines are shown in date order; lines of the same date keep the ERP's order (index).
 *   A line whose date could not be read sorts last and is never folded into the devir row.
 * - Range [from, to] (inclusive, either side optional): lines dated before `from` collapse into
 *   one opening row carrying their Σ borç, Σ alacak and net balance; lines after `to` are left
 *   out, also from the running balance of the undated lines shown after them. Totals include
 *   the opening row, so Σ borç − Σ alacak = closing balance.
 * - Type filter hides lines of other types from the table but not from the arithmetic:
 *   the running balance of a shown line is still the account's real balance after it.
 *   When a filter is active the totals are those of the shown lines (+ opening row).
 * - An unreadable amount (line.invalid.debit / .credit: the reader keeps 0 and the raw text) makes
 *   every balance that includes it unknown: rows from that line on (in date order) are
 *   `incomplete`, and so are the devir row, the totals, the closing and final balance and the FIFO
 *   figures that include it (`summary.incomplete`). The page shows them as incomplete, never as a
 *   confident figure. Lines after `to` left out of the undated rows' balances are left out of
 *   this too.
 * - Open debits (FIFO): allocateFifo from src/lib/fifo.ts (the one rule, basis "due": all credits
 *   pay the debits earliest due date first, else transaction date; undated debits last). What is
 *   left of a debit is open. A debit is overdue when it is open and its due date (else
 *   transaction date) is before today.
 *   Ortalama vade = Σ(open × due day) / Σ open over all open debits, rounded to a day.
 *   The weighted day sum is accumulated in floating point relative to today: it only
 *   decides a date (rounded to whole days), never an amount shown as money.
 */
import type { StatementLine } from '../api/types';
import type { IsoDate, Minor } from './types';
import { addDays, diffDays } from './dates';
import { allocateFifo, basisDate } from './fifo';

export interface StatementRow {
  /** 'opening' = the devir row (line is null). */
  kind: 'opening' | 'line';
  line: StatementLine | null;
  debit: Minor;
  credit: Minor;
  /** Account balance after this row. */
  balance: Minor;
  /** FIFO: the part of this debit not yet paid (0 for credits / paid debits). */
  open: Minor;
  overdue: boolean;
  /** The balance after this row (and, for the devir row, its amounts) includes an unreadable amount. */
  incomplete: boolean;
}

export interface StatementOptions {
  from?: IsoDate | null;
  to?: IsoDate | null;
  /** Show only these transaction types (null/empty = all). */
  types?: ReadonlySet<string> | null;
  /** Decides what is overdue (used when lines, not a PreparedStatement, are passed). */
  today: IsoDate;
}

export interface StatementSummary {
  rows: StatementRow[];
  opening: StatementRow | null;
  totals: { debit: Minor; credit: Minor; balance: Minor };
  /** Balance after the last line of the range (all types). */
  closingBalance: Minor;
  /** Balance after every line of the account (what the account list should show). */
  finalBalance: Minor;
  overdue: { total: Minor; count: number };
  open: { total: Minor; averageDueDate: IsoDate | null };
  /** Distinct transaction types of the account, in first-seen order. */
  types: string[];
  /** What includes an unreadable amount (so is not known exactly). */
  incomplete: {
    /** The first line (date order) with an unreadable debit/credit, or null. */
    from: StatementLine | null;
    totals: boolean;
    closing: boolean;
    final: boolean;
    /** FIFO figures: overdue, open total, ortalama vade (every credit pays every debit). */
    open: boolean;
  };
}

/** The line's debit or credit could not be read (counted as 0 by the reader). */
export const hasUnreadableAmount = (l: StatementLine): boolean => l.invalid.debit !== undefined || l.invalid.credit !== undefined;

const byDateThenIndex = (a: StatementLine, b: StatementLine): number => {
  if (a.date === b.date) return a.index - b.index;
  if (a.date === null) return 1;
  if (b.date === null) return -1;
  return a.date < b.date ? -1 : 1;
};

/** Lines in date order (returns the same array when it is already ordered). */
export function orderLines(lines: readonly StatementLine[]): readonly StatementLine[] {
  for (let i = 1; i < lines.length; i++) {
    if (byDateThenIndex(lines[i - 1]!, lines[i]!) > 0) return [...lines].sort(byDateThenIndex);
  }
  return lines;
}

/**
 * The range-independent part, computed once per (statement, today) and reused for every range and
 * type filter: date order, FIFO open amounts, overdue flags and totals, ortalama vade, the types.
 */
export interface PreparedStatement {
  ordered: readonly StatementLine[];
  open: Float64Array;
  /** 1 = the line at this position is an overdue open debit. */
  overdue: Uint8Array;
  /** Balance after each line (all lines, date order). */
  balances: Float64Array;
  /** How many lines up to and including this position have an unreadable amount. */
  unreadableUpTo: Uint32Array;
  overdueTotal: Minor;
  overdueCount: number;
  openTotal: Minor;
  averageDueDate: IsoDate | null;
  types: string[];
  finalBalance: Minor;
}

export function prepareStatement(lines: readonly StatementLine[], today: IsoDate): PreparedStatement {
  const ordered = orderLines(lines);
  const n = ordered.length;
  const open = allocateFifo(ordered).open;
  const overdue = new Uint8Array(n);
  const balances = new Float64Array(n);
  const unreadableUpTo = new Uint32Array(n);
  let unreadable = 0;
  const typeSeen = new Set<string>();
  const types: string[] = [];
  let balance = 0;
  let overdueTotal = 0;
  let overdueCount = 0;
  let openTotal = 0;
  let weightedDays = 0;
  for (let i = 0; i < n; i++) {
    const l = ordered[i]!;
    if (!typeSeen.has(l.type)) {
      typeSeen.add(l.type);
      types.push(l.type);
    }
    balance += l.debit - l.credit;
    balances[i] = balance;
    if (hasUnreadableAmount(l)) unreadable++;
    unreadableUpTo[i] = unreadable;
    const o = open[i]!;
    if (o > 0) {
      const dueIso = basisDate(l, 'due');
      if (dueIso) {
        openTotal += o;
        weightedDays += o * diffDays(today, dueIso);
        if (dueIso < today) {
          overdue[i] = 1;
          overdueTotal += o;
          overdueCount++;
        }
      }
    }
  }
  return {
    ordered,
    open,
    overdue,
    balances,
    unreadableUpTo,
    overdueTotal,
    overdueCount,
    openTotal,
    averageDueDate: openTotal > 0 ? addDays(today, Math.round(weightedDays / openTotal)) : null,
    types,
    finalBalance: balance,
  };
}

export function computeStatement(input: readonly StatementLine[] | PreparedStatement, opts: StatementOptions): StatementSummary {
  const p = 'ordered' in input ? input : prepareStatement(input, opts.today);
  const { ordered, open, overdue, balances, unreadableUpTo } = p;
  const from = opts.from || null;
  const to = opts.to || null;
  const types = opts.types && opts.types.size > 0 ? opts.types : null;

  const rows: StatementRow[] = [];
  let openingDebit = 0;
  let openingCredit = 0;
  let hasOpening = false;
  let shownDebit = 0;
  let shownCredit = 0;
  let closingBalance = 0;
  let openingIncomplete = false;
  let shownIncomplete = false;
  let closingIncomplete = false;
  // Unreadable lines among those left out after `to` (their 0 is taken out with them).
  let skippedUnreadable = 0;
  // Σ(borç − alacak) of the lines after `to` that were left out. They sort before the undated lines
  // (which are always shown), so those rows' balances must not include them.
  let skipped = 0;

  for (let i = 0; i < ordered.length; i++) {
    const l = ordered[i]!;
    const date = l.date;
    if (from !== null && date !== null && date < from) {
      openingDebit += l.debit;
      openingCredit += l.credit;
      hasOpening = true;
      closingBalance = balances[i]!;
      closingIncomplete = unreadableUpTo[i]! > 0;
      if (hasUnreadableAmount(l)) openingIncomplete = true;
      continue;
    }
    if (to !== null && date !== null && date > to) {
      skipped += l.debit - l.credit;
      if (hasUnreadableAmount(l)) skippedUnreadable++;
      continue;
    }
    const balance = balances[i]! - skipped;
    const incomplete = unreadableUpTo[i]! - skippedUnreadable > 0;
    closingBalance = balance;
    closingIncomplete = incomplete;
    if (types !== null && !types.has(l.type)) continue;
    shownDebit += l.debit;
    shownCredit += l.credit;
    if (hasUnreadableAmount(l)) shownIncomplete = true;
    rows.push({ kind: 'line', line: l, debit: l.debit, credit: l.credit, balance, open: open[i]!, overdue: overdue[i] === 1, incomplete });
  }

  const opening: StatementRow | null = hasOpening
    ? {
        kind: 'opening',
        line: null,
        debit: openingDebit,
        credit: openingCredit,
        balance: openingDebit - openingCredit,
        open: 0,
        overdue: false,
        incomplete: openingIncomplete,
      }
    : null;
  const n = ordered.length;
  const anyUnreadable = n > 0 && unreadableUpTo[n - 1]! > 0;
  let firstUnreadable: StatementLine | null = null;
  if (anyUnreadable) for (let i = 0; i < n && firstUnreadable === null; i++) if (unreadableUpTo[i]! > 0) firstUnreadable = ordered[i]!;
  const totalDebit = openingDebit + shownDebit;
  const totalCredit = openingCredit + shownCredit;
  return {
    rows,
    opening,
    totals: { debit: totalDebit, credit: totalCredit, balance: totalDebit - totalCredit },
    closingBalance,
    finalBalance: p.finalBalance,
    overdue: { total: p.overdueTotal, count: p.overdueCount },
    open: { total: p.openTotal, averageDueDate: p.averageDueDate },
    types: p.types,
    incomplete: {
      from: firstUnreadable,
      totals: openingIncomplete || shownIncomplete,
      closing: closingIncomplete,
      final: anyUnreadable,
      open: anyUnreadable,
    },
  };
}
