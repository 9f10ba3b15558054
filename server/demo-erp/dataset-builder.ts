/**
 * How the demo ERP's dataset is written (dataset.ts drives it): a Builder carries the seeded stream,
 * the day range and the document counters; invoices, collections/payments, opening balances and the
 * hand-made accounts' lines are added through it, and numberInvoices gives the invoices their numbers
 * in date order at the end.
 */
import type { IsoDate, Minor } from '../../src/domain/types';
import { PRODUCTS, COLLECTION_TEXTS, PAYMENT_TEXTS, TERMS } from './dataset-words';
import { supplierSeries, type Rand } from './dataset-names';
import {
  type StatementType,
  type InvoiceKind,
  type DemoStatementLine,
  type DemoAccount,
  type DemoInvoiceLine,
  type DemoInvoice,
  LARGE_STATEMENT_LINES,
  lineNet,
  lineVat,
  dayNumber,
  isoFromDay,
} from './dataset-model';

interface PendingInvoice {
  inv: DemoInvoice;
  line: DemoStatementLine;
  account: DemoAccount;
  seq: number;
}

export interface Builder {
  r: Rand;
  startDay: number;
  todayDay: number;
  days: IsoDate[]; // iso per day offset from startDay
  pending: PendingInvoice[];
  counters: Record<string, number>;
}

function iso(b: Builder, day: number): IsoDate {
  return b.days[day - b.startDay] ?? isoFromDay(day);
}

function nextDoc(b: Builder, prefix: string, year: string): string {
  const key = prefix + year;
  const n = (b.counters[key] ?? 0) + 1;
  b.counters[key] = n;
  return `${prefix}-${year}-${String(n).padStart(6, '0')}`;
}

function pushLine(acc: DemoAccount, line: DemoStatementLine): DemoStatementLine {
  acc.lines.push(line);
  return line;
}

/** Creates an invoice (number assigned later, in date order) and its statement line. */
function addInvoice(b: Builder, acc: DemoAccount, kind: InvoiceKind, day: number, term: number, maxLines: number): Minor {
  const { r } = b;
  const months = (day - b.startDay) / 30;
  const inflation = 1 + 0.025 * months; // prices rise over time
  const count = kind.includes('İade') ? r.int(1, 2) : r.int(1, maxLines);
  const lines: DemoInvoiceLine[] = [];
  let net = 0;
  let vat = 0;
  for (let i = 0; i < count; i++) {
    const p = r.pick(PRODUCTS);
    const quantityMilli =
      p.unit === 'Adet' || p.unit === 'Koli'
        ? r.int(1, kind.includes('İade') ? 5 : p.price > 1_000_000 ? 4 : 120) * 1000
        : r.int(5, kind.includes('İade') ? 100 : 3000) * 50;
    const unitPrice = Math.round(p.price * inflation * (0.9 + r.next() * 0.3));
    const n = lineNet(quantityMilli, unitPrice);
    const v = lineVat(n, p.vat);
    lines.push({
      lineNo: i + 1,
      productCode: p.code,
      productName: p.name,
      unit: p.unit,
      quantityMilli,
      unitPrice,
      vatRate: p.vat,
      net: n,
      vat: v,
      total: n + v,
    });
    net += n;
    vat += v;
  }
  const total = net + vat;
  const date = iso(b, day);
  const inv: DemoInvoice = {
    id: '',
    number: '',
    kind,
    date,
    dueDate: iso(b, day + term),
    accountId: acc.id,
    accountName: acc.name,
    currency: 'TL',
    lines,
    net,
    vat,
    total,
  };
  const debitSide = kind === 'Satış Faturası' || kind === 'Alış İade Faturası';
  const line = pushLine(acc, {
    date,
    dueDate: inv.dueDate,
    type: kind,
    debit: debitSide ? total : 0,
    credit: debitSide ? 0 : total,
    documentNo: '',
    description: '',
  });
  b.pending.push({ inv, line, account: acc, seq: b.pending.length });
  return total;
}

