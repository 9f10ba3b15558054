/**
 * Shaped words and font subsets kept between documents (pdf-reuse.ts) change no byte of a letter:
 * letters of different accounts, figures and lengths are made from scratch, then with the kept work
 * (cold, then warm), and must be the same files; the kept work must really be used, and the Turkish
 * text must read back from the PDF.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Statement, StatementLine } from '../../src/domain/erp-types';
import { buildLetter, type LetterInput } from './letter-build';
import { reuseStats, setPdfReuse } from './pdf-reuse';

beforeAll(() => {
  // pdfkit writes the moment of making into each PDF (CreationDate, the file ID): one moment for all.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T05:00:00Z'));
});
afterAll(() => {
  vi.useRealTimers();
  setPdfReuse(true);
});

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
const statement = (lines: StatementLine[]): Statement => ({ lines, extraColumns: [], warnings: 0 });

const company = { title: 'Örnek Ticaret A.Ş.', address: 'İstanbul', taxOffice: 'Kadıköy', taxNo: '1234567890' };
const letters: LetterInput[] = [
  { name: 'Şişli Çağrı Gıda Ürünleri Ltd. Şti.', lines: [line(0, '2026-01-15', 1_234_56, 0), line(1, '2026-02-03', 0, 34_50)], statementLines: false },
  { name: 'Ilgaz Öztürk İnşaat A.Ş.', lines: [line(0, '2026-03-01', 0, 98_765_43)], statementLines: false },
  {
    name: 'Ğüşıöç Deneme Ticaret',
    lines: Array.from({ length: 40 }, (_, i) => line(i, `2026-0${1 + (i % 6)}-1${i % 10}`, i % 2 ? 0 : 10_000 + i * 137, i % 2 ? 5_000 + i * 71 : 0)),
    statementLines: true,
  },
].map((l, i) => ({
  accountId: String(2001 + i),
  account: { name: l.name, province: 'İzmir', district: 'Karşıyaka', currency: null },
  statement: statement(l.lines),
  asOf: '2026-06-30',
  options: { statementLines: l.statementLines, openItems: false, from: null },
  company,
  ttk94Clause: true,
  today: '2026-11-27',
  madeAt: '27.11.2026 08:00',
  at: '2026-11-27T05:00:00.000Z',
}));

const hashes = async () => {
  const out: string[] = [];
  for (const l of letters)
    out.push(
      createHash('sha256')
        .update((await buildLetter(l)).pdf)
        .digest('hex'),
    );
  return out;
};

describe('letters made with the shaped words and subsets kept between documents', () => {
  it('are byte for byte the letters made from scratch, and the kept work is used', { timeout: 60_000 }, async () => {
    setPdfReuse(false);
    const scratch = await hashes();
    expect(new Set(scratch).size).toBe(3);
    setPdfReuse(true);
    const before = { ...reuseStats };
    const cold = await hashes();
    const warm = await hashes();
    expect(cold).toEqual(scratch);
    expect(warm).toEqual(scratch);
    // The second round shapes no word anew and encodes no subset anew.
    expect(reuseStats.runHits).toBeGreaterThan(before.runHits);
    expect(reuseStats.subsetHits - before.subsetHits).toBeGreaterThanOrEqual(3);
  });

  it('keep the Turkish text readable in the PDF', { timeout: 60_000 }, async () => {
    setPdfReuse(true);
    await hashes();
    const pdf = (await buildLetter(letters[2]!)).pdf;
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(pdf), encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Ğüşıöç Deneme Ticaret');
    expect(text).toContain('Örnek Ticaret A.Ş.');
    expect(text).toContain('Karşıyaka');
  });
});
