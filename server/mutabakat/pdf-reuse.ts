/**
 * Work pdfkit repeats for every document on the same (cached, shared) fontkit fonts, kept between
 * documents of a thread. A campaign's letters are one definition with different figures: most of
 * their words and their glyph sets are the same letter after letter.
 *  - Word shaping (fontkit's OpenType layout, the largest cost of a letter): pdfkit keeps the shaped
 *    runs per document (EmbeddedFont.layoutCache); here they are also kept per font across documents.
 *    A run depends only on the font and the word (pdfkit scales it once, on creation, by the font's own
 *    1000 / unitsPerEm), and pdfkit only reads it afterwards (it already shares one run between every
 *    use of a word within a document).
 *  - The embedded font subset (fontkit's TTF subset encoding): the same ordered glyph list gives the
 *    same bytes, so they are kept per font and glyph list. A subset that is new still encodes the font's
 *    hinting programs (fpgm, prep: thousands of bytes) one byte per call through restructure's generic
 *    Array type; a plain byte array is written in one copy instead (the same bytes).
 * Both are bounded (emptied when full), so a long-running server's memory stays flat. The documents
 * are byte for byte the ones made without this (server/mutabakat/pdf-reuse.test.ts).
 */

/** Shaped words kept per font; subsets per font. */
const MAX_RUNS = 20_000;
const MAX_SUBSETS = 200;

interface EmbeddedFontLike {
  font: object;
  layoutCache?: Record<string, unknown>;
  layoutRun(text: string, features?: unknown): unknown;
}

interface SubsetLike {
  glyphs: number[];
  mapping: Record<number, number>;
  encode(): Uint8Array;
}

interface FontLike {
  createSubset(): SubsetLike;
}

const runs = new WeakMap<object, Map<string, unknown>>();

export const reuseStats = { runHits: 0, runMisses: 0, subsetHits: 0, subsetMisses: 0 };

/** MUTABAKAT_PDF_REUSE=0: every document shaped and subset from scratch (comparisons, tests). */
let enabled = process.env.MUTABAKAT_PDF_REUSE !== '0';
export function setPdfReuse(on: boolean): void {
  enabled = on;
}

/** pdfkit's EmbeddedFont prototype: layoutCached also reads and fills the font's shared runs. */
export function shareShapedRuns(proto: EmbeddedFontLike): void {
  const marked = proto as EmbeddedFontLike & { __cariShared?: boolean; layoutCached(text: string): unknown };
  if (marked.__cariShared) return;
  marked.__cariShared = true;
  marked.layoutCached = function layoutCached(this: EmbeddedFontLike, text: string) {
    // Without a document cache (fontLayoutCache: false) pdfkit shapes every time: so do we.
    if (!this.layoutCache) return this.layoutRun(text);
    const own = this.layoutCache[text];
    if (own) return own;
    if (!enabled) return (this.layoutCache[text] = this.layoutRun(text));
    let shared = runs.get(this.font);
    if (!shared) runs.set(this.font, (shared = new Map()));
    let run = shared.get(text);
    if (run) reuseStats.runHits++;
    else {
      reuseStats.runMisses++;
      run = this.layoutRun(text);
      if (shared.size >= MAX_RUNS) shared.clear();
      shared.set(text, run);
    }
    this.layoutCache[text] = run;
    return run;
  };
}

interface RestructureLike {
  Array: { prototype: RArray };
  uint8: object;
}
interface RArray {
  type: object;
  length?: unknown;
  encode(stream: { writeBuffer(b: Uint8Array): void }, array: unknown, parent?: unknown): void;
  size(array?: unknown, ctx?: unknown, includePointers?: boolean): number;
}

/** restructure (fontkit's encoder): an Array of uint8 with no length prefix, given plain numbers, in one write. */
export function fastByteArrays(r: RestructureLike): void {
  const proto = r.Array.prototype as RArray & { __cariBytes?: boolean };
  if (proto.__cariBytes) return;
  proto.__cariBytes = true;
  const { encode, size } = proto;
  const plainBytes = (t: RArray, array: unknown): array is number[] => enabled && t.type === r.uint8 && t.length == null && Array.isArray(array);
  proto.encode = function (this: RArray, stream, array, parent) {
    // Uint8Array.from wraps each value modulo 256, as the per-byte DataView.setUint8 does.
    if (plainBytes(this, array)) stream.writeBuffer(Uint8Array.from(array));
    else encode.call(this, stream, array, parent);
  };
  proto.size = function (this: RArray, array, ctx, includePointers) {
    return plainBytes(this, array) ? array.length : size.call(this, array, ctx, includePointers);
  };
}

/** A fontkit font whose subsets' encodings are kept by ordered glyph list. */
export function shareSubsets(font: FontLike): void {
  const marked = font as FontLike & { __cariSubsets?: boolean };
  if (marked.__cariSubsets) return;
  marked.__cariSubsets = true;
  const create = font.createSubset.bind(font);
  const kept = new Map<string, { bytes: Uint8Array; glyphs: number[]; mapping: Record<number, number> }>();
  font.createSubset = () => {
    const subset = create();
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      if (!enabled) return encode();
      const key = subset.glyphs.join(',');
      const hit = kept.get(key);
      if (hit) {
        reuseStats.subsetHits++;
        // The encoding adds a compound glyph's components to the subset: the same state as the first time.
        subset.glyphs = hit.glyphs.slice();
        subset.mapping = { ...hit.mapping };
        return Buffer.from(hit.bytes);
      }
      reuseStats.subsetMisses++;
      const bytes = encode();
      if (kept.size >= MAX_SUBSETS) kept.clear();
      kept.set(key, { bytes: Buffer.from(bytes), glyphs: subset.glyphs.slice(), mapping: { ...subset.mapping } });
      return bytes;
    };
    return subset;
  };
}
