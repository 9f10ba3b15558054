/**
 * One TL + USD account on every page over the real routes (issue 31 items 6, 7): statement (a range
 * ending after today), açık kalemler, vade farkı, the FIFO panel, Özet and the letter. Each page shows
 * every currency on its own and says what its TL figure is (docs/decisions/0006-tl-figure.md).
 * Today is fixed to Wednesday 18.11.2026. Every figure worked by hand below.
 *
 *   SF1   01.09.2026 due 01.10.2026  10.000,00 TL
 *   SFU1  01.09.2026 due 01.10.2026   1.000,00 USD (TL 35.000,00)
 *   T1    15.10.2026                  Tahsilat 4.000,00 TL
 *   SF2   26.10.2026 due 25.11.2026   2.000,00 TL
 *   SFU2  26.10.2026 due 25.11.2026     200,00 USD (TL 7.000,00)
 *
 * TL equivalent of every line: 10.000 + 35.000 − 4.000 + 2.000 + 7.000 = 50.000,00 B. FIFO by due date:
 * T1 closes 4.000 of SF1 (SF1 and SFU1 share the due date and the day; SF1 is first in the ERP's order),
 * so as of 18.11 SF1 6.000 + SFU1 35.000 = 41.000,00 B are overdue (2 kalem); SF2 + SFU2 9.000 not due.
 * TL-written documents only: SF1 10.000 + SF2 2.000 − T1 4.000 = 8.000,00 B open, SF1 6.000,00 B overdue.
 * USD: 1.000 + 200 = 1.200,00 USD B open, SFU1 1.000,00 USD overdue.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { answerStatement, mswServer, renderApp } from '../harness';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });
afterEach(() => vi.useRealTimers());

const row = (date: string, due: string | null, type: string, borc: number, alacak: number, no: string, money: string, amount: number) => ({
  ACTION_DATE: date,
  DUE_DATE: due,
  ACTION_NAME: type,
  BORC: borc,
  ALACAK: alacak,
  BELGE_NO: no,
  ACIKLAMA: '',
  OTHER_MONEY: money,
  OTHER_CASH_ACT_VALUE: amount,
});
const LINES = [
  row('2026-09-01', '2026-10-01', 'Satış Faturası', 10000, 0, 'SF1', 'TL', 10000),
  row('2026-09-01', '2026-10-01', 'Satış Faturası', 35000, 0, 'SFU1', 'USD', 1000),
  row('2026-10-15', null, 'Tahsilat', 0, 4000, 'T1', 'TL', 4000),
  row('2026-10-26', '2026-11-25', 'Satış Faturası', 2000, 0, 'SF2', 'TL', 2000),
  row('2026-10-26', '2026-11-25', 'Satış Faturası', 7000, 0, 'SFU2', 'USD', 200),
];
// The ERP's own aging of the account in TL (every line's TL amount): 9.000 not due, 41.000 in 31–60 days (48 days late).
const AGING = [
  {
    COMPANY_ID: '1003',
    FULLNAME: 'Kuruşçu Kırtasiye Ltd. Şti.',
    VADESI_GELMEMIS: 9000,
    '0_30_GUN': 0,
    '31_60_GUN': 41000,
    '61_90_GUN': 0,
    '91_120_GUN': 0,
    '120_GUN_USTU': 0,
    TOPLAM: 50000,
  },
];
const EQUIVALENT = 'TL tutarlar tüm hareketlerin TL karşılığıdır (USD hareketler dahil';
const OWN = 'TL tutarlar yalnız TL yazılmış belgelerdir; USD belgeler kendi para biriminde ayrıca gösterilir';

function at18November() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-18T09:00:00Z')); // noon in Istanbul
}
function answerAll() {
  answerStatement(LINES);
  mswServer.use(http.post('*/api/erp/get_yaslandirma', () => HttpResponse.json(AGING)));
}

