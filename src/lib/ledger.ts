/**
 * THE ledger arithmetic of an account (pure, integer minor units, no React). Every figure of an
 * account that depends on its statement comes from here: the statement's running balance, devir row
 * and totals (per currency), its overdue marks, overdue total and ortalama vade, the FIFO aging
 * panel, the letters' balances, Özet, the open-items statement, vade farkı and payment behaviour.
 *
 * Two parts:
 * 1. `ledgerColumn` + `foldRange`: one currency's amounts of each line and ONE fold for a date range
 *    (devir row before `from`, lines up to `to`, running balance, totals, what is incomplete).
 *    TL is one currency among others: its amounts are the lines' BORC/ALACAK; a foreign currency's
 *    amounts are the lines in that currency (the foreign amount takes the side of the TL amount).
 * 2. `openItems`: the open-item engine (FIFO "bakiye yaşlandırma", the rule of the ERP's own aging,
 *    agingOf in server/demo-erp/dataset.ts), symmetric for debits and credits.
 *
 * THE OPEN-ITEM RULE (documented choices):
 * 1. Lines: those of the currency, with `asOf` only lines whose transaction date is on or before it.
 *    A line with no transaction date always takes part (its day is unknown, so it is never "after
 *    the as-of date"; with a due date it ages by it). Lines whose amount in the currency could not
 *    be read are left out and counted (`unreadable`): the figures are then `incomplete`.
 * 2. A negative debit counts as a credit and a negative credit as a debit (a reversal).
 * 3. Side: the side of the balance — debit (borç, a customer owing us) when Σ debit ≥ Σ credit,
 *    else credit (alacak, we owe a supplier). The side's movements are the items; every movement of
 *    the other side forms one pool, whatever its date, that closes the items in basis-date order,
 *    earliest first: basis "due" = due date, else transaction date; basis "transaction" =
 *    transaction date, else due date. Ties: transaction date, ERP order (index), position. An item
 *    with no date at all comes last (never assumed paid before a dated one).
 *    So the open items are always the latest ones and Σ open = |balance| exactly.
 * 4. Which movement closed what: the pool is consumed in transaction-date order (undated last).
 *    An item is closed on the date of the last movement that closed it, or its own date when that is
 *    later (an advance closes an invoice the day the invoice is written).
 * 5. Days past due = as-of − basis date. An item due ON the as-of date is 0 days: not yet due.
 *    Overdue = open and days > 0. Buckets: not due (days ≤ 0), then for edges [30, 60, 90, 120]:
 *    1–30, 31–60, 61–90, 91–120, over 120 (the ERP's "0-30 Gün" … "120 Gün Üstü").
 * 6. Ortalama vade = Σ(open × basis day) / Σ open over the dated open items, rounded to a day.
 */
import { addDays, diffDays } from './dates';
import { foreignCurrencyOf, LOCAL_CURRENCY } from './currency';
import type { IsoDate, Minor } from './types';

export type Basis = 'due' | 'transaction';
export type Side = 'debit' | 'credit';

/** What the ledger needs of a statement line (a StatementLine satisfies it). */
export interface LedgerLine {
  index: number;
  date: IsoDate | null;
  dueDate: IsoDate | null;
  debit: Minor;
  credit: Minor;
  type?: string;
  currency?: string | null;
  currencyAmount?: Minor | null;
  invalid?: { debit?: string; credit?: string; currencyAmount?: string };
}

export const DEFAULT_EDGES: readonly number[] = [30, 60, 90, 120];

/** The date an item ages from under `basis` (rule 3). */
export function basisDate(line: { date: IsoDate | null; dueDate: IsoDate | null }, basis: Basis = 'due'): IsoDate | null {
  return basis === 'due' ? (line.dueDate ?? line.date) : (line.date ?? line.dueDate);
}

/** The line's TL borç or alacak could not be read (counted as 0 by the reader). */
export const hasUnreadableAmount = (l: LedgerLine): boolean => l.invalid?.debit !== undefined || l.invalid?.credit !== undefined;

const byDateThenIndex = (a: LedgerLine, b: LedgerLine): number => {
  if (a.date === b.date) return a.index - b.index;
  if (a.date === null) return 1;
  if (b.date === null) return -1;
  return a.date < b.date ? -1 : 1;
};

