/**
 * The server's PDF fonts: pdfmake's Roboto files (Regular, and Medium as the bold face, as the browser's
 * "PDF indir" uses them), read once per thread with fontkit. A document embeds a TrueType subset of each
 * face it uses (Type0 / Identity-H, a ToUnicode map so its text can be copied, searched and read back).
 * The subset is the same for almost every document — the letters of the base set below, which holds
 * Turkish and the usual punctuation — so it is encoded and compressed once and its bytes reused; a
 * document with other letters (é, ß, Cyrillic…) gets the base set plus them, kept by that set. A
 * character the font has no glyph for shows as the font's empty box, as in pdfmake.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';

const require = createRequire(import.meta.url);

interface FkGlyph {
  id: number;
  advanceWidth: number;
}
interface FkSubset {
  includeGlyph(glyph: number | FkGlyph): number;
  encode(): Uint8Array;
}
interface FkFont {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  capHeight: number;
  italicAngle: number;
  bbox: { minX: number; minY: number; maxX: number; maxY: number };
  postscriptName: string;
  glyphForCodePoint(cp: number): FkGlyph;
  createSubset(): FkSubset;
}

/** The characters every subset holds: ASCII, Turkish, the punctuation and signs our documents write. */
const BASE = ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~' + 'ÇĞİÖŞÜçğıöşüÂÊÎÔÛâêîôû–—‘’“”…•·€₺§°²³×«»';

/** A subset ready to embed: the font program (compressed), widths and the ToUnicode map, and each character's glyph number in it. */
export interface EmbeddedSubset {
  tag: string;
  fontFile: Buffer;
  fontFileLength: number;
  /** The W array's body: widths (thousandths of an em) of glyphs 0…n − 1. */
  widths: string;
  toUnicode: Buffer;
  cid: Map<number, number>;
  /** A character's glyph number as the 4 hex digits a content stream writes ("0000": none). */
  hex(cp: number): string;
}

export interface PdfFont {
  /** The PostScript name (the subset's BaseFont is TAG+name). */
  name: string;
  /** Thousandths of an em. */
  ascender: number;
  descender: number;
  capHeight: number;
  italicAngle: number;
  bbox: [number, number, number, number];
  /** The line's height in ems (ascender − descender + line gap), as pdfkit counts it. */
  lineHeight: number;
  /** A character's advance in thousandths of an em. */
  advance(cp: number): number;
  /** The subset holding these characters (the base set and any others). */
  subset(chars: ReadonlySet<number>): EmbeddedSubset;
}

const MAX_SUBSETS = 100;

function openFont(file: string): PdfFont {
  const fontkit = require('fontkit') as { openSync(path: string): FkFont };
  const font = fontkit.openSync(file);
  const scale = 1000 / font.unitsPerEm;
  const glyphs = new Map<number, FkGlyph>();
  const glyph = (cp: number): FkGlyph => {
    let g = glyphs.get(cp);
    if (!g) glyphs.set(cp, (g = font.glyphForCodePoint(cp)));
    return g;
  };
  const advances = new Float64Array(0x3000).fill(-1);
  const advance = (cp: number): number => {
    if (cp < advances.length) {
      const a = advances[cp]!;
      if (a >= 0) return a;
      return (advances[cp] = glyph(cp).advanceWidth * scale);
    }
    return glyph(cp).advanceWidth * scale;
  };
  const base = new Set([...BASE].map((c) => c.codePointAt(0)!));
  const kept = new Map<string, EmbeddedSubset>();

  function make(chars: number[]): EmbeddedSubset {
    const subset = font.createSubset();
    const cid = new Map<number, number>();
    const byCid: { w: number; cp: number | null }[] = [{ w: glyph(0).advanceWidth * scale, cp: null }];
    const seen = new Map<number, number>([[0, 0]]);
    for (const cp of chars) {
      const g = glyph(cp);
      let id = seen.get(g.id);
      if (id === undefined) {
        id = subset.includeGlyph(g);
        seen.set(g.id, id);
        byCid[id] = { w: g.advanceWidth * scale, cp };
      }
      cid.set(cp, id);
    }
    const program = withoutHinting(subset.encode());
    const tag = [
      ...createHash('sha1')
        .update(`${font.postscriptName}:${chars.join(',')}`)
        .digest(),
    ]
      .slice(0, 6)
      .map((b) => String.fromCharCode(65 + (b % 26)))
      .join('');
    return {
      tag,
      fontFile: deflateSync(program),
      fontFileLength: program.length,
      widths: byCid.map((x) => Math.round(x?.w ?? 0)).join(' '),
      toUnicode: deflateSync(toUnicodeMap(byCid.map((x) => x?.cp ?? null))),
      cid,
      hex: hexOf(cid),
    };
  }

  return {
    name: font.postscriptName,
    ascender: font.ascent * scale,
    descender: font.descent * scale,
    capHeight: font.capHeight * scale,
    italicAngle: font.italicAngle,
    bbox: [font.bbox.minX * scale, font.bbox.minY * scale, font.bbox.maxX * scale, font.bbox.maxY * scale].map(Math.round) as [number, number, number, number],
    lineHeight: (font.ascent - font.descent + font.lineGap) / font.unitsPerEm,
    advance,
    subset(chars) {
      const extra: number[] = [];
      for (const cp of chars) if (!base.has(cp)) extra.push(cp);
      extra.sort((a, b) => a - b);
      const key = extra.join(',');
      let s = kept.get(key);
      if (!s) {
        if (kept.size >= MAX_SUBSETS) kept.clear();
        kept.set(key, (s = make([...base, ...extra])));
      }
      return s;
    },
  };
}

