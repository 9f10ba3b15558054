// @vitest long
/**
 * A mutabakat campaign from the letters page to the board: started with the list's filters (the
 * Ankara accounts), accounts without an address listed (not skipped), the board's counts each
 * linking to exactly its rows, an answer recorded by phone with a difference worked out here by
 * hand, the difference resolved, an agreement recorded by KEP.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getDataset } from '../../server/demo-erp';
import { actUntil, createErpEnv, loginAs, renderApp, settled, type RenderedApp } from '../harness';
import { mutApi, tl, withMutabakatServer } from './mutabakat-api';

// Preparing 33 letters (statements, PDFs) on a loaded 2-core machine can take half a minute.
vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 45_000 });
const mut = withMutabakatServer();

const ds = getDataset();
const ASOF = '2026-06-30';
const ankara = ds.accounts.filter((a) => a.province.toLocaleLowerCase('tr-TR') === 'ankara');
/** Two Ankara accounts left without an address (TL accounts, so their figures are worked below). */
const NO_ADDRESS = ['1047', '1058'];
const balanceAt = (id: string) =>
  ds.accountById
    .get(id)!
    .lines.filter((l) => l.date <= ASOF)
    .reduce((s, l) => s + l.debit - l.credit, 0);

async function giveAddresses() {
  // Straight to the server (the same database the page's gateway will use), signed in.
  createErpEnv({ gateway: mut.gateway() });
  await loginAs();
  for (const a of ankara)
    if (!NO_ADDRESS.includes(a.id))
      expect((await mutApi('PUT', `contacts/${a.id}`, { to: [`muhasebe${a.id}@ornek.com.tr`], cc: [], person: 'Yetkili' })).status).toBe(200);
}

const row = (id: string) => document.querySelector<HTMLElement>(`table[aria-label="Mektuplar"] tr[data-row-id="${id}"]`);
const count = (key: string) => screen.getByTestId(`count-${key}`);
const countN = (key: string) =>
  Number(
    within(count(key))
      .getByText(/^\d[\d.]*$/)
      .textContent!.replace(/\./g, ''),
  );

async function startAnkaraCampaign(): Promise<RenderedApp> {
  await giveAddresses();
  const app = await renderApp(`/mutabakat?province=Ankara&asOf=${ASOF}`, { loggedIn: true, gateway: mut.gateway() });
  await app.user.click(await screen.findByRole('link', { name: 'Mutabakat dönemi başlat' }));
  const panel = await screen.findByRole('region', { name: 'Mutabakat dönemi başlat' });
  expect(
    await within(panel).findByText(`Listenin filtreleriyle seçili ${ankara.length} cari için birer mektup hazırlanır (üst sınır yok).`),
  ).toBeInTheDocument();
  expect(within(panel).getByTestId('mut-start-options')).toHaveTextContent('Mutabakat tarihi 30.06.2026; ekstre satırları eklenmez');
  // Accounts without an address are listed by name (and linked to their page), not skipped.
  const missing = await within(panel).findByTestId('no-address');
  expect(missing).toHaveTextContent(`E-posta adresi olmayan ${NO_ADDRESS.length} cari`);
  expect(
    within(missing)
      .getAllByRole('link')
      .map((a) => a.textContent),
  ).toEqual(ankara.filter((a) => NO_ADDRESS.includes(a.id)).map((a) => `${a.name} (${a.id})`));
  await app.user.click(within(panel).getByRole('button', { name: `${ankara.length} cari için başlat` }));
  await waitFor(() => expect(app.path()).toMatch(/^\/mutabakat\/donemler\/[^/?]+$/));
  return app;
}

