// @vitest long
/**
 * Mutabakat letters: the single letter from a statement (hand-worked as-of balances) and the bulk
 * letters for the account list (bounded concurrency, a failing account, cancel). Expected balances
 * are worked out by hand or summed here from the raw demo dataset in integer kuruş.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { getDataset } from '../../server/demo-erp';
import { statementQueries } from '../../src/api/statement';
import { answerStatement, gatewayFetch, hangStatements, mswServer, renderApp, settled } from '../harness';
import { recordOpened } from '../../src/lib/account-shortcuts';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

const ds = getDataset();
const tl = (minor: number) => {
  const abs = Math.abs(minor);
  return `${String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(abs % 100).padStart(2, '0')}`;
};
const trDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** A statement worked out by hand (WEX shape, amounts as the ERP writes them). */
const HAND_STATEMENT = [
  { ACTION_DATE: '2026-01-15', DUE_DATE: '2026-02-14', ACTION_NAME: 'Satış Faturası', BORC: 1000.1, ALACAK: 0, BELGE_NO: 'SF1', ACIKLAMA: '' },
  { ACTION_DATE: '2026-02-10', DUE_DATE: null, ACTION_NAME: 'Tahsilat', BORC: 0, ALACAK: 250.05, BELGE_NO: 'T1', ACIKLAMA: '' },
  { ACTION_DATE: '2026-03-31', DUE_DATE: '2026-04-30', ACTION_NAME: 'Satış Faturası', BORC: 0.1, ALACAK: 0, BELGE_NO: 'SF2', ACIKLAMA: '' },
  { ACTION_DATE: '2026-03-31', DUE_DATE: '2026-04-30', ACTION_NAME: 'Satış Faturası', BORC: 0.2, ALACAK: 0, BELGE_NO: 'SF3', ACIKLAMA: '' },
  { ACTION_DATE: '2026-04-01', DUE_DATE: null, ACTION_NAME: 'Tahsilat', BORC: 0, ALACAK: 1000, BELGE_NO: 'T2', ACIKLAMA: '' },
];
// By hand: 31.03.2026 → 1.000,10 − 250,05 + 0,10 + 0,20 = 750,35 borç (both 31.03 lines count);
// 30.03.2026 → 750,05 borç; 01.04.2026 → 750,35 − 1.000,00 = 249,65 alacak; 14.01.2026 → nothing yet.
const COMPANY = {
  title: 'Öz & Şen "Kardeşler" %100 Gıda A.Ş.',
  address: "Cumhuriyet Mah. 1071' Sok. No: 5+7\n06420 Çankaya / Ankara",
  taxOffice: 'Çankaya',
  taxNo: '0123456789',
};
const acc = ds.accountById.get('1006')!;

function handStatement() {
  answerStatement(HAND_STATEMENT);
}
const letter = () => screen.getByRole('article', { name: `${acc.name} mutabakat mektubu` });

