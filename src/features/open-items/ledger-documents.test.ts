// Open items and vade farkı as documents (print and "PDF indir"): what each page carries to the next
// (nakli yekün) is the Σ of the rows printed up to it, the grand total is once, at the end — figures
// added up here in kuruş and written out by hand.
import { paginate } from '../../domain/document/paginate';
import { openItemsColumns, openItemsDocument, type OpenRow } from './open-items-document';
import { lateInterestColumns, lateInterestDocument, type SheetRow } from './late-interest-document';

/** Kuruş → "1.234,56", written out independently of the app's formatter. */
const tr = (minor: number) => {
  const lira = String(Math.floor(minor / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${lira},${String(minor % 100).padStart(2, '0')}`;
};
const head = {
  company: 'Örnek Ticaret A.Ş.',
  title: 'Açık Kalemler Ekstresi',
  account: { id: '1003', name: 'Kuruşçu Kırtasiye Ltd. Şti.' },
  asOf: '2026-12-31' as const,
};

describe('open items as a document', () => {
  // 80 open invoices: tutar 1.000,00 + i kuruş, açık kalan 500,00 + i kuruş.
  const rows: OpenRow[] = Array.from({ length: 80 }, (_, k) => {
    const i = k + 1;
    return {
      index: i,
      date: '2026-01-05',
      dueDate: '2026-02-04',
      type: 'Satış Faturası',
      documentNo: `SF2026${String(i).padStart(6, '0')}`,
      amount: 100_000 + i,
      remaining: 50_000 + i,
      days: 300 - i,
      bucket: '120 Gün Üstü',
    };
  });
  const spec = openItemsDocument(head, openItemsColumns('TL'), rows, {
    side: 'Bakiye borç tarafında.',
    openTotal: '40.032,40 B',
    overdue: '40.032,40 B',
    overdueCount: 80,
    basis: 'Vade tarihi',
    currency: 'TL',
  });
  const pages = paginate(spec);

  it('more than one page; each carries Σ tutar and Σ açık kalan of the rows up to its foot', () => {
    expect(pages.length).toBe(2);
    const k = pages[0]!.rows.length;
    expect(k).toBeGreaterThan(40);
    // Σ of rows 1..k: k × 1.000,00 + k(k + 1)/2 kuruş; açık kalan k × 500,00 + the same.
    const tri = (k * (k + 1)) / 2;
    expect(pages[0]!.carriedOut).toEqual({ amount: tr(100_000 * k + tri), remaining: tr(50_000 * k + tri) });
    expect(pages[1]!.carriedIn).toEqual(pages[0]!.carriedOut);
    expect(pages[1]!.carriedOut).toBeNull();
    expect(pages[0]!.rows.length + pages[1]!.rows.length).toBe(80);
  });

  it('the grand total once: Σ tutar 80.032,40 (80 × 1.000,00 + 32,40) and Σ açık kalan 40.032,40 — the open total', () => {
    // 1 + … + 80 = 3.240 kuruş = 32,40.
    expect(spec.grandTotal).toEqual({ amount: '80.032,40', remaining: '40.032,40' });
    expect(spec.intro).toContain('Açık kalemler toplamı: 40.032,40 B');
    expect(spec.intro).toContain('Vadesi geçmiş: 40.032,40 B (80 kalem)');
  });

  it('fits A4 portrait: the page head says the account and the date', () => {
    expect(spec.orientation).toBe('portrait');
    expect(spec.head.account).toEqual({ id: '1003', name: 'Kuruşçu Kırtasiye Ltd. Şti.' });
  });
});

describe('vade farkı as a document', () => {
  // 130 sheet rows: vade farkı 12,34 + i kuruş; KDV once on the total.
  const rows: SheetRow[] = Array.from({ length: 130 }, (_, k) => {
    const i = k + 1;
    return {
      key: String(i),
      date: '2026-01-05',
      type: 'Satış Faturası',
      documentNo: `SF${i}`,
      from: '2026-02-04',
      to: '2026-12-31',
      kind: 'Açık',
      amount: 100_000,
      days: 330,
      rate: '%9 × 330 gün',
      interest: 1_234 + i,
    };
  });
  const totalInterest = 130 * 1_234 + (130 * 131) / 2; // 160.420 + 8.515 = 168.935 kuruş
  const totalVat = 33_787; // 1.689,35 × 20 % = 337,87
  const spec = lateInterestDocument({ ...head, title: 'Vade Farkı Hesabı' }, lateInterestColumns('TL'), rows, {
    side: 'Bakiye borç tarafında.',
    rate: '%9',
    period: 'Yıllık (365 gün)',
    vat: '20',
    currency: 'TL',
    totalInterest,
    totalVat,
  });
  const pages = paginate(spec);

  it('each page carries Σ vade farkı of the rows up to its foot; the next starts with it', () => {
    expect(pages.length).toBeGreaterThan(2);
    let n = 0;
    for (const page of pages.slice(0, -1)) {
      n += page.rows.length;
      const tri = (n * (n + 1)) / 2;
      expect(page.carriedOut).toEqual({ interest: tr(1_234 * n + tri) });
    }
    for (let p = 1; p < pages.length; p++) expect(pages[p]!.carriedIn).toEqual(pages[p - 1]!.carriedOut);
  });

  it('the total once at the end: 1.689,35 vade farkı; above the table with KDV on the total: 1.689,35 + 337,87 = 2.027,22', () => {
    expect(spec.grandTotal).toEqual({ interest: '1.689,35' });
    expect(spec.intro).toContain('Vade farkı 1.689,35 TL + KDV 337,87 TL = 2.027,22 TL');
  });
});

describe('the other currencies on paper (issue 31)', () => {
  it('open items and vade farkı print the account’s other currencies beside the table’s, never added', () => {
    const others = 'Diğer para birimleri (ayrı ayrı, toplanmaz): USD: açık 1.000,00 USD B, vadesi geçmiş 1.000,00 USD B (1 kalem)';
    const oi = openItemsDocument(head, openItemsColumns('TL'), [], {
      side: 'x',
      openTotal: '10.000,00 B',
      overdue: '10.000,00 B',
      overdueCount: 1,
      basis: 'Vade tarihi',
      currency: 'TL',
      others,
    });
    expect(oi.intro).toContain(others);
    const li = lateInterestDocument({ ...head, title: 'Vade Farkı Hesabı' }, lateInterestColumns('TL'), [], {
      side: 'x',
      rate: '%3',
      period: 'Aylık (30 gün)',
      vat: '20',
      currency: 'TL',
      totalInterest: 30000,
      totalVat: 6000,
      notes: ['Diğer para birimleri (ayrı ayrı, toplanmaz): USD: 30,00 + KDV 6,00 = 36,00 USD'],
    });
    expect(li.intro).toContain('Diğer para birimleri (ayrı ayrı, toplanmaz): USD: 30,00 + KDV 6,00 = 36,00 USD');
    expect(li.intro).toContain('Vade farkı 300,00 TL + KDV 60,00 TL = 360,00 TL');
  });
});

describe('what the TL figure is, on paper (issue 31, docs/decisions/0006-tl-figure.md)', () => {
  it('a TL + USD account: the open-items document says its TL is the TL-written documents only; a TL-only account says nothing', async () => {
    const { tlBasisText } = await import('../../components/statement/tl-basis-note');
    const note = tlBasisText('own', ['USD'])!;
    expect(note).toMatch(/^TL tutarlar yalnız TL yazılmış belgelerdir; USD belgeler kendi para biriminde ayrıca gösterilir, toplanmaz\./);
    const spec = openItemsDocument(head, openItemsColumns('TL'), [], {
      side: 'Bakiye borç tarafında.',
      openTotal: '8.000,00 B',
      overdue: '6.000,00 B',
      overdueCount: 1,
      basis: 'Vade tarihi',
      currency: 'TL',
      others: note,
    });
    expect(spec.intro).toContain(note);
    expect(tlBasisText('own', [])).toBeNull();
    expect(tlBasisText('equivalent', ['USD', 'EUR'])).toContain('tüm hareketlerin TL karşılığıdır (USD, EUR hareketler dahil');
  });
});
