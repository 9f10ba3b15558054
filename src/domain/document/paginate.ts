/**
 * A document's pages, decided once and used by both the print (print-document.tsx) and the PDF
 * (pdf-document.ts), so "Sayfa n / N" and the carried-forward subtotals (nakli yekün) are the same
 * on paper and in the file.
 *
 * A page holds rows while their height fits (points: A4 less its margins, its head, the column
 * headers, the carried rows — the print's CSS sets the same measures, PRINT); a row is one line, or
 * more when a long text column wraps (word by word in the column's width, capitals counted wider).
 * Columns that carry: 'sum' (Σ borç, Σ alacak — the running sum at the page's end) and 'last' (a running
 * balance — its value on the page's last row). Page n > 1 starts with what page n − 1 carried out.
 */
import { headParts, type DocumentHead } from './document-head';
import { textWidthPt } from './glyph-widths';
import { cutText } from './pdf-text';
import { t } from '../../i18n';
import { addMinor } from '../money';

export interface DocColumn<R> {
  id: string;
  header: string;
  align?: 'start' | 'end';
  /** The cell as printed. */
  text: (row: R) => string;
  /** Width in characters (CSS ch and the PDF's column widths); long text wraps within it. */
  chars: number;
  /** Text that may wrap (names, descriptions); other cells stay on one line. */
  wrap?: boolean;
  /**
   * Carried forward from page to page: the running Σ of `value`, or the `value` of the page's last
   * row (a running balance). A null value makes the carry unknown from there on ("eksik").
   */
  carry?: { kind: 'sum' | 'last'; value: (row: R) => number | null; format: (minor: number) => string };
}

export interface DocSpec<R> {
  head: DocumentHead;
  columns: readonly DocColumn<R>[];
  rows: readonly R[];
  orientation: 'portrait' | 'landscape';
  /** Lines printed once above the table on the first page (facts: balance, overdue…). */
  intro?: readonly string[];
  /** The grand total row, once, at the end: text by column id. */
  grandTotal?: Partial<Record<string, string>>;
  /** Text shown for a carry that an unreadable amount made unknown. */
  unknownCarry?: string;
}

export interface DocPage<R> {
  /** 1-based. */
  n: number;
  rows: R[];
  /** What the previous page carried out (null on page 1 or when nothing carries). */
  carriedIn: Partial<Record<string, string>> | null;
  /** What this page carries to the next (null on the last page). */
  carriedOut: Partial<Record<string, string>> | null;
}

/**
 * The print's measures in points — print-document.css sets exactly these (8 pt type on 10 pt lines,
 * A4 with 10 mm margins), so the pages are filled to their foot and never overflow.
 */
export const PRINT = {
  /** The page's body: A4 less 2 × 10 mm (277 mm × 190 mm). */
  pageHeight: { portrait: 785.1, landscape: 538.5 },
  /** One line of table text. */
  line: 10,
  /** A row beyond its lines: cell padding 1 pt above and below, its 0.75 pt rule. */
  rowExtra: 2.75,
  /** The column headers beyond their lines: padding 1.5 pt above and below, the 0.75 pt rule. */
  headerExtra: 3.75,
  /** The page head's first row (our company, the title: 12 pt lines each), its padding and rule, its margin below. */
  headTop: 24,
  headExtra: 3,
  headGap: 4,
  /** The grand total's thicker rule (1.5 pt for 0.75). */
  grandExtra: 0.75,
  /** Space under the intro lines. */
  introGap: 4,
  /** Kept free at each page's foot: rounding to device pixels, collapsed borders. */
  safety: 5,
} as const;

/** Characters a line of the page holds at the print type size (8 pt on A4, 10 mm margins): the unit of DocColumn.chars. */
export const LINE_CHARS = { portrait: 118, landscape: 172 } as const;
/** The page's width inside its margins, in points (190 mm, 277 mm). */
export const LINE_WIDTH = { portrait: 538.58, landscape: 785.2 } as const;
/** A cell's padding left and right together (2 × 1 mm), in points. */
const CELL_PADDING = 5.67;

