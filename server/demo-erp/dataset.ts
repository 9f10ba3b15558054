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
import type { IsoDate } from '../../src/domain/types';
import { makeName, pickPlace, rand } from './dataset-names';
export * from './dataset-model';
export { foreignAmount, rateOf } from './dataset-currency';
import { applyForeignCurrency } from './dataset-currency';
import { linkReturns } from './dataset-returns';
import {
  type AccountCategory,
  type DemoAccount,
  type DemoDataset,
  type DatasetOptions,
  DEFAULT_TODAY,
  DEFAULT_SEED,
  DATASET_START,
  LARGE_STATEMENT_ACCOUNT_ID,
  LARGE_ACCOUNT_COUNT,
  LARGE_INVOICE_COUNT,
  dayNumber,
  isoFromDay,
} from './dataset-model';
import { type Builder, type Activity, generateActivity, floatTrapLines, largeStatement, numberInvoices } from './dataset-builder';
import { SPECIALS } from './dataset-specials';

// ---------------------------------------------------------------- generation

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
      generateActivity(b, acc, {
        invoices: withInvoice ? 1 : 0,
        payments: withInvoice && r.chance(0.6) ? 1 : 0,
        payRatio: r.chance(0.3) ? 1 : 0.5,
        opening: r.chance(0.5),
        maxLines: 3,
      });
    } else {
      const y = r.next();
      const activity: Activity =
        y < 0.05
          ? { invoices: 0, payments: 0, payRatio: 0, opening: false, maxLines: 1 }
          : y < 0.13
            ? { invoices: r.int(2, 10), payments: r.int(1, 5), payRatio: 1, opening: r.chance(0.5), maxLines: 4 }
            : y < 0.18
              ? { invoices: r.int(2, 8), payments: r.int(2, 5), payRatio: 1.1 + r.next() * 0.3, opening: false, maxLines: 3 }
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

// ---------------------------------------------------------------- cache

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
