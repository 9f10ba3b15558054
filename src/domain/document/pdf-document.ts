/**
 * "PDF indir": a real PDF (selectable text, Turkish letters through the embedded Roboto of pdfmake's
 * vfs, A4) with the same pages as the print (paginate.ts): each page's head (our company, the title,
 * the account, the period, "Sayfa n / N", when made), carried-forward subtotals at the head and foot,
 * the grand total once at the end. Letters are documents of paragraphs (LetterPdf). pdfmake (≈ 1 MB)
 * is imported only by pdf-render.ts, and this module only on the click (pdf-button.tsx): never on the
 * first screen. Several documents make one file (bulk letters), each starting on a new page.
 * The definition is plain data (every text cut and breakable: pdf-text.ts; layouts by name) and is
 * rendered in a worker with a time limit (components/document/pdf-blob.ts), so no document can hang the page.
 */
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { t } from '../../i18n';
import { formatDateTime } from '../format';
import { headParts } from './document-head';
import { fittedColumns, paginate, type DocColumn, type DocSpec } from './paginate';
import { breakableText as b, cutText } from './pdf-text';

/** A letter as blocks of text (reconciliation letters): paragraphs, a key-value table, an optional table. */
export interface LetterPdf<R = unknown> {
  kind: 'letter';
  /** Blocks in order: a heading, a paragraph, label/value pairs, or a table document (its lines). */
  blocks: (
    | { type: 'heading'; text: string }
    | { type: 'paragraph'; text: string; bold?: boolean; align?: 'left' | 'right' | 'center' }
    | { type: 'pairs'; pairs: [string, string][] }
    | { type: 'table'; spec: DocSpec<R> }
  )[];
}

export type PdfPart = { kind: 'table'; spec: DocSpec<never> } | LetterPdf<never>;

// The print's measures (paginate.ts PRINT): 8 pt type on 10 pt lines (Roboto's line is 1.17 em), rows
// with 1 pt padding and a 0.75 pt rule, 10 mm margins — the pages fill as the printed ones do.
const FONT_SIZE = 8;
const LINE_HEIGHT = 10 / (8 * 1.172);
const MARGIN = 28.35;

function headBlock(spec: DocSpec<never>, n: number, total: number, madeAt: string): Content {
  const { left, middle } = headParts(spec.head);
  return {
    table: {
      widths: ['*', '*', 'auto'],
      body: [
        [
          { stack: left.map((l, i) => ({ text: b(l), bold: true, fontSize: i === 0 ? 10 : 9 })) },
          { stack: middle.map((l) => ({ text: b(l), fontSize: 8 })) },
          {
            stack: [
              { text: t('doc.page', { n: String(n), total: String(total) }), bold: true, alignment: 'right', fontSize: 8 },
              { text: `${t('doc.madeAtLabel')}: ${madeAt}`, alignment: 'right', fontSize: 7 },
            ],
          },
        ],
      ],
    },
    layout: 'docHead',
    margin: [0, 0, 0, 4],
  };
}

function carryRow(columns: DocColumn<never>[], values: Partial<Record<string, string>>, label: string): TableCell[] {
  const first = columns.findIndex((c) => values[c.id] != null);
  const span = first <= 0 ? 1 : first;
  const cells: TableCell[] = [{ text: b(label), colSpan: span, bold: true, fillColor: '#eeeeee' }];
  for (let i = 1; i < span; i++) cells.push({ text: '' });
  for (const c of columns.slice(span))
    cells.push({ text: b(values[c.id] ?? ''), bold: true, alignment: c.align === 'end' ? 'right' : 'left', fillColor: '#eeeeee' });
  return cells;
}

/** The table document's pages, each ending with a page break but the last. */
function tablePages(spec: DocSpec<never>, madeAt: string): Content[] {
  const pages = paginate(spec);
  const columns = fittedColumns(spec.columns, spec.orientation);
  const sum = columns.reduce((s, c) => s + c.chars, 0);
  return pages.map((page, k) => {
    const body: TableCell[][] = [
      columns.map((c) => ({ text: b(c.header), bold: true, fillColor: '#eeeeee', alignment: c.align === 'end' ? 'right' : 'left' })),
    ];
    if (page.carriedIn) body.push(carryRow(columns, page.carriedIn, t('doc.carriedIn')));
    for (const row of page.rows) body.push(columns.map((c) => ({ text: b(c.text(row)), alignment: c.align === 'end' ? 'right' : 'left', noWrap: !c.wrap })));
    const last = k === pages.length - 1;
    if (!last && page.carriedOut) body.push(carryRow(columns, page.carriedOut, t('doc.carriedOut')));
    if (last && spec.grandTotal) body.push(carryRow(columns, spec.grandTotal, t('doc.grandTotal')));
    const content: Content[] = [headBlock(spec, page.n, pages.length, madeAt)];
    if (page.n === 1 && spec.intro?.length) content.push({ text: b(spec.intro.join('     ')), fontSize: 8, margin: [0, 0, 0, 4] });
    content.push({
      table: { headerRows: 1, widths: columns.map((c) => `${((c.chars / sum) * 100).toFixed(2)}%`), body, dontBreakRows: true },
      layout: 'docTable',
    });
    return { stack: content, pageBreak: last ? undefined : 'after' } as Content;
  });
}

function letterContent(letter: LetterPdf<never>, madeAt: string): Content[] {
  const out: Content[] = [];
  for (const block of letter.blocks) {
    if (block.type === 'heading') out.push({ text: b(block.text), bold: true, fontSize: 12, margin: [0, 6, 0, 6] });
    else if (block.type === 'paragraph')
      out.push({ text: b(block.text), bold: block.bold, alignment: block.align ?? 'left', fontSize: 9.5, margin: [0, 0, 0, 5] });
    else if (block.type === 'pairs') {
      out.push({
        table: {
          widths: ['auto', '*'],
          body: block.pairs.map(([k, v]) => [
            { text: b(k), bold: true, fontSize: 9.5 },
            { text: b(v), fontSize: 9.5 },
          ]),
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 6],
      });
    } else {
      out.push({ stack: tablePages(block.spec, madeAt), pageBreak: 'before' } as Content);
    }
  }
  return out;
}

/** The PDF's definition (plain data, so it can go to a worker): the parts one after another, each from a new page — the browser's download and the server's mailed letter. */
export function pdfDefinition(parts: readonly PdfPart[], info: { title: string }, madeAt: string = formatDateTime(new Date())): TDocumentDefinitions {
  const orientation = parts.some((p) => p.kind === 'table' && p.spec.orientation === 'landscape') ? 'landscape' : 'portrait';
  const content: Content[] = parts.map((p, i) => ({
    stack: p.kind === 'table' ? tablePages(p.spec, madeAt) : letterContent(p, madeAt),
    pageBreak: i === 0 ? undefined : 'before',
  })) as Content[];
  return {
    pageSize: 'A4',
    pageOrientation: orientation,
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN],
    info: { title: cutText(info.title, 200), creator: 'Cari Ekran' },
    defaultStyle: { font: 'Roboto', fontSize: FONT_SIZE, lineHeight: LINE_HEIGHT },
    content,
  };
}