describe('mutabakat campaign', () => {
  it('checks the deadline and the reminder days before anything is sent', async () => {
    const app = await renderApp(`/mutabakat?province=Ankara&asOf=${ASOF}&baslat=1`, { loggedIn: true, gateway: mut.gateway() });
    const panel = await screen.findByRole('region', { name: 'Mutabakat dönemi başlat' });
    const reminders = within(panel).getByLabelText('Hatırlatma günleri (gönderimden sonra)');
    expect(reminders).toHaveValue('7, 14');
    await app.user.clear(reminders);
    await app.user.type(reminders, '0, 100');
    const deadline = within(panel).getByLabelText('Son cevap tarihi');
    await app.user.clear(deadline);
    await app.user.type(deadline, '01.06.2026{Enter}');
    await app.user.click(await within(panel).findByRole('button', { name: `${ankara.length} cari için başlat` }));
    expect(await within(panel).findByText('Hatırlatma günleri 1 ile 90 arasında tam sayılar olmalı (ör. 7, 14).')).toBeInTheDocument();
    expect(within(panel).getByText('Son cevap tarihi mutabakat tarihinden önce olamaz.')).toBeInTheDocument();
    expect(app.env.calls.filter((c) => c === 'POST /api/mutabakat/campaigns')).toEqual([]);
  });

  it('starts from the letters page with its filters, the board counts link to exactly their rows; records a disagreement by phone (difference = ours − theirs), resolves it, and an agreement by KEP', async () => {
    const app = await startAnkaraCampaign();
    const board = app.path();
    await screen.findByRole('heading', { level: 1, name: 'Mutabakat 30.06.2026' });
    // Prepared and mailed on the server (demo outbox): every account with an address is sent.
    await waitFor(() => expect(countN('sent')).toBe(ankara.length - NO_ADDRESS.length));
    await waitFor(() => expect(countN('noAddress')).toBe(NO_ADDRESS.length));
    await waitFor(() => expect(countN('noAnswer')).toBe(ankara.length - NO_ADDRESS.length));
    expect(countN('agreed')).toBe(0);
    expect(screen.getByText(/Bilgi içindir, hukuki bir sonuç değildir/)).toBeInTheDocument();
    // Our balance per row, as of the date, worked out from the dataset.
    for (const id of ['1003', '1006', '1047']) {
      const b = balanceAt(id);
      await waitFor(() => expect(row(id)).toHaveTextContent(`${tl(b)} TL ${b > 0 ? 'B' : b < 0 ? 'A' : ''}`.trim()));
    }
    // Each count is a link to its rows (URL filter), the number of rows the count says.
    for (const key of ['noAddress', 'sent', 'noAnswer']) {
      // The board re-renders while its rows refetch under a new filter: wait for the count to be there.
      const n = await waitFor(() => countN(key));
      await app.user.click(await screen.findByTestId(`count-${key}`));
      await waitFor(() => expect(app.path()).toMatch(new RegExp(`durum=${key === 'noAddress' ? 'no_address' : key}`)));
      await waitFor(() => expect(document.querySelectorAll('table[aria-label="Mektuplar"] tbody tr[data-row-id]').length).toBe(n));
    }
    await app.user.click(await screen.findByTestId('count-noAddress'));
    await waitFor(() =>
      expect([...document.querySelectorAll('table[aria-label="Mektuplar"] tbody tr[data-row-id]')].map((r) => r.getAttribute('data-row-id')).sort()).toEqual(
        [...NO_ADDRESS].sort(),
      ),
    );

    // Answers recorded on the same campaign (preparing 33 letters again would double the file's work):
    // back to the whole board, no row filter.
    await actUntil(app, () => app.router.navigate(board));
    await waitFor(() => expect(app.path()).not.toMatch(/durum=/));
    await waitFor(() => expect(row('1006') && row('1003')).toBeTruthy());
    await recordAnswers(app);
  });
});

