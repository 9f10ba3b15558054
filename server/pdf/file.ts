/**
 * The PDF file of laid-out pages (render.ts): one content stream a page (fills, rules, then text in
 * the two faces, glyph numbers in hex), the font subsets the pages use (fonts.ts: Type0 / Identity-H
 * with a ToUnicode map), the document's title and creation date, the cross-reference table.
 * Coordinates come top-down (as laid out) and are turned to PDF's bottom-up here.
 */
import { deflateSync } from 'node:zlib';
import { cutText } from '../../src/domain/document/pdf-text';
import type { EmbeddedSubset, PdfFont } from './fonts';

export type Face = 0 | 1;
export interface TextOp {
  face: Face;
  size: number;
  x: number;
  /** The baseline, from the page's top. */
  y: number;
  text: string;
}
export interface Page {
  texts: TextOp[];
  fills: { x: number; y: number; w: number; h: number; gray: number }[];
  rules: { x: number; y: number; w: number; width: number; gray: number }[];
}

const num = (n: number) => {
  const s = n.toFixed(2);
  return s.endsWith('.00') ? s.slice(0, -3) : s.endsWith('0') ? s.slice(0, -1) : s;
};

/** A PDF text string: UTF-16BE with its byte order mark, in hex. */
function pdfString(s: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < s.length; i++) hex += s.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0');
  return `<${hex}>`;
}

/** "27.11.2026 08:00" (Istanbul) as a PDF date, or null. */
function pdfDate(madeAt: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2})/.exec(madeAt);
  return m ? `D:${m[3]}${m[2]}${m[1]}${m[4]}${m[5]}00+03'00'` : null;
}

function contentStream(page: Page, height: number, subsets: (EmbeddedSubset | null)[]): string {
  const out: string[] = [];
  for (const f of page.fills) out.push(`${num(f.gray)} g ${num(f.x)} ${num(height - f.y - f.h)} ${num(f.w)} ${num(f.h)} re f`);
  for (const r of page.rules) {
    const y = num(height - r.y - r.width / 2);
    out.push(`${num(r.gray)} G ${num(r.width)} w ${num(r.x)} ${y} m ${num(r.x + r.w)} ${y} l S`);
  }
  out.push('0 g BT');
  let font = -1;
  let size = -1;
  for (const op of page.texts) {
    if (op.face !== font || op.size !== size) {
      out.push(`/F${op.face + 1} ${num(op.size)} Tf`);
      font = op.face;
      size = op.size;
    }
    const hexOf = subsets[op.face]!.hex;
    let hex = '';
    for (let i = 0; i < op.text.length; i++) {
      const cp = op.text.codePointAt(i)!;
      if (cp > 0xffff) i++;
      hex += hexOf(cp);
    }
    out.push(`1 0 0 1 ${num(op.x)} ${num(height - op.y)} Tm <${hex}> Tj`);
  }
  out.push('ET');
  return out.join('\n');
}

export function writePdf(pages: readonly Page[], size: { width: number; height: number }, fonts: readonly PdfFont[], title: string, madeAt: string): Buffer {
  const used: [Set<number>, Set<number>] = [new Set(), new Set()];
  for (const p of pages) for (const op of p.texts) for (const ch of op.text) used[op.face].add(ch.codePointAt(0)!);
  const subsets = fonts.map((f, i) => (used[i]!.size ? f.subset(used[i]!) : null));

  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (b: Buffer) => {
    chunks.push(b);
    length += b.length;
  };
  push(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'));
  let nextId = 1;
  const reserve = () => nextId++;
  const object = (id: number, body: string, stream?: Buffer) => {
    offsets[id] = length;
    if (stream) {
      push(Buffer.from(`${id} 0 obj\n${body}\nstream\n`, 'latin1'));
      push(stream);
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    } else push(Buffer.from(`${id} 0 obj\n${body}\nendobj\n`, 'latin1'));
  };

  const catalog = reserve();
  const pagesId = reserve();
  const info = reserve();
  const fontIds: (number | null)[] = [null, null];
  subsets.forEach((s, i) => {
    if (!s) return;
    const f = fonts[i]!;
    const [type0, cidFont, descriptor, file, toUnicode] = [reserve(), reserve(), reserve(), reserve(), reserve()];
    fontIds[i] = type0;
    const name = `${s.tag}+${f.name}`;
    object(type0, `<< /Type /Font /Subtype /Type0 /BaseFont /${name} /Encoding /Identity-H /DescendantFonts [${cidFont} 0 R] /ToUnicode ${toUnicode} 0 R >>`);
    object(
      cidFont,
      `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${descriptor} 0 R /CIDToGIDMap /Identity /W [0 [${s.widths}]] >>`,
    );
    object(
      descriptor,
      `<< /Type /FontDescriptor /FontName /${name} /Flags 4 /FontBBox [${f.bbox.join(' ')}] /ItalicAngle ${f.italicAngle} /Ascent ${Math.round(f.ascender)} /Descent ${Math.round(f.descender)} /CapHeight ${Math.round(f.capHeight)} /StemV 0 /FontFile2 ${file} 0 R >>`,
    );
    object(file, `<< /Length ${s.fontFile.length} /Length1 ${s.fontFileLength} /Filter /FlateDecode >>`, s.fontFile);
    object(toUnicode, `<< /Length ${s.toUnicode.length} /Filter /FlateDecode >>`, s.toUnicode);
  });
  const fontRes = fontIds.flatMap((id, i) => (id ? [`/F${i + 1} ${id} 0 R`] : [])).join(' ');
  const pageIds: number[] = [];
  const box = `[0 0 ${num(size.width)} ${num(size.height)}]`;
  for (const p of pages) {
    const pageId = reserve();
    const contents = reserve();
    pageIds.push(pageId);
    object(pageId, `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox ${box} /Resources << /Font << ${fontRes} >> >> /Contents ${contents} 0 R >>`);
    // Level 1: a page's operators are short, repetitive lines; the default level takes three times as long for 3 % fewer bytes.
    const stream = deflateSync(Buffer.from(contentStream(p, size.height, subsets), 'latin1'), { level: 1 });
    object(contents, `<< /Length ${stream.length} /Filter /FlateDecode >>`, stream);
  }
  object(catalog, `<< /Type /Catalog /Pages ${pagesId} 0 R >>`);
  object(pagesId, `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`);
  const date = pdfDate(madeAt);
  object(
    info,
    `<< /Title ${pdfString(cutText(title, 200))} /Creator ${pdfString('Cari Ekran')} /Producer ${pdfString('Cari Ekran')}${date ? ` /CreationDate (${date})` : ''} >>`,
  );

  const xref = length;
  const rows = ['xref', `0 ${nextId}`, '0000000000 65535 f '];
  for (let id = 1; id < nextId; id++) rows.push(`${String(offsets[id]).padStart(10, '0')} 00000 n `);
  push(Buffer.from(`${rows.join('\n')}\ntrailer\n<< /Size ${nextId} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(chunks, length);
}
