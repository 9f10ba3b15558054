/**
 * The demo ERP's deterministic Turkish dataset (seeded PRNG, no Math.random, nothing on disk).
 *
 * Model: every account has statement lines (amounts in kuruş, integers); balance = Σdebit − Σcredit
 * (> 0 borçlu). Invoices are the source of the statement's invoice lines (same number, date, total).
 * Invoice line: net = round_half_up(qty × unit price), VAT = round_half_up(net × rate / 100),
 * invoice total = Σ(net + VAT). Quantities are kept in thousandths (quantityMilli) so all sums are exact.
 *
 * size 'normal': ~330 accounts; size 'large': 100,000 accounts, 20,000 invoices and the account
 * LARGE_STATEMENT_ACCOUNT_ID with 50,000 statement lines. Both are generated on first use and cached
 * per (size, today, seed).
 */
import type { IsoDate, Minor } from '../../src/domain/types';
import { PRODUCTS, COLLECTION_TEXTS, PAYMENT_TEXTS, TERMS } from './dataset-words';
import { makeName, pickPlace, rand, supplierSeries, type Rand } from './dataset-names';
export * from './dataset-model';
export { foreignAmount, rateOf } from './dataset-currency';
import { applyForeignCurrency } from './dataset-currency';
import { linkReturns } from './dataset-returns';
import { AccountCategory, StatementType, InvoiceKind, DemoStatementLine, DemoAccount, DemoInvoiceLine, DemoInvoice, DemoDataset, DatasetOptions, DEFAULT_TODAY, DEFAULT_SEED, DATASET_START, LARGE_STATEMENT_ACCOUNT_ID, LARGE_ACCOUNT_COUNT, LARGE_STATEMENT_LINES, LARGE_INVOICE_COUNT, lineNet, lineVat, dayNumber, isoFromDay } from './dataset-model';

// ---------------------------------------------------------------- generation

interface PendingInvoice { inv: DemoInvoice; line: DemoStatementLine; account: DemoAccount; seq: number }

