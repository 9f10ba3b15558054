/**
 * The server's PDFs (campaign letters, BA/BS letters and lists, collections documents, the campaign
 * report), written directly from the documents' definitions (src/domain/document/pdf-document.ts
 * PdfPart: letters as blocks, table documents as the pages paginate.ts decides), with the measures of
 * the browser's "PDF indir" (pdfmake: pdfDefinition and the layouts of pdf-render.ts) — the same
 * font, type sizes, line heights, paddings, rules and fills, the same pages.
 *
 * Why not pdfmake here: a letter cost about 9 ms of CPU in pdfmake (text measured through a general
 * layout engine, a font subset encoded for each document, every stream compressed anew) and twice that
 * on a campaign's letter threads (each thread compiling pdfmake and its garbage collected beside it).
 * A campaign prepares thousands, on the office's own machine, beside the people using the app. Here a
 * letter lays out its few blocks in one pass with the fonts' advance widths and embeds a font subset
 * made once (fonts.ts): well under a millisecond.
 *
 * What it does not do (nor need): kerning and ligatures (each character is its own glyph: copy and
 * search read the text as written), images, links, colours other than the documents' greys.
 */
import { t } from '../../src/i18n';
import type { LetterPdf, PdfPart } from '../../src/domain/document/pdf-document';
import { headParts } from '../../src/domain/document/document-head';
import { fittedColumns, paginate, type DocColumn, type DocSpec } from '../../src/domain/document/paginate';
import { cutText } from '../../src/domain/document/pdf-text';
import { pdfFonts, type PdfFont } from './fonts';
import { writePdf, type Page } from './file';

/** A4 in points, the 10 mm margins, and the definition's line height factor (8 pt type on 10 pt lines). */
const A4 = { w: 595.28, h: 841.89 };
const MARGIN = 28.35;
const LINE_FACTOR = 10 / (8 * 1.172);

interface Cell {
  text: string;
  bold?: boolean;
  right?: boolean;
  /** One line, however long (pdfmake's noWrap). */
  noWrap?: boolean;
  fill?: boolean;
  /** Columns this cell spans (a carried row's label). */
  span?: number;
}

const GREY_FILL = 0xee / 0xff;
const GREY_RULE = 0xbb / 0xff;

class Layout {
  readonly pages: Page[] = [];
  page!: Page;
  y = 0;
  readonly width: number;
  readonly height: number;
  readonly bottom: number;
  readonly fonts: [PdfFont, PdfFont];

  constructor(readonly landscape: boolean) {
    this.width = (landscape ? A4.h : A4.w) - 2 * MARGIN;
    this.height = landscape ? A4.w : A4.h;
    this.bottom = this.height - MARGIN;
    const { regular, bold } = pdfFonts();
    this.fonts = [regular, bold];
    this.newPage();
  }

  newPage(): void {
    this.page = { texts: [], fills: [], rules: [] };
    this.pages.push(this.page);
    this.y = MARGIN;
  }

  /** A new page unless `h` more points fit on this one (or this one is still empty). */
  room(h: number): void {
    if (this.y + h > this.bottom + 0.01 && this.y > MARGIN + 0.01) this.newPage();
  }

  lineHeight(size: number, bold = false): number {
    return size * this.fonts[bold ? 1 : 0].lineHeight * LINE_FACTOR;
  }

  textWidth(text: string, size: number, bold = false): number {
    const f = this.fonts[bold ? 1 : 0];
    let w = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.codePointAt(i)!;
      if (c > 0xffff) i++;
      w += f.advance(c);
    }
    return (w * size) / 1000;
  }

  /** The text's lines in `room` points: breaks at spaces, zero-width spaces and after hyphens; a word longer than the line breaks anywhere. */
  wrap(text: string, size: number, bold: boolean, room: number): string[] {
    const out: string[] = [];
    for (const hard of clean(text).split('\n')) {
      let line = '';
      let lineW = 0;
      for (const piece of pieces(hard)) {
        const w = this.textWidth(piece, size, bold);
        const body = w - this.textWidth(piece.slice(piece.trimEnd().length), size, bold);
        if (line && lineW + body > room) {
          out.push(line.trimEnd());
          line = '';
          lineW = 0;
        }
        if (!line && body > room) {
          for (const ch of piece) {
            const cw = this.textWidth(ch, size, bold);
            if (line && ch !== ' ' && lineW + cw > room) {
              out.push(line.trimEnd());
              line = '';
              lineW = 0;
            }
            line += ch;
            lineW += cw;
          }
          continue;
        }
        line += piece;
        lineW += w;
      }
      out.push(line.trimEnd());
    }
    return out;
  }

  text(text: string, x: number, top: number, size: number, bold = false): void {
    if (!text) return;
    const f = this.fonts[bold ? 1 : 0];
    this.page.texts.push({ face: bold ? 1 : 0, size, x, y: top + (f.ascender * size) / 1000, text });
  }

  /** Lines of one text block placed from `top` in the box [x, x + w]. */
  lines(lines: string[], x: number, w: number, top: number, size: number, bold: boolean, align: 'left' | 'right' | 'center' = 'left'): void {
    const lh = this.lineHeight(size, bold);
    lines.forEach((l, i) => {
      const lw = align === 'left' ? 0 : this.textWidth(l, size, bold);
      const dx = align === 'right' ? w - lw : align === 'center' ? (w - lw) / 2 : 0;
      this.text(l, x + dx, top + i * lh, size, bold);
    });
  }

  /** A paragraph across the page, line by line onto new pages, then `after` points. */
  paragraph(text: string, size: number, bold: boolean, align: 'left' | 'right' | 'center', before: number, after: number): void {
    const lh = this.lineHeight(size, bold);
    this.y += before;
    for (const l of this.wrap(text, size, bold, this.width)) {
      this.room(lh);
      this.lines([l], MARGIN, this.width, this.y, size, bold, align);
      this.y += lh;
    }
    this.y += after;
  }

  rule(y: number, width: number, gray: number, x = MARGIN, w = this.width): void {
    if (width > 0) this.page.rules.push({ x, y, w, width, gray });
  }
}