/**
 * A TrueType font without its hinting: the programs (fpgm, prep, cvt) and every glyph's instructions
 * go, the outlines stay. Hinting fits outlines to a screen's pixel grid at small sizes; PDF viewers
 * mostly do without it (or hint on their own), and in Roboto it is a third of a subset's bytes: every
 * mail carries the font twice. Tables are written back 4-byte aligned with their checksums.
 */
export function withoutHinting(ttf: Uint8Array): Buffer {
  const src = Buffer.from(ttf.buffer, ttf.byteOffset, ttf.byteLength);
  const count = src.readUInt16BE(4);
  const tables = new Map<string, Buffer>();
  for (let k = 0; k < count; k++) {
    const o = 12 + 16 * k;
    const offset = src.readUInt32BE(o + 8);
    tables.set(src.toString('latin1', o, o + 4), src.subarray(offset, offset + src.readUInt32BE(o + 12)));
  }
  const head = Buffer.from(tables.get('head')!);
  const maxp = Buffer.from(tables.get('maxp')!);
  const loca = tables.get('loca')!;
  const glyf = tables.get('glyf')!;
  const long = head.readInt16BE(50) === 1;
  const glyphs = maxp.readUInt16BE(4);
  const at = (i: number) => (long ? loca.readUInt32BE(4 * i) : loca.readUInt16BE(2 * i) * 2);
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let size = 0;
  for (let g = 0; g < glyphs; g++) {
    offsets.push(size);
    const glyph = glyf.subarray(at(g), at(g + 1));
    if (glyph.length === 0) continue;
    const out = stripGlyph(glyph);
    const padded = out.length % 2 ? Buffer.concat([out, Buffer.alloc(1)]) : out;
    parts.push(padded);
    size += padded.length;
  }
  offsets.push(size);
  const newLoca = Buffer.alloc(offsets.length * (long ? 4 : 2));
  offsets.forEach((o, i) => (long ? newLoca.writeUInt32BE(o, 4 * i) : newLoca.writeUInt16BE(o / 2, 2 * i)));
  // maxp: no instructions, no function or instruction definitions, no twilight points, no storage.
  if (maxp.length >= 32) for (const o of [14, 16, 18, 20, 22, 24, 26]) maxp.writeUInt16BE(o === 14 ? 1 : 0, o);
  head.writeUInt32BE(0, 8);
  const keep = new Map<string, Buffer>();
  for (const [tag, data] of tables) if (!['fpgm', 'prep', 'cvt '].includes(tag)) keep.set(tag, data);
  keep.set('head', head);
  keep.set('maxp', maxp);
  keep.set('loca', newLoca);
  keep.set('glyf', Buffer.concat(parts, size));
  return writeTables(keep);
}