interface Builder {
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
    lines.push({ lineNo: i + 1, productCode: p.code, productName: p.name, unit: p.unit, quantityMilli, unitPrice, vatRate: p.vat, net: n, vat: v, total: n + v });
    net += n;
    vat += v;
  }
  const total = net + vat;
  const date = iso(b, day);
  const inv: DemoInvoice = {
    id: '', number: '', kind, date, dueDate: iso(b, day + term), accountId: acc.id, accountName: acc.name,
    currency: 'TL', lines, net, vat, total,
  };
  const debitSide = kind === 'Satış Faturası' || kind === 'Alış İade Faturası';
  const line = pushLine(acc, {
    date, dueDate: inv.dueDate, type: kind, debit: debitSide ? total : 0, credit: debitSide ? 0 : total, documentNo: '', description: '',
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

interface Activity {
  invoices: number;
  /** Share of the invoiced amount that has been paid (1 = settled, > 1 = advance: credit balance). */
  payRatio: number;
  payments: number;
  opening: boolean;
  maxLines: number;
}

function generateActivity(b: Builder, acc: DemoAccount, a: Activity): void {
  const { r } = b;
  const customer = acc.category !== 'Tedarikçi';
  const term = r.pick(TERMS);
  let owed = 0; // positive: what the other side owes on the natural side (customer: debit, supplier: credit)
  if (a.opening) {
    const amount = r.int(500, 60_000) * 100 + r.int(0, 99);
    const date = iso(b, b.startDay);
    pushLine(acc, {
      date, dueDate: date, type: 'Açılış Fişi', debit: customer ? amount : 0, credit: customer ? 0 : amount,
      documentNo: nextDoc(b, 'ACL', date.slice(0, 4)), description: `${date.slice(0, 4)} yılı açılış bakiyesi`,
    });
    owed += amount;
  }
  let firstDay = b.todayDay;
  for (let i = 0; i < a.invoices; i++) {
    const day = r.int(b.startDay + 3, b.todayDay);
    firstDay = Math.min(firstDay, day);
    const isReturn = i > 0 && r.chance(0.06);
    const kind: InvoiceKind = customer
      ? isReturn ? 'Satış İade Faturası' : 'Satış Faturası'
      : isReturn ? 'Alış İade Faturası' : 'Alış Faturası';
    const total = addInvoice(b, acc, kind, day, r.chance(0.85) ? term : r.pick(TERMS), a.maxLines);
    owed += isReturn ? -total : total;
  }
  if (a.opening) firstDay = b.startDay;
  const toPay = a.payRatio === 1 ? owed : Math.round((owed * a.payRatio) / 100) * 100;
  addPayments(b, acc, toPay, a.payments, firstDay);
}

interface SpecialSpec {
  id: string;
  name: string;
  category: AccountCategory;
  province: string;
  district: string;
  activity: Activity | 'floatTrap' | 'none';
}
const SPECIALS: SpecialSpec[] = [
  { id: '1000', name: 'Anadolu Mega Market Zincir Mağazaları A.Ş.', category: 'Bayi', province: 'İSTANBUL', district: 'ÜMRANİYE', activity: { invoices: 40, payments: 30, payRatio: 0.8, opening: true, maxLines: 6 } },
  { id: '1001', name: 'Öz-Çağ "Yıldız" Gıda & Tic. Ltd. Şti.', category: 'Müşteri', province: 'İstanbul', district: 'Kadıköy', activity: { invoices: 18, payments: 10, payRatio: 0.7, opening: true, maxLines: 5 } },
  { id: '1002', name: 'Ağaoğlu %100 Doğal Ürünler San. ve Tic. A.Ş.', category: 'Müşteri', province: 'ISPARTA', district: 'EĞİRDİR', activity: { invoices: 12, payments: 8, payRatio: 0.6, opening: false, maxLines: 4 } },
  { id: '1003', name: 'Kuruşçu Kırtasiye Ltd. Şti.', category: 'Müşteri', province: 'Ankara', district: 'Keçiören', activity: 'floatTrap' },
  { id: '1004', name: 'İĞDIR Tarım Ürünleri San. ve Tic. Ltd. Şti.', category: 'Müşteri', province: 'İĞDIR', district: 'MERKEZ', activity: { invoices: 10, payments: 6, payRatio: 0.5, opening: true, maxLines: 3 } },
  { id: '1005', name: 'Iğdır Et ve Süt Ürünleri A.Ş.', category: 'Bayi', province: 'Iğdır', district: 'Tuzluca', activity: { invoices: 8, payments: 5, payRatio: 0.85, opening: false, maxLines: 3 } },
  { id: '1006', name: 'A+ Yapı Denetim Ltd. Şti.', category: 'Müşteri', province: 'Ankara', district: 'Çankaya', activity: { invoices: 6, payments: 4, payRatio: 1.25, opening: false, maxLines: 3 } },
  { id: '1007', name: "D'Ora Mimarlık & İç Tasarım Ltd. Şti.", category: 'Müşteri', province: 'İzmir', district: 'Karşıyaka', activity: { invoices: 7, payments: 5, payRatio: 1, opening: true, maxLines: 3 } },
  { id: '1008', name: 'Isparta Gül Yağı Kozmetik San. ve Tic. A.Ş.', category: 'Tedarikçi', province: 'Isparta', district: 'Merkez', activity: { invoices: 9, payments: 6, payRatio: 0.75, opening: true, maxLines: 3 } },
  { id: '1009', name: 'Ünal Bilişim Hizmetleri Ltd. Şti.', category: 'Müşteri', province: 'İstanbul', district: 'Ataşehir', activity: 'none' },
  { id: '1010', name: 'Çukurova Ambalaj San. ve Tic. A.Ş.', category: 'Tedarikçi', province: 'ADANA', district: 'SEYHAN', activity: { invoices: 14, payments: 9, payRatio: 0.7, opening: true, maxLines: 4 } },
  { id: '00457', name: 'Şimşek Hırdavat - Ahmet Şimşek', category: 'Bayi', province: 'Kocaeli', district: 'Gebze', activity: { invoices: 11, payments: 7, payRatio: 0.9, opening: false, maxLines: 4 } },
];

function floatTrapLines(b: Builder, acc: DemoAccount): void {
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
      date, dueDate: debit ? iso(b, start + i * 3 + 30) : date, type: debit ? 'Virman' : 'Tahsilat', debit, credit,
      documentNo: nextDoc(b, debit ? 'VRM' : 'THS', date.slice(0, 4)),
      description: debit ? 'Kuruş farkı virmanı' : 'Kuruş farkı tahsilatı',
    });
  });
}