describe('a TL + USD account on every page', () => {
  it('statement "Bu yıl" (ends 31.12, after today): TL equivalent 50.000,00 B; overdue 41.000,00 B (2 kalem) as of 18.11; labelled', async () => {
    answerAll();
    at18November();
    await renderApp('/accounts/1003?from=2026-01-01&to=2026-12-31', { loggedIn: true });
    await waitFor(() => expect(screen.getByTestId('sum-overdue')).toHaveTextContent('41.000,00 B (2 kalem)'));
    expect(screen.getByText('Vadesi geçmiş (18.11.2026 itibarıyla)')).toBeInTheDocument();
    expect(screen.getByTestId('sum-balance')).toHaveTextContent('50.000,00');
    // Ortalama vade of the open 50.000: 41.000 due 01.10, 9.000 due 25.11 (55 days later):
    // 01.10 + 55 × 9.000 / 50.000 = 01.10 + 9,9 days → 10 days → 11.10.2026.
    expect(screen.getByTestId('sum-average-due')).toHaveTextContent('11.10.2026');
    expect(screen.getByTestId('tl-basis')).toHaveTextContent(EQUIVALENT);
  });

  it('açık kalemler: TL-written 8.000,00 B (overdue 6.000,00 B), USD 1.200,00 beside it; labelled', async () => {
    answerAll();
    at18November();
    await renderApp('/accounts/1003/acik-kalemler', { loggedIn: true });
    await waitFor(() => expect(screen.getByTestId('open-items-total')).toHaveTextContent('8.000,00 B'));
    expect(screen.getByTestId('open-items-overdue')).toHaveTextContent('6.000,00 B');
    expect(screen.getByTestId('open-items-others')).toHaveTextContent('USD: açık 1.200,00 USD B, vadesi geçmiş 1.000,00 USD B (1 kalem)');
    expect(screen.getByTestId('tl-basis')).toHaveTextContent(OWN);
  });

  it('vade farkı at 3 % a month: TL 344,00 + KDV 68,80 = 412,80; USD 48,00 + 9,60 = 57,60 USD; labelled', async () => {
    // TL: T1 closed 4.000 of SF1 14 days late (01.10 → 15.10): 4.000 × 0,03 × 14 / 30 = 56,00;
    // SF1's open 6.000 is 48 days late on 18.11 (01.10 → 31.10 = 30, + 18): 6.000 × 0,03 × 48 / 30 = 288,00.
    // Σ 344,00; KDV 20 % 68,80; 412,80. SF2 (due 25.11) is not late. USD: SFU1 1.000 × 0,03 × 48 / 30 = 48,00.
    answerAll();
    at18November();
    await renderApp('/accounts/1003/vade-farki?rate=3&period=monthly', { loggedIn: true });
    await waitFor(() =>
      expect(screen.getByTestId('late-interest-summary')).toHaveTextContent('Vade farkı 344,00 TL · KDV (%20) 68,80 TL · Genel toplam 412,80 TL'),
    );
    expect(screen.getByTestId('late-interest-others')).toHaveTextContent('USD: 48,00 + KDV 9,60 = 57,60 USD');
    expect(screen.getByTestId('tl-basis')).toHaveTextContent(OWN);
  });

  it('FIFO panel: in USD 1.200,00 B; in TL the TL equivalent, bucket by bucket like the ERP (50.000,00 B); labelled', async () => {
    answerAll();
    at18November();
    const app = await renderApp('/aging?firma=&cari=1003&asOf=2026-11-18', { loggedIn: true });
    const panel = await screen.findByRole('region', { name: /Ekstreden yaşlandırma \(FIFO\)/ });
    const buckets = await within(panel).findByRole('grid', { name: 'Dilimler' });
    await waitFor(() => expect(buckets.querySelector('tfoot')!.textContent).toContain('1.200,00 B'));
    await app.user.click(within(panel).getByRole('button', { name: 'TL' }));
    expect(await within(panel).findByText(/TL karşılaştırması: .*her dilim aynı; toplam 50\.000,00 B/)).toBeInTheDocument();
    expect(within(panel).getByTestId('tl-basis')).toHaveTextContent(EQUIVALENT);
  });

  it('Özet this month (18.11–30.11): 2.000,00 TL · 200,00 USD (2 kalem), never added; labelled', async () => {
    answerAll();
    at18November();
    const app = await renderApp('/', { loggedIn: true });
    await app.user.click(await screen.findByRole('button', { name: /^Hesapla \(1 cari ekstresi/ }));
    await waitFor(() => expect(screen.getByTestId('overview-due-B-month')).toHaveTextContent('2.000,00 TL · 200,00 USD2 kalem'));
    // this week ends Sunday 22.11: nothing falls due in it
    expect(screen.getByTestId('overview-due-B-week')).not.toHaveTextContent('2.000,00');
    expect(screen.getByTestId('tl-basis')).toHaveTextContent(OWN);
  });

  // The account is kept in TL (get_cari declares no foreign currency): its letter reconciles the TL
  // equivalent of every line, 50.000,00 TL borç — the same figure the letters batch takes from get_cari's
  // Bakiye for today's letters without reading the statement.
  it('letter as of 18.11: 50.000,00 TL borç, the TL equivalent of every line (USD lines included); labelled', async () => {
    answerAll();
    at18November();
    await renderApp('/accounts/1003/mutabakat?asOf=2026-11-18', {
      loggedIn: true,
      gateway: { company: { title: 'Deneme A.Ş.', address: 'Ankara', taxOffice: 'Çankaya', taxNo: '0123456789' } },
    });
    const sentence = await screen.findByTestId('letter-sentence');
    await waitFor(() => expect(sentence).toHaveTextContent('18.11.2026 tarihi itibarıyla 50.000,00 TL borç bakiyesi vermektedir.'));
    expect(screen.getByTestId('tl-basis')).toHaveTextContent(EQUIVALENT);
  });
});
