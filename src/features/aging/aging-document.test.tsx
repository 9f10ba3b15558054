// The aging list as a document: every bucket and the total carried from page to page as Σ with its
// side ("1.234,56 B" / "A", receivables and payables netted per column like a column total), the
// totals once at the end, and above the table receivables and payables apart. Worked out by hand.
import type { Cell, ErpColumn, ErpTable } from '../../domain/erp-types';
import { agingLayout } from '../../domain/aging-buckets';
import { erpDataColumns, type ErpRow } from '../../components/data-table/erp-columns';
import { paginate } from '../../domain/document/paginate';
import { agingDocument } from './aging-document';

const col = (key: string, kind: ErpColumn['kind'], field?: string): ErpColumn => ({ key, folded: key.toLowerCase(), label: key, kind, field });
const m = (minor: number): Cell => ({ kind: 'number', value: minor / 100, minor, decimals: 2, raw: String(minor / 100) });
/** Kuruş → "1.234,56 B" / "A", written out independently of the app's formatter. */
const side = (minor: number) => {
  const a = Math.abs(minor);
  const text = `${String(Math.floor(a / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(a % 100).padStart(2, '0')}`;
  return minor > 0 ? `${text} B` : minor < 0 ? `${text} A` : text;
};

const columns = [
  col('FIRMA_ADI', 'text', 'company'),
  col('VADESI_GELMEMIS', 'money'),
  col('GUN_0_30', 'money'),
  col('GUN_30_USTU', 'money'),
  col('TOPLAM', 'money', 'total'),
];
// 150 accounts: odd ones borçlu (1.000,00 + i kuruş not yet due, 100,00 in 0–30), even ones alacaklı
// (−500,00 − i kuruş past 30 days). TOPLAM = the row's buckets.
const rows: ErpRow[] = Array.from({ length: 150 }, (_, k) => {
  const i = k + 1;
  const notDue = i % 2 ? 100_000 + i : 0;
  const d30 = i % 2 ? 10_000 : 0;
  const over = i % 2 ? 0 : -(50_000 + i);
  return {
    FIRMA_ADI: { kind: 'text', text: `Firma ${i} Tic. Ltd. Şti.` },
    VADESI_GELMEMIS: m(notDue),
    GUN_0_30: m(d30),
    GUN_30_USTU: m(over),
    TOPLAM: m(notDue + d30 + over),
  };
});
const table: ErpTable = { columns, rows, warnings: 0 };
const layout = agingLayout(columns);
const dataColumns = erpDataColumns(columns, { balances: true, totals: false });
const head = { company: 'Örnek Ticaret A.Ş.', title: 'Yaşlandırma Raporu', asOf: '2026-11-24' as const };

describe('aging list as a document', () => {
  const spec = agingDocument(head, table, layout, dataColumns, rows, ['B', 'A']);
  const pages = paginate(spec);

  it('each page carries Σ of every bucket and of TOPLAM over the rows up to its foot, with its side', () => {
    expect(pages.length).toBeGreaterThan(1);
    let n = 0;
    for (const page of pages.slice(0, -1)) {
      n += page.rows.length;
      // Rows 1..n: odd i ≤ n borçlu, even i ≤ n alacaklı.
      let notDue = 0;
      let d30 = 0;
      let over = 0;
      for (let i = 1; i <= n; i++) {
        if (i % 2) {
          notDue += 100_000 + i;
          d30 += 10_000;
        } else over -= 50_000 + i;
      }
      expect(page.carriedOut).toEqual({ VADESI_GELMEMIS: side(notDue), GUN_0_30: side(d30), GUN_30_USTU: side(over), TOPLAM: side(notDue + d30 + over) });
    }
    for (let p = 1; p < pages.length; p++) expect(pages[p]!.carriedIn).toEqual(pages[p - 1]!.carriedOut);
  });

  it('the totals once: 75 borçlu 75.000,00 + 56,25 not due and 7.500,00 in 0–30; 75 alacaklı 37.500,00 + 57,00 A', () => {
    // Odd 1..149: Σ i = 75² = 5.625 kuruş; even 2..150: Σ i = 75 × 76 = 5.700 kuruş.
    expect(spec.grandTotal).toEqual({ VADESI_GELMEMIS: '75.056,25 B', GUN_0_30: '7.500,00 B', GUN_30_USTU: '37.557,00 A', TOPLAM: '44.999,25 B' });
    // Never one netted figure above the table: receivables and payables apart (0–30 days is past due).
    expect(spec.intro).toEqual([
      'Borçlu (alacaklarımız): 82.556,25 B (75 cari; vadesi geçmiş 7.500,00 B)',
      'Alacaklı (borçlarımız): 37.557,00 A (75 cari; vadesi geçmiş 37.557,00 A)',
    ]);
  });

  it('prints balances as the screen shows them ("1.000,01 B", "500,02 A")', () => {
    const cells = Object.fromEntries(spec.columns.map((c) => [c.id, c.text(rows[0]!)]));
    expect(cells).toMatchObject({ VADESI_GELMEMIS: '1.000,01 B', GUN_0_30: '100,00 B', GUN_30_USTU: '0,00', TOPLAM: '1.100,01 B' });
    expect(spec.columns[1]!.text(rows[1]!)).toBe('0,00');
    expect(spec.columns[3]!.text(rows[1]!)).toBe('500,02 A');
  });
});