/** Large mode: the busy account gets exactly LARGE_STATEMENT_LINES lines. */
function largeStatement(b: Builder, acc: DemoAccount, invoices: number): void {
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
  pushLine(acc, { date, dueDate: date, type: 'Açılış Fişi', debit: opening, credit: 0, documentNo: nextDoc(b, 'ACL', '2025'), description: '2025 yılı açılış bakiyesi' });
  owed += opening;
  const paid = Math.round((owed * 0.9) / 100) * 100;
  const before = acc.lines.length;
  addPayments(b, acc, paid, payments, b.startDay);
  // addPayments skips zero parts: top up with small virman lines so the count is exact.
  for (let i = acc.lines.length - before; i < payments; i++) {
    const d = iso(b, r.int(b.startDay, b.todayDay));
    pushLine(acc, { date: d, dueDate: null, type: 'Virman', debit: 0, credit: 100, documentNo: nextDoc(b, 'VRM', d.slice(0, 4)), description: 'Cari hesaplar arası virman' });
  }
}

const KIND_TEXT: Record<InvoiceKind, string> = {
  'Satış Faturası': 'satış faturası',
  'Alış Faturası': 'alış faturası',
  'Satış İade Faturası': 'satış iade faturası',
  'Alış İade Faturası': 'alış iade faturası',
};