/** Control characters out (a tab is a space, a soft hyphen nothing), line ends kept. */
function clean(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(CONTROL, '');
}
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f\u00ad]/g;

/** A line's pieces, each ending where a line may break: after spaces, at a zero-width space (dropped), after a hyphen. */
function pieces(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\u200b') {
      if (cur) out.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
    const next = text[i + 1];
    if ((ch === ' ' && next !== ' ') || (ch === '-' && next !== undefined && next !== ' ' && next !== '-' && cur.length > 1)) {
      out.push(cur);
      cur = '';
    }
  }
  if (cur) out.push(cur);
  return out;
}

// ── Letters ──────────────────────────────────────────────────────────────────────────────────────────

function letter(doc: Layout, part: LetterPdf<never>, madeAt: string): void {
  for (const block of part.blocks) {
    if (block.type === 'heading') doc.paragraph(block.text, 12, true, 'left', 6, 6);
    else if (block.type === 'paragraph') doc.paragraph(block.text, 9.5, !!block.bold, block.align ?? 'left', 0, 5);
    else if (block.type === 'pairs') pairs(doc, block.pairs);
    else {
      doc.newPage();
      tableDocument(doc, block.spec, madeAt);
    }
  }
}

/** Label and value rows without rules (pdfmake's noBorders: 4 pt between the columns, 2 pt above and below). */
function pairs(doc: Layout, rows: [string, string][]): void {
  const size = 9.5;
  const keyW = Math.min(doc.width / 2, Math.max(0, ...rows.map(([k]) => doc.textWidth(clean(k), size, true))));
  const valueX = MARGIN + keyW + 8;
  const valueW = doc.width - keyW - 8;
  for (const [k, v] of rows) {
    const key = doc.wrap(k, size, true, keyW);
    const value = doc.wrap(v, size, false, valueW);
    const h = 4 + Math.max(doc.lineHeight(size, true) * key.length, doc.lineHeight(size) * value.length);
    doc.room(h);
    doc.lines(key, MARGIN, keyW, doc.y + 2, size, true);
    doc.lines(value, valueX, valueW, doc.y + 2, size, false);
    doc.y += h;
  }
  doc.y += 6;
}

// ── Table documents ──────────────────────────────────────────────────────────────────────────────────

function tableDocument(doc: Layout, spec: DocSpec<never>, madeAt: string): void {
  const pages = paginate(spec);
  const columns = fittedColumns(spec.columns, spec.orientation);
  pages.forEach((page, k) => {
    if (k > 0) doc.newPage();
    head(doc, spec, page.n, pages.length, madeAt);
    if (page.n === 1 && spec.intro?.length) doc.paragraph(spec.intro.join('     '), 8, false, 'left', 0, 4);
    const header: Cell[] = columns.map((c) => ({ text: c.header, bold: true, fill: true, right: c.align === 'end' }));
    const body: Cell[][] = [];
    if (page.carriedIn) body.push(carryRow(columns, page.carriedIn, t('doc.carriedIn')));
    for (const row of page.rows) body.push(columns.map((c) => ({ text: c.text(row), right: c.align === 'end', noWrap: !c.wrap })));
    const last = k === pages.length - 1;
    if (!last && page.carriedOut) body.push(carryRow(columns, page.carriedOut, t('doc.carriedOut')));
    if (last && spec.grandTotal) body.push(carryRow(columns, spec.grandTotal, t('doc.grandTotal')));
    table(doc, columns, header, body);
  });
}

function carryRow(columns: DocColumn<never>[], values: Partial<Record<string, string>>, label: string): Cell[] {
  const first = columns.findIndex((c) => values[c.id] != null);
  const span = first <= 0 ? 1 : first;
  return [
    { text: label, span, bold: true, fill: true },
    ...columns.slice(span).map((c) => ({ text: values[c.id] ?? '', bold: true, fill: true, right: c.align === 'end' })),
  ];
}