/** Lines in statement order: date, then the ERP's order; undated last (same array when already so). */
export function orderLines<T extends LedgerLine>(lines: readonly T[]): readonly T[] {
  for (let i = 1; i < lines.length; i++) {
    if (byDateThenIndex(lines[i - 1]!, lines[i]!) > 0) return [...lines].sort(byDateThenIndex);
  }
  return lines;
}

/** The currencies of some lines: TL first (every line has a TL amount), then foreign ones first-seen. */
export function currenciesOf(lines: readonly LedgerLine[]): string[] {
  const seen = new Set<string>();
  for (const l of lines) {
    const c = foreignCurrencyOf(l);
    if (c !== null) seen.add(c);
  }
  return [LOCAL_CURRENCY, ...seen];
}

// ------------------------------------------------------------------ 1. one currency's amounts

/** One currency's amounts of each line, by position. */
export interface LedgerColumn {
  currency: string;
  /** 1 = the line has an amount in this currency (every line for TL). */
  member: Uint8Array;
  debit: Float64Array;
  credit: Float64Array;
  /** 1 = the line's amount in this currency could not be read (kept as 0, never trusted). */
  unreadable: Uint8Array;
  unreadableCount: number;
}

export function ledgerColumn(lines: readonly LedgerLine[], currency: string = LOCAL_CURRENCY): LedgerColumn {
  const n = lines.length;
  const member = new Uint8Array(n);
  const debit = new Float64Array(n);
  const credit = new Float64Array(n);
  const unreadable = new Uint8Array(n);
  let unreadableCount = 0;
  const local = currency === LOCAL_CURRENCY;
  for (let i = 0; i < n; i++) {
    const l = lines[i]!;
    if (local) {
      member[i] = 1;
      debit[i] = l.debit;
      credit[i] = l.credit;
      if (hasUnreadableAmount(l)) {
        unreadable[i] = 1;
        unreadableCount++;
      }
      continue;
    }
    if (foreignCurrencyOf(l) !== currency) continue;
    member[i] = 1;
    if (l.invalid?.currencyAmount !== undefined || l.currencyAmount == null) {
      unreadable[i] = 1;
      unreadableCount++;
      continue;
    }
    const amount = Math.abs(l.currencyAmount);
    if (l.debit - l.credit < 0) credit[i] = amount;
    else debit[i] = amount;
  }
  return { currency, member, debit, credit, unreadable, unreadableCount };
}

// ------------------------------------------------------------------ the one fold for ranges and devir

export interface FoldOptions {
  from?: IsoDate | null;
  to?: IsoDate | null;
  /** Show only these transaction types (null/empty = all); needs `type` on the lines. */
  types?: ReadonlySet<string> | null;
}

export interface FoldResult {
  /** Devir: Σ of the lines before `from` (null when none). */
  opening: { debit: Minor; credit: Minor; balance: Minor; incomplete: boolean } | null;
  /** Positions (in the ordered lines) of the shown lines, in order. */
  shown: number[];
  /** Per shown line: the account's balance in this currency after it (all types), and whether it includes an unreadable amount. */
  balance: Float64Array;
  incomplete: Uint8Array;
  /** Σ of the shown lines only (no devir). */
  shownDebit: Minor;
  shownCredit: Minor;
  /** Devir + shown lines; Σ borç − Σ alacak = closing balance when no type filter. */
  totals: { debit: Minor; credit: Minor; balance: Minor; incomplete: boolean };
  /** Balance after the last line of the range (all types). */
  closing: Minor;
  closingIncomplete: boolean;
  /** Balance after every line. */
  final: Minor;
  finalIncomplete: boolean;
}

/**
 * The fold of one currency over lines in statement order (orderLines). Lines before `from` fold
 * into the devir; lines after `to` are left out — also from the balances of the undated lines shown
 * after them (undated lines sort last and are always shown). The type filter hides lines from
 * `shown` and from the totals, never from the balances. A balance that includes an unreadable
 * amount is `incomplete` (an unreadable line left out after `to` is left out of this too).
 */
