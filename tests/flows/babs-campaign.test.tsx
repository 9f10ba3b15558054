// @vitest long
/**
 * The BA/BS campaign from the list page to the board, against the demo ERP and mutabakat on PGlite:
 * the list's month and threshold (1.000.000 TL here, so eight counterparts) decide who gets a letter,
 * the one without an address is named (not skipped), the board shows our Bs/Ba per counterparty as the
 * dataset gives them, an answer taken by phone with one document fewer shows "belge +1" on the Bs
 * count only, and the account's history lists the BA/BS month.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getDataset } from '../../server/demo-erp';
import { actUntil, createErpEnv, loginAs, renderApp, settled } from '../harness';
import { mutApi, tl, withMutabakatServer } from './mutabakat-api';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 45_000 });
const mut = withMutabakatServer();

const ds = getDataset();
const MONTH = '2026-10';
const LIMIT = 100_000_000; // 1.000.000,00 TL in kuruş
/** Bs = sales + purchase returns, Ba = purchases + sales returns: per account, worked from the dataset. */
const fig = new Map<string, { bs: { count: number; net: number }; ba: { count: number; net: number } }>();
for (const i of ds.invoices) {
  if (!i.date.startsWith(MONTH)) continue;
  const f = fig.get(i.accountId) ?? { bs: { count: 0, net: 0 }, ba: { count: 0, net: 0 } };
  const form = i.kind === 'Satış Faturası' || i.kind === 'Alış İade Faturası' ? 'bs' : 'ba';
  f[form].count += 1;
  f[form].net += i.net;
  fig.set(i.accountId, f);
}
const chosen = [...fig].filter(([, f]) => f.bs.net >= LIMIT || f.ba.net >= LIMIT).map(([id]) => id);
const NO_ADDRESS = chosen[chosen.length - 1]!;
const ANSWER = chosen.find((id) => fig.get(id)!.bs.count >= 2 && id !== NO_ADDRESS)!;

const row = (id: string) => document.querySelector<HTMLElement>(`table[aria-label="Mektuplar"] tr[data-row-id="${id}"]`);
const countN = (key: string) =>
  Number(
    within(screen.getByTestId(`count-${key}`))
      .getByText(/^\d[\d.]*$/)
      .textContent!.replace(/\./g, ''),
  );

describe('BA/BS campaign in the app', () => {
  it('starts from the list with its threshold, names the account without an address, shows a count-only difference per form on the board and in the history', async () => {
    expect(chosen.length).toBeGreaterThan(2);
    createErpEnv({ gateway: mut.gateway() });
    await loginAs();
    for (const id of chosen)
      if (id !== NO_ADDRESS)
        expect((await mutApi('PUT', `contacts/${id}`, { to: [`muhasebe${id}@ornek.com.tr`], cc: [], person: 'Yetkili' })).status).toBe(200);

    const app = await renderApp(`/babs?ay=${MONTH}&sinir=1000000`, { loggedIn: true, gateway: mut.gateway() });
    await app.user.click(await screen.findByRole('link', { name: 'BA/BS mutabakatı başlat' }));
    const panel = await screen.findByRole('region', { name: 'Ekim 2026 BA/BS mutabakatı' });
    await waitFor(() => expect(within(panel).getByTestId('babs-start-scope')).toHaveTextContent(`${chosen.length} karşı tarafa mektup hazırlanacak`));
    const missing = await within(panel).findByTestId('babs-start-no-address');
    expect(missing).toHaveTextContent('olmayan 1 karşı taraf');
    expect(within(missing).getByRole('link')).toHaveTextContent(`(${NO_ADDRESS})`);
    await app.user.click(within(panel).getByRole('button', { name: `${chosen.length} BA/BS mektubu hazırla ve gönder` }));
    await waitFor(() => expect(app.path()).toMatch(/^\/mutabakat\/donemler\/[^/?]+$/));
    await waitFor(() => expect(countN('sent')).toBe(chosen.length - 1));
    expect(countN('noAddress')).toBe(1);

    // Our figures per form, as the dataset gives them.
    const f = fig.get(ANSWER)!;
    await waitFor(() => expect(row(ANSWER)).not.toBeNull());
    expect(row(ANSWER)!).toHaveTextContent(`${f.bs.count} belge · ${tl(f.bs.net)}`);

    // Their Ba by phone: one document fewer, the same amount.
    await app.user.click(within(row(ANSWER)!).getByRole('link', { name: ds.accountById.get(ANSWER)!.name }));
    const letter = await screen.findByRole('region', { name: `${ds.accountById.get(ANSWER)!.name} (${ANSWER})` });
    await app.user.click(within(letter).getByRole('button', { name: 'Gelen yanıtı kaydet' }));
    const form = within(letter).getByRole('form', { name: 'Gelen yanıtı kaydet' });
    await app.user.click(within(form).getByLabelText('Mutabık değil'));
    const bsCount = within(form).getByLabelText('Bs (satışlarımız = onların Ba’sı): belge sayısı');
    expect(bsCount).toHaveValue(String(f.bs.count));
    await app.user.clear(bsCount);
    await app.user.type(bsCount, 'iki');
    await app.user.type(within(form).getByLabelText('Yanıtlayanın adı soyadı'), 'Kemal Aydın');
    await app.user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(await within(form).findByText('Belge sayısı 0 ya da daha büyük bir tam sayı olmalı.')).toBeInTheDocument();
    await app.user.clear(bsCount);
    await app.user.type(bsCount, String(f.bs.count - 1));
    await app.user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(countN('disagreed')).toBe(1));
    await waitFor(() => expect(screen.getByTestId(`babs-diff-bs-${ANSWER}`)).toHaveTextContent('belge +1'));
    expect(screen.getByTestId(`babs-diff-ba-${ANSWER}`)).toHaveTextContent('fark yok');
    expect(screen.getByTestId('board-differences')).toHaveTextContent('Açık farklar: Bs: belge +1');

    // The account's history: the BA/BS month with its difference.
    const hist = await mutApi<{ letters: { kind: string; month: string; babs: { difference: unknown } }[] }>('GET', `accounts/${ANSWER}/history`);
    expect(hist.body.letters.map((l) => [l.kind, l.month])).toEqual([['babs', MONTH]]);
    await actUntil(app, () => app.router.navigate(`/accounts/${ANSWER}?mutabakat=1`));
    const history = await screen.findByRole('grid', { name: 'Mutabakat geçmişi' });
    await waitFor(() => expect(history).toHaveTextContent('Ekim 2026'));
    expect(history).toHaveTextContent('BA/BS');
    expect(history).toHaveTextContent('Bs: belge +1');
    // The page reads its statement beside the history: the test ends once every read has landed.
    await settled(app);
  });
});