/** A disagreement by phone (difference = ours − theirs) resolved, and an agreement by KEP, on the Ankara campaign's board. */
async function recordAnswers(app: RenderedApp) {
  await waitFor(() => expect(countN('sent')).toBe(ankara.length - NO_ADDRESS.length));
  const ours = balanceAt('1006');
  // They say 1.000,00 TL borç: the difference, by hand, is ours − 100000 kuruş.
  const theirs = 100_000;
  const diff = ours - theirs;
  await app.user.click(within(row('1006')!).getByRole('link', { name: ds.accountById.get('1006')!.name }));
  const panel = await screen.findByRole('region', { name: `${ds.accountById.get('1006')!.name} (1006)` });
  await app.user.click(within(panel).getByRole('button', { name: 'Gelen yanıtı kaydet' }));
  const form = within(panel).getByRole('form', { name: 'Gelen yanıtı kaydet' });
  await app.user.click(within(form).getByLabelText('Mutabık değil'));
  await app.user.selectOptions(within(form).getByLabelText('Geldiği kanal'), 'telefon');
  // A wrong amount and a missing name are named; nothing is sent.
  await app.user.type(within(form).getByLabelText('Karşı tarafın bakiyesi (TL)'), '1.000,x');
  await app.user.click(within(form).getByRole('button', { name: 'Kaydet' }));
  expect(await within(form).findByText('Tutar “1.234,56” biçiminde girilmeli. “1.000,x” bir tutar değil.')).toBeInTheDocument();
  expect(within(form).getByText('Bu alan zorunlu.')).toBeInTheDocument();
  await app.user.clear(within(form).getByLabelText('Karşı tarafın bakiyesi (TL)'));
  await app.user.type(within(form).getByLabelText('Karşı tarafın bakiyesi (TL)'), '1.000,00');
  await app.user.selectOptions(within(form).getByLabelText('Yönü (TL)'), 'B');
  await app.user.type(within(form).getByLabelText('Yanıtlayanın adı soyadı'), 'Kemal Aydın');
  await app.user.type(within(form).getByLabelText('Unvanı'), 'Muhasebe Müdürü');
  await app.user.click(within(form).getByRole('button', { name: 'Kaydet' }));
  expect(await within(panel).findByText('Yanıt kaydedildi.')).toBeInTheDocument();
  await waitFor(() => expect(countN('disagreed')).toBe(1));
  await waitFor(() => expect(screen.getByTestId('diff-1006')).toHaveTextContent(`${tl(diff)} TL ${diff > 0 ? 'B' : 'A'}`));
  expect(row('1006')).toHaveTextContent('1.000,00 TL B');
  expect(row('1006')).toHaveTextContent(/Kemal Aydın, Muhasebe Müdürü · \d\d\.\d\d\.2026 · telefon \(kaydeden: /);
  expect(screen.getByTestId('board-differences')).toHaveTextContent(`${tl(diff)} TL`);

  await app.user.click(within(panel).getByRole('button', { name: 'Farkı çözüldü olarak işaretle' }));
  await app.user.click(within(panel).getByRole('button', { name: 'Kaydet' }));
  expect(await within(panel).findByText('Bu alan zorunlu.')).toBeInTheDocument();
  await app.user.type(within(panel).getByLabelText('Nasıl çözüldü?'), 'İade faturası eksikti; gönderildi.');
  await app.user.click(within(panel).getByRole('button', { name: 'Kaydet' }));
  expect(await within(panel).findByText('Fark çözüldü olarak işaretlendi.')).toBeInTheDocument();
  await waitFor(() => expect(row('1006')).toHaveTextContent('Fark çözüldü'));
  await waitFor(() => expect(screen.getByTestId('board-differences')).toHaveTextContent('Çözülmemiş fark yok.'));

  // Another letter: they agree, by KEP.
  await app.user.click(within(row('1003')!).getByRole('link', { name: ds.accountById.get('1003')!.name }));
  const panel2 = await screen.findByRole('region', { name: `${ds.accountById.get('1003')!.name} (1003)` });
  await app.user.click(within(panel2).getByRole('button', { name: 'Gelen yanıtı kaydet' }));
  const form2 = within(panel2).getByRole('form', { name: 'Gelen yanıtı kaydet' });
  await app.user.selectOptions(within(form2).getByLabelText('Geldiği kanal'), 'KEP');
  await app.user.type(within(form2).getByLabelText('Yanıtlayanın adı soyadı'), 'Mehmet Öz');
  await app.user.click(within(form2).getByRole('button', { name: 'Kaydet' }));
  await waitFor(() => expect(countN('agreed')).toBe(1));
  expect(row('1003')).toHaveTextContent('Mutabık');
  expect(row('1003')).toHaveTextContent('KEP');
  // The account page's history shows the letter of this period.
  await actUntil(app, () => app.router.navigate('/accounts/1003?mutabakat=1'));
  const history = await screen.findByRole('grid', { name: 'Mutabakat geçmişi' });
  await waitFor(() => expect(within(history).getByRole('link', { name: 'Mutabakat 30.06.2026' })).toBeInTheDocument());
  expect(history).toHaveTextContent('Mutabık');
  // The page reads its statement beside the history: the test ends once every read has landed.
  await settled(app);
}

describe('mutabakat letter actions', () => {
  it('reminds now, resends, and cancels a letter without an address — each in the letter’s history and the counts', async () => {
    createErpEnv({ gateway: mut.gateway() });
    await loginAs();
    expect((await mutApi('PUT', 'contacts/1003', { to: ['cari@kurusculer.com.tr'], cc: [], person: '' })).status).toBe(200);
    const created = await mutApi<{ campaign: { id: string } }>('POST', 'campaigns', { accountIds: ['1003', '1047'], asOf: ASOF, deadline: '2026-07-31' });
    expect(created.status).toBe(201);
    const app = await renderApp(`/mutabakat/donemler/${created.body.campaign.id}`, { loggedIn: true, gateway: mut.gateway() });
    await waitFor(() => expect(countN('sent')).toBe(1));
    expect(countN('noAddress')).toBe(1);

    await app.user.click(within(row('1003')!).getByRole('link', { name: ds.accountById.get('1003')!.name }));
    const panel = await screen.findByRole('region', { name: `${ds.accountById.get('1003')!.name} (1003)` });
    await app.user.click(within(panel).getByRole('button', { name: 'Şimdi hatırlat' }));
    expect(await within(panel).findByText('Hatırlatma kuyruğa alındı.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByRole('listitem')
          .map((li) => li.textContent)
          .join('\n'),
      ).toMatch(/Hatırlatıldı/),
    );
    await app.user.click(within(panel).getByRole('button', { name: 'Yeniden gönder' }));
    expect(await within(panel).findByText('Mektup yeniden gönderilmek üzere kuyruğa alındı.')).toBeInTheDocument();
    await app.user.click(within(panel).getByRole('button', { name: 'Kapat' }));
    await waitFor(() => expect(app.path()).not.toMatch(/mektup=/));

    await app.user.click(within(row('1047')!).getByRole('link', { name: ds.accountById.get('1047')!.name }));
    const panel2 = await screen.findByRole('region', { name: `${ds.accountById.get('1047')!.name} (1047)` });
    expect(within(panel2).getByText('adres yok')).toBeInTheDocument();
    await app.user.click(within(panel2).getByRole('button', { name: 'Mektubu iptal et' }));
    await app.user.type(within(panel2).getByLabelText('İptal nedeni (isteğe bağlı)'), 'Firma kapandı.');
    await app.user.click(within(panel2).getByRole('button', { name: 'İptali onayla' }));
    expect(await within(panel2).findByText('Mektup iptal edildi.')).toBeInTheDocument();
    await waitFor(() => expect(countN('cancelled')).toBe(1));
    expect(countN('noAddress')).toBe(0);
    // A cancelled letter offers no more actions but its PDF.
    await waitFor(() => expect(within(panel2).queryByRole('button', { name: 'Mektubu iptal et' })).not.toBeInTheDocument());
    expect(within(panel2).queryByRole('button', { name: 'Gelen yanıtı kaydet' })).not.toBeInTheDocument();
  });
});

describe('a letter that cannot be prepared', () => {
  it('ends as “Hazırlanamadı” with the reason; the prepared one can be sent; tried again once the ERP answers', async () => {
    createErpEnv({ gateway: mut.gateway() });
    await loginAs();
    // The ERP answers 1047's statement with an error page, every time.
    mut.erp().settings.failRules = [{ operation: 'get_cari_extre', param: 'cari_id', value: '1047', mode: 'html500' }];
    for (const id of ['1003', '1047']) expect((await mutApi('PUT', `contacts/${id}`, { to: [`cari${id}@ornek.com.tr`], cc: [], person: '' })).status).toBe(200);
    const created = await mutApi<{ campaign: { id: string } }>('POST', 'campaigns', {
      accountIds: ['1003', '1047'],
      asOf: ASOF,
      deadline: '2026-07-31',
      send: false,
    });
    expect(created.status).toBe(201);
    const app = await renderApp(`/mutabakat/donemler/${created.body.campaign.id}`, { loggedIn: true, gateway: mut.gateway() });
    // Three tries (this server's job comes back 0.2 s, then 0.4 s later): then it ends, and the board stops waiting for it.
    await waitFor(() => expect(countN('prepareFailed')).toBe(1));
    expect(screen.getByText('1 mektup hazırlanamadı (ERP ekstreyi vermedi); diğerleri gönderilebilir.')).toBeInTheDocument();
    expect(within(row('1047')!).getByText(/Hazırlanamadı/)).toBeInTheDocument();
    await app.user.click(within(row('1047')!).getByRole('link', { name: ds.accountById.get('1047')!.name }));
    const panel = await screen.findByRole('region', { name: `${ds.accountById.get('1047')!.name} (1047)` });
    expect(within(panel).getByText(/^Mektup hazırlanamadı: .+/)).toBeInTheDocument();
    // The prepared letter goes now.
    await app.user.click(screen.getByRole('button', { name: 'Hazır mektupları gönder' }));
    await waitFor(() => expect(countN('sent')).toBe(1));
    // The ERP answers again: tried again, prepared and (the campaign now sends) sent.
    mut.erp().settings.failRules = [];
    await app.user.click(screen.getByRole('button', { name: 'Hazırlanamayanları yeniden dene' }));
    await waitFor(() => expect(countN('sent')).toBe(2), { timeout: 30_000 });
    expect(countN('prepareFailed')).toBe(0);
    expect(screen.queryByRole('button', { name: 'Hazırlanamayanları yeniden dene' })).not.toBeInTheDocument();
  });
});
