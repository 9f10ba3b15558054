// @vitest shared-modules
/**
 * The server's own PDF writer (render.ts, fonts.ts), read back as a reader of the file would: pdftotext
 * for the words and where they stand, pdfinfo and pdffonts for the pages and fonts, pdftoppm for a viewer
 * that draws every page without complaint. The mailed letter must be the browser's letter: the same
 * definition rendered by pdfmake (the browser's "PDF indir") gives the same lines at the same places.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfDefinition, type PdfPart } from '../../src/domain/document/pdf-document';
import { LAYOUTS } from '../../src/domain/document/pdf-render';
import { paginate, type DocSpec } from '../../src/domain/document/paginate';
import { letterPdf } from '../../src/domain/letter/letter-pdf';
import { formatMoney } from '../../src/domain/format';
import { renderPdf } from './render';
import { pdfFonts, withoutHinting } from './fonts';
import { pdfText as text } from '../../tests/harness/pdf-text';
import { testTempDir } from '../../tests/harness/temp-dir';

const require = createRequire(import.meta.url);
const MADE = '27.11.2026 08:00';

const run = (cmd: string, args: string[], pdf: Uint8Array) => execFileSync(cmd, args, { input: Buffer.from(pdf), encoding: 'utf8' });
const pages = (pdf: Uint8Array) => Number(/Pages:\s+(\d+)/.exec(run('pdfinfo', ['-'], pdf))![1]);

interface Line {
  page: number;
  y: number;
  x0: number;
  x1: number;
  text: string;
}
/** Lines as pdftotext finds them: words of a page with the same top, left to right. */
function lines(pdf: Uint8Array): Line[] {
  const xml = run('pdftotext', ['-bbox', '-', '-'], pdf);
  const out: Line[] = [];
  let page = 0;
  for (const m of xml.matchAll(/<page |<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)) {
    if (m[0] === '<page ') {
      page++;
      continue;
    }
    const [x0, y, x1] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const word = m[4]!
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
    const last = out[out.length - 1];
    if (last && last.page === page && Math.abs(last.y - y) < 0.5) {
      last.text += ` ${word}`;
      last.x1 = x1;
    } else out.push({ page, y, x0, x1, text: word });
  }
  return out;
}

/** The browser's renderer (pdfmake 0.3 in Node, the same fonts and table layouts). */
async function pdfmakePdf(parts: PdfPart[], title: string): Promise<Buffer> {
  const pdfmake = require('pdfmake') as {
    setFonts(f: object): void;
    addTableLayouts(l: object): void;
    setUrlAccessPolicy(cb: () => boolean): void;
    setLocalAccessPolicy(cb: (path: string) => boolean): void;
    createPdf(d: object): { getBuffer(): Promise<Buffer> };
  };
  const dir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  pdfmake.setFonts({
    Roboto: {
      normal: join(dir, 'Roboto-Regular.ttf'),
      bold: join(dir, 'Roboto-Medium.ttf'),
      italics: join(dir, 'Roboto-Italic.ttf'),
      bolditalics: join(dir, 'Roboto-MediumItalic.ttf'),
    },
  });
  pdfmake.addTableLayouts(LAYOUTS);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => path.startsWith(dir));
  return pdfmake.createPdf(pdfDefinition(parts, { title }, MADE)).getBuffer();
}

const company = { title: 'Örnek Ticaret A.Ş.', address: 'Bağdat Cad. No: 12\nKadıköy / İstanbul', taxOffice: 'Kadıköy', taxNo: '1234567890' };
const letter = (name: string) =>
  letterPdf({
    company,
    account: { id: '1001', name, province: 'İzmir', district: 'Karşıyaka' },
    asOf: '2026-06-30',
    issuedOn: '2026-11-27',
    balance: 1_234_567_89,
    rows: null,
    from: null,
  }) as PdfPart;

type Row = { date: string; type: string; amount: number };
const tablePart = (spec: DocSpec<Row>) => ({ kind: 'table', spec }) as unknown as PdfPart;
/** A statement-like table of `n` rows: carried sums across pages, a long wrapping description now and then. */
function table(n: number, orientation: 'portrait' | 'landscape' = 'portrait'): DocSpec<Row> {
  const rows: Row[] = Array.from({ length: n }, (_, i) => ({
    date: `${String((i % 28) + 1).padStart(2, '0')}.03.2026`,
    type: i % 17 === 5 ? 'Satış Faturası — İade ve fiyat farkı, Öz-Çağ "Yıldız" & Ortakları %18 KDV dahil tutar' : i % 2 ? 'Tahsilat' : 'Satış Faturası',
    amount: 1_000_00 + i * 37,
  }));
  return {
    head: { company: company.title, title: 'Hesap ekstresi', account: { id: '1001', name: 'Öz-Çağ Gıda' }, period: { from: '2026-01-01', to: '2026-06-30' } },
    orientation,
    rows,
    intro: ['Bakiye: 12.345,67 TL', 'Esas: işlem tarihi'],
    columns: [
      { id: 'date', header: 'Tarih', chars: 11, text: (r) => r.date },
      { id: 'type', header: 'İşlem', chars: 40, wrap: true, text: (r) => r.type },
      {
        id: 'amount',
        header: 'Tutar',
        chars: 16,
        align: 'end',
        text: (r) => formatMoney(r.amount),
        carry: { kind: 'sum', value: (r) => r.amount, format: formatMoney },
      },
    ],
    grandTotal: { amount: formatMoney(rows.reduce((s, r) => s + r.amount, 0)) },
  };
}