describe('mutabakat letter (one account)', () => {
  it('opened by its link for a recently opened account: names it from get_cari asked by that name, not the whole list', async () => {
    handStatement();
    recordOpened({ id: '1006', name: acc.name });
    const app = await renderApp('/accounts/1006/mutabakat?asOf=2026-03-31', { loggedIn: true, gateway: { company: COMPANY } });
    await waitFor(() => expect(letter()).toBeInTheDocument());
    expect(within(letter()).getByTestId('letter-sentence')).toHaveTextContent('31.03.2026 tarihi itibarıyla 750,35 TL borç bakiyesi');
    await settled(app);
    expect(app.env.demoErp.requests.filter((r) => r.operation === 'get_cari').map((r) => r.params.firma_ismi)).toEqual([acc.name]);
  });

  it('states the balance at the as-of date exactly, with our company, the counterparty, the notes and the reply slip', async () => {
    handStatement();
    await renderApp('/accounts/1006/mutabakat?asOf=2026-03-31', { loggedIn: true, gateway: { company: COMPANY } });
    await waitFor(() => expect(letter()).toBeInTheDocument());
    const text = letter().textContent!;
    expect(within(letter()).getByTestId('letter-sentence')).toHaveTextContent(
      'Şirketimiz kayıtlarında cari hesabınız 31.03.2026 tarihi itibarıyla 750,35 TL borç bakiyesi vermektedir.',
    );
    for (const part of [
      COMPANY.title,
      "Cumhuriyet Mah. 1071' Sok. No: 5+7",
      '06420 Çankaya / Ankara',
      'Vergi Dairesi: Çankaya · Vergi No: 0123456789',
      acc.name,
      'Cari kodu: 1006',
      'Konu: Cari hesap mutabakatı',
      'Hata ve unutma müstesnadır.',
      'Türk Ticaret Kanunu’nun 94. maddesi',
      'tebliğ tarihinden itibaren bir ay içinde noter aracılığıyla, taahhütlü mektupla, telgrafla veya güvenli elektronik imzalı yazıyla itiraz etmediği takdirde hesap özetini kabul etmiş sayılır',
      'hesap ekstrenizi gönderiniz',
      'Cevap formu',
      'Mutabıkız.',
      'Bildirdiğiniz 750,35 TL borç bakiyesi kayıtlarımızla uyuşmaktadır.',
      'Mutabık değiliz.',
      'Kayıtlarımızdaki bakiye',
      'İmza:',
      'Kaşe:',
    ])
      expect(text).toContain(part);
    expect(text).not.toMatch(/NaN|undefined|Invalid Date|\[object Object\]/);
    // Without lines=1 the letter has no statement table.
    expect(within(letter()).queryByRole('table')).not.toBeInTheDocument();
  });

  it('follows the as-of date typed in the tr-TR date box: the day itself counts, later lines do not', async () => {
    handStatement();
    const app = await renderApp('/accounts/1006/mutabakat?asOf=2026-03-30', { loggedIn: true });
    await waitFor(() => expect(within(letter()).getByTestId('letter-sentence')).toHaveTextContent('30.03.2026 tarihi itibarıyla 750,05 TL borç bakiyesi'));
    const box = screen.getByLabelText('Mutabakat tarihi');
    await app.user.clear(box);
    await app.user.type(box, '01.04.2026{Enter}');
    await waitFor(() =>
      expect(within(letter()).getByTestId('letter-sentence')).toHaveTextContent('01.04.2026 tarihi itibarıyla 249,65 TL alacak bakiyesi vermektedir.'),
    );
    expect(app.path()).toBe('/accounts/1006/mutabakat?asOf=2026-04-01');
    expect(letter()).toHaveTextContent('Bildirdiğiniz 249,65 TL alacak bakiyesi');
    await app.user.clear(box);
    await app.user.type(box, '14.01.2026{Enter}');
    await waitFor(() =>
      expect(within(letter()).getByTestId('letter-sentence')).toHaveTextContent('14.01.2026 tarihi itibarıyla bakiye vermemektedir (0,00 TL).'),
    );
  });

  it("optionally encloses the statement's lines for the period, with the devir row and running balance", async () => {
    handStatement();
    await renderApp('/accounts/1006/mutabakat?asOf=2026-03-31&lines=1&from=2026-02-01', { loggedIn: true });
    await waitFor(() => expect(within(letter()).getByRole('table')).toBeInTheDocument());
    const rows = within(within(letter()).getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent));
    // Each line with its document number (Belge No).
    expect(rows).toEqual([
      ['01.02.2026', 'Devir', '', '1.000,10', '', '1.000,10 B'],
      ['10.02.2026', 'Tahsilat', 'T1', '', '250,05', '750,05 B'],
      ['31.03.2026', 'Satış Faturası', 'SF2', '0,10', '', '750,15 B'],
      ['31.03.2026', 'Satış Faturası', 'SF3', '0,20', '', '750,35 B'],
    ]);
  });

  it('a USD supplier (1012) reconciles in USD, with the TL balance as the ERP records it beside it', async () => {
    // Failing first: the letter said "… TL alacak bakiyesi" with the TL figure while the statement
    // showed the USD balance for the same date.
    const usd = ds.accountById.get('1012')!;
    const asOf = '2026-06-30';
    let usdBal = 0;
    let tlBal = 0;
    for (const l of usd.lines) {
      if (l.date > asOf) continue;
      tlBal += l.debit - l.credit;
      if (l.currency === 'USD') usdBal += l.debit > 0 ? l.currencyAmount! : -l.currencyAmount!;
    }
    expect(usdBal).toBeLessThan(0);
    await renderApp(`/accounts/1012/mutabakat?asOf=${asOf}&lines=1&from=2026-06-01`, { loggedIn: true });
    const art = await screen.findByRole('article', { name: `${usd.name} mutabakat mektubu` });
    expect(within(art).getByTestId('letter-sentence')).toHaveTextContent(
      `30.06.2026 tarihi itibarıyla ${tl(usdBal)} USD alacak bakiyesi vermektedir (ERP kayıtlarındaki TL karşılığı: ${tl(tlBal)} TL ${tlBal > 0 ? 'borç' : 'alacak'}).`,
    );
    expect(art).toHaveTextContent(`Bildirdiğiniz ${tl(usdBal)} USD alacak bakiyesi`);
    expect(screen.getByTestId('letter-balance')).toHaveTextContent(`${tl(usdBal)} USD A`);
    // The enclosure: Belge No and the USD amount of each USD line.
    const june = usd.lines.filter((l) => l.date >= '2026-06-01' && l.date <= asOf);
    const table = within(art).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Tarih', 'İşlem', 'Belge No', 'Tutar (USD)', 'Borç', 'Alacak', 'Bakiye']);
    const rows = within(table).getAllByRole('row').slice(2); // header, devir
    expect(rows.map((r) => r.querySelectorAll('td')[2]!.textContent)).toEqual(june.map((l) => l.documentNo));
    expect(rows.map((r) => r.querySelectorAll('td')[3]!.textContent)).toEqual(june.map((l) => (l.currency === 'USD' ? tl(l.currencyAmount!) : '')));
  });

  it('is opened from the statement with the statement’s end date as the as-of date', async () => {
    const app = await renderApp('/accounts/1006?from=2026-01-01&to=2026-06-30', { loggedIn: true });
    await app.user.click(await screen.findByRole('link', { name: 'Mutabakat mektubu' }));
    await waitFor(() => expect(app.path()).toBe('/accounts/1006/mutabakat?asOf=2026-06-30'));
    const expected = acc.lines.filter((l) => l.date <= '2026-06-30').reduce((s, l) => s + l.debit - l.credit, 0);
    await waitFor(() =>
      expect(within(letter()).getByTestId('letter-sentence')).toHaveTextContent(
        `30.06.2026 tarihi itibarıyla ${tl(expected)} TL ${expected > 0 ? 'borç' : 'alacak'} bakiyesi vermektedir.`,
      ),
    );
    // Demo mode: the demo company heads the letter.
    expect(letter()).toHaveTextContent('Örnek Ticaret ve Sanayi A.Ş.');
  });

  it('refuses to state a balance built on an unreadable amount, in plain Turkish', async () => {
    answerStatement([{ ...HAND_STATEMENT[0], BORC: '1.000,1x' }, HAND_STATEMENT[1]!]);
    await renderApp('/accounts/1006/mutabakat?asOf=2026-03-31', { loggedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Ekstrede 1 satırın tutarı okunamadı; bakiye kesin olmadığı için mektup hazırlanmadı.');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('says when the company details are not configured', async () => {
    handStatement();
    await renderApp('/accounts/1006/mutabakat', { loggedIn: true, gateway: { company: undefined } });
    expect(await screen.findByText(/Mektup hazırlanamaz: sunucuda COMPANY_TITLE/)).toBeInTheDocument();
  });
});

// ---------------------------------------------------------------- bulk

// The list's province facet ignores case ("ANKARA" and "Ankara" are one facet).
const ankara = ds.accounts.filter((a) => a.province.toLocaleLowerCase('tr-TR') === 'ankara');
const ASOF = '2026-06-30';
const balanceAt = (id: string, asOf: string) =>
  ds.accountById
    .get(id)!
    .lines.filter((l) => l.date <= asOf)
    .reduce((s, l) => s + l.debit - l.credit, 0);
const sentence = (balance: number, asOf: string) =>
  balance === 0
    ? `${trDate(asOf)} tarihi itibarıyla bakiye vermemektedir`
    : `${trDate(asOf)} tarihi itibarıyla ${tl(balance)} TL ${balance > 0 ? 'borç' : 'alacak'} bakiyesi vermektedir.`;
/** The account's own foreign currency (its lines'), or null for a TL account. */
const foreignOf = (id: string) => ds.accountById.get(id)!.lines.find((l) => l.currency && l.currency !== 'TL')?.currency ?? null;
/** A letter's sentence in the account's currency: a foreign one with the TL balance beside it. */
const sentenceOf = (id: string, asOf: string) => {
  const tlBal = balanceAt(id, asOf);
  const cur = foreignOf(id);
  if (!cur) return sentence(tlBal, asOf);
  const fx = ds.accountById
    .get(id)!
    .lines.filter((l) => l.date <= asOf && l.currency === cur)
    .reduce((s, l) => s + (l.debit > 0 ? l.currencyAmount! : -l.currencyAmount!), 0);
  const side = (m: number) => (m > 0 ? 'borç' : 'alacak');
  return `${trDate(asOf)} tarihi itibarıyla ${tl(fx)} ${cur} ${side(fx)} bakiyesi vermektedir (ERP kayıtlarındaki TL karşılığı: ${tl(tlBal)} TL ${side(tlBal)}).`;
};
const letters = () => screen.queryAllByRole('article');

describe('mutabakat letters for the account list', () => {
  it('today: one letter per shown account with the list balance, right away; unticked accounts are left out', async () => {
    const app = await renderApp('/accounts?province=Ankara&sort=name', { loggedIn: true });
    await screen.findByTestId('accounts-count');
    await app.user.click(screen.getByRole('link', { name: 'Mutabakat mektupları' }));
    await waitFor(() => expect(app.path()).toBe('/mutabakat?province=Ankara&sort=name'));
    expect(ankara.length).toBeGreaterThan(5);
    expect(
      await screen.findByText(`Cari listesindeki süzgeçlere uyan ${ankara.length} cari. Mektup, işaretli carilerin her biri için ayrı bir A4 sayfasıdır.`),
    ).toBeInTheDocument();
    // TL accounts right away from the list's balance; a foreign-currency account (1012, USD) needs
    // its statement for a balance in its own currency.
    const foreign = ankara.filter((a) => foreignOf(a.id));
    expect(foreign.map((a) => a.id)).toEqual(['1012', '1031']); // USD supplier, EUR customer
    await waitFor(() => expect(letters()).toHaveLength(ankara.length - foreign.length));
    expect(app.env.demoErp.requests.filter((r) => r.operation === 'get_cari_extre')).toEqual([]);
    await app.user.click(screen.getByRole('button', { name: 'Ekstreleri al (2 cari)' }));
    await waitFor(() => expect(letters()).toHaveLength(ankara.length));
    // The list's order (sort=name), each letter with its account's balance (in its own currency).
    const byName = [...ankara].sort((a, b) => a.name.localeCompare(b.name, 'tr'));
    expect(letters().map((l) => l.dataset.accountId)).toEqual(byName.map((a) => a.id));
    for (const a of ankara) {
      const bal = a.lines.reduce((s, l) => s + l.debit - l.credit, 0);
      const el = letters().find((l) => l.dataset.accountId === a.id)!;
      if (foreign.includes(a)) {
        expect(within(el).getByTestId('letter-sentence').textContent).toContain(sentenceOf(a.id, '9999-12-31').replace('31.12.9999 tarihi ', ''));
        continue;
      }
      expect(within(el).getByTestId('letter-sentence').textContent).toContain(
        bal === 0 ? 'bakiye vermemektedir (0,00 TL)' : `itibarıyla ${tl(bal)} TL ${bal > 0 ? 'borç' : 'alacak'} bakiyesi vermektedir.`,
      );
    }
    await app.user.click(screen.getByRole('checkbox', { name: `${byName[0]!.name} için mektup` }));
    await waitFor(() => expect(letters()).toHaveLength(ankara.length - 1));
    expect(screen.getByRole('button', { name: `Yazdır (${ankara.length - 1} mektup)` })).toBeEnabled();
    // Only the foreign-currency account's statement was fetched for today's letters.
    expect(
      app.env.demoErp.requests
        .filter((r) => r.operation === 'get_cari_extre')
        .map((r) => r.params.cari_id)
        .sort(),
    ).toEqual(['1012', '1031']);
  });

  it('another as-of date: statements at most 4 at a time, progress, a failing account named with the reason and left out', async () => {
    const failing = ankara[2]!;
    let inFlight = 0;
    let peak = 0;
    mswServer.use(
      http.post('*/api/erp/get_cari_extre', async ({ request }) => {
        const { cari_id } = (await request.clone().json()) as { cari_id: string };
        inFlight++;
        peak = Math.max(peak, inFlight);
        try {
          await new Promise((r) => setTimeout(r, 20));
          if (cari_id === failing.id)
            return HttpResponse.json(
              {
                error: { code: 'upstream_http', message: 'ERP sunucusu bir hata döndürdü (HTTP 500). Lütfen daha sonra tekrar deneyin.', upstreamStatus: 500 },
              },
              { status: 502, headers: { 'x-gateway-error': '1' } },
            );
          return await gatewayFetch(request);
        } finally {
          inFlight--;
        }
      }),
    );
    const app = await renderApp(`/mutabakat?province=Ankara&asOf=${ASOF}`, { loggedIn: true });
    await app.user.click(await screen.findByRole('button', { name: `Ekstreleri al (${ankara.length} cari)` }));
    await waitFor(() => expect(screen.getByText(`${ankara.length} / ${ankara.length} ekstre`)).toBeInTheDocument());
    expect(peak).toBe(4);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('1 cari için ekstre alınamadı (mektupları yazdırılmaz):');
    expect(alert).toHaveTextContent(`${failing.name} (${failing.id}): ERP sunucusu hata verdi (HTTP 500).`);

    await waitFor(() => expect(letters()).toHaveLength(ankara.length - 1));
    expect(letters().some((l) => l.dataset.accountId === failing.id)).toBe(false);
    for (const a of ankara.filter((x) => x.id !== failing.id)) {
      const el = letters().find((l) => l.dataset.accountId === a.id)!;
      expect(within(el).getByTestId('letter-sentence')).toHaveTextContent(sentenceOf(a.id, ASOF));
    }
    expect(screen.getByRole('button', { name: `Yazdır (${ankara.length - 1} mektup)` })).toBeEnabled();

    // Retry only the failed one, now that the ERP answers.
    mswServer.resetHandlers();
    await app.user.click(screen.getByRole('button', { name: 'Ekstreleri al (1 cari)' }));
    await waitFor(() => expect(letters()).toHaveLength(ankara.length));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('İptal stops the statements under way and starts no new one; nothing half-done is printed', async () => {
    const { started, aborted } = hangStatements();
    const app = await renderApp(`/mutabakat?province=Ankara&asOf=${ASOF}`, { loggedIn: true });
    await app.user.click(await screen.findByRole('button', { name: `Ekstreleri al (${ankara.length} cari)` }));
    await waitFor(() => expect(started).toHaveLength(4));
    // A statement of an account outside the run is on its way too (a row's prefetch elsewhere in the app).
    const outside = ds.accounts.find((a) => !ankara.includes(a))!;
    void app.queryClient.prefetchQuery(statementQueries.detail(outside.id));
    await waitFor(() => expect(started).toContain(outside.id));
    expect(screen.getByRole('progressbar', { name: 'Ekstreler alınıyor' })).toHaveAttribute('value', '0');
    await app.user.click(screen.getByRole('button', { name: 'İptal' }));
    // Shown once the run has ended (its pool returned): no statement can start after it.
    expect(await screen.findByText(`İptal edildi: 4 / ${ankara.length} ekstre alındı. Kalanlar için yeniden başlatabilirsiniz.`)).toBeInTheDocument();
    expect(started).toHaveLength(5);
    // Only the run's own statements are stopped: the four it started, not the one it did not.
    await waitFor(() => expect([...aborted].sort()).toEqual(started.filter((id) => id !== outside.id).sort()));
    expect(aborted).not.toContain(outside.id);
    expect(letters()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Yazdır (0 mektup)' })).toBeDisabled();
    expect(screen.queryByText(/alınamadı/)).not.toBeInTheDocument();
    // Starting again fetches every account (the cancelled ones included).
    expect(screen.getByRole('button', { name: `Ekstreleri al (${ankara.length} cari)` })).toBeEnabled();
  });
});