export function foldRange(ordered: readonly LedgerLine[], col: LedgerColumn, opts: FoldOptions = {}): FoldResult {
  const from = opts.from || null;
  const to = opts.to || null;
  const types = opts.types && opts.types.size > 0 ? opts.types : null;
  const n = ordered.length;
  const shownAt = new Uint32Array(n);
  const bal = new Float64Array(n);
  const inc = new Uint8Array(n);
  let count = 0;
  let openingDebit = 0;
  let openingCredit = 0;
  let hasOpening = false;
  let openingIncomplete = false;
  let shownDebit = 0;
  let shownCredit = 0;
  let shownIncomplete = false;
  let running = 0;
  let unreadableSoFar = 0;
  let closing = 0;
  let closingIncomplete = false;
  let final = 0;
  let finalUnreadable = 0;
  for (let i = 0; i < n; i++) {
    const l = ordered[i]!;
    const d = col.debit[i]!;
    const c = col.credit[i]!;
    const bad = col.unreadable[i] === 1;
    final += d - c;
    if (bad) finalUnreadable++;
    const date = l.date;
    if (to !== null && date !== null && date > to) continue;
    running += d - c;
    if (bad) unreadableSoFar++;
    closing = running;
    closingIncomplete = unreadableSoFar > 0;
    if (from !== null && date !== null && date < from) {
      if (col.member[i] === 1) {
        openingDebit += d;
        openingCredit += c;
        hasOpening = true;
        if (bad) openingIncomplete = true;
      }
      continue;
    }
    if (types !== null && !types.has(l.type ?? '')) continue;
    shownAt[count] = i;
    bal[count] = running;
    inc[count] = unreadableSoFar > 0 ? 1 : 0;
    count++;
    if (col.member[i] === 1) {
      shownDebit += d;
      shownCredit += c;
      if (bad) shownIncomplete = true;
    }
  }
  const debit = openingDebit + shownDebit;
  const credit = openingCredit + shownCredit;
  return {
    opening: hasOpening ? { debit: openingDebit, credit: openingCredit, balance: openingDebit - openingCredit, incomplete: openingIncomplete } : null,
    shown: Array.from(shownAt.subarray(0, count)),
    balance: bal.subarray(0, count),
    incomplete: inc.subarray(0, count),
    shownDebit,
    shownCredit,
    totals: { debit, credit, balance: debit - credit, incomplete: openingIncomplete || shownIncomplete },
    closing,
    closingIncomplete,
    final,
    finalIncomplete: finalUnreadable > 0,
  };
}

/** The balance in one currency of the lines dated on or before `asOf` (undated lines included). */
export function balanceAsOf(lines: readonly LedgerLine[], asOf: IsoDate, currency: string = LOCAL_CURRENCY): { balance: Minor; incomplete: boolean } {
  const ordered = orderLines(lines);
  const f = foldRange(ordered, ledgerColumn(ordered, currency), { to: asOf });
  return { balance: f.closing, incomplete: f.closingIncomplete };
}

// ------------------------------------------------------------------ 2. the open-item engine

/**
 * Payment behaviour of the closed part of the items at the as-of date, each
 * closing step weighted by its amount:
 * - days late = max(0, day of the closing movement (or the item's date, if later) − basis date);
 * - days to pay = that day − the item's transaction date (0 for an advance).
 * Closings by an undated movement, or of an undated item, are left out (their days are unknown).
 */
export interface PaymentBehaviour {
  /** The amount the figures are weighted over. */
  closedAmount: Minor;
  averageDaysLate: number | null;
  averageDaysToPay: number | null;
}



export interface AgingBucket {
  /** 'notDue' or 'b0', 'b1', … (b0 = "0–30": 1 to 30 days past due, the ERP's "0-30 Gün"). */
  key: string;
  /** Inclusive day range; `to` null = open-ended; both null = not yet due. */
  from: number | null;
  to: number | null;
  /** Open amount in the bucket, a magnitude on the result's side (see `sign`). */
  amount: Minor;
}

/** Sanitises bucket edges: positive whole numbers, ascending, unique; falls back to the default. */
export function normalizeEdges(edges: readonly number[] | undefined): number[] {
  const clean = [...new Set((edges ?? []).filter((e) => Number.isInteger(e) && e > 0))].sort((a, b) => a - b);
  return clean.length ? clean : [...DEFAULT_EDGES];
}

