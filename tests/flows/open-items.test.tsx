/**
 * "Açık kalemler" and "Vade farkı" pages over the real gateway with hand-made statements (WEX
 * shape); every figure worked out by hand below.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { answerStatement, mswServer, renderApp } from '../harness';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

// A supplier: their invoices (alacak) 10.000,00 on 10.01.2026 due 09.02.2026 and 5.000,00 on
// 15.02 due 17.03; our payments (borç) 4.000,00 on 20.02 and 3.000,00 on 10.03.
// As of 31.03.2026: 8.000,00 A open: 3.000,00 of the first (09.02 → 31.03 = 50 days, 31-60 Gün) and
// the second 5.000,00 (17.03 → 31.03 = 14 days, 0-30 Gün); both overdue.
const SUPPLIER = [
  { ACTION_DATE: '2026-01-10', DUE_DATE: '2026-02-09', ACTION_NAME: 'Alış Faturası', BORC: 0, ALACAK: 10000, BELGE_NO: 'AF1', ACIKLAMA: '' },
  { ACTION_DATE: '2026-02-15', DUE_DATE: '2026-03-17', ACTION_NAME: 'Alış Faturası', BORC: 0, ALACAK: 5000, BELGE_NO: 'AF2', ACIKLAMA: '' },
  { ACTION_DATE: '2026-02-20', DUE_DATE: null, ACTION_NAME: 'Ödeme', BORC: 4000, ALACAK: 0, BELGE_NO: 'OD1', ACIKLAMA: '' },
  { ACTION_DATE: '2026-03-10', DUE_DATE: null, ACTION_NAME: 'Ödeme', BORC: 3000, ALACAK: 0, BELGE_NO: 'OD2', ACIKLAMA: '' },
];
// A customer: invoice 10.000,00 on 01.01.2026 due 31.01.2026; payment 4.000,00 on 02.03.2026.
const CUSTOMER = [
  { ACTION_DATE: '2026-01-01', DUE_DATE: '2026-01-31', ACTION_NAME: 'Satış Faturası', BORC: 10000, ALACAK: 0, BELGE_NO: 'SF1', ACIKLAMA: '' },
  { ACTION_DATE: '2026-03-02', DUE_DATE: null, ACTION_NAME: 'Tahsilat', BORC: 0, ALACAK: 4000, BELGE_NO: 'T1', ACIKLAMA: '' },
];
const cells = (grid: HTMLElement) =>
  Array.from(grid.querySelectorAll('tbody tr.dt-row'), (tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent));

/** The supplier's open items as of `asOf`, once both rows are in: the grid and each row's cells. */
async function supplierOpenItems(asOf: string) {
  answerStatement(SUPPLIER);
  await renderApp(`/accounts/1003/acik-kalemler?asOf=${asOf}`, { loggedIn: true });
  const grid = await screen.findByRole('grid', { name: 'Açık kalemler' });
  await waitFor(() => expect(cells(grid)).toHaveLength(2));
  return { grid, rows: cells(grid) };
}
/** Belge No, Açık kalan, Vadeyi geçen gün, Dilim. */
const docRemainingDaysBucket = (r: (string | null)[]) => [r[3], r[5], r[6], r[7]];

describe('Açık kalemler (open-items statement)', () => {
  it('a supplier with partial payments: only what is open, remaining amount, days past due and bucket', async () => {
    const { grid, rows } = await supplierOpenItems('2026-03-31');
    expect(rows).toEqual([
      ['10.01.2026', '09.02.2026', 'Alış Faturası', 'AF1', '10.000,00', '3.000,00', '50', '31-60 Gün'],
      ['15.02.2026', '17.03.2026', 'Alış Faturası', 'AF2', '5.000,00', '5.000,00', '14', '0-30 Gün'],
    ]);
    expect(screen.getByTestId('open-items-total')).toHaveTextContent('8.000,00 A');
    expect(screen.getByTestId('open-items-overdue')).toHaveTextContent('8.000,00 A (2 kalem)');
    expect(screen.getByTestId('open-items-side')).toHaveTextContent('alacak tarafında');
    // Excel/CSV through the one table: the export buttons are there.
    expect(within(grid.closest<HTMLElement>('.dt')!).getByRole('button', { name: /CSV/ })).toBeInTheDocument();
  });

  it('as of an earlier date: the later payment is not in, the item due on that date is not yet due', async () => {
    // As of 17.03.2026: payments 7.000,00 close 7.000,00 of AF1 → 3.000,00 open, 36 days (09.02 → 17.03);
    // AF2 is due on the as-of date itself: 0 days, Vadesi Gelmemiş.
    const { rows } = await supplierOpenItems('2026-03-17');
    expect(rows.map(docRemainingDaysBucket)).toEqual([
      ['AF1', '3.000,00', '36', '31-60 Gün'],
      ['AF2', '5.000,00', 'vadesi bugün', 'Vadesi Gelmemiş'],
    ]);
    expect(screen.getByTestId('open-items-overdue')).toHaveTextContent('3.000,00 A (1 kalem)');
  });

  it('an item not yet due shows the days left, never negative overdue days', async () => {
    // As of 01.03.2026: the 4.000,00 payment of 20.02 closes 4.000,00 of AF1 → 6.000,00 open, due
    // 09.02 → 01.03 = 20 days past due; AF2 due 17.03: 01.03 → 17.03 = 16 days still to go (the old
    // page showed "-16" under "Vadeyi geçen gün").
    const { grid, rows } = await supplierOpenItems('2026-03-01');
    expect(rows.map(docRemainingDaysBucket)).toEqual([
      ['AF1', '6.000,00', '20', '0-30 Gün'],
      ['AF2', '5.000,00', '16 gün var', 'Vadesi Gelmemiş'],
    ]);
    expect(grid.textContent).not.toMatch(/-\s*16|−\s*16/);
  });
});

