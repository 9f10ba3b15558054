/**
 * Vade farkı over the real gateway (issues 31 and 35 item 9/5): rates in force each day, a return is
 * not a late payment, KDV on the total, the opening line, "1.000" refused, a TL + USD account.
 * Every figure worked by hand below.
 */
import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerStatement, renderApp } from '../harness';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

const row = (date: string, due: string | null, type: string, borc: number, alacak: number, no: string, extra: object = {}) => ({
  ACTION_DATE: date,
  DUE_DATE: due,
  ACTION_NAME: type,
  BORC: borc,
  ALACAK: alacak,
  BELGE_NO: no,
  ACIKLAMA: '',
  ...extra,
});
const cells = (grid: HTMLElement) =>
  Array.from(grid.querySelectorAll('tbody tr.dt-row'), (tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent));

async function sheet(url: string, rows: object[], count: number) {
  answerStatement(rows);
  const app = await renderApp(url, { loggedIn: true });
  const grid = await screen.findByRole('grid', { name: 'Vade farkı hesap tablosu' });
  await waitFor(() => expect(cells(grid)).toHaveLength(count));
  return { app, grid };
}

describe('vade farkı: the rate in force on each late day', () => {
  // 50.000,00 due 15.05.2024, paid 15.07.2024: late 16.05–31.05 = 16 days at 9 %, 01.06–15.07 = 45 days at 24 %.
  // 50.000 × (16 × 0,09 + 45 × 0,24) / 365 = 50.000 × 12,24 / 365 = 1.676,71; KDV 335,342 → 335,34; total 2.012,05.
  const LATE = [row('2024-04-15', '2024-05-15', 'Satış Faturası', 50000, 0, 'SF1'), row('2024-07-15', null, 'Tahsilat', 0, 50000, 'T1')];

  it('?rate=kanuni: 16 days at 9 % + 45 days at 24 % = 1.676,71', async () => {
    const { grid } = await sheet('/accounts/1003/vade-farki?asOf=2024-12-31&rate=kanuni', LATE, 1);
    expect(cells(grid)[0]!.slice(6)).toEqual(['50.000,00', '61', '%9 × 16 gün + %24 × 45 gün', '1.676,71']);
    expect(screen.getByTestId('late-interest-summary')).toHaveTextContent('Vade farkı 1.676,71 TL · KDV (%20) 335,34 TL · Genel toplam 2.012,05 TL');
  });

  it('a number stays a fixed rate: ?rate=9 → 50.000 × 0,09 × 61 / 365 = 752,05', async () => {
    const { grid } = await sheet('/accounts/1003/vade-farki?asOf=2024-12-31&rate=9&period=annual', LATE, 1);
    expect(cells(grid)[0]!.slice(8)).toEqual(['%9 × 61 gün', '752,05']);
  });

  it('?rate=ttk1530 across a calendar year names the minimum collection cost, not added', async () => {
    // 100.000,00 due 15.12.2025 paid 15.01.2026: 16 days at 53,25 % + 15 days at 43 % → 100.000 × 14,97 / 365 = 4.101,37
    const { grid } = await sheet(
      '/accounts/1003/vade-farki?asOf=2026-03-31&rate=ttk1530',
      [row('2025-11-15', '2025-12-15', 'Satış Faturası', 100000, 0, 'SF1'), row('2026-01-15', null, 'Tahsilat', 0, 100000, 'T1')],
      1,
    );
    expect(cells(grid)[0]!.slice(8)).toEqual(['%53,25 × 16 gün + %43 × 15 gün', '4.101,37']);
    // 2025's cost is unconfirmed (the reports of the 02.01.2026 Tebliğ say 1.450 and 1.475 TL): said beside it
    expect(
      screen.getByText(/asgari giderim tutarı isteyebilir: 2025: 1\.450,00 TL \(Resmî Gazete metninden doğrulanmadı\), 2026: 2\.020,00 TL\./),
    ).toBeInTheDocument();
  });

  it('"1.000" is a thousand in Turkish: refused by name, in the link too, with no result left on screen', async () => {
    answerStatement(LATE);
    await renderApp('/accounts/1003/vade-farki?asOf=2024-12-31&rate=1.000', { loggedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('“1.000” Türkçede binlik ayraçlı bir sayıdır (1.000 = bin), oran olamaz');
    expect(screen.queryByTestId('late-interest-summary')).toBeNull();
    expect(screen.getByRole('button', { name: 'PDF indir' })).toBeDisabled();
    // the empty table does not claim "no vade farkı": it says why nothing is shown
    const grid = await screen.findByRole('grid', { name: 'Vade farkı hesap tablosu' });
    await waitFor(() => expect(grid.closest('.dt')!.textContent).toContain('Hesap gösterilmiyor: önce oranı düzeltin.'));
    expect(grid.closest('.dt')!.textContent).not.toContain('vade farkı doğmadı');
  });

  it('typed "1.000" after a good result: the error, and the old figures gone', async () => {
    const { app } = await sheet('/accounts/1003/vade-farki?asOf=2024-12-31&rate=3&period=monthly', LATE, 1);
    expect(screen.getByTestId('late-interest-summary')).toBeInTheDocument();
    const box = screen.getByLabelText('Faiz oranı (%)');
    await app.user.clear(box);
    await app.user.type(box, '1.000');
    await app.user.click(screen.getByRole('button', { name: 'Hesapla' }));
    expect(screen.getByRole('alert')).toHaveTextContent('binlik ayraçlı');
    expect(screen.queryByTestId('late-interest-summary')).toBeNull();
    expect(screen.queryByTestId('late-interest-total')).toBeNull();
  });
});

describe('vade farkı: what is not a late payment', () => {
  it('a return after the due date reduces the invoice: 2 % a month → 1.500 × 0,02 / 30 × 30 = 30,00 (not 33,33)', async () => {
    // Invoice 2.000,00 due 28.02.2026; sales return 500,00 on 10.03; payment 1.500,00 on 30.03 (28.02 → 30.03 = 30 days).
    const { grid } = await sheet(
      '/accounts/1003/vade-farki?asOf=2026-03-31&rate=2&period=monthly',
      [
        row('2026-01-29', '2026-02-28', 'Satış Faturası', 2000, 0, 'SF1'),
        row('2026-03-10', null, 'Satış İade Faturası', 0, 500, 'IA1'),
        row('2026-03-30', null, 'Tahsilat', 0, 1500, 'T1'),
      ],
      1,
    );
    expect(cells(grid)[0]!.slice(3)).toEqual(['28.02.2026', '30.03.2026', 'Kapandı', '1.500,00', '30', '%2 × 30 gün', '30,00']);
    expect(screen.getByTestId('late-interest-total')).toHaveTextContent('30,00');
  });

  it('KDV on the total: 29.684,12 × 20 % = 5.936,82 (not the rows’ 5.936,84)', async () => {
    // Four invoices of 742.103,00 open 30 days (01.03 → 31.03) at 1 % a month: 7.421,03 each, Σ 29.684,12.
    const rows = [1, 2, 3, 4].map((i) => row('2026-01-01', '2026-03-01', 'Satış Faturası', 742103, 0, `SF${i}`));
    await sheet('/accounts/1003/vade-farki?asOf=2026-03-31&rate=1&period=monthly', rows, 4);
    expect(screen.getByTestId('late-interest-summary')).toHaveTextContent('Vade farkı 29.684,12 TL · KDV (%20) 5.936,82 TL · Genel toplam 35.620,94 TL');
  });

  it('an opening-balance line is left out by default and said; the switch takes it in', async () => {
    // Açılış Fişi 1.000,00 on 01.01.2026; invoice 2.000,00 due 31.01; as of 02.03.2026 at 3 % a month:
    // invoice 31.01 → 02.03 = 30 days → 60,00; the opening line 01.01 → 02.03 = 60 days → 60,00 more when taken in.
    const { app, grid } = await sheet(
      '/accounts/1003/vade-farki?asOf=2026-03-02&rate=3&period=monthly',
      [row('2026-01-01', null, 'Açılış Fişi', 1000, 0, 'AF0'), row('2026-01-01', '2026-01-31', 'Satış Faturası', 2000, 0, 'SF1')],
      1,
    );
    expect(
      screen.getByText(
        'Açılış fişi (1 kalem, 1.000,00 TL) vade farkına katılmadı: gerçek bir vade tarihi yok. Katmak için “Açılış fişini dahil et”i işaretleyin.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('late-interest-total')).toHaveTextContent('60,00');
    await app.user.click(screen.getByRole('checkbox', { name: 'Açılış fişini dahil et' }));
    await waitFor(() => expect(cells(grid)).toHaveLength(2));
    expect(screen.getByTestId('late-interest-total')).toHaveTextContent('120,00');
  });
});

describe('a TL + USD account: every currency, each of its own lines', () => {
  // TL invoice 10.000,00 due 31.01.2026, open; USD invoice 1.000,00 USD (TL 35.000,00) due 31.01.2026, open.
  // As of 02.03.2026 (30 days late) at 3 % a month: TL 10.000 × 0,03 = 300,00 (KDV 60,00, total 360,00);
  // USD 1.000 × 0,03 = 30,00 USD (KDV 6,00, total 36,00 USD). The USD invoice is never charged in TL too.
  const MIXED = [
    row('2026-01-01', '2026-01-31', 'Satış Faturası', 10000, 0, 'SF1', { OTHER_MONEY: 'TL', OTHER_CASH_ACT_VALUE: 10000 }),
    row('2026-01-01', '2026-01-31', 'Satış Faturası', 35000, 0, 'SF2', { OTHER_MONEY: 'USD', OTHER_CASH_ACT_VALUE: 1000 }),
  ];

  it('vade farkı opens in TL and states the USD figure beside it, never added', async () => {
    const { grid } = await sheet('/accounts/1003/vade-farki?asOf=2026-03-02&rate=3&period=monthly', MIXED, 1);
    expect(cells(grid)[0]!.slice(2, 3)).toEqual(['SF1']);
    expect(screen.getByTestId('late-interest-summary')).toHaveTextContent('Vade farkı 300,00 TL · KDV (%20) 60,00 TL · Genel toplam 360,00 TL');
    expect(screen.getByTestId('late-interest-others')).toHaveTextContent('USD: 30,00 + KDV 6,00 = 36,00 USD');
  });

  it('açık kalemler: the TL item in TL, the USD one beside it in USD', async () => {
    answerStatement(MIXED);
    await renderApp('/accounts/1003/acik-kalemler?asOf=2026-03-02', { loggedIn: true });
    const grid = await screen.findByRole('grid', { name: 'Açık kalemler' });
    await waitFor(() => expect(cells(grid)).toHaveLength(1));
    expect(cells(grid)[0]![3]).toBe('SF1');
    expect(screen.getByTestId('open-items-total')).toHaveTextContent('10.000,00 B');
    expect(screen.getByTestId('open-items-others')).toHaveTextContent('USD: açık 1.000,00 USD B, vadesi geçmiş 1.000,00 USD B (1 kalem)');
  });
});
