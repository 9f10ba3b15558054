// The pages of a document (paginate.ts): rows per A4 page, nakli yekün carried from page to page
// (Σ columns and a running balance), worked out here by hand.
import { PAGE_UNITS, paginate, type DocColumn } from './paginate';

type Row = { no: number; debit: number; balance: number; text: string };
const money = (m: number) => (m / 100).toFixed(2);
const columns: DocColumn<Row>[] = [
  { id: 'no', header: 'No', chars: 60, text: (r) => String(r.no) },
  { id: 'text', header: 'Açıklama', chars: 28, wrap: true, text: (r) => r.text },
  { id: 'debit', header: 'Borç', chars: 15, align: 'end', text: (r) => money(r.debit), carry: { kind: 'sum', value: (r) => r.debit, format: money } },
  { id: 'balance', header: 'Bakiye', chars: 15, align: 'end', text: (r) => money(r.balance), carry: { kind: 'last', value: (r) => r.balance, format: money } },
];
const head = { company: 'Örnek A.Ş.', title: 'Ekstre' };

describe('paginate', () => {
  // Portrait: 56 units less 4 for the head and the carried rows = 52 one-line rows a page.
  const perPage = PAGE_UNITS.portrait - 4;
  const rows: Row[] = Array.from({ length: 120 }, (_, i) => ({ no: i + 1, debit: 100, balance: (i + 1) * 100, text: 'kısa' }));

  it('fills pages with one-line rows; each page carries Σ and the last balance; the last carries nothing', () => {
    const pages = paginate({ head, columns, rows, orientation: 'portrait' });
    // 120 rows: 52 + 52 + 16.
    expect(pages.map((p) => p.rows.length)).toEqual([perPage, perPage, 120 - 2 * perPage]);
    expect(pages[0]!.carriedIn).toBeNull();
    // After 52 rows of 1,00: Σ 52,00, balance 52,00; after 104: 104,00.
    expect(pages[0]!.carriedOut).toEqual({ debit: '52.00', balance: '52.00' });
    expect(pages[1]!.carriedIn).toEqual({ debit: '52.00', balance: '52.00' });
    expect(pages[1]!.carriedOut).toEqual({ debit: '104.00', balance: '104.00' });
    expect(pages[2]!.carriedIn).toEqual(pages[1]!.carriedOut);
    expect(pages[2]!.carriedOut).toBeNull();
    expect(pages.map((p) => p.n)).toEqual([1, 2, 3]);
  });

  it('a long text that wraps takes more lines of its page (fewer rows fit)', () => {
    const long = rows.map((r) => ({ ...r, text: 'x'.repeat(200) })); // 3 lines each (capped)
    const pages = paginate({ head, columns, rows: long, orientation: 'portrait' });
    expect(pages[0]!.rows.length).toBe(Math.floor(perPage / 3));
  });

  it('an unreadable amount makes the carried Σ unknown from there on, said as given', () => {
    const broken = rows.map((r) => (r.no === 10 ? { ...r, debit: Number.NaN } : r));
    const cols = columns.map((c) => (c.id === 'debit' ? { ...c, carry: { kind: 'sum' as const, value: (r: Row) => (Number.isNaN(r.debit) ? null : r.debit), format: money } } : c));
    const pages = paginate({ head, columns: cols, rows: broken, orientation: 'portrait', unknownCarry: 'eksik' });
    expect(pages[0]!.carriedOut!.debit).toBe('eksik');
    expect(pages[1]!.carriedOut!.debit).toBe('eksik');
  });

  it('the grand total gets a line on the last page: a full last page moves its last row over', () => {
    const exact = rows.slice(0, perPage);
    const pages = paginate({ head, columns, rows: exact, orientation: 'portrait', grandTotal: { debit: '52.00' } });
    expect(pages.map((p) => p.rows.length)).toEqual([perPage - 1, 1]);
    // Page 1 carries the 51 rows it printed.
    expect(pages[0]!.carriedOut).toEqual({ debit: '51.00', balance: '51.00' });
  });
});
