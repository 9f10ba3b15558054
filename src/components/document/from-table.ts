/**
 * A table's columns as a print/PDF document's columns: the columns the screen shows (the column
 * chooser's choice), each cell as the screen reads it (money 1.234,56, dates 31.01.2026; a column's
 * `printText` when its screen cell says more, e.g. a balance "1.234,56 B"), less the columns that are
 * buttons (`printable: false`). Widths from the screen's (rem → characters); a column without a width
 * is text that wraps (a name, a description).
 */
import { csvValue, displayValue, headerText } from '../data-table/cell-format';
import type { DataColumn } from '../data-table/types';
import type { DocumentHead } from '../../domain/document/document-head';
import type { DocColumn, DocSpec } from '../../domain/document/paginate';
import { tableSpec } from '../../domain/document/table-spec';

export function docColumns<T>(columns: readonly DataColumn<T>[], carry: Partial<Record<string, DocColumn<T>['carry']>> = {}): DocColumn<T>[] {
  return columns
    .filter((c) => c.printable !== false)
    .map((c) => {
      const kind = c.kind ?? 'text';
      const rem = /^([\d.]+)r?em$/.exec(c.width ?? '');
      const numeric = kind === 'money' || kind === 'number';
      return {
        id: c.id,
        header: headerText(c),
        align: numeric ? 'end' : 'start',
        // 1rem of screen column ≈ 1.4 characters of 8 pt print.
        // Dates and amounts never narrower than what they print ("31.12.2026", "2.622.908.537,91 B").
        chars: Math.max(kind === 'date' ? 11 : kind === 'money' ? 15 : 5, rem ? Math.round(Number(rem[1]) * 1.4) : 28),
        wrap: !numeric && kind !== 'date',
        text:
          c.printText ??
          ((row: T) => {
            const v = c.value(row);
            const shown = displayValue(kind, v);
            // A value the reader could not read is shown raw (its CSV text says so).
            return shown === '' && c.csv ? c.csv(row) : shown || (c.csv ? c.csv(row) : csvValue(kind, v));
          }),
        carry: carry[c.id],
      };
    });
}

/**
 * A table as a document (print and "PDF indir"): its shown columns (docColumns), the rows in the
 * order given, the columns that carry from page to page (nakli yekün), the grand total once at the
 * end, lines above the table on page 1, and A4 turned as the columns need. The statement, open items,
 * vade farkı and the aging list are made here.
 */
export function tableDocument<T>(
  head: DocumentHead,
  columns: readonly DataColumn<T>[],
  rows: readonly T[],
  options: {
    carry?: Partial<Record<string, DocColumn<T>['carry']>>;
    grandTotal?: Partial<Record<string, string>>;
    intro?: readonly string[];
    unknownCarry?: string;
  } = {},
): DocSpec<T> {
  return tableSpec(head, docColumns(columns, options.carry), rows, options);
}
