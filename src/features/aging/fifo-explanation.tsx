/**
 * The FIFO explanation lists of one account, from the open-item engine (src/domain/ledger/): each
 * item on the balance's side (a customer's invoices, a supplier's invoices) with what is still open
 * and which movements of the other side closed it, and each of those movements with what it closed.
 */
import type { StatementLine } from '../../domain/erp-types';
import type { DataColumn } from '../../components/data-table';
import { t } from '../../i18n';
import { formatDate, formatMoney } from '../../domain/format';
import { sumMinor } from '../../domain/money';
import { closingsByPosition, type OpenItemsResult, type Side } from '../../domain/ledger';
import type { IsoDate, Minor } from '../../domain/types';
import { documentNumberOf } from '../../domain/document-number';
import { daysPastDueColumn } from '../../components/aging/days-past-due';

// Amount columns are wide enough for a bold total of a big account ("12.361.432,76"); the
// explanations take the room left and wrap (fifo-panel CSS), never cut.
const AMOUNT_WIDTH = '10.5rem';

export interface ItemRow {
  index: number;
  date: IsoDate | null;
  dueDate: IsoDate | null;
  type: string;
  documentNo: string;
  original: Minor;
  remaining: Minor;
  /** Days past due at the as-of date; null for a closed item (its days no longer run) or an undated one. */
  days: number | null;
  bucket: string;
  closedBy: string;
}

const sideWord = (side: Side) => (side === 'debit' ? t('aging.fifo.side.debit') : t('aging.fifo.side.credit'));
/** The same word inside a sentence ("… tarihli alacak: 100,00"). */
const sideNoun = (side: Side) => (side === 'debit' ? t('aging.fifo.noun.debit') : t('aging.fifo.noun.credit'));

export function itemColumns(side: Side): DataColumn<ItemRow>[] {
  return [
    { id: 'date', header: () => t('aging.fifo.col.date'), kind: 'date', value: (r) => r.date, width: '7.5rem' },
    { id: 'dueDate', header: () => t('aging.fifo.col.dueDate'), kind: 'date', value: (r) => r.dueDate, width: '7.5rem' },
    { id: 'type', header: () => t('aging.fifo.col.type'), value: (r) => r.type, width: '10rem' },
    { id: 'documentNo', header: () => t('aging.fifo.col.documentNo'), value: (r) => r.documentNo, width: '8rem' },
    {
      id: 'original',
      header: () => sideWord(side),
      kind: 'money',
      value: (r) => r.original,
      width: AMOUNT_WIDTH,
      footer: (rows) => formatMoney(sumMinor(rows.map((r) => r.original))),
    },
    {
      id: 'remaining',
      header: () => t('aging.fifo.col.remaining'),
      kind: 'money',
      value: (r) => r.remaining,
      width: AMOUNT_WIDTH,
      footer: (rows) => formatMoney(sumMinor(rows.map((r) => r.remaining))),
    },
    daysPastDueColumn<ItemRow>(
      () => t('aging.fifo.col.days'),
      (r) => r.days,
      '6.5rem',
    ),
    { id: 'bucket', header: () => t('aging.fifo.col.bucket'), value: (r) => r.bucket, width: '9rem' },
    {
      id: 'closedBy',
      header: () => t('aging.fifo.col.closedByIn', { side: sideWord(side === 'debit' ? 'credit' : 'debit') }),
      value: (r) => r.closedBy,
      cell: (r) => <span title={r.closedBy}>{r.closedBy}</span>,
    },
  ];
}

export interface MovementRow {
  index: number;
  date: IsoDate | null;
  type: string;
  documentNo: string;
  amount: Minor;
  unapplied: Minor;
  closes: string;
}

export function movementColumns(side: Side): DataColumn<MovementRow>[] {
  const other: Side = side === 'debit' ? 'credit' : 'debit';
  return [
    { id: 'date', header: () => t('aging.fifo.col.date'), kind: 'date', value: (r) => r.date, width: '7.5rem' },
    { id: 'type', header: () => t('aging.fifo.col.type'), value: (r) => r.type, width: '10rem' },
    { id: 'documentNo', header: () => t('aging.fifo.col.documentNo'), value: (r) => r.documentNo, width: '8rem' },
    {
      id: 'amount',
      header: () => sideWord(other),
      kind: 'money',
      value: (r) => r.amount,
      width: AMOUNT_WIDTH,
      footer: (rows) => formatMoney(sumMinor(rows.map((r) => r.amount))),
    },
    {
      id: 'unapplied',
      header: () => t('aging.fifo.col.unapplied'),
      kind: 'money',
      value: (r) => r.unapplied,
      width: AMOUNT_WIDTH,
      footer: (rows) => formatMoney(sumMinor(rows.map((r) => r.unapplied))),
    },
    {
      id: 'closes',
      header: () => t('aging.fifo.col.closesIn', { side: sideWord(side) }),
      value: (r) => r.closes,
      cell: (r) => <span title={r.closes}>{r.closes}</span>,
    },
  ];
}

/** Rows of the two lists; `bucketName` turns a bucket key into the label the ERP uses. */
export function explain(
  result: OpenItemsResult,
  lines: readonly StatementLine[],
  bucketName: (key: string) => string,
  docKey: string | null,
): { items: ItemRow[]; movements: MovementRow[] } {
  const { byItem, byMovement } = closingsByPosition(result);
  const other: Side = result.side === 'debit' ? 'credit' : 'debit';
  const items = result.items.map((it): ItemRow => {
    const parts = (byItem.get(it.pos) ?? []).map((c) => {
      const d = lines[c.by]!.date;
      return d
        ? t('aging.fifo.closedBy', { side: sideNoun(other), date: formatDate(d), amount: formatMoney(c.amount) })
        : t('aging.fifo.closedByUndated', { side: sideNoun(other), amount: formatMoney(c.amount) });
    });
    const line = lines[it.pos]!;
    return {
      index: it.index,
      date: it.date,
      dueDate: it.dueDate,
      type: line.type,
      documentNo: documentNumberOf(line, docKey),
      original: it.amount,
      remaining: it.remaining,
      days: it.remaining > 0 ? it.days : null,
      bucket:
        it.bucket === 'closed' ? (it.closedOn ? t('aging.fifo.closedOn', { date: formatDate(it.closedOn) }) : t('aging.fifo.closed')) : bucketName(it.bucket),
      closedBy: parts.length ? parts.join('; ') : t('aging.fifo.notClosed'),
    };
  });
  const movements = result.opposite.map((m): MovementRow => {
    const parts = (byMovement.get(m.pos) ?? []).map((c) => {
      const d = lines[c.item]!.date;
      return d
        ? t('aging.fifo.closes', { side: sideNoun(result.side), date: formatDate(d), amount: formatMoney(c.amount) })
        : t('aging.fifo.closesUndated', { side: sideNoun(result.side), amount: formatMoney(c.amount) });
    });
    const line = lines[m.pos]!;
    return {
      index: m.index,
      date: m.date,
      type: line.type,
      documentNo: documentNumberOf(line, docKey),
      amount: m.amount,
      unapplied: m.unapplied,
      closes: parts.join('; '),
    };
  });
  return { items, movements };
}