/** Assigns invoice ids and numbers in date order and fills the statement lines' document numbers. */
function numberInvoices(b: Builder): DemoInvoice[] {
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

export function generateDataset(options: DatasetOptions = {}): DemoDataset {
  const t0 = performance.now();
  const size = options.size ?? 'normal';
  const today = options.today ?? DEFAULT_TODAY;
  const seed = options.seed ?? DEFAULT_SEED;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || isoFromDay(dayNumber(today)) !== today) throw new Error(`Invalid demo ERP today: ${today}`);
  const startDay = dayNumber(DATASET_START);
  const todayDay = Math.max(dayNumber(today), startDay + 60);
  const days: IsoDate[] = [];
  for (let d = startDay; d <= todayDay + 200; d++) days.push(isoFromDay(d));
  const b: Builder = { r: rand(seed), startDay, todayDay, days, pending: [], counters: {} };
  const { r } = b;

  const accounts: DemoAccount[] = [];
  const names = new Set<string>();
  const newAccount = (id: string, name: string, category: AccountCategory, province: string, district: string): DemoAccount => {
    names.add(name);
    const acc: DemoAccount = { id, category, name, province, district, balance: 0, lines: [] };
    accounts.push(acc);
    return acc;
  };

  const large = size === 'large';
  let bigAccount: DemoAccount | undefined;
  const main = b.r;
  SPECIALS.forEach((s, index) => {
    // Each special account has its own stream, so it is the same in both sizes.
    b.r = rand(seed + 7919 * (index + 1));
    const acc = newAccount(s.id, s.name, s.category, s.province, s.district);
    if (large && s.id === LARGE_STATEMENT_ACCOUNT_ID) bigAccount = acc;
    else if (s.activity === 'floatTrap') floatTrapLines(b, acc);
    else if (s.activity !== 'none') generateActivity(b, acc, s.activity);
  });
  b.r = main;

  const count = large ? LARGE_ACCOUNT_COUNT : 330;
  const bigInvoices = 15_000;
  const specialInvoices = b.pending.length;
  const regular = count - SPECIALS.length;
  const largeRegularInvoices = LARGE_INVOICE_COUNT - bigInvoices - specialInvoices;
  let nextId = 1011;
  let zeroIds = 0;
  for (let i = 0; i < regular; i++) {
    nextId += r.chance(0.2) ? r.int(2, 4) : 1;
    const id = i % 61 === 30 ? `000${100 + zeroIds++}` : String(nextId); // a few ids with leading zeros
    const x = r.next();
    const category: AccountCategory = x < 0.6 ? 'Müşteri' : x < 0.85 ? 'Tedarikçi' : 'Bayi';
    const { province, district } = pickPlace(r);
    let name = makeName(r, province);
    for (let k = 0; names.has(name) && k < 4; k++) name = makeName(r, province);
    if (names.has(name)) name = `${name} (${district.charAt(0)}${district.slice(1).toLocaleLowerCase('tr-TR')})`;
    for (let k = 2; names.has(name); k++) name = `${name.replace(/ \(\d+\)$/, '')} (${k})`;
    const acc = newAccount(id, name, category, province, district);
    if (large) {
      // Spread the remaining invoices evenly; most accounts only carry an opening balance.
      const withInvoice = Math.floor(((i + 1) * largeRegularInvoices) / regular) > Math.floor((i * largeRegularInvoices) / regular);
      generateActivity(b, acc, { invoices: withInvoice ? 1 : 0, payments: withInvoice && r.chance(0.6) ? 1 : 0, payRatio: r.chance(0.3) ? 1 : 0.5, opening: r.chance(0.5), maxLines: 3 });
    } else {
      const y = r.next();
      const activity: Activity =
        y < 0.05 ? { invoices: 0, payments: 0, payRatio: 0, opening: false, maxLines: 1 }
        : y < 0.13 ? { invoices: r.int(2, 10), payments: r.int(1, 5), payRatio: 1, opening: r.chance(0.5), maxLines: 4 }
        : y < 0.18 ? { invoices: r.int(2, 8), payments: r.int(2, 5), payRatio: 1.1 + r.next() * 0.3, opening: false, maxLines: 3 }
        : { invoices: r.int(1, 22), payments: r.int(0, 14), payRatio: 0.45 + r.next() * 0.55, opening: r.chance(0.5), maxLines: 6 };
      generateActivity(b, acc, activity);
    }
  }
  if (bigAccount) {
    b.r = rand(seed + 104729);
    largeStatement(b, bigAccount, bigInvoices);
  }

  const invoices = numberInvoices(b);
  for (const acc of accounts) {
    acc.lines.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0)); // stable: creation order within a day
    let balance = 0;
    for (const l of acc.lines) balance += l.debit - l.credit;
    acc.balance = balance;
  }
  linkReturns(accounts, SPECIALS.length);
  applyForeignCurrency(accounts, SPECIALS.length, large ? 2 : 8);
  return {
    size,
    today,
    seed,
    accounts,
    accountById: new Map(accounts.map((a) => [a.id, a])),
    invoices,
    invoiceById: new Map(invoices.map((i) => [i.id, i])),
    generatedMs: Math.round(performance.now() - t0),
  };
}

// ---------------------------------------------------------------- foreign-currency accounts

const cache = new Map<string, DemoDataset>();
/** The dataset for these options, generated once per (size, today, seed) and cached. */
export function getDataset(options: DatasetOptions = {}): DemoDataset {
  const key = `${options.size ?? 'normal'}|${options.today ?? DEFAULT_TODAY}|${options.seed ?? DEFAULT_SEED}`;
  let ds = cache.get(key);
  if (!ds) {
    ds = generateDataset(options);
    cache.set(key, ds);
  }
  return ds;
}
