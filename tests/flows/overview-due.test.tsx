/**
 * Özet's "falling due this week / this month" over the real gateway, with a hand-made aging and
 * hand-made statements (WEX shape); every figure worked out by hand below. Today is fixed to
 * Wednesday 18.11.2026: the (Monday-first) week is 16.11–22.11, the month ends 30.11.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mswServer, renderApp } from '../harness';
import { statementQueries } from '../../src/api/statement';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

const line = (date: string, due: string | null, name: string, borc: number, alacak: number, doc: string, extra: object = {}) => ({
  ACTION_DATE: date,
  DUE_DATE: due,
  ACTION_NAME: name,
  BORC: borc,
  ALACAK: alacak,
  BELGE_NO: doc,
  ACIKLAMA: '',
  ...extra,
});
const STATEMENTS: Record<string, object[]> = {
  // A customer: the 1.600,00 payment closes SF1 (1.000,00, overdue since 10.11) and 600,00 of SF2.
  '1001': [
    line('2026-10-01', '2026-11-10', 'Satış Faturası', 1000, 0, 'SF1'),
    line('2026-10-15', '2026-11-18', 'Satış Faturası', 2000, 0, 'SF2'), // due today: 1.400,00 left
    line('2026-10-20', '2026-11-22', 'Satış Faturası', 500, 0, 'SF3'), // Sunday, the week's last day
    line('2026-10-25', '2026-11-23', 'Satış Faturası', 750, 0, 'SF4'), // next Monday: this month only
    line('2026-10-30', '2026-11-30', 'Satış Faturası', 300, 0, 'SF5'), // the month's last day
    line('2026-11-01', '2026-12-01', 'Satış Faturası', 400, 0, 'SF6'), // December: out
    line('2026-11-05', null, 'Tahsilat', 0, 1600, 'T1'),
  ],
  // A supplier: our 2.000,00 payment leaves 3.000,00 of AF1, due Friday 20.11.
  '1008': [
    line('2026-10-01', '2026-11-20', 'Alış Faturası', 0, 5000, 'AF1'),
    line('2026-11-10', '2026-12-10', 'Alış Faturası', 0, 3000, 'AF2'),
    line('2026-11-12', null, 'Ödeme', 2000, 0, 'OD1'),
  ],
  // A USD supplier: 1.250,00 USD due 25.11 (this month, not this week), in USD, never in TL.
  '1020': [
    line('2026-01-01', '2026-01-01', 'Açılış Fişi', 0, 10000, 'ACL1', { OTHER_MONEY: 'TL', OTHER_CASH_ACT_VALUE: 10000 }),
    line('2026-11-05', '2026-11-25', 'Alış Faturası', 0, 43000, 'AFU1', { OTHER_MONEY: 'USD', OTHER_CASH_ACT_VALUE: 1250 }),
  ],
};
const agingRow = (id: string, name: string, notDue: number, d0_30: number, total: number) => ({
  COMPANY_ID: id,
  FULLNAME: name,
  VADESI_GELMEMIS: notDue,
  '0_30_GUN': d0_30,
  '31_60_GUN': 0,
  '61_90_GUN': 0,
  '91_120_GUN': 0,
  '120_GUN_USTU': 0,
  TOPLAM: total,
});
// The ERP's aging: 1030 has nothing not yet due (only overdue) — its statement is never read.
const AGING = [
  agingRow('1001', 'Müşteri A.Ş.', 2950, 400, 3350),
  agingRow('1008', 'Tedarikçi Ltd.', -6000, 0, -6000),
  agingRow('1020', 'USD Tedarikçi', -53000, 0, -53000),
  agingRow('1030', 'Gecikmiş Ltd.', 0, 900, 900),
];

function erpFixtures() {
  const asked: string[] = [];
  mswServer.use(
    http.post('*/api/erp/get_yaslandirma', () => HttpResponse.json(AGING)),
    http.post('*/api/erp/get_cari_extre', async ({ request }) => {
      const id = String(((await request.json()) as { cari_id?: string }).cari_id);
      asked.push(id);
      return HttpResponse.json(STATEMENTS[id] ?? []);
    }),
  );
  return asked;
}
const rowsOf = () =>
  Array.from(screen.getByRole('grid', { name: 'Vadesi yaklaşan kalemler' }).querySelectorAll('tbody tr.dt-row'), (tr) =>
    Array.from(tr.querySelectorAll('td'), (td) => td.textContent),
  );

afterEach(() => vi.useRealTimers());

