/**
 * The demo dataset's model: its types, the seeded PRNG, the invoice line arithmetic (exact in kuruş)
 * and the aging of a statement — what dataset.ts generates with and the demo answers read.
 */
import type { IsoDate, Minor } from '../../src/domain/types';

export type DatasetSize = 'normal' | 'large';
export type AccountCategory = 'Müşteri' | 'Tedarikçi' | 'Bayi';
export type StatementType = 'Açılış Fişi' | 'Satış Faturası' | 'Alış Faturası' | 'Satış İade Faturası' | 'Alış İade Faturası' | 'Tahsilat' | 'Ödeme' | 'Virman';
export type InvoiceKind = 'Satış Faturası' | 'Alış Faturası' | 'Satış İade Faturası' | 'Alış İade Faturası';

export interface DemoStatementLine {
  date: IsoDate;
  /** null when the ERP has no due date for the line (virman); aging then uses `date`. */
  dueDate: IsoDate | null;
  type: StatementType;
  debit: Minor;
  credit: Minor;
  /** Document number (BELGE_NO): the invoice number for invoice lines. */
  documentNo: string;
  description: string;
  /** A return: the number of the invoice it belongs to (İlgili Belge No), when it names one (dataset-returns.ts). */
  relatedDocumentNo?: string;
  invoiceId?: string;
  /** Transaction currency (OTHER_MONEY) on foreign-currency accounts only; absent = TL only. */
  currency?: DemoCurrency;
  /** Amount in `currency`, minor units (OTHER_CASH_ACT_VALUE), unsigned like debit/credit; TL lines: the TL amount. */
  currencyAmount?: Minor;
}

export type DemoCurrency = 'TL' | 'USD' | 'EUR';

export interface DemoAccount {
  id: string;
  category: AccountCategory;
  name: string;
  province: string;
  district: string;
  /** Σdebit − Σcredit of `lines`, kuruş. */
  balance: Minor;
  /** The account's foreign currency (its statement lines carry it); absent for TL accounts. */
  currency?: 'USD' | 'EUR';
  /** Σ signed foreign amounts of the lines in `currency`, minor units; only with `currency`. */
  currencyBalance?: Minor;
  /** Sorted by date (stable). */
  lines: DemoStatementLine[];
}

export interface DemoInvoiceLine {
  lineNo: number;
  productCode: string;
  productName: string;
  unit: string;
  /** Quantity × 1000 (e.g. 12.5 kg → 12500). */
  quantityMilli: number;
  unitPrice: Minor;
  vatRate: 1 | 10 | 20;
  net: Minor;
  vat: Minor;
  total: Minor;
}

export interface DemoInvoice {
  id: string;
  number: string;
  kind: InvoiceKind;
  date: IsoDate;
  dueDate: IsoDate;
  accountId: string;
  accountName: string;
  currency: 'TL';
  lines: DemoInvoiceLine[];
  net: Minor;
  vat: Minor;
  total: Minor;
}

export interface DemoDataset {
  size: DatasetSize;
  today: IsoDate;
  seed: number;
  accounts: DemoAccount[];
  accountById: Map<string, DemoAccount>;
  /** In date order (ids ascending). */
  invoices: DemoInvoice[];
  invoiceById: Map<string, DemoInvoice>;
  /** Milliseconds the generation took. */
  generatedMs: number;
}

export interface DatasetOptions {
  size?: DatasetSize;
  /** The demo ERP's "today": no transaction after it; aging is computed against it. Default 2026-11-15. */
  today?: IsoDate;
  seed?: number;
}

export const DEFAULT_TODAY: IsoDate = '2026-11-15';
export const DEFAULT_SEED = 20260115;
export const DATASET_START: IsoDate = '2025-01-01';

