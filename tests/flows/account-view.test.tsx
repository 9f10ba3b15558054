/**
 * The account view's as-of rule on the statement (issue 31): a range ending after today states its
 * overdue figures as of today, never as of a day that has not come. Today is fixed to 18.11.2026.
 */
import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { answerStatement, mswServer, renderApp } from '../harness';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });
afterEach(() => vi.useRealTimers());

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

describe('statement: a range ending after today ("Bu yıl")', () => {
  // SF1 1.000,00 due 31.10.2026 (overdue on 18.11); SF2 2.000,00 due 15.12.2026 (not yet due on 18.11, but before 31.12).
  // As of 31.12 (the old rule) both were counted: 3.000,00 B (2 kalem). As of 18.11: 1.000,00 B (1 kalem).
  // Ortalama vade of the open 3.000,00: (1.000 × 31.10 + 2.000 × 15.12) / 3.000 = 31.10 + 45 × 2/3 = 31.10 + 30 = 30.11.2026.
  it('overdue, ortalama vade and the marks as of 18.11.2026, the balance at 31.12', async () => {
    answerStatement([row('2026-10-01', '2026-10-31', 'Satış Faturası', 1000, 0, 'SF1'), row('2026-11-15', '2026-12-15', 'Satış Faturası', 2000, 0, 'SF2')]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-18T09:00:00Z')); // noon in Istanbul
    await renderApp('/accounts/1003?from=2026-01-01&to=2026-12-31', { loggedIn: true });
    await waitFor(() => expect(screen.getByTestId('sum-overdue')).toHaveTextContent('1.000,00 B (1 kalem)'));
    expect(screen.getByText('Vadesi geçmiş (18.11.2026 itibarıyla)')).toBeInTheDocument();
    expect(screen.queryByText(/31\.12\.2026 itibarıyla/)).toBeNull();
    expect(screen.getByText('Hesap bakiyesi (31.12.2026)')).toBeInTheDocument();
    expect(screen.getByTestId('sum-average-due')).toHaveTextContent('30.11.2026');
    const overdueRows = Array.from(document.querySelectorAll('tr.statement-row--overdue'), (tr) => tr.textContent);
    expect(overdueRows).toHaveLength(1);
    expect(overdueRows[0]).toContain('SF1');
    // the links carry the same as-of date
    expect(screen.getByRole('link', { name: /Açık kalemler/ })).toHaveAttribute('href', '/accounts/1003/acik-kalemler?asOf=2026-11-18');
  });
});

describe('letter: an account declared USD whose statement has TL lines only', () => {
  // get_cari names 1012's currency USD; its statement here carries no USD amount. TL by hand:
  // 1.000,10 − 250,05 = 750,05 borç on 31.03.2026. Before: "0,00 USD" — a balance the statement never had.
  it('states the TL balance and says the statement has no USD amount; never "0,00 USD"', async () => {
    answerStatement([
      { ACTION_DATE: '2026-01-15', DUE_DATE: '2026-02-14', ACTION_NAME: 'Satış Faturası', BORC: 1000.1, ALACAK: 0, BELGE_NO: 'SF1', ACIKLAMA: '' },
      { ACTION_DATE: '2026-02-10', DUE_DATE: null, ACTION_NAME: 'Tahsilat', BORC: 0, ALACAK: 250.05, BELGE_NO: 'T1', ACIKLAMA: '' },
    ]);
    await renderApp('/accounts/1012/mutabakat?asOf=2026-03-31', {
      loggedIn: true,
      gateway: { company: { title: 'Deneme A.Ş.', address: 'Ankara', taxOffice: 'Çankaya', taxNo: '0123456789' } },
    });
    const sentence = await screen.findByTestId('letter-sentence');
    await waitFor(() =>
      expect(sentence).toHaveTextContent(
        'Şirketimiz kayıtlarında cari hesabınız 31.03.2026 tarihi itibarıyla 750,05 TL borç bakiyesi vermektedir. Cari hesabınız USD olarak tanımlıdır; ancak hesap ekstresinde USD tutarı bulunmadığından bakiye TL olarak bildirilmiştir.',
      ),
    );
    expect(document.body.textContent).not.toContain('0,00 USD');
  });
});

describe('Özet: falling due on a TL + USD account (every currency, each of its own lines)', () => {
  // Account 1040: TL invoice 2.000,00 due Friday 20.11 (this week); USD invoice 500,00 USD (TL 21.500,00) due 25.11 (this month).
  // Before: the first foreign currency only — "500,00 USD", the TL invoice dropped. Now this month: 2.000,00 TL · 500,00 USD
  // (2 kalem), this week 2.000,00 TL (1 kalem); the USD invoice is never also a 21.500,00 TL item.
  it('this week and this month carry both currencies, never added', async () => {
    mswServer.use(
      http.post('*/api/erp/get_yaslandirma', () =>
        HttpResponse.json([
          {
            COMPANY_ID: '1040',
            FULLNAME: 'Karma A.Ş.',
            VADESI_GELMEMIS: 23500,
            '0_30_GUN': 0,
            '31_60_GUN': 0,
            '61_90_GUN': 0,
            '91_120_GUN': 0,
            '120_GUN_USTU': 0,
            TOPLAM: 23500,
          },
        ]),
      ),
      http.post('*/api/erp/get_cari_extre', () =>
        HttpResponse.json([
          row('2026-10-21', '2026-11-20', 'Satış Faturası', 2000, 0, 'SF1', { OTHER_MONEY: 'TL', OTHER_CASH_ACT_VALUE: 2000 }),
          row('2026-10-26', '2026-11-25', 'Satış Faturası', 21500, 0, 'SFU1', { OTHER_MONEY: 'USD', OTHER_CASH_ACT_VALUE: 500 }),
        ]),
      ),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-18T09:00:00Z'));
    const app = await renderApp('/', { loggedIn: true });
    await app.user.click(await screen.findByRole('button', { name: /^Hesapla \(1 cari ekstresi/ }));
    await waitFor(() => expect(screen.getByTestId('overview-due-B-month')).toHaveTextContent('2.000,00 TL · 500,00 USD2 kalem'));
    expect(screen.getByTestId('overview-due-B-week')).toHaveTextContent('2.000,00 TL1 kalem');
    expect(screen.getByTestId('overview-due-B-month')).not.toHaveTextContent('21.500,00');
  });
});

describe('open items and vade farkı: an as-of date that has not come', () => {
  // Today 18.11.2026; ?asOf=2026-12-31 asked. SF1 1.000,00 due 31.10.2026, SF2 2.000,00 due 15.12.2026.
  // As of 31.12 (before) both were overdue: 3.000,00 B (2 kalem). As of today: SF1 only, 1.000,00 B (1 kalem).
  const lines = () => [row('2026-10-01', '2026-10-31', 'Satış Faturası', 1000, 0, 'SF1'), row('2026-11-15', '2026-12-15', 'Satış Faturası', 2000, 0, 'SF2')];

  it('açık kalemler: overdue as of today, and the page says the date asked for has not come', async () => {
    answerStatement(lines());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-18T09:00:00Z'));
    await renderApp('/accounts/1003/acik-kalemler?asOf=2026-12-31', { loggedIn: true });
    await waitFor(() => expect(screen.getByTestId('open-items-overdue')).toHaveTextContent('1.000,00 B (1 kalem)'));
    expect(screen.getByTestId('open-items-total')).toHaveTextContent('3.000,00 B');
    expect(screen.getByTestId('ledger-future-asof')).toHaveTextContent('31.12.2026 henüz gelmedi: rakamlar bugün (18.11.2026) itibarıyladır.');
  });

  it('vade farkı: late days counted up to today, not up to 31.12', async () => {
    // SF1 late 01.11–18.11 = 18 days at 24 % a year: 1.000 × 0,24 × 18 / 365 = 11,835… → 11,84;
    // KDV 20 %: 2,368 → 2,37; total 14,21. SF2 (due 15.12) is not late today. (As of 31.12: 40,11 + 21,04.)
    answerStatement(lines());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-18T09:00:00Z'));
    await renderApp('/accounts/1003/vade-farki?asOf=2026-12-31&rate=24', { loggedIn: true });
    await waitFor(() =>
      expect(screen.getByTestId('late-interest-summary')).toHaveTextContent('Vade farkı 11,84 TL · KDV (%20) 2,37 TL · Genel toplam 14,21 TL'),
    );
    expect(screen.getByTestId('ledger-future-asof')).toHaveTextContent('31.12.2026 henüz gelmedi');
  });
});