describe('Özet: payments falling due this week and this month (both sides)', () => {
  it('reads only the statements asked for, and every figure opens exactly its rows', async () => {
    const asked = erpFixtures();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-18T09:00:00Z')); // noon in Istanbul, Wednesday
    const app = await renderApp('/', { loggedIn: true });
    const basis = await screen.findByTestId('overview-due-basis');
    expect(basis).toHaveTextContent('hafta Pazartesi başlar: 16.11.2026–22.11.2026');
    expect(basis).toHaveTextContent('ay sonuna (30.11.2026)');
    expect(basis).toHaveTextContent('vadesi gelmemiş tutarı olan 3 cari');
    // Nothing read at Özet load.
    expect(asked).toEqual([]);

    await app.user.click(screen.getByRole('button', { name: 'Hesapla (3 cari ekstresi, aynı anda en çok 4)' }));
    await waitFor(() => expect(screen.getByTestId('overview-due-A-month')).toHaveTextContent('3.000,00 TL · 1.250,00 USD'));
    expect([...asked].sort()).toEqual(['1001', '1008', '1020']);
    // SF2 1.400,00 (due today) + SF3 500,00 (Sunday) = 1.900,00
    expect(screen.getByTestId('overview-due-B-week')).toHaveTextContent('Bu hafta tahsil edilecek (22.11.2026 dahil)1.900,00 TL2 kalem');
    // + SF4 750,00 + SF5 300,00 (30.11, the last day) = 2.950,00
    expect(screen.getByTestId('overview-due-B-month')).toHaveTextContent('Bu ay tahsil edilecek (30.11.2026 dahil)2.950,00 TL4 kalem');
    expect(screen.getByTestId('overview-due-A-week')).toHaveTextContent('Bu hafta ödenecek (22.11.2026 dahil)3.000,00 TL1 kalem');
    expect(screen.getByTestId('overview-due-A-month')).toHaveTextContent('Bu ay ödenecek (30.11.2026 dahil)3.000,00 TL · 1.250,00 USD2 kalem');

    await app.user.click(screen.getByTestId('overview-due-A-month'));
    expect(app.path()).toBe('/?due=A-month');
    await waitFor(() =>
      expect(rowsOf()).toEqual([
        ['Tedarikçi Ltd.', 'Borcumuz', '20.11.2026', 'Alış Faturası', 'AF1', '3.000,00', 'TL'],
        ['USD Tedarikçi', 'Borcumuz', '25.11.2026', 'Alış Faturası', 'AFU1', '1.250,00', 'USD'],
      ]),
    );
    await app.user.click(screen.getByTestId('overview-due-B-week'));
    await waitFor(() =>
      expect(rowsOf()).toEqual([
        ['Müşteri A.Ş.', 'Alacağımız', '18.11.2026', 'Satış Faturası', 'SF2', '1.400,00', 'TL'],
        ['Müşteri A.Ş.', 'Alacağımız', '22.11.2026', 'Satış Faturası', 'SF3', '500,00', 'TL'],
      ]),
    );
    // A row opens the account's open items.
    const grid = screen.getByRole('grid', { name: 'Vadesi yaklaşan kalemler' });
    expect(within(grid).getAllByRole('link', { name: 'Müşteri A.Ş.' })[0]).toHaveAttribute('href', '/accounts/1001/acik-kalemler');
    expect(asked).toHaveLength(3); // the links answered from what was computed
  });

  it('a statement that fails is named with the reason, the figures say they are incomplete, and it can be asked again', async () => {
    const asked = erpFixtures();
    let failOnce = true;
    mswServer.use(
      http.post('*/api/erp/get_cari_extre', async ({ request }) => {
        const id = String(((await request.json()) as { cari_id?: string }).cari_id);
        asked.push(id);
        if (id === '1008' && failOnce) {
          failOnce = false;
          return new HttpResponse('<html>hata</html>', { status: 500 });
        }
        return HttpResponse.json(STATEMENTS[id] ?? []);
      }),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-18T09:00:00Z'));
    const app = await renderApp('/', { loggedIn: true });
    await app.user.click(await screen.findByRole('button', { name: /^Hesapla \(3 cari ekstresi/ }));
    const alert = await screen.findByText(/Rakamlar eksik: 3 carinin 2 tanesi hesaplandı/);
    expect(alert).toHaveTextContent('Tedarikçi Ltd.');
    expect(screen.getByTestId('overview-due-A-week')).toHaveTextContent('0,00');
    expect(screen.getByTestId('overview-due-A-week')).toHaveTextContent('eksik');
    await act(async () => {});
    await app.user.click(screen.getByRole('button', { name: 'Kalan 1 cariyi hesapla' }));
    await waitFor(() => expect(screen.getByTestId('overview-due-A-week')).toHaveTextContent('3.000,00 TL1 kalem'));
    expect(screen.getByTestId('overview-due-A-week')).not.toHaveTextContent('eksik');
    expect(screen.queryByText(/Rakamlar eksik/)).not.toBeInTheDocument();
  });

  it('İptal stops the run’s statements and only those (another account’s statement on its way goes on)', async () => {
    erpFixtures();
    const started: string[] = [];
    const aborted: string[] = [];
    mswServer.use(
      http.post('*/api/erp/get_cari_extre', async ({ request }) => {
        const id = String(((await request.clone().json()) as { cari_id?: string }).cari_id);
        started.push(id);
        // Hangs until the browser gives up on the request.
        await new Promise<void>((resolve) => request.signal.addEventListener('abort', () => (aborted.push(id), resolve()), { once: true }));
        return HttpResponse.error();
      }),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-18T09:00:00Z'));
    const app = await renderApp('/', { loggedIn: true });
    await app.user.click(await screen.findByRole('button', { name: /^Hesapla \(3 cari ekstresi/ }));
    // 1001, 1008 and 1020 (1030 has nothing not yet due), at most 4 at a time: all three under way
    await waitFor(() => expect([...started].sort()).toEqual(['1001', '1008', '1020']));
    // A row's prefetch of another account's statement, elsewhere in the app
    void app.queryClient.prefetchQuery(statementQueries.detail('1030'));
    await waitFor(() => expect(started).toContain('1030'));
    await app.user.click(screen.getByRole('button', { name: 'İptal' }));
    await waitFor(() => expect([...aborted].sort()).toEqual(['1001', '1008', '1020']));
    expect(aborted).not.toContain('1030');
  });
});