/**
 * Lines a text takes in `room` points at 8 pt type (bold for headers): words go on a line while they
 * fit, a word longer than a line breaks anywhere (overflow-wrap: anywhere) — as Chromium sets it.
 */
export function wrappedLines(text: string, room: number, bold = false): number {
  const size = 8;
  const space = textWidthPt(' ', size, bold);
  let lines = 1;
  let used = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let w = textWidthPt(word, size, bold);
    if (used > 0 && used + space + w <= room) {
      used += space + w;
      continue;
    }
    if (used > 0) {
      lines++;
      used = 0;
    }
    while (w > room) {
      w -= room;
      lines++;
    }
    used = w;
  }
  return lines;
}

/** A column's room for text in points: its share of the line, less the cell's padding. */
function columnRoom<R>(column: DocColumn<R>, columns: readonly DocColumn<R>[], orientation: 'portrait' | 'landscape'): number {
  const total = columns.reduce((s, c) => s + c.chars, 0) || 1;
  return (column.chars / total) * LINE_WIDTH[orientation] - CELL_PADDING;
}

/** How many lines a row takes (its wrapping columns in their widths). */
export function rowUnits<R>(row: R, columns: readonly DocColumn<R>[], orientation: 'portrait' | 'landscape'): number {
  let units = 1;
  for (const c of columns) {
    if (!c.wrap) continue;
    const lines = wrappedLines(c.text(row), columnRoom(c, columns, orientation));
    if (lines > units) units = lines;
  }
  return units;
}

/** The height of a row of `lines` lines, in points. */
export const rowHeight = (lines: number): number => lines * PRINT.line + PRINT.rowExtra;

/** Lines of the page head's middle (the account, the period): its parts side by side (6 mm apart) while they fit. */
function headMiddleLines(middle: readonly string[], orientation: 'portrait' | 'landscape'): number {
  const width = LINE_WIDTH[orientation];
  const gap = 17;
  let lines = 1;
  let used = 0;
  for (const part of middle) {
    const parts = wrappedLines(part, width);
    const w = parts > 1 ? width : textWidthPt(part, 8);
    if (used > 0 && used + gap + w <= width) {
      used += gap + w;
      continue;
    }
    if (used > 0) lines++;
    lines += parts - 1;
    used = w;
  }
  return lines;
}

/** The fixed heights of a document's pages (points): the head, the column headers, the intro (page 1). */
export function pageChrome<R>(spec: DocSpec<R>, columns: readonly DocColumn<R>[]): { head: number; header: number; intro: number } {
  const middle = headMiddleLines(headParts(spec.head).middle, spec.orientation);
  const head = PRINT.headTop + middle * PRINT.line + PRINT.headExtra;
  const headerLines = Math.max(1, ...columns.map((c) => wrappedLines(c.header, columnRoom(c, columns, spec.orientation), true)));
  const introLines = (spec.intro ?? []).reduce((s, l) => s + wrappedLines(l, LINE_WIDTH[spec.orientation]), 0);
  return { head, header: headerLines * PRINT.line + PRINT.headerExtra, intro: introLines ? introLines * PRINT.line + PRINT.introGap : 0 };
}

/** The orientation a set of columns needs: portrait when their widths fit its line. */
export function docOrientation<R>(columns: readonly DocColumn<R>[]): 'portrait' | 'landscape' {
  return columns.reduce((s, c) => s + c.chars, 0) <= LINE_CHARS.portrait ? 'portrait' : 'landscape';
}

/**
 * The columns' widths filling the page's line, in the same order: room to spare goes to the columns
 * that wrap (names, descriptions: fewer lines); columns wider than the line all give way alike.
 */
