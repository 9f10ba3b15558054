// The pages of a document (paginate.ts): rows per A4 page from the print's measures, nakli yekün
// carried from page to page (Σ columns and a running balance), worked out here by hand.
import { formatMoney } from '../../domain/format';
import { paginate, wrappedLines, type DocColumn } from '../../domain/document/paginate';

type Row = { no: number; debit: number; balance: number; text: string };
const money = (m: number) => (m / 100).toFixed(2);
const columns: DocColumn<Row>[] = [
  { id: 'no', header: 'No', chars: 60, text: (r) => String(r.no) },
  { id: 'text', header: 'Açıklama', chars: 28, wrap: true, text: (r) => r.text },
  { id: 'debit', header: 'Borç', chars: 15, align: 'end', text: (r) => money(r.debit), carry: { kind: 'sum', value: (r) => r.debit, format: money } },
  { id: 'balance', header: 'Bakiye', chars: 15, align: 'end', text: (r) => money(r.balance), carry: { kind: 'last', value: (r) => r.balance, format: money } },
];
const head = { company: 'Örnek A.Ş.', title: 'Ekstre' };
// Row i borç 10,00 + i kuruş; the balance is the running Σ.
const rows: Row[] = [];
for (let i = 1, bal = 0; i <= 120; i++) {
  bal += 1000 + i;
  rows.push({ no: i, debit: 1000 + i, balance: bal, text: 'kısa' });
}

// The page by hand (points; print-document.css sets the same): A4 portrait less 10 mm margins 785,1;
// head 24 + one middle line 10 + 3 = 37 and 4 below it; column headers one line 10 + 3,75; the foot
// row (carried out, or the grand total with its 0,75 thicker rule) 10 + 2,75 + 0,75 = 13,5; 5 kept free:
// 785,1 − 37 − 4 − 13,75 − 13,5 − 5 = 711,85 for rows of 12,75 → 55 on page 1; pages 2+ also hold
// the carried-in row (12,75): 699,1 → 54.
describe('paginate', () => {
  it('fills pages with one-line rows (55, 54, …); each page carries Σ borç and the last balance; the last carries nothing', () => {
    const pages = paginate({ head, columns, rows, orientation: 'portrait' });
    expect(pages.map((p) => p.rows.length)).toEqual([55, 54, 11]);
    expect(pages[0]!.carriedIn).toBeNull();
    // Σ of rows 1..55: 55 × 10,00 + (1 + … + 55) kuruş = 550,00 + 15,40 = 565,40.
    expect(pages[0]!.carriedOut).toEqual({ debit: '565.40', balance: '565.40' });
    expect(pages[1]!.carriedIn).toEqual({ debit: '565.40', balance: '565.40' });
    // Rows 1..109: 1.090,00 + 109 × 110 / 2 = 59,95 kuruş → 1.149,95.
    expect(pages[1]!.carriedOut).toEqual({ debit: '1149.95', balance: '1149.95' });
    expect(pages[2]!.carriedIn).toEqual(pages[1]!.carriedOut);
    expect(pages[2]!.carriedOut).toBeNull();
    expect(pages.map((p) => p.n)).toEqual([1, 2, 3]);
  });

  it('a carried Σ that passed 2^53 kuruş says "Tutar çok büyük", never a rounded figure that looks right', () => {
    // 2^53 − 1 = 9.007.199.254.740.991 kuruş, + 2, − 10 (a bucket's A amount): the true Σ 9.007.199.254.740.983
    // went past what a number holds; a float sum rounds the + 2 away to …992 and then shows …982 as if exact.
    const big = [Number.MAX_SAFE_INTEGER, 2, -10].map((debit, i) => ({ no: i + 1, debit, balance: 0, text: 'kısa' }));
    const cols = columns.map((c) => (c.id === 'debit' ? { ...c, carry: { kind: 'sum' as const, value: (r: Row) => r.debit, format: formatMoney } } : c));
    const pages = paginate({ head, columns: cols, rows: [...big, ...rows.slice(0, 60).map((r) => ({ ...r, debit: 0 }))], orientation: 'portrait' });
    expect(pages[0]!.carriedOut!.debit).toBe('Tutar çok büyük');
  });

  it('a page exactly full still has room for its grand total; one row more starts a page', () => {
    const full = paginate({ head, columns, rows: rows.slice(0, 55), orientation: 'portrait', grandTotal: { debit: '565.40' } });
    expect(full.map((p) => p.rows.length)).toEqual([55]);
    const over = paginate({ head, columns, rows: rows.slice(0, 56), orientation: 'portrait', grandTotal: { debit: '576.96' } });
    expect(over.map((p) => p.rows.length)).toEqual([55, 1]);
    expect(over[0]!.carriedOut).toEqual({ debit: '565.40', balance: '565.40' });
  });

  it('a long text that wraps takes more lines of its page (fewer rows fit)', () => {
    // Açıklama: 28 of the line's 118 characters = 127,79 pt, less 5,67 pt padding = 122,12 pt. 200 × "x"
    // (DejaVu Sans 0,592 em × 8 pt = 4,736 pt) = 947,2 pt: one word broken anywhere → 8 lines, a row of
    // 8 × 10 + 2,75 = 82,75 pt: 711,85 / 82,75 → 8 rows on page 1.
    const long = rows.map((r) => ({ ...r, text: 'x'.repeat(200) }));
    const pages = paginate({ head, columns, rows: long, orientation: 'portrait' });
    expect(pages[0]!.rows.length).toBe(8);
  });

  it('words wrap where the next one no longer fits', () => {
    // "aaaa" = 4 × 0,613 em × 8 pt = 19,616 pt; a space 2,544 pt: two words 41,776 pt.
    expect(wrappedLines('aaaa aaaa', 42)).toBe(1);
    expect(wrappedLines('aaaa aaaa', 41.7)).toBe(2);
    expect(wrappedLines('aaaa aaaa aaaa', 41.7)).toBe(3);
  });

  it('an unreadable amount makes the carried Σ unknown from there on, said as given', () => {
    const broken = rows.map((r) => (r.no === 10 ? { ...r, debit: Number.NaN } : r));
    const cols = columns.map((c) =>
      c.id === 'debit' ? { ...c, carry: { kind: 'sum' as const, value: (r: Row) => (Number.isNaN(r.debit) ? null : r.debit), format: money } } : c,
    );
    const pages = paginate({ head, columns: cols, rows: broken, orientation: 'portrait', unknownCarry: 'eksik' });
    expect(pages[0]!.carriedOut!.debit).toBe('eksik');
    expect(pages[1]!.carriedOut!.debit).toBe('eksik');
  });
});
