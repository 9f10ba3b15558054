/**
 * Recognising the aging buckets of the ERP's own aging answer (get_yaslandirma), whose fields
 * are not documented. A bucket column is a numeric column whose name carries a day range
 * ("GUN_0_30", "31-60 Gün", "91_120", "120+", "120_USTU", "OVER_120") or "not yet due" words
 * ("VADESI_GELMEMIS", "not_due", "current"). A total column is one named like a total/balance.
 * Pure module: works on ErpColumn names only.
 */
import type { Cell, ErpColumn, ErpTable } from '../../api/types';
import type { IsoDate, Minor } from '../../lib/types';
import { foldKey, foldTr } from '../../lib/turkish';
import { cellText } from '../data-table/erp-columns';

export { cellText };

export interface BucketColumn {
  key: string;
  label: string;
  /** Inclusive day range; from null = not yet due; to null = open-ended. */
  from: number | null;
  to: number | null;
  notDue: boolean;
}

const NOT_DUE = ['gelmemis', 'notdue', 'notyetdue', 'vadesiz'];
const NOT_DUE_EXACT = ['current', 'guncel'];
const OPEN_WORDS = /(\+|ustu|uzeri|fazla|over|plus|more|above|sonrasi|gt)/;
const DAY_WORDS = /(gun|day|vade|yas)/;
/** A date column that says when the ERP made the report (the aging record has no documented fields). */
const REPORT_DATE_KEYS = ['raportarihi', 'rapordate', 'reportdate', 'reporttarihi', 'yaslandirmatarihi', 'hesaplamatarihi', 'asof', 'asofdate', 'tarih'];
const TOTAL_KEYS = ['toplam', 'total', 'toplambakiye', 'bakiye', 'balance', 'toplamborc', 'toplamtutar', 'geneltoplam', 'kalan', 'outstanding'];

function isNumeric(col: ErpColumn): boolean {
  return col.kind === 'money' || col.kind === 'number';
}

/** Reads one column name as a bucket, or null. */
export function bucketOf(col: ErpColumn): BucketColumn | null {
  if (!isNumeric(col)) return null;
  if (col.field === 'total' || col.field === 'balance' || col.field === 'accountId' || col.field === 'id') return null;
  const folded = foldKey(col.key);
  if (NOT_DUE.some((w) => folded.includes(w)) || NOT_DUE_EXACT.includes(folded)) return { key: col.key, label: col.label, from: null, to: null, notDue: true };
  const text = foldTr(col.key);
  const numbers = (text.match(/\d+/g) ?? []).map(Number);
  if (numbers.length >= 2) {
    const [a, b] = [numbers[0]!, numbers[1]!];
    if (b > a) return { key: col.key, label: col.label, from: a, to: b, notDue: false };
    return null;
  }
  if (numbers.length === 1) {
    const n = numbers[0]!;
    if (OPEN_WORDS.test(text.replace(/\d+/g, ' '))) return { key: col.key, label: col.label, from: n + 1, to: null, notDue: false };
    if (DAY_WORDS.test(folded)) return { key: col.key, label: col.label, from: null, to: n, notDue: false };
  }
  return null;
}

export interface AgingLayout {
  buckets: BucketColumn[];
  /** The column the ERP gives as the row's total, if recognisable. */
  totalKey?: string;
  /** Column carrying the account id (field accountId or id), if any. */
  accountIdKey?: string;
  /** Column carrying the company name (field name/company), if any. */
  nameKey?: string;
  /** Date column carrying the day the ERP made the report, if the answer has one. */
  reportDateKey?: string;
}

/** Finds bucket, total, account id and name columns among the ERP's columns (in ERP order). */
export function agingLayout(columns: readonly ErpColumn[]): AgingLayout {
  const buckets: BucketColumn[] = [];
  for (const col of columns) {
    const b = bucketOf(col);
    if (b) buckets.push(b);
  }
  // A single number without a range ("30 GÜN") is an upper edge: its lower edge follows the previous bucket.
  let prevTo: number | null = null;
  for (const b of buckets) {
    if (b.notDue) continue;
    if (b.from === null) b.from = prevTo === null ? 0 : prevTo + 1;
    prevTo = b.to;
  }
  const bucketKeys = new Set(buckets.map((b) => b.key));
  const total = columns.find(
    (c) => !bucketKeys.has(c.key) && isNumeric(c) && (c.field === 'total' || c.field === 'balance' || TOTAL_KEYS.includes(foldKey(c.key))),
  );
  const accountId = columns.find((c) => c.field === 'accountId') ?? columns.find((c) => c.field === 'id');
  const name = columns.find((c) => c.field === 'company') ?? columns.find((c) => c.field === 'name');
  const reportDate = columns.find((c) => c.kind === 'date' && REPORT_DATE_KEYS.includes(c.folded));
  return { buckets, totalKey: total?.key, accountIdKey: accountId?.key, nameKey: name?.key, reportDateKey: reportDate?.key };
}

