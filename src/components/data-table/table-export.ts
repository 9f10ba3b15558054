/**
 * Export: every filtered + sorted row, not only the rendered ones, in the order on screen; columns
 * with `exportable: false` left out. A new export format goes here (a function like exportCsv, and
 * a button in table-toolbar.tsx); a column's CSV text comes from its `csv` or cell-format.ts.
 */
import { downloadCsv, toCsv } from '../../lib/csv';
import { csvValue, headerText } from './cell-format';
import type { DataColumn } from './types';

/** Downloads the rows `order` (data indices in display order) as Turkish Excel CSV. */
export function exportCsv<T>(fileName: string, columns: readonly DataColumn<T>[], data: readonly T[], order: Int32Array): void {
  const cols = columns.filter((c) => c.exportable !== false);
  const rows: string[][] = new Array(order.length);
  for (let k = 0; k < order.length; k++) {
    const row = data[order[k] as number] as T;
    rows[k] = cols.map((c) => (c.csv ? c.csv(row) : csvValue(c.kind ?? 'text', c.value(row))));
  }
  downloadCsv(fileName, toCsv(cols.map(headerText), rows));
}
