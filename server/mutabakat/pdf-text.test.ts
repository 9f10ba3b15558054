// @vitest shared-modules
/**
 * Many different documents made one after another in one process (a letter thread makes thousands)
 * must each read back with every letter of their text (pdftotext). The font subsets are kept between
 * documents (server/pdf/fonts.ts: the base set once, a set with other letters by those letters), and a
 * subset shared by documents must map every glyph to its character in each of them.
 * The documents: campaign letters (letter-build.ts, the thread's build), Ba/Bs letters and their
 * document lists (the definitions and renderer of babs-prepare.ts), and the collections documents
 * (tahsilat/documents.ts), in several orders, with Turkish and plain ASCII names, and names with
 * letters outside the base set (é, ß, Cyrillic).
 */
import { describe, expect, it } from 'vitest';
import type { Statement, StatementLine } from '../../src/domain/erp-types';
import { babsDocsPdf, babsLetterPdf } from '../../src/domain/letter/babs-letter-pdf';
import type { PdfPart } from '../../src/domain/document/pdf-document';
import { documentPdf, type DocKind } from '../tahsilat/documents';
import { buildLetter } from './letter-build';
import { renderPdf } from '../pdf/render';
import { pdfWords as pdfText } from '../../tests/harness/pdf-text';

const line = (index: number, date: string, debit: number, credit: number): StatementLine => ({
  index,
  date,
  dueDate: null,
  type: index % 2 ? 'Tahsilat' : 'Satış Faturası',
  debit,
  credit,
  invalid: {},
  extras: {},
});
const lines = [line(0, '2026-01-15', 1_234_56, 0), line(1, '2026-02-03', 0, 34_50), line(2, '2026-03-20', 500_00, 0)];
const statement: Statement = { lines, extraColumns: [], warnings: 0 };

// Names in the bold face (the letters' heading, the account's name) and the plain one: one with
// only accented letters of a kind, one with the plain letters those are built on, one plain ASCII.
const NAMES = ['Çağ Şüöı Ğİ Ünlü Ltd.', 'Cag Suoi Gi Unlu Ltd.', 'ACME Trading Co. cgsu', 'Société Müßig ООО Ромашка'];
const COMPANIES = ['Örnek Ağ Şti.', 'Ornek Ag Sti. Cgsu'];

type Doc = { label: string; make: () => Promise<Uint8Array>; words: string[] };

const letter = (n: number, c: number, statementLines: boolean, openItems: boolean): Doc => ({
  label: `letter ${n}/${c}${statementLines ? ' +lines' : ''}${openItems ? ' +open' : ''}`,
  make: async () =>
    (
      await buildLetter({
        accountId: String(3000 + n),
        account: { name: NAMES[n]!, province: 'İzmir', district: 'Karşıyaka', currency: null },
        statement,
        asOf: '2026-06-30',
        options: { statementLines, openItems, from: null },
        company: { title: COMPANIES[c]!, address: 'İstanbul', taxOffice: 'Kadıköy', taxNo: '1234567890' },
        ttk94Clause: true,
        today: '2026-11-27',
        madeAt: '27.11.2026 08:00',
        at: '2026-11-27T05:00:00.000Z',
      })
    ).pdf,
  words: [NAMES[n]!, COMPANIES[c]!, 'Konu: Cari hesap mutabakatı', 'Cevap formu', 'Karşıyaka', ...(openItems ? ['Açık Kalemler Ekstresi'] : [])],
});

const babs = (n: number, c: number, list: boolean): Doc => {
  const props = {
    company: { title: COMPANIES[c]!, address: 'İstanbul', taxOffice: 'Kadıköy', taxNo: '1234567890' },
    account: { id: String(4000 + n), name: NAMES[n]!, province: 'Muğla', district: 'Fethiye' },
    issuedOn: '2026-11-27',
    snapshot: {
      month: '2026-10',
      threshold: 5_000_00,
      ours: { bs: { count: 1, net: 6_000_00 }, ba: { count: 0, net: 0 } },
      reportable: { bs: true, ba: false },
      taxId: '1234567890',
      foreign: [],
      unclassified: 0,
      docs: [
        {
          form: 'bs' as const,
          number: 'SF2026-000901',
          date: '2026-10-05',
          type: 'Satış Faturası',
          net: 6_000_00,
          vat: 1_200_00,
          total: 7_200_00,
          currency: 'TL',
        },
      ],
    },
  };
  return list
    ? {
        label: `babs list ${n}/${c}`,
        make: () => renderPdf([babsDocsPdf(props)], 'BA/BS belge listesi', '27.11.2026 08:00'),
        words: [NAMES[n]!, COMPANIES[c]!, 'SF2026-000901', 'Satış Faturası'],
      }
    : {
        label: `babs letter ${n}/${c}`,
        make: () => renderPdf([babsLetterPdf(props) as PdfPart], 'BA/BS mutabakatı', '27.11.2026 08:00'),
        words: [NAMES[n]!, COMPANIES[c]!, 'Konu: Ekim 2026 dönemi Form Ba / Form Bs mutabakatı', 'VKN/TCKN: 1234567890'],
      };
};

const TITLES: Record<DocKind, string> = { openItems: 'Açık Kalemler Ekstresi', lateInterest: 'Vade Farkı Hesabı', statement: 'Cari Hesap Ekstresi' };
const tahsilat = (kind: DocKind, n: number, c: number): Doc => ({
  label: `tahsilat ${kind} ${n}/${c}`,
  make: () =>
    documentPdf(kind, {
      company: COMPANIES[c]!,
      account: { id: String(5000 + n), name: NAMES[n]! },
      lines,
      docKey: null,
      currencies: ['TL'],
      asOf: '2026-06-30',
      now: new Date('2026-11-27T05:00:00Z'),
    }),
  words: [NAMES[n]!, COMPANIES[c]!, TITLES[kind]],
});

const letters = [
  letter(0, 0, false, false),
  letter(1, 1, true, false),
  letter(2, 0, false, true),
  letter(0, 1, true, true),
  letter(1, 0, false, false),
  letter(2, 1, false, false),
  letter(3, 0, true, false),
  letter(0, 0, false, false),
];
const others = [
  tahsilat('openItems', 0, 0),
  babs(0, 0, false),
  tahsilat('statement', 1, 1),
  babs(1, 1, true),
  tahsilat('lateInterest', 2, 0),
  babs(2, 1, false),
  tahsilat('statement', 2, 1),
  babs(0, 1, true),
  tahsilat('openItems', 3, 1),
  babs(3, 0, false),
];

describe('documents made one after another in one process', () => {
  it('each read back with every letter of their text, in any order', { timeout: 30_000 }, async () => {
    // Accented documents first, then the plain ones, then mixed orders: each document is checked.
    const order = [...letters, ...others, ...[...others].reverse(), ...[...letters].reverse()];
    const missing: string[] = [];
    for (const d of order) {
      const text = pdfText(await d.make());
      for (const w of d.words) if (!text.includes(w)) missing.push(`${d.label}: "${w}" not in "${text.slice(0, 160)}…"`);
    }
    expect(missing).toEqual([]);
  });
});
