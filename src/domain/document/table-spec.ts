/**
 * A document's table from its printed columns (DocColumn: header, cell text, width, carry): the
 * columns that stay on one line (dates, amounts) as wide as their widest text, A4 turned as the
 * columns need. Pure data, shared by the browser (print, "PDF indir") and the server (mailed PDFs).
 */
import { textWidthPt } from './glyph-widths';
import { LINE_CHARS, LINE_WIDTH, docOrientation, type DocColumn, type DocSpec } from './paginate';
import type { DocumentHead } from './document-head';

export interface TableSpecOptions<T> {
  grandTotal?: Partial<Record<string, string>>;
  intro?: readonly string[];
  unknownCarry?: string;
  /** Carry rules by column id, added to the columns that have none. */
  carry?: Partial<Record<string, DocColumn<T>['carry']>>;
}

/** Points of a DocColumn "character" (the line's width over its characters), and a cell's padding. */
const CHAR_PT = LINE_WIDTH.portrait / LINE_CHARS.portrait;
const PADDING_PT = 5.67;

/**
 * Columns that stay on one line (dates, amounts, numbers) as wide as their widest text — the rows',
 * and in bold the grand total's and the largest figure a page can carry (Σ of the magnitudes) — so no
 * figure is cut or runs into its neighbour; the columns that wrap keep their share.
 */
function fitFigures<T>(columns: readonly DocColumn<T>[], rows: readonly T[], grandTotal: Partial<Record<string, string>> | undefined): DocColumn<T>[] {
  return columns.map((c) => {
    if (c.wrap) return c;
    // The header on one line when it is short ("Tutar (TL)"), else its longest word (it wraps).
    const header = textWidthPt(c.header, 8, true);
    let widest = Math.max(
      Math.min(header, 40),
      textWidthPt(
        c.header.split(/\s+/).reduce((a, w) => (w.length > a.length ? w : a), ''),
        8,
        true,
      ),
    );
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

export function tableSpec<T>(head: DocumentHead, columns: readonly DocColumn<T>[], rows: readonly T[], options: TableSpecOptions<T> = {}): DocSpec<T> {
  const withCarry = columns.map((c) => (c.carry || !options.carry?.[c.id] ? c : { ...c, carry: options.carry[c.id] }));
  const doc = fitFigures(withCarry, rows, options.grandTotal);
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