/** One glyph's outline without its instructions (simple: an empty program; compound: none after the components). */
function stripGlyph(glyph: Buffer): Buffer {
  const contours = glyph.readInt16BE(0);
  if (contours >= 0) {
    const lenAt = 10 + 2 * contours;
    const n = glyph.readUInt16BE(lenAt);
    const out = Buffer.concat([glyph.subarray(0, lenAt), Buffer.alloc(2), glyph.subarray(lenAt + 2 + n)]);
    return out;
  }
  const out = Buffer.from(glyph);
  let p = 10;
  for (;;) {
    const flags = out.readUInt16BE(p);
    out.writeUInt16BE(flags & ~0x100, p);
    p += 4 + (flags & 0x1 ? 4 : 2) + (flags & 0x8 ? 2 : flags & 0x40 ? 4 : flags & 0x80 ? 8 : 0);
    if (!(flags & 0x20)) break;
  }
  return out.subarray(0, p);
}

/** An sfnt file from its tables: directory, 4-byte aligned tables with checksums, head's checkSumAdjustment. */
function writeTables(tables: Map<string, Buffer>): Buffer {
  const tags = [...tables.keys()].sort();
  const n = tags.length;
  const log2 = Math.floor(Math.log2(n));
  const dir = Buffer.alloc(12 + 16 * n);
  dir.writeUInt32BE(0x00010000, 0);
  dir.writeUInt16BE(n, 4);
  dir.writeUInt16BE(16 * 2 ** log2, 6);
  dir.writeUInt16BE(log2, 8);
  dir.writeUInt16BE(16 * n - 16 * 2 ** log2, 10);
  const body: Buffer[] = [];
  let offset = dir.length;
  tags.forEach((tag, k) => {
    const data = tables.get(tag)!;
    const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
    const o = 12 + 16 * k;
    dir.write(tag, o, 'latin1');
    dir.writeUInt32BE(checksum(padded), o + 4);
    dir.writeUInt32BE(offset, o + 8);
    dir.writeUInt32BE(data.length, o + 12);
    body.push(padded);
    offset += padded.length;
  });
  const file = Buffer.concat([dir, ...body]);
  const headAt = dir.readUInt32BE(12 + 16 * tags.indexOf('head') + 8);
  file.writeUInt32BE((0xb1b0afba - checksum(file)) >>> 0, headAt + 8);
  return file;
}

function checksum(b: Buffer): number {
  let sum = 0;
  for (let i = 0; i + 3 < b.length; i += 4) sum = (sum + b.readUInt32BE(i)) >>> 0;
  return sum;
}

/** A character → its glyph number in 4 hex digits, from a table for the usual characters. */
function hexOf(cid: Map<number, number>): (cp: number) => string {
  const table: string[] = new Array<string>(0x3000).fill('0000');
  const other = new Map<number, string>();
  for (const [cp, id] of cid) {
    const h = id.toString(16).toUpperCase().padStart(4, '0');
    if (cp < table.length) table[cp] = h;
    else other.set(cp, h);
  }
  return (cp) => (cp < table.length ? table[cp]! : (other.get(cp) ?? '0000'));
}

/** A ToUnicode CMap: glyph number → its character (UTF-16BE), for copy, search and text extraction. */
function toUnicodeMap(chars: (number | null)[]): Buffer {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  const utf16 = (cp: number) =>
    [...String.fromCodePoint(cp)]
      .flatMap((c) => (c.length > 1 ? [c.charCodeAt(0), c.charCodeAt(1)] : [c.charCodeAt(0)]))
      .map(hex)
      .join('');
  const entries = chars.flatMap((cp, id) => (cp === null ? [] : [`<${hex(id)}> <${utf16(cp)}>`]));
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const part = entries.slice(i, i + 100);
    blocks.push(`${part.length} beginbfchar\n${part.join('\n')}\nendbfchar`);
  }
  return Buffer.from(
    [
      '/CIDInit /ProcSet findresource begin',
      '12 dict begin',
      'begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
      '/CMapName /Adobe-Identity-UCS def',
      '/CMapType 2 def',
      '1 begincodespacerange',
      '<0000> <FFFF>',
      'endcodespacerange',
      ...blocks,
      'endcmap',
      'CMapName currentdict /CMap defineresource pop',
      'end',
      'end',
    ].join('\n'),
    'latin1',
  );
}

let faces: { regular: PdfFont; bold: PdfFont } | undefined;

/** The two faces, opened on first use (per thread). */
export function pdfFonts(): { regular: PdfFont; bold: PdfFont } {
  if (faces) return faces;
  const dir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  faces = { regular: openFont(join(dir, 'Roboto-Regular.ttf')), bold: openFont(join(dir, 'Roboto-Medium.ttf')) };
  return faces;
}