/** Collections (customer) or payments (supplier): `amount` split into `count` lines dated after `fromDay`. */
function addPayments(b: Builder, acc: DemoAccount, amount: Minor, count: number, fromDay: number): void {
  const { r } = b;
  if (amount <= 0 || count <= 0) return;
  const customer = acc.category !== 'Tedarikçi';
  const weights = Array.from({ length: count }, () => 0.3 + r.next());
  const wsum = weights.reduce((s, w) => s + w, 0);
  const days = Array.from({ length: count }, () => r.int(Math.min(fromDay + 7, b.todayDay), b.todayDay)).sort((x, y) => x - y);
  let left = amount;
  for (let i = 0; i < count; i++) {
    const part = i === count - 1 ? left : Math.min(left, Math.floor((amount * weights[i]!) / wsum / 100) * 100);
    left -= part;
    if (part <= 0) continue;
    const day = days[i]!;
    const date = iso(b, day);
    const virman = r.chance(0.08);
    const type: StatementType = virman ? 'Virman' : customer ? 'Tahsilat' : 'Ödeme';
    pushLine(acc, {
      date,
      dueDate: virman ? null : date,
      type,
      debit: customer ? 0 : part,
      credit: customer ? part : 0,
      documentNo: nextDoc(b, virman ? 'VRM' : customer ? 'THS' : 'ODM', date.slice(0, 4)),
      description: virman ? 'Cari hesaplar arası virman' : r.pick(customer ? COLLECTION_TEXTS : PAYMENT_TEXTS),
    });
  }
}

export interface Activity {
  invoices: number;
  /** Share of the invoiced amount that has been paid (1 = settled, > 1 = advance: credit balance). */
  payRatio: number;
  payments: number;
  opening: boolean;
  maxLines: number;
}

export function generateActivity(b: Builder, acc: DemoAccount, a: Activity): void {
  const { r } = b;
  const customer = acc.category !== 'Tedarikçi';
  const term = r.pick(TERMS);
  let owed = 0; // positive: what the other side owes on the natural side (customer: debit, supplier: credit)
  if (a.opening) {
    const amount = r.int(500, 60_000) * 100 + r.int(0, 99);
    const date = iso(b, b.startDay);
    pushLine(acc, {
      date,
      dueDate: date,
      type: 'Açılış Fişi',
      debit: customer ? amount : 0,
      credit: customer ? 0 : amount,
      documentNo: nextDoc(b, 'ACL', date.slice(0, 4)),
      description: `${date.slice(0, 4)} yılı açılış bakiyesi`,
    });
    owed += amount;
  }
  let firstDay = b.todayDay;
  for (let i = 0; i < a.invoices; i++) {
    const day = r.int(b.startDay + 3, b.todayDay);
    firstDay = Math.min(firstDay, day);
    const isReturn = i > 0 && r.chance(0.06);
    const kind: InvoiceKind = customer ? (isReturn ? 'Satış İade Faturası' : 'Satış Faturası') : isReturn ? 'Alış İade Faturası' : 'Alış Faturası';
    const total = addInvoice(b, acc, kind, day, r.chance(0.85) ? term : r.pick(TERMS), a.maxLines);
    owed += isReturn ? -total : total;
  }
  if (a.opening) firstDay = b.startDay;
  const toPay = a.payRatio === 1 ? owed : Math.round((owed * a.payRatio) / 100) * 100;
  addPayments(b, acc, toPay, a.payments, firstDay);
}

export function floatTrapLines(b: Builder, acc: DemoAccount): void {
  // 25 × 0,10 + 12 × 0,20 debit, 3 × 0,10 credit → 4,60 exactly; a float sum gives 4.6000000000000005-ish.
  const start = dayNumber('2026-01-05');
  const amounts: Array<[number, number]> = [];
  for (let i = 0; i < 25; i++) amounts.push([10, 0]);
  for (let i = 0; i < 12; i++) amounts.push([20, 0]);
  for (let i = 0; i < 3; i++) amounts.push([0, 10]);
  const order = amounts.map((a, i) => ({ a, k: (i * 17) % amounts.length })).sort((x, y) => x.k - y.k);
  order.forEach(({ a: [debit, credit] }, i) => {
    const date = iso(b, start + i * 3);
    pushLine(acc, {
      date,
      dueDate: debit ? iso(b, start + i * 3 + 30) : date,
      type: debit ? 'Virman' : 'Tahsilat',
      debit,
      credit,
      documentNo: nextDoc(b, debit ? 'VRM' : 'THS', date.slice(0, 4)),
      description: debit ? 'Kuruş farkı virmanı' : 'Kuruş farkı tahsilatı',
    });
  });
}