/** "30,60,90" → [30, 60, 90]; anything unreadable → default edges. */
export function parseEdges(text: string | null | undefined): number[] {
  if (!text) return [...DEFAULT_EDGES];
  return normalizeEdges(text.split(/[,;\s]+/).filter(Boolean).map(Number));
}

export function emptyBuckets(edges: readonly number[]): AgingBucket[] {
  const buckets: AgingBucket[] = [{ key: 'notDue', from: null, to: null, amount: 0 }];
  let from = 0;
  edges.forEach((edge, i) => {
    buckets.push({ key: `b${i}`, from, to: edge, amount: 0 });
    from = edge + 1;
  });
  buckets.push({ key: `b${edges.length}`, from, to: null, amount: 0 });
  return buckets;
}

/** Bucket key for a number of days past the basis date. */
export function bucketKeyForDays(days: number, edges: readonly number[]): string {
  if (days <= 0) return 'notDue';
  for (let i = 0; i < edges.length; i++) if (days <= edges[i]!) return `b${i}`;
  return `b${edges.length}`;
}

export interface OpenItemsOptions {
  asOf: IsoDate;
  /** Default 'due'. */
  basis?: Basis;
  /** Default TL. */
  currency?: string;
  /** Default [30, 60, 90, 120]. */
  edges?: readonly number[];
  /** Age this side's movements (default: the side of the balance, rule 3). */
  side?: Side;
  /** Record which movement closed what (one object per step; off by default). */
  explain?: boolean;
}

/** One step of closing: `amount` of the movement at `by` closed part of the item at `item` (positions). */
export interface Closing {
  item: number;
  by: number;
  amount: Minor;
}

export interface LedgerItem {
  /** Position in the input lines. */
  pos: number;
  index: number;
  date: IsoDate | null;
  dueDate: IsoDate | null;
  /** The basis date it ages from (null = undated). */
  refDate: IsoDate | null;
  /** The item's amount on its side (positive). */
  amount: Minor;
  /** What is still open at the as-of date. */
  remaining: Minor;
  /** Days past due at the as-of date (null when undated). */
  days: number | null;
  /** 'closed' when fully closed, 'undated', or the bucket key of its remainder. */
  bucket: string;
  /** The day it was fully closed (rule 4); null while open or when the closing movement is undated. */
  closedOn: IsoDate | null;
}

export interface OppositeMovement {
  pos: number;
  index: number;
  date: IsoDate | null;
  amount: Minor;
  /** Not used to close an item (only when the side was forced against the balance). */
  unapplied: Minor;
}

export interface OpenItemsResult {
  currency: string;
  asOf: IsoDate;
  basis: Basis;
  edges: number[];
  side: Side;
  /** +1 for the debit side (balances "B"), −1 for the credit side ("A"): signed figure = sign × magnitude. */
  sign: 1 | -1;
  /** Σ debit − Σ credit of the lines taken into account. */
  balance: Minor;
  /** Every item of the side, in closing (basis-date) order. */
  items: LedgerItem[];
  /** The other side's movements, in consumption (transaction-date) order. */
  opposite: OppositeMovement[];
  /** Only with `explain`, in the order the closings were made. */
  closings: Closing[] | null;
  buckets: AgingBucket[];
  /** Open amount of undated items. */
  undated: Minor;
  /** Σ remaining (= |balance| on the balance side). */
  openTotal: Minor;
  /** Other-side amount closing nothing (0 on the balance side). */
  unapplied: Minor;
  overdueTotal: Minor;
  overdueCount: number;
  averageDueDate: IsoDate | null;
  /** Payment behaviour of what was closed by the as-of date. */
  behaviour: PaymentBehaviour;
  /** Lines left out because they are dated after the as-of date. */
  excluded: number;
  /** Lines of the currency left out because their amount could not be read. */
  unreadable: number;
  /** The figures leave out an unreadable amount: not exact. */
  incomplete: boolean;
}

const UNDATED = Number.POSITIVE_INFINITY;
const EPOCH: IsoDate = '1970-01-01';

