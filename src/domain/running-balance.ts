/**
 * The statement's view of the ledger (src/domain/ledger/, the one arithmetic): date order, devir row,
 * running balance and totals per currency (one fold, `foldRange`), and the open-item figures —
 * overdue marks, overdue total, ortalama vade — from the open-item engine (`openItems`) as of a
 * chosen date, on whichever side the balance is (a supplier's overdue invoices are marked too).
 *
 * Two steps: prepareStatement (once per statement and as-of date: order, currencies, open items)
 * and computeStatement / computeFx (per range / type filter).
 * Money is integer kuruş throughout. Balance sign: debit − credit, so > 0 is borçlu, < 0 alacaklı.
 *
 * Definitions (documented choices):
 * - Lines are shown in date order; lines of the same date keep the ERP's order. A line whose date
 *   could not be read sorts last and is never folded into the devir row.
 * - Range [from, to] (inclusive, either side optional): lines before `from` collapse into one devir
 *   row; lines after `to` are left out, also from the running balance of undated lines shown after them.
 * - Type filter: the shown lines are those of the chosen types; the page then shows the Σ of the
 *   shown lines, named as such (`filtered`), never a running balance or a devir as if it were the
 *   account's — the account's balance stays in the header.
 * - An unreadable amount makes every balance that includes it `incomplete` ("eksik ⚠").
 * - Open items: `openItems` of the TL amounts of every line (the ERP's accounting view, as its aging) as of
 *   `asOf` (basis "due"); each foreign currency's in computeFx. Overdue = open and its due
 *   date (else transaction date) before the as-of date. Lines dated after the as-of date do not
 *   close anything.
 */
import type { StatementLine } from './erp-types';
import type { IsoDate, Minor } from './types';
import {
  accountLedger,
  foldRange,
  hasUnreadableAmount,
  ledgerColumn,
  orderLines,
  type LedgerColumn,
  type OpenItemsResult,
  type PaymentBehaviour,
  type Side,
} from './ledger';
import { LOCAL_CURRENCY } from './currency';

export { hasUnreadableAmount, orderLines };

export interface StatementRow {
  /** 'opening' = the devir row (line is null). */
  kind: 'opening' | 'line';
  line: StatementLine | null;
  debit: Minor;
  credit: Minor;
  /** Account balance after this row. */
  balance: Minor;
  /** FIFO: the part of this item (on the balance's side) still open at the as-of date. */
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
  /** The as-of date of the open-item figures when lines, not a PreparedStatement, are passed. */
  today: IsoDate;
}

export interface StatementSummary {
  rows: StatementRow[];
  /** The devir row; null under a type filter (it is the account's figure, not the shown lines'). */
  opening: StatementRow | null;
  /** Devir + shown lines; under a type filter the shown lines only. */
  totals: { debit: Minor; credit: Minor; balance: Minor };
  /** A type filter is on: totals are the Σ of the shown lines, the rows carry no account balance. */
  filtered: boolean;
  /** Balance after the last line of the range (all types). */
  closingBalance: Minor;
  /** Balance after every line of the account (what the account list should show). */
  finalBalance: Minor;
  /** The open-item figures' date (the earlier of the range end and today: see ledger/account.ts). */
  asOf: IsoDate;
  /** The date of `closingBalance`: the range end, else the open-item date. */
  balanceDate: IsoDate;
  /** Side of the open items ('credit': a supplier's invoices are what is open). */
  side: Side;
  overdue: { total: Minor; count: number };
  open: { total: Minor; averageDueDate: IsoDate | null };
  /** Payment behaviour of the closed items at the as-of date (amount-weighted days late / to pay). */
  behaviour: PaymentBehaviour;
  /** Distinct transaction types of the account, in first-seen order. */
  types: string[];
  incomplete: {
    from: StatementLine | null;
    totals: boolean;
    closing: boolean;
    final: boolean;
    /** Open-item figures: overdue, open total, ortalama vade. */
    open: boolean;
  };
}

/** The range-independent part, computed once per (statement, as-of date). */
export interface PreparedStatement {
  ordered: readonly StatementLine[];
  asOf: IsoDate;
  tl: LedgerColumn;
  /** The open-item engine's answer for TL (positions are those of `ordered`). */
  items: OpenItemsResult;
  /** Per position: what is open of the item. */
  open: Float64Array;
  /** 1 = the line at this position is an overdue open item. */
  overdue: Uint8Array;
  types: string[];
  behaviour: PaymentBehaviour;
  /** Foreign currencies, first-seen order, with their columns. */
  fx: { currencies: string[]; columns: LedgerColumn[]; items: OpenItemsResult[] };
}

export function prepareStatement(lines: readonly StatementLine[], asOf: IsoDate): PreparedStatement {
  const ordered = orderLines(lines);
  const n = ordered.length;
  const tl = ledgerColumn(ordered, LOCAL_CURRENCY);
  // The statement's TL is the TL equivalent of every line (the account view's `equivalent`: the ERP's
  // accounting balance and aging, docs/decisions/0006-tl-figure.md); each foreign currency beside it.
  const ledger = accountLedger(ordered, { asOf });
  // The foreign ones, first-seen (the account view has them in one pass).
  const currencies = ledger.currencies.filter((c) => c !== LOCAL_CURRENCY);
  const items = ledger.equivalent.items;
  const fxItems = currencies.map((c) => ledger.view(c)!.items);
  const open = new Float64Array(n);
  const overdue = new Uint8Array(n);
  for (const it of items.items) {
    open[it.pos] = it.remaining;
    if (it.remaining > 0 && it.days !== null && it.days > 0) overdue[it.pos] = 1;
  }
  const typeSeen = new Set<string>();
  const types: string[] = [];
  for (const l of ordered) {
    if (!typeSeen.has(l.type)) {
      typeSeen.add(l.type);
      types.push(l.type);
    }
  }
  return {
    ordered,
    asOf,
    tl,
    items,
    open,
    overdue,
    types,
    behaviour: items.behaviour,
    fx: { currencies, columns: currencies.map((c) => ledgerColumn(ordered, c)), items: fxItems },
  };
}