export function fittedColumns<R>(columns: readonly DocColumn<R>[], orientation: 'portrait' | 'landscape'): DocColumn<R>[] {
  const total = columns.reduce((s, c) => s + c.chars, 0) || 1;
  const line = LINE_CHARS[orientation];
  const wrapping = columns.filter((c) => c.wrap).reduce((s, c) => s + c.chars, 0);
  const grow = total < line && wrapping > 0 ? (line - total + wrapping) / wrapping : null;
  const scale = line / total;
  // Every cell's text is cut (pdf-text.ts): the pages, the print and the PDF all see the same text.
  return columns.map((c) => ({
    ...c,
    text: (row: R) => cutText(c.text(row)),
    chars: Math.max(3, Math.floor(grow !== null ? (c.wrap ? c.chars * grow : c.chars) : c.chars * scale)),
  }));
}

/**
 * Lines of a carried or grand-total row: its label wraps in the columns before its first figure
 * (figures stay on one line: their columns are as wide as the widest, tableDocument).
 */
export function carryLines<R>(
  label: string,
  values: Partial<Record<string, string>>,
  columns: readonly DocColumn<R>[],
  orientation: 'portrait' | 'landscape',
): number {
  const first = columns.findIndex((c) => values[c.id] != null);
  const span = first <= 0 ? 1 : first;
  const room = columns.slice(0, span).reduce((s, c) => s + columnRoom(c, columns, orientation) + CELL_PADDING, 0) - CELL_PADDING;
  return wrappedLines(label, room, true);
}

/**
 * The pages: rows go on a page while their height fits under its head, column headers, the carried-in
 * row (pages 2+) or the intro (page 1), leaving room for one row at its foot — the carried-out row,
 * or on the last page the grand total.
 */
export function paginate<R>(input: DocSpec<R>): DocPage<R>[] {
  const spec = { ...input, columns: fittedColumns(input.columns, input.orientation) };
  const chrome = pageChrome(spec, spec.columns);
  const carrying = spec.columns.filter((c) => c.carry);
  // The carried rows' and the grand total's labels may wrap in narrow first columns: their heights.
  const carryValues = Object.fromEntries(carrying.map((c) => [c.id, ''])) as Partial<Record<string, string>>;
  const lines = (label: string, values: Partial<Record<string, string>> | undefined) =>
    values ? carryLines(label, values, spec.columns, spec.orientation) : 1;
  const carryIn = carrying.length ? rowHeight(lines(t('doc.carriedIn'), carryValues)) : 0;
  const foot = Math.max(rowHeight(lines(t('doc.carriedOut'), carryValues)), rowHeight(lines(t('doc.grandTotal'), spec.grandTotal)) + PRINT.grandExtra);
  const base = PRINT.pageHeight[spec.orientation] - chrome.head - PRINT.headGap - chrome.header - foot - PRINT.safety;
  // Page 1: the intro lines; pages 2+: the carried-in row (when something carries).
  const room = (n: number) => base - (n === 1 ? chrome.intro : carryIn);
  const pages: DocPage<R>[] = [];
  const sums = new Map<string, number | null>(carrying.map((c) => [c.id, 0]));
  const unknown = spec.unknownCarry ?? '—';
  const snapshot = (): Partial<Record<string, string>> | null => {
    if (carrying.length === 0) return null;
    const out: Partial<Record<string, string>> = {};
    for (const c of carrying) {
      const v = sums.get(c.id);
      out[c.id] = v == null ? unknown : c.carry!.format(v);
    }
    return out;
  };
  let current: R[] = [];
  let used = 0;
  const close = () => {
    pages.push({ n: pages.length + 1, rows: current, carriedIn: pages.length ? pages[pages.length - 1]!.carriedOut : null, carriedOut: snapshot() });
    current = [];
    used = 0;
  };
  for (const row of spec.rows) {
    const h = rowHeight(rowUnits(row, spec.columns, spec.orientation));
    if (current.length > 0 && used + h > room(pages.length + 1)) close();
    current.push(row);
    used += h;
    for (const c of carrying) {
      const prev = sums.get(c.id);
      const v = c.carry!.value(row);
      if (c.carry!.kind === 'last') sums.set(c.id, v);
      else sums.set(c.id, prev == null || v == null ? null : addMinor(prev, v)); // kuruş: exact, never rounded past 2^53
    }
  }
  close();
  pages[pages.length - 1]!.carriedOut = null;
  return pages;
}
