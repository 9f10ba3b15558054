/**
 * PDFs in Node with pdfmake's server build, from the same document definitions the browser's
 * "PDF indir" uses (src/domain/document/pdf-document.ts pdfDefinition, letter-pdf.ts letterPdf):
 * the mailed letter is the browser's letter. Fonts: pdfmake's own Roboto files (Turkish letters).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { pdfDefinition, type PdfPart } from '../../src/domain/document/pdf-document';
import { LAYOUTS } from '../../src/domain/document/pdf-render';
import { fastByteArrays, shareShapedRuns, shareSubsets } from './pdf-reuse';

const require = createRequire(import.meta.url);

interface PdfMakeServer {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy?(cb: (url: string) => boolean): void;
  setLocalAccessPolicy?(cb: (path: string) => boolean): void;
  addTableLayouts(layouts: Record<string, unknown>): void;
  createPdf(doc: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}

interface GlyphLike {
  codePoints: number[];
}
interface GlyphFont {
  getGlyph(id: number, characters?: number[]): GlyphLike | null;
}

/**
 * fontkit keeps one glyph object per glyph id in a font, with the characters of its first lookup, and
 * pdfkit writes a document's text layer (its ToUnicode map) from those characters. Writing a subset
 * looks up an accented glyph's parts without characters (the c of ç, the S of Ş, the g of ğ): in a font
 * shared by documents, a later document's plain c was then that character-less glyph, and its text
 * lost the letter (copy, search, pdftotext). A glyph asked for with characters gets them if it has none.
 */
export function glyphsKeepCharacters(font: GlyphFont): void {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, characters = []) => {
    const glyph = getGlyph(id, characters);
    if (glyph && characters.length && !glyph.codePoints.length) glyph.codePoints = characters;
    return glyph;
  };
}

/**
 * pdfkit parses each TrueType font anew for every document (fontkit.create on the file's bytes): about
 * nine tenths of a letter's rendering time. The parsed fonts are kept, per file content, and shared by
 * every document (pdfkit embeds a fresh subset per document from them); so is their glyph cache
 * (glyphsKeepCharacters).
 */
function cacheFonts(): void {
  const fromPdfkit = createRequire(require.resolve('pdfkit'));
  const path = fromPdfkit.resolve('fontkit');
  const real = fromPdfkit('fontkit') as Record<string, unknown> & { create: (b: Uint8Array, family?: string) => unknown };
  const entry = require.cache[path];
  if (!entry || (real as { __cariCached?: boolean }).__cariCached) return;
  const cache = new Map<string, unknown>();
  const create = (bytes: Uint8Array, family?: string) => {
    const key = `${bytes.byteLength}:${createHash('sha1').update(bytes).digest('hex')}:${family ?? ''}`;
    let font = cache.get(key);
    if (!font) {
      font = real.create(bytes, family);
      glyphsKeepCharacters(font as GlyphFont);
      shareSubsets(font as Parameters<typeof shareSubsets>[0]);
      cache.set(key, font);
    }
    return font;
  };
  // fontkit's exports are read-only getters: pdfkit (required after this) is given a copy whose create is cached.
  entry.exports = { ...real, create, __cariCached: true };
  fastByteArrays(createRequire(path)('restructure') as Parameters<typeof fastByteArrays>[0]);
}

/** pdfkit's EmbeddedFont (not exported): the prototype of a font it opens. */
function shareRuns(fontFile: string): void {
  const PDFKit = require('pdfkit') as new (o: object) => { font(path: string): { _font: object } };
  shareShapedRuns(Object.getPrototypeOf(new PDFKit({ autoFirstPage: false }).font(fontFile)._font) as Parameters<typeof shareShapedRuns>[0]);
}

let maker: PdfMakeServer | undefined;
function pdfmake(): PdfMakeServer {
  if (maker) return maker;
  cacheFonts();
  const m = require('pdfmake') as PdfMakeServer;
  const fonts = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  m.setFonts({
    Roboto: {
      normal: join(fonts, 'Roboto-Regular.ttf'),
      bold: join(fonts, 'Roboto-Medium.ttf'),
      italics: join(fonts, 'Roboto-Italic.ttf'),
      bolditalics: join(fonts, 'Roboto-MediumItalic.ttf'),
    },
  });
  // The definition names its table layouts (they are functions, kept out of the plain-data definition).
  m.addTableLayouts(LAYOUTS);
  // Documents are ours; still, no remote fetches.
  m.setUrlAccessPolicy?.(() => false);
  m.setLocalAccessPolicy?.((path) => path.startsWith(fonts));
  shareRuns(join(fonts, 'Roboto-Regular.ttf'));
  maker = m;
  return m;
}

export async function renderPdf(parts: readonly PdfPart[], title: string, madeAt: string): Promise<Buffer> {
  return pdfmake()
    .createPdf(pdfDefinition(parts, { title }, madeAt))
    .getBuffer();
}