/** Large mode: the busy account gets exactly LARGE_STATEMENT_LINES lines. */
export function largeStatement(b: Builder, acc: DemoAccount, invoices: number): void {
  const { r } = b;
  let owed = 0;
  for (let i = 0; i < invoices; i++) {
    const isReturn = i % 16 === 15;
    const total = addInvoice(b, acc, isReturn ? 'Satış İade Faturası' : 'Satış Faturası', r.int(b.startDay + 3, b.todayDay), r.pick(TERMS), 4);
    owed += isReturn ? -total : total;
  }
  const payments = LARGE_STATEMENT_LINES - invoices - 1;
  const opening = 1_250_000_00;
  const date = iso(b, b.startDay);
  pushLine(acc, {
    date,
    dueDate: date,
    type: 'Açılış Fişi',
    debit: opening,
    credit: 0,
    documentNo: nextDoc(b, 'ACL', '2025'),
    description: '2025 yılı açılış bakiyesi',
  });
  owed += opening;
  const paid = Math.round((owed * 0.9) / 100) * 100;
  const before = acc.lines.length;
  addPayments(b, acc, paid, payments, b.startDay);
  // addPayments skips zero parts: top up with small virman lines so the count is exact.
  for (let i = acc.lines.length - before; i < payments; i++) {
    const d = iso(b, r.int(b.startDay, b.todayDay));
    pushLine(acc, {
      date: d,
      dueDate: null,
      type: 'Virman',
      debit: 0,
      credit: 100,
      documentNo: nextDoc(b, 'VRM', d.slice(0, 4)),
      description: 'Cari hesaplar arası virman',
    });
  }
}

const KIND_TEXT: Record<InvoiceKind, string> = {
  'Satış Faturası': 'satış faturası',
  'Alış Faturası': 'alış faturası',
  'Satış İade Faturası': 'satış iade faturası',
  'Alış İade Faturası': 'alış iade faturası',
};

/** Assigns invoice ids and numbers in date order and fills the statement lines' document numbers. */
export function numberInvoices(b: Builder): DemoInvoice[] {
  const pending = b.pending.sort((x, y) => (x.inv.date < y.inv.date ? -1 : x.inv.date > y.inv.date ? 1 : x.seq - y.seq));
  const seqByKey = new Map<string, number>();
  const supplierSeriesById = new Map<string, string>();
  const usedSeries = new Set(['SIF', 'AIF']);
  const usedNumbers = new Set<string>();
  const out: DemoInvoice[] = [];
  let id = 70_000;
  for (const { inv, line, account } of pending) {
    id += 1 + (id % 7 === 0 ? 2 : 0); // a few gaps, like a real table
    inv.id = String(id);
    const year = inv.date.slice(0, 4);
    let series: string;
    if (inv.kind === 'Alış Faturası') {
      series = supplierSeriesById.get(account.id) ?? supplierSeries(account.name, usedSeries, b.r);
      supplierSeriesById.set(account.id, series);
    } else series = inv.kind === 'Satış Faturası' ? 'SF' : inv.kind === 'Satış İade Faturası' ? 'SIF' : 'AIF';
    const key = series + year;
    let n = (seqByKey.get(key) ?? 0) + 1;
    let number = `${series}${year}${String(n).padStart(6, '0')}`;
    while (usedNumbers.has(number)) number = `${series}${year}${String(++n).padStart(6, '0')}`;
    seqByKey.set(key, n);
    usedNumbers.add(number);
    inv.number = number;
    line.documentNo = number;
    line.invoiceId = inv.id;
    line.description = `${number} nolu ${KIND_TEXT[inv.kind]}`;
    out.push(inv);
  }
  return out;
}
