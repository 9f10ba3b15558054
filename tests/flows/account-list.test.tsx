/**
 * One account list behind every page that lists accounts: the same URL filter gives the same
 * accounts on /accounts and on /mutabakat (the bulk letters), including the ERP search fallback —
 * an installation whose unfiltered get_cari answer is capped leaves accounts out, and the list
 * then finds them by asking the ERP with firma_ismi.
 * Expected accounts and balances come straight from the demo dataset, worked out here.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { getDataset } from '../../server/demo-erp';
import { gatewayFetch, mswServer, renderApp } from '../harness';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

const ds = getDataset();
// "Kocabaşlar" is in one account's name only (no other name, province or district holds it).
const TARGET = ds.accounts.find((a) => a.name === 'Kocabaşlar Cam Ltd. Şti.')!;
const Q = 'kocabaşlar';

/** The ERP's unfiltered answer is capped and leaves TARGET out; a firma_ismi search finds it. */
function cappedErp() {
  mswServer.use(
    http.post('*/api/erp/get_cari', async ({ request }) => {
      const params = (await request.clone().json()) as { firma_ismi?: string };
      const res = await gatewayFetch(request);
      if (params.firma_ismi !== '') return res;
      const rows = (await res.json()) as Array<{ COMPANY_ID: string }>;
      return HttpResponse.json(rows.filter((r) => r.COMPANY_ID !== TARGET.id));
    }),
  );
}

const rowIds = (gridName: string) =>
  Array.from(screen.getByRole('grid', { name: gridName }).querySelectorAll<HTMLTableRowElement>('tbody tr[data-row-id]')).map((tr) => tr.dataset.rowId);

describe('one account list for the list page and the bulk letters', () => {
  it('a search the capped list misses: the list asks the ERP, and the letters page shows the same account with its letter', async () => {
    expect(TARGET).toBeDefined();
    // 86.964,29 TL borç: the dataset's balance of account 1020 in kuruş (8.696.429).
    expect(TARGET.balance).toBe(8_696_429);
    cappedErp();
    const app = await renderApp(`/accounts?q=${encodeURIComponent(Q)}`, { loggedIn: true });
    await waitFor(() => expect(rowIds('Cari listesi')).toEqual([TARGET.id]));
    expect(screen.getByText(`“${Q}” yüklü listede bulunamadı; ERP’nin arama sonucu gösteriliyor.`)).toBeInTheDocument();
    expect(screen.getByTestId('accounts-count')).toHaveTextContent('1 cari');

    await app.user.click(screen.getByRole('link', { name: 'Mutabakat mektupları' }));
    await waitFor(() => expect(app.path()).toBe(`/mutabakat?q=${encodeURIComponent(Q)}`));
    expect(
      await screen.findByText('Cari listesindeki süzgeçlere uyan 1 cari. Mektup, işaretli carilerin her biri için ayrı bir A4 sayfasıdır.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(rowIds('Mektup yazılacak cariler')).toEqual([TARGET.id]));
    const letter = await screen.findByRole('article', { name: `${TARGET.name} mutabakat mektubu` });
    expect(within(letter).getByTestId('letter-sentence')).toHaveTextContent('itibarıyla 86.964,29 TL borç bakiyesi vermektedir.');
    expect(screen.getByRole('button', { name: 'Yazdır (1 mektup)' })).toBeEnabled();
    // Each page asked once: the unfiltered list and the ERP search (the letters page reuses both answers).
    expect(app.env.demoErp.requests.filter((r) => r.operation === 'get_cari').map((r) => r.params.firma_ismi)).toEqual(['', Q]);
  });

  it('opened straight from a shared /mutabakat link with a facet: the ERP search fallback applies there too', async () => {
    cappedErp();
    await renderApp(`/mutabakat?q=${encodeURIComponent(Q)}&province=${encodeURIComponent('İstanbul')}`, { loggedIn: true });
    expect(
      await screen.findByText('Cari listesindeki süzgeçlere uyan 1 cari. Mektup, işaretli carilerin her biri için ayrı bir A4 sayfasıdır.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(rowIds('Mektup yazılacak cariler')).toEqual([TARGET.id]));
  });

  it('totals past 2^53 kuruş are not shown rounded: the page says the sum is beyond what it can add exactly', async () => {
    // 45.035.996.273.704,97 + 45.035.996.273.704,98 TL = 9.007.199.254.740.995 kuruş, past
    // Number.MAX_SAFE_INTEGER (9.007.199.254.740.991): as a double it would read …740.996.
    mswServer.use(
      http.post('*/api/erp/get_cari', () =>
        HttpResponse.json([
          { COMPANY_ID: '1', COMPANYCAT: 'Müşteri', FULLNAME: 'Büyük Bir A.Ş.', CITY_NAME: 'Ankara', COUNTY_NAME: 'Çankaya', BAKIYE: '45035996273704.97' },
          { COMPANY_ID: '2', COMPANYCAT: 'Müşteri', FULLNAME: 'Büyük İki A.Ş.', CITY_NAME: 'Ankara', COUNTY_NAME: 'Çankaya', BAKIYE: '45035996273704.98' },
        ]),
      ),
    );
    await renderApp('/accounts', { loggedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('güvenle hesaplanabilecek sınırı (90.071.992.547.409,91 TL) aşıyor; toplam gösterilmiyor');
    expect(screen.getByTestId('accounts-count')).toHaveTextContent('2 cari');
    // No rounded sum anywhere: not in the totals box, not in the table's totals row.
    expect(document.body.textContent).not.toMatch(/90\.071\.992\.547\.409,9[56]/);
    // Each balance itself is exact.
    expect(rowOfList('1')).toHaveTextContent('45.035.996.273.704,97 B');
    expect(rowOfList('2')).toHaveTextContent('45.035.996.273.704,98 B');
  });
});

const rowOfList = (id: string) => screen.getByRole('grid', { name: 'Cari listesi' }).querySelector<HTMLTableRowElement>(`tbody tr[data-row-id="${id}"]`)!;
