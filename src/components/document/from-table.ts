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
import { textWidthPt } from '../../domain/document/glyph-widths';
import { LINE_CHARS, LINE_WIDTH, docOrientation, type DocColumn, type DocSpec } from '../../domain/document/paginate';

export function docColumns<T>(
  columns: readonly DataColumn<T>[],
  carry: Partial<Record<string, DocColumn<T>['carry']>> = {},
): DocColumn<T>[] {
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
        text: c.printText ?? ((row: T) => {
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
  const doc = fitFigures(docColumns(columns, options.carry), rows, options.grandTotal);
  return {
    head,
    columns: doc,
    rows,
    orientation: docOrientation(doc),
    intro: options.intro,
    grandTotal: options.grandTotal,
    unknownCarry: options.unknownCarry,
  };
}

/** Points of a DocColumn "character" (the line's width over its characters), and a cell's padding. */
const CHAR_PT = LINE_WIDTH.portrait / LINE_CHARS.portrait;
const PADDING_PT = 5.67;

/**
 * Columns that stay on one line (dates, amounts, numbers) as wide as their widest text — the rows',
 * and in bold the grand total's and the largest figure a page can carry (Σ of the magnitudes) — so no
 * figure is cut or runs into its neighbour; the columns that wrap keep their share.
 */
function fitFigures<T>(columns: DocColumn<T>[], rows: readonly T[], grandTotal: Partial<Record<string, string>> | undefined): DocColumn<T>[] {
  return columns.map((c) => {
    if (c.wrap) return c;
    // The header on one line when it is short ("Tutar (TL)"), else its longest word (it wraps).
    const header = textWidthPt(c.header, 8, true);
    let widest = Math.max(Math.min(header, 40), textWidthPt(c.header.split(/\s+/).reduce((a, w) => (w.length > a.length ? w : a), ''), 8, true));
    let bound = 0;
    for (const row of rows) {
      const w = textWidthPt(c.text(row), 8);
      if (w > widest) widest = w;
      if (c.carry) bound += Math.abs(c.carry.value(row) ?? 0);
    }
    const totals = [grandTotal?.[c.id], c.carry ? c.carry.format(c.carry.kind === 'sum' ? bound : -bound) : undefined];
    for (const text of totals) if (text) widest = Math.max(widest, textWidthPt(text, 8, true));
    return { ...c, chars: Math.ceil((widest + PADDING_PT) / CHAR_PT) + 1 };
  });
}