describe('the server writes the browser’s letter', () => {
  it('a letter, a two-page table and a letter of two pages: the same pages, lines, and places as pdfmake’s', async () => {
    const long = Array.from({ length: 60 }, (_, i) => ({
      type: 'paragraph' as const,
      text: `Paragraf ${i + 1}: ${'Türk Ticaret Kanunu’nun 94. maddesi '.repeat(i % 4)}`,
    }));
    const parts = [letter('Öz-Çağ "Yıldız" Gıda & Tic. Ltd. Şti.'), tablePart(table(90)), { kind: 'letter', blocks: long } as PdfPart];
    const ours = lines(await renderPdf(parts, 'Mutabakat', MADE));
    const theirs = lines(await pdfmakePdf(parts, 'Mutabakat'));
    // The letter's page, then the table's (90 rows do not fit one page), then the long letter's two.
    expect(Math.max(...ours.map((l) => l.page))).toBe(1 + paginate(table(90)).length + 2);
    expect(paginate(table(90)).length).toBe(2);
    expect(ours.map((l) => `${l.page}: ${l.text}`)).toEqual(theirs.map((l) => `${l.page}: ${l.text}`));
    const far = ours.flatMap((l, i) => {
      const o = theirs[i]!;
      // Lines stand at the same height; a line's start (or a right-aligned one's end) at the same place —
      // within a point: pdfmake kerns pairs of letters, we do not.
      const dx = Math.min(Math.abs(l.x0 - o.x0), Math.abs(l.x1 - o.x1));
      return Math.abs(l.y - o.y) > 0.25 || dx > 1 ? [`${l.page} "${l.text}": y ${l.y} / ${o.y}, x ${l.x0}–${l.x1} / ${o.x0}–${o.x1}`] : [];
    });
    expect(far).toEqual([]);
  });
});