export function openItems(lines: readonly LedgerLine[], options: OpenItemsOptions): OpenItemsResult {
  const basis = options.basis ?? 'due';
  const currency = options.currency ?? LOCAL_CURRENCY;
  const edges = normalizeEdges(options.edges);
  const col = ledgerColumn(lines, currency);
  const n = lines.length;
  const days = new Map<IsoDate, number>();
  const dayOf = (iso: IsoDate | null): number => {
    if (iso === null) return UNDATED;
    let d = days.get(iso);
    if (d === undefined) {
      d = diffDays(EPOCH, iso);
      days.set(iso, d);
    }
    return d;
  };
  const asOfDay = dayOf(options.asOf);
  const dr = new Float64Array(n);
  const cr = new Float64Array(n);
  const basisDay = new Float64Array(n);
  const txDay = new Float64Array(n);
  const dateDays = new Float64Array(n);
  let excluded = 0;
  let unreadable = 0;
  let sumDebit = 0;
  let sumCredit = 0;
  for (let i = 0; i < n; i++) {
    if (col.member[i] !== 1) continue;
    const l = lines[i]!;
    const dateDay = dayOf(l.date);
    if (dateDay !== UNDATED && dateDay > asOfDay) {
      excluded++;
      continue;
    }
    if (col.unreadable[i] === 1) {
      unreadable++;
      continue;
    }
    const dueDay = dayOf(l.dueDate);
    const tx = dateDay !== UNDATED ? dateDay : dueDay;
    txDay[i] = tx;
    dateDays[i] = dateDay;
    basisDay[i] = basis === 'due' ? (dueDay !== UNDATED ? dueDay : dateDay) : tx;
    const d0 = col.debit[i]!;
    const c0 = col.credit[i]!;
    const d = (d0 > 0 ? d0 : 0) + (c0 < 0 ? -c0 : 0);
    const c = (c0 > 0 ? c0 : 0) + (d0 < 0 ? -d0 : 0);
    dr[i] = d;
    cr[i] = c;
    sumDebit += d;
    sumCredit += c;
  }
  const side: Side = options.side ?? (sumDebit >= sumCredit ? 'debit' : 'credit');
  const sign: 1 | -1 = side === 'debit' ? 1 : -1;
  const mine = side === 'debit' ? dr : cr;
  const theirs = side === 'debit' ? cr : dr;

  let itemCount = 0;
  let oppCount = 0;
  for (let i = 0; i < n; i++) {
    if (mine[i]! > 0) itemCount++;
    if (theirs[i]! > 0) oppCount++;
  }
  const itemOrder = new Uint32Array(itemCount);
  const oppOrder = new Uint32Array(oppCount);
  let a = 0;
  let b = 0;
  for (let i = 0; i < n; i++) {
    if (mine[i]! > 0) itemOrder[a++] = i;
    if (theirs[i]! > 0) oppOrder[b++] = i;
  }
  const byBasis = (x: number, y: number): number => {
    const p = basisDay[x]!;
    const q = basisDay[y]!;
    if (p !== q) return p < q ? -1 : 1;
    const s = txDay[x]!;
    const t = txDay[y]!;
    if (s !== t) return s < t ? -1 : 1;
    return lines[x]!.index - lines[y]!.index || x - y;
  };
  const byTx = (x: number, y: number): number => {
    const s = txDay[x]!;
    const t = txDay[y]!;
    if (s !== t) return s < t ? -1 : 1;
    return lines[x]!.index - lines[y]!.index || x - y;
  };
  sortIfNeeded(itemOrder, byBasis);
  sortIfNeeded(oppOrder, byTx);

  const open = mine.slice();
  const left = theirs.slice();
  const closedDay = new Float64Array(n); // last closing movement's day (UNDATED when undated)
  const closings: Closing[] | null = options.explain ? [] : null;
  // Payment behaviour, accumulated per closing step (see PaymentBehaviour).
  let closedAmount = 0;
  let lateSum = 0;
  let toPaySum = 0;
  let ii = 0;
  let oi = 0;
  while (ii < itemCount && oi < oppCount) {
    const ip = itemOrder[ii]!;
    const op = oppOrder[oi]!;
    const take = open[ip]! < left[op]! ? open[ip]! : left[op]!;
    open[ip] = open[ip]! - take;
    left[op] = left[op]! - take;
    closedDay[ip] = txDay[op]!;
    const byDay = dateDays[op]!;
    const own = txDay[ip]!;
    const ref = basisDay[ip]!;
    if (byDay !== UNDATED && own !== UNDATED && ref !== UNDATED) {
      const paid = byDay > own ? byDay : own;
      closedAmount += take;
      lateSum += take * (paid > ref ? paid - ref : 0);
      toPaySum += take * (paid - own);
    }
    if (closings) closings.push({ item: ip, by: op, amount: take });
    if (open[ip] === 0) ii++;
    if (left[op] === 0) oi++;
  }

  const buckets = emptyBuckets(edges);
  const bucketAt = new Map(buckets.map((bk) => [bk.key, bk]));
  const items: LedgerItem[] = new Array(itemCount);
  let undated = 0;
  let openTotal = 0;
  let overdueTotal = 0;
  let overdueCount = 0;
  let datedOpen = 0;
  let weighted = 0; // Σ open × (basis day − as-of day): floating, decides only a date
  for (let k = 0; k < itemCount; k++) {
    const p = itemOrder[k]!;
    const l = lines[p]!;
    const remaining = open[p]!;
    const ref = basisDay[p]!;
    const refDate = basisDate(l, basis);
    const age = ref === UNDATED ? null : asOfDay - ref;
    let bucket: string;
    let closedOn: IsoDate | null = null;
    if (remaining === 0) {
      bucket = 'closed';
      const cd = closedDay[p]!;
      const own = txDay[p]!;
      closedOn = cd === UNDATED ? null : addDays(EPOCH, own !== UNDATED && own > cd ? own : cd);
    } else {
      openTotal += remaining;
      if (age === null) {
        bucket = 'undated';
        undated += remaining;
      } else {
        bucket = bucketKeyForDays(age, edges);
        bucketAt.get(bucket)!.amount += remaining;
        datedOpen += remaining;
        weighted += remaining * -age;
        if (age > 0) {
          overdueTotal += remaining;
          overdueCount++;
        }
      }
    }
    items[k] = { pos: p, index: l.index, date: l.date, dueDate: l.dueDate, refDate, amount: mine[p]!, remaining, days: age, bucket, closedOn };
  }
  const opposite: OppositeMovement[] = new Array(oppCount);
  let unapplied = 0;
  for (let k = 0; k < oppCount; k++) {
    const p = oppOrder[k]!;
    const l = lines[p]!;
    unapplied += left[p]!;
    opposite[k] = { pos: p, index: l.index, date: l.date, amount: theirs[p]!, unapplied: left[p]! };
  }
  return {
    currency,
    asOf: options.asOf,
    basis,
    edges,
    side,
    sign,
    balance: sumDebit - sumCredit,
    items,
    opposite,
    closings,
    buckets,
    undated,
    openTotal,
    unapplied,
    overdueTotal,
    overdueCount,
    averageDueDate: datedOpen > 0 ? addDays(options.asOf, Math.round(weighted / datedOpen)) : null,
    behaviour:
      closedAmount === 0
        ? { closedAmount: 0, averageDaysLate: null, averageDaysToPay: null }
        : { closedAmount, averageDaysLate: Math.round((lateSum / closedAmount) * 10) / 10, averageDaysToPay: Math.round((toPaySum / closedAmount) * 10) / 10 },
    excluded,
    unreadable,
    incomplete: unreadable > 0,
  };
}

/** Sorts in place unless already in order (statements usually arrive in date order). */
function sortIfNeeded(order: Uint32Array, cmp: (a: number, b: number) => number): void {
  for (let k = 1; k < order.length; k++) {
    if (cmp(order[k - 1]!, order[k]!) > 0) {
      order.sort(cmp);
      return;
    }
  }
}

// ------------------------------------------------------------------ derived views

/** Per item: the movements that closed it, and per movement: the items it closed (needs `explain`). */
export function closingsByPosition(r: OpenItemsResult): { byItem: Map<number, Closing[]>; byMovement: Map<number, Closing[]> } {
  const byItem = new Map<number, Closing[]>();
  const byMovement = new Map<number, Closing[]>();
  for (const c of r.closings ?? []) {
    (byItem.get(c.item) ?? byItem.set(c.item, []).get(c.item)!).push(c);
    (byMovement.get(c.by) ?? byMovement.set(c.by, []).get(c.by)!).push(c);
  }
  return { byItem, byMovement };
}

