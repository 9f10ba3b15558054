// @vitest long
/**
 * Issue 46: an amount typed in the browser is read as a Turkish user means it — "50.000" is fifty
 * thousand, "1.500" is one thousand five hundred — and "1,500" is never guessed: the form names both
 * readings and sends nothing. The promise form (tahsilat) and the staff answer form (mutabakat).
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getDataset } from '../../server/demo-erp';
import { APP_ORIGIN, createErpEnv, gatewayFetch, loginAs, renderApp } from '../harness';
import { mutApi, withMutabakatServer } from './mutabakat-api';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 20_000 });
const mut = withMutabakatServer();
const ds = getDataset();

const colApi = async <T,>(path: string): Promise<T> =>
  (await (await gatewayFetch(new Request(`${APP_ORIGIN}/api/tahsilat/${path}`, { headers: { 'x-app-request': '1' } }))).json()) as T;

describe('the promise form (tahsilat)', () => {
  it('“1,500” is refused naming both readings and nothing is sent; “50.000” is saved as 50.000,00 TL', async () => {
    const app = await renderApp('/accounts/1006', { loggedIn: true, gateway: mut.gateway() });
    await app.user.click(await screen.findByRole('link', { name: 'Tahsilat takibi' }));
    const promise = await screen.findByRole('form', { name: 'Ödeme sözü' }, { timeout: 15_000 });
    const amount = within(promise).getByLabelText('Tutar');
    await app.user.type(amount, '1,500');
    await app.user.type(within(promise).getByLabelText('Ödeme tarihi'), '31.12.2027');
    await app.user.click(within(promise).getByRole('button', { name: 'Sözü kaydet' }));
    expect(await within(promise).findByText('Söz tutarı “1,500” belirsiz: bin beş yüz için “1.500”, bir buçuk için “1,50” yazın.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    // What was typed stays, for the user to mend.
    expect(amount).toHaveValue('1,500');
    expect(app.env.calls.filter((c) => c.includes('/promises'))).toEqual([]);

    await app.user.clear(amount);
    await app.user.type(amount, '50.000');
    await app.user.click(within(promise).getByRole('button', { name: 'Sözü kaydet' }));
    const list = await screen.findByRole('list', { name: 'Sözler' });
    expect(within(list).getByRole('listitem').textContent).toMatch(/^31\.12\.2027: 50\.000,00 TL → Bekliyor — \S/);
    expect(within(promise).queryByText(/belirsiz/)).toBeNull();
    const acc = await colApi<{ promises: { amount: number; currency: string }[] }>('accounts/1006');
    expect(acc.promises).toEqual([expect.objectContaining({ amount: 5_000_000, currency: 'TL' })]);
  });
});

describe('the staff answer form (mutabakat)', () => {
  it('“1,500” is refused naming both readings; “1.500” is recorded as 1.500,00 TL borç', async () => {
    createErpEnv({ gateway: mut.gateway() });
    await loginAs();
    expect((await mutApi('PUT', 'contacts/1006', { to: ['muhasebe1006@ornek.com.tr'], cc: [], person: 'Yetkili' })).status).toBe(200);
    const started = await mutApi<{ campaign: { id: string } }>('POST', 'campaigns', { accountIds: ['1006'], asOf: '2026-06-30', deadline: '2026-12-31' });
    expect(started.status).toBe(201);
    const app = await renderApp(`/mutabakat/donemler/${started.body.campaign.id}`, { loggedIn: true, gateway: mut.gateway() });
    const name = ds.accountById.get('1006')!.name;
    await app.user.click(await screen.findByRole('link', { name }));
    const panel = await screen.findByRole('region', { name: `${name} (1006)` });
    await app.user.click(await within(panel).findByRole('button', { name: 'Gelen yanıtı kaydet' }));
    const form = within(panel).getByRole('form', { name: 'Gelen yanıtı kaydet' });
    await app.user.click(within(form).getByLabelText('Mutabık değil'));
    const amount = within(form).getByLabelText('Karşı tarafın bakiyesi (TL)');
    await app.user.type(amount, '1,500');
    await app.user.selectOptions(within(form).getByLabelText('Yönü (TL)'), 'B');
    await app.user.type(within(form).getByLabelText('Yanıtlayanın adı soyadı'), 'Kemal Aydın');
    await app.user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(await within(form).findByText('Tutar “1,500” belirsiz: bin beş yüz için “1.500”, bir buçuk için “1,50” yazın.')).toBeInTheDocument();
    expect(amount).toHaveValue('1,500');
    expect(app.env.calls.filter((c) => c.endsWith('/answer'))).toEqual([]);

    await app.user.clear(amount);
    await app.user.type(amount, '1.500');
    await app.user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(await within(panel).findByText('Yanıt kaydedildi.')).toBeInTheDocument();
    const row = () => document.querySelector<HTMLElement>('table[aria-label="Mektuplar"] tr[data-row-id="1006"]');
    await waitFor(() => expect(row()).toHaveTextContent('1.500,00 TL B'));
  });
});