describe('the server’s PDF', () => {
  it('every page of a landscape table: A4 across, "Sayfa n / N", nakli yekün carried, the grand total once', async () => {
    const spec = table(150, 'landscape');
    const n = paginate(spec).length;
    expect(n).toBeGreaterThanOrEqual(3);
    const pdf = await renderPdf([tablePart(spec)], 'Ekstre', MADE);
    const info = run('pdfinfo', ['-'], pdf);
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.28 pts/);
    expect(pages(pdf)).toBe(n);
    const all = lines(pdf);
    for (let p = 1; p <= n; p++) expect(all.filter((l) => l.page === p).map((l) => l.text)).toContain(`Sayfa ${p} / ${n}`);
    // Σ of 150 amounts 1,000.00 + i × 0.37 TL: 150,000.00 + 0.37 × (0 + … + 149) = 150,000.00 + 4,134.75.
    expect(all.filter((l) => l.text.startsWith('Genel toplam')).map((l) => `${l.page} ${l.text}`)).toEqual([`${n} Genel toplam 154.134,75`]);
    expect(all.filter((l) => l.text.startsWith('Nakli yekün')).length).toBe(2 * (n - 1));
  });

  it('text as written: Turkish letters, & % + " \' ( ) \\ < >, letters beyond the base set, a glyph the font lacks', async () => {
    const name = `Öz-Çağ "Yıldız" & Ortakları %100 + 'Şube' (İç) \\ <Ana> Société Müßig ООО Ромашка 中`;
    const pdf = await renderPdf([letter(name)], `Mutabakat ${name}`, MADE);
    const out = text(pdf);
    expect(out).toContain(name.replace(' 中', ''));
    expect(out).toContain('1.234.567,89 TL');
    // The title (UTF-16) as the reader's window shows it; the moment it was made, Istanbul time.
    const info = run('pdfinfo', ['-isodates', '-'], pdf);
    expect(info).toContain(`Title:           Mutabakat ${name}`);
    expect(info).toMatch(/CreationDate:\s+2026-11-27T08:00:00\+03/);
    // A viewer draws it without a complaint (a broken font or stream is reported on stderr).
    const drawn = spawnSync('pdftoppm', ['-r', '40', '-png', '-', join(testTempDir('cari-render-'), 'page')], { input: pdf });
    expect(drawn.status).toBe(0);
    expect(drawn.stderr.toString()).toBe('');
  });

  it('one unbroken 3,000-character word wraps inside the margins', async () => {
    const word = 'Ş'.repeat(1500) + 'w'.repeat(1500);
    const pdf = await renderPdf([{ kind: 'letter', blocks: [{ type: 'paragraph', text: word }] } as PdfPart], 'x', MADE);
    const ls = lines(pdf);
    expect(ls.map((l) => l.text).join('')).toBe(word);
    expect(ls.length).toBeGreaterThan(10);
    // 10 mm margins on A4 (595.28 pt): text between 28.35 and 566.93.
    expect(Math.max(...ls.map((l) => l.x1))).toBeLessThanOrEqual(566.93 + 0.01);
    expect(Math.min(...ls.map((l) => l.x0))).toBeGreaterThanOrEqual(28.35 - 0.01);
  });

  it('a long letter flows onto a second page line by line', async () => {
    const blocks = Array.from({ length: 80 }, (_, i) => ({ type: 'paragraph' as const, text: `Paragraf ${i + 1}` }));
    const pdf = await renderPdf([{ kind: 'letter', blocks } as PdfPart], 'x', MADE);
    // 9.5 pt type on lines of 9.5 × 1.1719 (Roboto's line) × 1.0666 = 11.874 pt, 5 pt after each: 16.874 pt a
    // paragraph. A4's 785.19 pt inside the margins hold 46 (776.2 pt); the 47th's line would end at 788.1.
    const ls = lines(pdf);
    expect(pages(pdf)).toBe(2);
    expect(ls.filter((l) => l.page === 1).length).toBe(46);
    expect(ls.filter((l) => l.page === 2)[0]!.text).toBe('Paragraf 47');
    expect(ls.filter((l) => l.page === 2).length).toBe(34);
  });

  it('the same letter twice is the same file (its SHA-256 is evidence); the font subset is shared, and embedded with its characters', async () => {
    const a = await renderPdf([letter('Kuruşçu Kırtasiye')], 'Mutabakat', MADE);
    const b = await renderPdf([letter('Kuruşçu Kırtasiye')], 'Mutabakat', MADE);
    expect(createHash('sha256').update(a).digest('hex')).toBe(createHash('sha256').update(b).digest('hex'));
    const fonts = (pdf: Uint8Array) => run('pdffonts', ['-'], pdf).split('\n').slice(2).filter(Boolean);
    const plain = fonts(a);
    // Both faces, embedded, subset, with a ToUnicode map.
    expect(plain.map((l) => l.split(/\s+/).slice(-5, -2).join(' '))).toEqual(['yes yes yes', 'yes yes yes']);
    expect(plain.map((l) => l.split('+')[1]!.split(' ')[0])).toEqual(['Roboto-Regular', 'Roboto-Medium']);
    // Another name in the base letters: the same subsets; a name with é: another regular one.
    expect(fonts(await renderPdf([letter('Ağaoğlu Doğal Ürünler')], 'Mutabakat', MADE))).toEqual(plain);
    const other = fonts(await renderPdf([letter('Société Générale')], 'Mutabakat', MADE));
    expect(other[0]!.split(' ')[0]).not.toBe(plain[0]!.split(' ')[0]);
  });
});

describe('fonts without hinting', () => {
  it('keep every outline and advance, drop the programs and instructions', () => {
    const fontkit = require('fontkit') as {
      create(b: Buffer): {
        numGlyphs: number;
        directory: { tables: Record<string, unknown> };
        getGlyph(id: number): { path: { toSVG(): string }; advanceWidth: number };
        glyphForCodePoint(cp: number): { id: number };
        createSubset(): { includeGlyph(g: number): number; encode(): Uint8Array };
      };
    };
    const dir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
    const full = fontkit.create(execFileSync('cat', [join(dir, 'Roboto-Regular.ttf')]));
    // Letters with plain and compound outlines (Ş, ğ, İ are built from parts in Roboto).
    const chars = [...'AaBgQ&%ŞşğĞİıÖüÇ₺€…1234'];
    const subset = full.createSubset();
    const ids = chars.map((c) => subset.includeGlyph(full.glyphForCodePoint(c.codePointAt(0)!).id));
    const hinted = Buffer.from(subset.encode());
    const bare = withoutHinting(hinted);
    const a = fontkit.create(hinted);
    const b = fontkit.create(bare);
    for (const tag of ['fpgm', 'prep', 'cvt ']) expect(Object.keys(b.directory.tables)).not.toContain(tag);
    expect(b.numGlyphs).toBe(a.numGlyphs);
    for (const id of ids) {
      expect(b.getGlyph(id).path.toSVG()).toBe(a.getGlyph(id).path.toSVG());
      expect(b.getGlyph(id).advanceWidth).toBe(a.getGlyph(id).advanceWidth);
    }
    expect(bare.length).toBeLessThan(hinted.length * 0.8);
    // The embedded subset of a document is this kind of font, compressed: it opens and holds the base letters.
    const base = pdfFonts().regular.subset(new Set([0x15e]));
    const embedded = fontkit.create(inflateSync(base.fontFile));
    // Ş's glyph there draws the same outline as in the whole font.
    const sh = base.cid.get('Ş'.codePointAt(0)!)!;
    expect(sh).toBeGreaterThan(0);
    expect(embedded.getGlyph(sh).path.toSVG()).toBe(full.getGlyph(full.glyphForCodePoint('Ş'.codePointAt(0)!).id).path.toSVG());
  });
});
