/** What the ledger needs of a statement line, and the line-level rules shared by every part of it. */
import { foreignCurrencyOf, LOCAL_CURRENCY } from '../currency';
import type { IsoDate, Minor } from '../types';

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
  /** The line's own document number (an invoice's, matched by a return's `ref`). */
  documentNo?: string | null;
  /** The line's own record id (an invoice's id, matched by a return's `refId`). */
  documentId?: string | null;
  /** For a return / discount / price-difference credit: the document number of the invoice it belongs to, when the ERP names it. */
  ref?: string | null;
  /** The same by the invoice's id (Workcube RELATED_INVOICE_ID), used when `ref` names no open item. */
  refId?: string | null;
}

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
