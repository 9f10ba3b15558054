/**
 * Days past due of an open item, as an accountant reads them: "20" when overdue, never a negative
 * count for one not yet due — "16 gün var" (days left), "vadesi bugün" on its due date. The value
 * stays the engine's signed number (sorting: the most overdue first when descending); the screen,
 * the print and the exports show the words.
 */
import type { DataColumn } from '../data-table';
import { daysPastDueText } from '../../domain/days-past-due';

export { daysPastDueText };

/** The "days past due" column of a table of items (open items, the FIFO explanation). */
export function daysPastDueColumn<T>(header: () => string, days: (row: T) => number | null, width: string): DataColumn<T> {
  const text = (r: T) => daysPastDueText(days(r));
  return { id: 'days', header, kind: 'number', value: days, cell: text, csv: text, printText: text, width };
}