/** The page head (pdf-document.ts headBlock, layout docHead): company and title, account and period, page and time; a 1 pt rule under it. */
function head(doc: Layout, spec: DocSpec<never>, n: number, total: number, madeAt: string): void {
  const { left, middle } = headParts(spec.head);
  const pageText = t('doc.page', { n: String(n), total: String(total) });
  const madeText = `${t('doc.madeAtLabel')}: ${madeAt}`;
  const rightW = Math.max(doc.textWidth(pageText, 8, true), doc.textWidth(madeText, 7));
  const colW = (doc.width - rightW - 12) / 2;
  const top = doc.y + 2;
  let leftH = 0;
  left.forEach((l, i) => {
    const size = i === 0 ? 10 : 9;
    const ls = doc.wrap(cutText(l), size, true, colW);
    doc.lines(ls, MARGIN, colW, top + leftH, size, true);
    leftH += ls.length * doc.lineHeight(size, true);
  });
  let midH = 0;
  for (const l of middle) {
    const ls = doc.wrap(cutText(l), 8, false, colW);
    doc.lines(ls, MARGIN + colW + 4, colW, top + midH, 8, false);
    midH += ls.length * doc.lineHeight(8);
  }
  const rightX = MARGIN + 2 * (colW + 4);
  doc.lines([pageText], rightX, rightW, top, 8, true, 'right');
  doc.lines([madeText], rightX, rightW, top + doc.lineHeight(8, true), 7, false, 'right');
  const rightH = doc.lineHeight(8, true) + doc.lineHeight(7);
  doc.y = top + Math.max(leftH, midH, rightH) + 3;
  doc.rule(doc.y, 1, 0);
  doc.y += 1 + 4;
}

/** The table (layout docTable): a grey header row repeated on a new page, 0.75 pt rules (black under the header, grey between rows). */
function table(doc: Layout, columns: DocColumn<never>[], header: Cell[], body: Cell[][]): void {
  const PAD_X = 2.83;
  const PAD_Y = 1;
  const size = 8;
  const lh = doc.lineHeight(size);
  const sum = columns.reduce((s, c) => s + c.chars, 0) || 1;
  const widths = columns.map((c) => (c.chars / sum) * doc.width - 2 * PAD_X);
  const xs: number[] = [];
  widths.reduce((x, w, i) => ((xs[i] = x), x + w + 2 * PAD_X), MARGIN);

  const laid = (row: Cell[]) => {
    let col = 0;
    const cells = row.map((cell) => {
      const span = cell.span ?? 1;
      const x = xs[col]!;
      let w = 0;
      for (let i = col; i < col + span; i++) w += widths[i]! + (i > col ? 2 * PAD_X : 0);
      col += span;
      const lines = cell.noWrap
        ? [
            clean(cell.text)
              .replace(/\u200b/g, '')
              .replace(/\n/g, ' ')
              .trimEnd(),
          ]
        : doc.wrap(cell.text, size, !!cell.bold, w);
      return { cell, x, w, lines };
    });
    const h = Math.max(1, ...cells.map((c) => c.lines.length)) * lh + 2 * PAD_Y;
    return { cells, h };
  };
  const draw = (row: ReturnType<typeof laid>, ruleAbove: number, grayAbove: number) => {
    doc.rule(doc.y, ruleAbove, grayAbove);
    doc.y += ruleAbove;
    for (const { cell, x, w, lines } of row.cells) {
      if (cell.fill) doc.page.fills.push({ x, y: doc.y, w: w + 2 * PAD_X, h: row.h, gray: GREY_FILL });
      doc.lines(lines, x + PAD_X, w, doc.y + PAD_Y, size, !!cell.bold, cell.right ? 'right' : 'left');
    }
    doc.y += row.h;
  };
  const head = laid(header);
  doc.room(head.h + 0.75);
  draw(head, 0, 0);
  body.forEach((r, i) => {
    const row = laid(r);
    if (doc.y + 0.75 + row.h + 0.75 > doc.bottom + 0.01) {
      doc.rule(doc.y, 0.75, i === 0 ? 0 : GREY_RULE);
      doc.newPage();
      draw(head, 0, 0);
      draw(row, 0.75, 0);
      return;
    }
    draw(row, 0.75, i === 0 ? 0 : GREY_RULE);
  });
  doc.rule(doc.y, 0.75, body.length ? GREY_RULE : 0);
  doc.y += 0.75;
}

/** The parts one after another, each from a new page, as one PDF (landscape when a table part is). */
export async function renderPdf(parts: readonly PdfPart[], title: string, madeAt: string): Promise<Buffer> {
  const landscape = parts.some((p) => p.kind === 'table' && p.spec.orientation === 'landscape');
  const doc = new Layout(landscape);
  parts.forEach((part, i) => {
    if (i > 0) doc.newPage();
    if (part.kind === 'table') tableDocument(doc, part.spec, madeAt);
    else letter(doc, part, madeAt);
  });
  return writePdf(doc.pages, { width: doc.landscape ? A4.h : A4.w, height: doc.height }, doc.fonts, title, madeAt);
}