/** Accounts with known traits, the same in both sizes (tests and e2e use them). */
export const SPECIAL_ACCOUNTS = {
  /** 50,000 statement lines in size 'large' (an ordinary busy customer in 'normal'). */
  large: '1000',
  /** Quotes and ampersand in the name; İstanbul Kadıköy. */
  quoted: '1001',
  /** "%100" in the name; ISPARTA (upper case). */
  percent: '1002',
  /** Many lines of 0,10 and 0,20: a float sum drifts, the kuruş sum is exact (balance 4,60). */
  floatTrap: '1003',
  /** "İĞDIR …" name, province İĞDIR. */
  igdirUpper: '1004',
  /** "Iğdır …" name, province Iğdır. */
  igdirMixed: '1005',
  /** "A+" in the name; a customer with a credit (alacaklı) balance; Ankara Çankaya. */
  plusCredit: '1006',
  /** Apostrophe in the name; every invoice paid: balance exactly 0; İzmir Karşıyaka. */
  apostropheZero: '1007',
  /** Isparta (mixed case). */
  isparta: '1008',
  /** No transactions at all: empty statement, balance 0. */
  empty: '1009',
  /** A supplier (Tedarikçi): alış faturaları, credit balance. */
  supplier: '1010',
  /** Leading zeros in the id. */
  leadingZero: '00457',
} as const;
export const LARGE_STATEMENT_ACCOUNT_ID = SPECIAL_ACCOUNTS.large;
export const LARGE_ACCOUNT_COUNT = 100_000;
export const LARGE_STATEMENT_LINES = 50_000;
export const LARGE_INVOICE_COUNT = 20_000;

// ---------------------------------------------------------------- pure helpers (tests use them too)

/** Deterministic PRNG (mulberry32): returns floats in [0, 1). */
export function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** a / b for non-negative integers, rounded half-up (exact for values below 2^53). */
export function divRoundHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** Line net in kuruş: quantity (thousandths) × unit price, rounded half-up to the kuruş. */
export function lineNet(quantityMilli: number, unitPrice: Minor): Minor {
  return divRoundHalfUp(quantityMilli * unitPrice, 1000);
}

/** VAT of a net amount, rounded half-up to the kuruş. */
export function lineVat(net: Minor, rate: number): Minor {
  return divRoundHalfUp(net * rate, 100);
}

const DAY_MS = 86_400_000;
/** "2026-01-31" → days since 1970-01-01 (UTC; business dates, no time zone). */
export function dayNumber(iso: IsoDate): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
}
export function isoFromDay(day: number): IsoDate {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export type AgingBucket = 'notDue' | 'd0_30' | 'd31_60' | 'd61_90' | 'd91_120' | 'd120plus';
export const AGING_BUCKETS: readonly AgingBucket[] = ['notDue', 'd0_30', 'd31_60', 'd61_90', 'd91_120', 'd120plus'];

/** Days overdue = today − due. ≤ 0 (due today or later): not due; 1–30: "0-30"; …; > 120: "120+". */
export function agingBucket(dueDate: IsoDate, today: IsoDate): AgingBucket {
  const days = dayNumber(today) - dayNumber(dueDate);
  if (days <= 0) return 'notDue';
  if (days <= 30) return 'd0_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  if (days <= 120) return 'd91_120';
  return 'd120plus';
}

export interface AgingResult {
  buckets: Record<AgingBucket, Minor>;
  total: Minor;
}

/**
 * Open items by due date (FIFO): the smaller side is applied to the larger side's items oldest due
 * date first; what stays open is bucketed by days overdue. A debit (borçlu) balance gives positive
 * buckets, a credit (alacaklı) balance negative ones; buckets always sum to the balance.
 */
export function agingOf(lines: readonly DemoStatementLine[], today: IsoDate): AgingResult {
  const buckets: Record<AgingBucket, Minor> = { notDue: 0, d0_30: 0, d31_60: 0, d61_90: 0, d91_120: 0, d120plus: 0 };
  let debit = 0;
  let credit = 0;
  for (const l of lines) {
    debit += l.debit;
    credit += l.credit;
  }
  const sign = debit >= credit ? 1 : -1;
  const items = lines
    .map((l, index) => ({ due: l.dueDate ?? l.date, date: l.date, index, amount: sign > 0 ? l.debit : l.credit }))
    .filter((i) => i.amount > 0)
    .sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : a.date < b.date ? -1 : a.date > b.date ? 1 : a.index - b.index));
  let toApply = sign > 0 ? credit : debit;
  for (const item of items) {
    const applied = Math.min(toApply, item.amount);
    toApply -= applied;
    const open = item.amount - applied;
    if (open > 0) buckets[agingBucket(item.due, today)] += sign * open;
  }
  return { buckets, total: debit - credit };
}
