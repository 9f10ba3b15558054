/** The FIFO explanation lists of one account: which credit closed each debit, and what each credit closed. */
import type { StatementLine } from '../../api/types';
import type { DataColumn } from '../../components/data-table';
import { t } from '../../i18n';
import { formatDate, formatMoney } from '../../lib/format';
import { sumMinor } from '../../lib/money';
import type { IsoDate, Minor } from '../../lib/types';
import { bucketLabel } from '../../components/aging/bucket-display';
import type { FifoAgingResult } from './fifo-aging';

// Amount columns are wide enough for a bold total of a big account ("12.361.432,76"); the
// explanations take the room left and wrap (fifo-panel CSS), never cut.
const AMOUNT_WIDTH = '10.5rem';

export interface DebitRow {
  index: number;
  date: IsoDate | null;
  dueDate: IsoDate | null;
  type: string;
  original: Minor;
  remaining: Minor;
  days: number | null;
  bucket: string;
  closedBy: string;
}

export const DEBIT_COLUMNS: DataColumn<DebitRow>[] = [
  { id: 'date', header: () => t('aging.fifo.col.date'), kind: 'date', value: (r) => r.date, width: '7.5rem' },
  { id: 'dueDate', header: () => t('aging.fifo.col.dueDate'), kind: 'date', value: (r) => r.dueDate, width: '7.5rem' },
  { id: 'type', header: () => t('aging.fifo.col.type'), value: (r) => r.type, width: '10rem' },
  { id: 'original', header: () => t('aging.fifo.col.amount'), kind: 'money', value: (r) => r.original, width: AMOUNT_WIDTH, footer: (rows) => formatMoney(sumMinor(rows.map((r) => r.original))) },
  { id: 'remaining', header: () => t('aging.fifo.col.remaining'), kind: 'money', value: (r) => r.remaining, width: AMOUNT_WIDTH, footer: (rows) => formatMoney(sumMinor(rows.map((r) => r.remaining))) },
  { id: 'days', header: () => t('aging.fifo.col.days'), kind: 'number', value: (r) => r.days, width: '4.5rem' },
  { id: 'bucket', header: () => t('aging.fifo.col.bucket'), value: (r) => r.bucket, width: '9rem' },
  { id: 'closedBy', header: () => t('aging.fifo.col.closedBy'), value: (r) => r.closedBy, cell: (r) => <span title={r.closedBy}>{r.closedBy}</span> },
];

export interface CreditRow {
  index: number;
  date: IsoDate | null;
  type: string;
  amount: Minor;
  unapplied: Minor;
  closes: string;
}

export const CREDIT_COLUMNS: DataColumn<CreditRow>[] = [
  { id: 'date', header: () => t('aging.fifo.col.date'), kind: 'date', value: (r) => r.date, width: '7.5rem' },
  { id: 'type', header: () => t('aging.fifo.col.type'), value: (r) => r.type, width: '10rem' },
  { id: 'amount', header: () => t('aging.fifo.col.credit'), kind: 'money', value: (r) => r.amount, width: AMOUNT_WIDTH, footer: (rows) => formatMoney(sumMinor(rows.map((r) => r.amount))) },
  { id: 'unapplied', header: () => t('aging.fifo.col.unapplied'), kind: 'money', value: (r) => r.unapplied, width: AMOUNT_WIDTH, footer: (rows) => formatMoney(sumMinor(rows.map((r) => r.unapplied))) },
  { id: 'closes', header: () => t('aging.fifo.col.closes'), value: (r) => r.closes, cell: (r) => <span title={r.closes}>{r.closes}</span> },
];


export function explain(result: FifoAgingResult, lines: readonly StatementLine[]): { debits: DebitRow[]; credits: CreditRow[] } {
  const byIndex = new Map(lines.map((l) => [l.index, l]));
  const bucketNames = new Map(result.buckets.map((b) => [b.key, bucketLabel(b)]));
  bucketNames.set('undated', t('aging.bucket.undated'));
  bucketNames.set('closed', t('aging.fifo.closed'));
  // Group the allocations once (a 50.000-line statement has tens of thousands of them).
  const byDebit = new Map<number, FifoAgingResult['allocations']>();
  const byCredit = new Map<number, FifoAgingResult['allocations']>();
  for (const a of result.allocations) {
    (byDebit.get(a.debitIndex) ?? byDebit.set(a.debitIndex, []).get(a.debitIndex)!).push(a);
    (byCredit.get(a.creditIndex) ?? byCredit.set(a.creditIndex, []).get(a.creditIndex)!).push(a);
  }
  const debits = result.debits.map((d): DebitRow => {
    const parts = (byDebit.get(d.index) ?? []).map((a) =>
        a.creditDate
          ? t('aging.fifo.closedBy', { date: formatDate(a.creditDate), amount: formatMoney(a.amount) })
          : t('aging.fifo.closedByUndated', { amount: formatMoney(a.amount) }),
      );
    return {
      index: d.index,
      date: d.date,
      dueDate: d.dueDate,
      type: d.type,
      original: d.original,
      remaining: d.remaining,
      days: d.days,
      bucket: bucketNames.get(d.bucket) ?? d.bucket,
      closedBy: parts.length ? parts.join('; ') : t('aging.fifo.notClosed'),
    };
  });
  const credits = result.credits.map((c): CreditRow => {
    const parts = (byCredit.get(c.index) ?? []).map((a) => {
        const debitDate = byIndex.get(a.debitIndex)?.date ?? null;
        return debitDate
          ? t('aging.fifo.closes', { date: formatDate(debitDate), amount: formatMoney(a.amount) })
          : t('aging.fifo.closesUndated', { amount: formatMoney(a.amount) });
      });
    return { index: c.index, date: c.date, type: c.type, amount: c.amount, unapplied: c.unapplied, closes: parts.join('; ') };
  });
  return { debits, credits };
}