export function computeStatement(input: readonly StatementLine[] | PreparedStatement, opts: StatementOptions): StatementSummary {
  const p = 'ordered' in input ? input : prepareStatement(input, opts.today);
  const { ordered, open, overdue } = p;
  const filtered = !!(opts.types && opts.types.size > 0);
  const f = foldRange(ordered, p.tl, opts);
  const rows: StatementRow[] = new Array(f.shown.length);
  for (let k = 0; k < f.shown.length; k++) {
    const i = f.shown[k]!;
    const l = ordered[i]!;
    rows[k] = {
      kind: 'line',
      line: l,
      debit: l.debit,
      credit: l.credit,
      balance: f.balance[k]!,
      open: open[i]!,
      overdue: overdue[i] === 1,
      incomplete: f.incomplete[k] === 1,
    };
  }
  const opening: StatementRow | null =
    f.opening && !filtered
      ? {
          kind: 'opening',
          line: null,
          debit: f.opening.debit,
          credit: f.opening.credit,
          balance: f.opening.balance,
          open: 0,
          overdue: false,
          incomplete: f.opening.incomplete,
        }
      : null;
  let firstUnreadable: StatementLine | null = null;
  if (p.tl.unreadableCount > 0)
    for (let i = 0; i < ordered.length && firstUnreadable === null; i++) if (p.tl.unreadable[i] === 1) firstUnreadable = ordered[i]!;
  const totals = filtered
    ? { debit: f.shownDebit, credit: f.shownCredit, balance: f.shownDebit - f.shownCredit }
    : { debit: f.totals.debit, credit: f.totals.credit, balance: f.totals.balance };
  let shownIncomplete = false;
  if (filtered) for (const i of f.shown) if (p.tl.unreadable[i] === 1) shownIncomplete = true;
  return {
    rows,
    opening,
    totals,
    filtered,
    closingBalance: f.closing,
    finalBalance: f.final,
    asOf: p.asOf,
    balanceDate: opts.to || p.asOf,
    side: p.items.side,
    overdue: { total: p.items.overdueTotal, count: p.items.overdueCount },
    open: { total: p.items.openTotal, averageDueDate: p.items.averageDueDate },
    behaviour: p.behaviour,
    types: p.types,
    incomplete: {
      from: firstUnreadable,
      totals: filtered ? shownIncomplete : f.totals.incomplete,
      closing: f.closingIncomplete,
      final: f.finalIncomplete,
      open: p.items.incomplete,
    },
  };
}

// ------------------------------------------------------------------ foreign currencies

export interface FxTotals {
  currency: string;
  debit: Minor;
  credit: Minor;
  balance: Minor;
  /** The balance could not be computed exactly (an unreadable amount in range or before it). */
  incomplete: boolean;
  /** Overdue open items in this currency at the statement's as-of date, signed (alacak side negative). */
  overdue: Minor;
  overdueCount: number;
}

export interface FxRange {
  currencies: string[];
  /** Per currency: balance carried into the range (devir); null when no line is before `from`. */
  opening: Minor[] | null;
  /** Per shown line (by StatementLine.index): balance per currency after it, and whether it is incomplete. */
  rowBalances: Map<number, { balances: Minor[]; incomplete: boolean[] }>;
  totals: FxTotals[];
}

/** The same fold per foreign currency (never added to TL); null when every line is TL. */
export function computeFx(p: PreparedStatement, opts: { from?: IsoDate | null; to?: IsoDate | null; types?: ReadonlySet<string> | null }): FxRange | null {
  const { currencies, columns } = p.fx;
  if (currencies.length === 0) return null;
  const folds = columns.map((c) => foldRange(p.ordered, c, opts));
  const filtered = !!(opts.types && opts.types.size > 0);
  const rowBalances = new Map<number, { balances: Minor[]; incomplete: boolean[] }>();
  const shown = folds[0]!.shown;
  for (let k = 0; k < shown.length; k++) {
    rowBalances.set(p.ordered[shown[k]!]!.index, { balances: folds.map((f) => f.balance[k]!), incomplete: folds.map((f) => f.incomplete[k] === 1) });
  }
  const anyOpening = folds.some((f) => f.opening !== null) && !filtered;
  return {
    currencies,
    opening: anyOpening ? folds.map((f) => f.opening?.balance ?? 0) : null,
    rowBalances,
    totals: folds.map((f, k): FxTotals => {
      const debit = filtered ? f.shownDebit : f.totals.debit;
      const credit = filtered ? f.shownCredit : f.totals.credit;
      const items = p.fx.items[k]!;
      // Under a type filter the totals are the shown lines' only: a line before the range is not in them.
      let shownIncomplete = false;
      if (filtered) for (const i of f.shown) if (columns[k]!.unreadable[i] === 1) shownIncomplete = true;
      return {
        currency: currencies[k]!,
        debit,
        credit,
        balance: debit - credit,
        incomplete: filtered ? shownIncomplete : f.closingIncomplete,
        overdue: items.overdueTotal * items.sign,
        overdueCount: items.overdueCount,
      };
    }),
  };
}