/**
 * The day the ERP made its aging (its report-date column, the first row that has it), or null when
 * the answer does not say: then the report is taken to be today's. The ERP's buckets are as of that
 * day, so the pages say it and the FIFO comparison is computed as of it.
 */
export function agingReportDate(table: ErpTable, layout: AgingLayout): IsoDate | null {
  if (!layout.reportDateKey) return null;
  for (const row of table.rows) {
    const c = row[layout.reportDateKey];
    if (c?.kind === 'date') return c.iso;
  }
  return null;
}

/** Minor units of a cell (0 for empty/text/invalid). */
export function cellMinor(cell: Cell | undefined): Minor {
  return cell?.kind === 'number' ? cell.minor : 0;
}

/** A row's total: the ERP's total column when there is one, else Σ buckets. */
export function rowTotal(row: Record<string, Cell>, layout: AgingLayout): Minor {
  if (layout.totalKey) return cellMinor(row[layout.totalKey]);
  let sum = 0;
  for (const b of layout.buckets) sum += cellMinor(row[b.key]);
  return sum;
}

/** Σ per bucket over all rows (exact kuruş), in bucket order. */
export function bucketTotals(table: ErpTable, layout: AgingLayout): Minor[] {
  return layout.buckets.map((b) => {
    let sum = 0;
    for (const row of table.rows) sum += cellMinor(row[b.key]);
    return sum;
  });
}

/** Σ of the overdue buckets (every bucket but "not yet due"), given per-bucket totals in bucket order. */
export function overdueSum(buckets: readonly BucketColumn[], totals: readonly Minor[]): Minor {
  let sum = 0;
  buckets.forEach((b, i) => {
    if (!b.notDue) sum += totals[i] ?? 0;
  });
  return sum;
}

/** Where an aging row leads: its statement when the row carries the account id, else a list search by name. */
export function agingRowHref(row: Record<string, Cell>, layout: AgingLayout): string {
  const id = layout.accountIdKey ? cellText(row[layout.accountIdKey]) : '';
  if (id) return `/accounts/${encodeURIComponent(id)}`;
  const name = layout.nameKey ? cellText(row[layout.nameKey]) : '';
  return `/accounts?q=${encodeURIComponent(name)}`;
}

/** Receivables (borçlu rows, B) or payables (alacaklı rows, A): the ERP's aging never nets the two. */
export type AgingSide = 'B' | 'A';

/** The row's total is on this side. */
export function onSide(row: Record<string, Cell>, layout: AgingLayout, side: AgingSide): boolean {
  const total = rowTotal(row, layout);
  return side === 'B' ? total > 0 : total < 0;
}

/** Σ of a row's overdue buckets (every bucket but "not yet due"), signed like the ERP's cells. */
export function rowOverdue(row: Record<string, Cell>, layout: AgingLayout): Minor {
  let sum = 0;
  for (const b of layout.buckets) if (!b.notDue) sum += cellMinor(row[b.key]);
  return sum;
}

/** The row has an overdue amount on the side of its balance. */
export function hasOverdue(row: Record<string, Cell>, layout: AgingLayout): boolean {
  const total = rowTotal(row, layout);
  const overdue = rowOverdue(row, layout);
  return total > 0 ? overdue > 0 : total < 0 ? overdue < 0 : false;
}

export interface SideFigures {
  side: AgingSide;
  rows: Record<string, Cell>[];
  /** Per bucket, signed like the ERP (payables negative). */
  bucketTotals: Minor[];
  overdue: Minor;
  /** Rows with an overdue amount (what /aging?side=…&overdue=1 lists). */
  overdueCount: number;
  total: Minor;
}

/** The figures of one side of the ERP's aging: the rows of that side only. */
export function sideFigures(table: ErpTable, layout: AgingLayout, side: AgingSide): SideFigures {
  const rows = table.rows.filter((r) => onSide(r, layout, side));
  const totals = bucketTotals({ ...table, rows }, layout);
  let total = 0;
  let overdueCount = 0;
  for (const r of rows) {
    total += rowTotal(r, layout);
    if (hasOverdue(r, layout)) overdueCount++;
  }
  return { side, rows, bucketTotals: totals, overdue: overdueSum(layout.buckets, totals), overdueCount, total };
}
