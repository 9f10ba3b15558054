/**
 * A document's pages, decided once and used by both the print (print-document.tsx) and the PDF
 * (pdf-document.ts), so "Sayfa n / N" and the carried-forward subtotals (nakli yekün) are the same
 * on paper and in the file.
 *
 * A page holds a fixed number of line units (A4 at the document's type size, less its head); a row is
 * one unit, or more when a long text column wraps (estimated from its character budget, cautiously).
 * Columns that carry: 'sum' (Σ borç, Σ alacak — the running sum at the page's end) and 'last' (a running
 * balance — its value on the page's last row). Page n > 1 starts with what page n − 1 carried out.
 */
import type { DocumentHead } from './document-head';

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

/** Line units of a page body (rows, carried rows, grand total) by orientation, at the print type size. */
export const PAGE_UNITS = { portrait: 56, landscape: 37 } as const;
/** Units the head, the column headers and the two carried rows take. */
const PAGE_CHROME_UNITS = 4;

/** How many lines a row takes (wrapping columns split by their character budget; at most 3). */
export function rowUnits<R>(row: R, columns: readonly DocColumn<R>[]): number {
  let units = 1;
  for (const c of columns) {
    if (!c.wrap) continue;
    const len = c.text(row).length;
    // 0.95: a budget in "average" characters holds fewer wide ones (M, W, Ğ); never overfill a page.
    const lines = Math.min(3, Math.max(1, Math.ceil(len / Math.max(4, c.chars * 0.95))));
    if (lines > units) units = lines;
  }
  return units;
}

/** Characters a line of the page holds at the print type size (8 pt on A4, 10 mm margins). */
export const LINE_CHARS = { portrait: 118, landscape: 172 } as const;

/** The orientation a set of columns needs: portrait when their widths fit its line. */
export function docOrientation<R>(columns: readonly DocColumn<R>[]): 'portrait' | 'landscape' {
  return columns.reduce((s, c) => s + c.chars, 0) <= LINE_CHARS.portrait ? 'portrait' : 'landscape';
}

/** The columns' widths as shares of the page's line (they fill it), in the same order. */
export function fittedColumns<R>(columns: readonly DocColumn<R>[], orientation: 'portrait' | 'landscape'): DocColumn<R>[] {
  const total = columns.reduce((s, c) => s + c.chars, 0) || 1;
  const scale = LINE_CHARS[orientation] / total;
  return columns.map((c) => ({ ...c, chars: Math.max(3, Math.floor(c.chars * scale)) }));
}

export function paginate<R>(input: DocSpec<R>): DocPage<R>[] {
  const spec = { ...input, columns: fittedColumns(input.columns, input.orientation) };
  const capacity = PAGE_UNITS[spec.orientation] - PAGE_CHROME_UNITS;
  const introUnits = spec.intro?.length ? spec.intro.length + 1 : 0;
  const pages: DocPage<R>[] = [];
  const carrying = spec.columns.filter((c) => c.carry);
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
  let used = introUnits;
  const close = () => {
    pages.push({ n: pages.length + 1, rows: current, carriedIn: pages.length ? pages[pages.length - 1]!.carriedOut : null, carriedOut: snapshot() });
    current = [];
    used = 0;
  };
  for (const row of spec.rows) {
    const u = rowUnits(row, spec.columns);
    if (current.length > 0 && used + u > capacity) close();
    current.push(row);
    used += u;
    for (const c of carrying) {
      const prev = sums.get(c.id);
      const v = c.carry!.value(row);
      if (c.carry!.kind === 'last') sums.set(c.id, v);
      else sums.set(c.id, prev == null || v == null ? null : prev + v);
    }
  }
  // The grand total needs a line on the last page.
  if (spec.grandTotal && used + 1 > capacity && current.length > 0) {
    const last = current.pop()!;
    // Undo the last row's carry for the page that closes without it.
    for (const c of carrying) {
      const v = c.carry!.value(last);
      const s = sums.get(c.id);
      if (c.carry!.kind === 'sum') sums.set(c.id, s == null || v == null ? null : s - v);
      else sums.set(c.id, current.length ? c.carry!.value(current[current.length - 1]!) : null);
    }
    close();
    current = [last];
    for (const c of carrying) {
      const v = c.carry!.value(last);
      const s = sums.get(c.id);
      sums.set(c.id, c.carry!.kind === 'last' ? v : s == null || v == null ? null : s + v);
    }
  }
  close();
  pages[pages.length - 1]!.carriedOut = null;
  return pages;
}
