/** Part 2 of the ledger (see index.ts): the open-item engine. */
import { addDays, diffDays } from '../dates';
import { LOCAL_CURRENCY } from '../currency';
import type { IsoDate, Minor } from '../types';
import { bucketKeyForDays, emptyBuckets, normalizeEdges, type AgingBucket } from './buckets';
import { ledgerColumn } from './fold';
import { classifyMovement, reducesInvoice } from './movements';
import { basisDate, type Basis, type LedgerLine, type Side } from './lines';

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

export interface OpenItemsOptions {
  asOf: IsoDate;
  /** Default 'due'. */
  basis?: Basis;
  /** Default TL. */
  currency?: string;
  /** Default [30, 60, 90, 120]. */
  edges?: readonly number[];
  /** TL = only the lines written in TL (the account view's per-currency items; see ledgerColumn). */
  ownLines?: boolean;
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
  /** The movement is a return / discount / price-difference credit: it reduced the item from the item's own date. */
  credit?: true;
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
  const col = ledgerColumn(lines, currency, options.ownLines);
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
  // A return / discount / price-difference credit reduces the invoice it names (else the oldest open
  // one) from that invoice's own date: no payment delay, no vade farkı (movements.ts).
  const isCredit = new Uint8Array(n);
  let anyCredit = false;
  for (let k = 0; k < oppCount; k++) {
    const op = oppOrder[k]!;
    if (reducesInvoice(classifyMovement(lines[op]!.type))) {
      isCredit[op] = 1;
      anyCredit = true;
    }
  }
  // Named invoices: by document number, else by record id (a number never matches an id), the first
  // item of each; only those a credit names (−1 until found): a few returns index no other invoice.
  const byNumber = new Map<string, number>();
  const byId = new Map<string, number>();
  if (anyCredit) {
    for (let k = 0; k < oppCount; k++) {
      const op = oppOrder[k]!;
      if (isCredit[op] !== 1) continue;
      const ref = lines[op]!.ref?.trim();
      const refId = lines[op]!.refId?.trim();
      if (ref) byNumber.set(ref, -1);
      if (refId) byId.set(refId, -1);
    }
    for (let k = 0; k < itemCount; k++) {
      const l = lines[itemOrder[k]!]!;
      const doc = byNumber.size > 0 ? l.documentNo?.trim() : undefined;
      const id = byId.size > 0 ? l.documentId?.trim() : undefined;
      if (doc && byNumber.get(doc) === -1) byNumber.set(doc, itemOrder[k]!);
      if (id && byId.get(id) === -1) byId.set(id, itemOrder[k]!);
    }
  }
  const openNamed = (table: ReadonlyMap<string, number>, key: string | null | undefined): number => {
    const k = key?.trim();
    const ip = k ? table.get(k) : undefined;
    return ip !== undefined && ip >= 0 && open[ip]! > 0 ? ip : -1;
  };
  const namedItem = (l: LedgerLine): number => {
    const byNo = openNamed(byNumber, l.ref);
    return byNo >= 0 ? byNo : openNamed(byId, l.refId);
  };
  let ii = 0;
  let oi = 0;
  while (oi < oppCount) {
    while (ii < itemCount && open[itemOrder[ii]!] === 0) ii++;
    const op = oppOrder[oi]!;
    const credit = isCredit[op] === 1;
    let ip = credit ? namedItem(lines[op]!) : -1;
    if (ip < 0) {
      if (ii >= itemCount) break;
      ip = itemOrder[ii]!;
    }
    const take = open[ip]! < left[op]! ? open[ip]! : left[op]!;
    open[ip] = open[ip]! - take;
    left[op] = left[op]! - take;
    const own = txDay[ip]!;
    if (credit) {
      if (closedDay[ip]! < own) closedDay[ip] = own;
    } else {
      closedDay[ip] = txDay[op]!;
      const byDay = dateDays[op]!;
      const ref = basisDay[ip]!;
      if (byDay !== UNDATED && own !== UNDATED && ref !== UNDATED) {
        const paid = byDay > own ? byDay : own;
        closedAmount += take;
        lateSum += take * (paid > ref ? paid - ref : 0);
        toPaySum += take * (paid - own);
      }
    }
    if (closings) closings.push(credit ? { item: ip, by: op, amount: take, credit: true } : { item: ip, by: op, amount: take });
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
  let weighted = 0n; // Σ open × basis day, exact (BigInt: amounts × day numbers pass 2^53)
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
        weighted += BigInt(remaining) * BigInt(ref);
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
    averageDueDate: datedOpen > 0 ? addDays(EPOCH, meanDay(weighted, BigInt(datedOpen))) : null,
    behaviour:
      closedAmount === 0
        ? { closedAmount: 0, averageDaysLate: null, averageDaysToPay: null }
        : { closedAmount, averageDaysLate: Math.round((lateSum / closedAmount) * 10) / 10, averageDaysToPay: Math.round((toPaySum / closedAmount) * 10) / 10 },
    excluded,
    unreadable,
    incomplete: unreadable > 0,
  };
}

/** Σ(open × day) / Σ open rounded to a day; a tie (exactly half a day) goes to the earlier day. */
function meanDay(weighted: bigint, total: bigint): number {
  let q = weighted / total; // truncates toward zero
  let r = weighted - q * total;
  if (r < 0n) {
    q -= 1n;
    r += total;
  }
  return Number(2n * r > total ? q + 1n : q);
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