describe('the account name on a deep link (before any account list)', () => {
  // get_cari never answers: whatever name the page shows comes from elsewhere.
  const listNeverAnswers = () => mswServer.use(http.post('*/api/erp/get_cari', () => new Promise<Response>(() => {})));

  it("open items: from the user's recent accounts (kept in the browser)", async () => {
    listNeverAnswers();
    answerStatement(SUPPLIER);
    localStorage.setItem('cari-ekran.account-shortcuts.v1', JSON.stringify({ pinned: [], recent: [{ id: '1003', name: 'Isparta Gül Yağı San. A.Ş.' }] }));
    await renderApp('/accounts/1003/acik-kalemler?asOf=2026-03-31', { loggedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Isparta Gül Yağı San. A.Ş. — açık kalemler' })).toBeInTheDocument();
  });

  it('vade farkı: from the statement answer when the ERP writes the company name on its lines', async () => {
    listNeverAnswers();
    answerStatement(CUSTOMER.map((r) => ({ ...r, FIRMA_ADI: 'Ege Tarım Ürünleri Ltd. Şti.' })));
    await renderApp('/accounts/1003/vade-farki?asOf=2026-03-31&rate=3&period=monthly', { loggedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ege Tarım Ürünleri Ltd. Şti. — vade farkı hesabı' })).toBeInTheDocument();
  });
});

describe('Vade farkı', () => {
  it('monthly 3 %: the paid part up to its payment day, the open part up to the as-of date; KDV 20 %', async () => {
    // 4.000,00 × 30 days (31.01 → 02.03) × 3 % / 30 = 120,00 (KDV 24,00)
    // 6.000,00 × 59 days (31.01 → 31.03) × 3 % / 30 = 354,00 (KDV 70,80); total 474,00 + 94,80 = 568,80
    answerStatement(CUSTOMER);
    await renderApp('/accounts/1003/vade-farki?asOf=2026-03-31&rate=3&period=monthly', { loggedIn: true });
    const grid = await screen.findByRole('grid', { name: 'Vade farkı hesap tablosu' });
    await waitFor(() => expect(cells(grid)).toHaveLength(2));
    expect(cells(grid)).toEqual([
      ['01.01.2026', 'Satış Faturası', 'SF1', '31.01.2026', '02.03.2026', 'Kapandı', '4.000,00', '30', '%3 × 30 gün', '120,00'],
      ['01.01.2026', 'Satış Faturası', 'SF1', '31.01.2026', '31.03.2026', 'Açık', '6.000,00', '59', '%3 × 59 gün', '354,00'],
    ]);
    expect(screen.getByTestId('late-interest-summary')).toHaveTextContent('Vade farkı 474,00 TL · KDV (%20) 94,80 TL · Genel toplam 568,80 TL');
    expect(screen.getByTestId('late-interest-total')).toHaveTextContent('474,00');
  });

  it('the legal default is kanuni faiz at the rate in force (24 % a year in 2026); a bad rate is refused in Turkish and the old result goes', async () => {
    // 4.000,00 × 30 × 24 % / 365 = 78,904… → 78,90; 6.000,00 × 59 × 24 % / 365 = 232,767… → 232,77 → 311,67
    // KDV on the total: 311,67 × 20 % = 62,334 → 62,33; total 374,00
    answerStatement(CUSTOMER);
    const app = await renderApp('/accounts/1003/vade-farki?asOf=2026-03-31', { loggedIn: true });
    expect(
      await screen.findByText(/kanuni faiz, her gecikme günü o gün yürürlükte olan oranla — yıllık %9, 01\.06\.2024’ten itibaren yıllık %24/),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('late-interest-summary')).toHaveTextContent(
        'Oran: kanuni faiz (gün gün yürürlükteki oran) · Vade farkı 311,67 TL · KDV (%20) 62,33 TL · Genel toplam 374,00 TL',
      ),
    );
    await app.user.selectOptions(screen.getByLabelText('Faiz'), 'fixed');
    const box = screen.getByLabelText('Faiz oranı (%)');
    await app.user.clear(box);
    await app.user.type(box, 'üç');
    await app.user.click(screen.getByRole('button', { name: 'Hesapla' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Oran okunamadı');
    // the figures no longer describe what was typed: not on screen, not printable
    expect(screen.queryByTestId('late-interest-summary')).toBeNull();
    expect(screen.getByRole('button', { name: 'PDF indir' })).toBeDisabled();
  });
});
