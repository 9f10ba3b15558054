// @vitest long
/**
 * Tahsilat takibi on the account's page (not only from the worklist): a call with its result, the
 * next action and owner, a promise — saved on the server and shown in the panel's log.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../harness';
import { withMutabakatServer } from './mutabakat-api';
import { APP_ORIGIN, gatewayFetch } from '../harness';

vi.setConfig({ testTimeout: 40_000 });
configure({ asyncUtilTimeout: 10_000 });
const mut = withMutabakatServer();

const colApi = async <T,>(path: string): Promise<T> =>
  (await (await gatewayFetch(new Request(`${APP_ORIGIN}/api/tahsilat/${path}`, { headers: { 'x-app-request': '1' } }))).json()) as T;

interface Acc {
  state: { owner: string | null; nextAction: string; nextActionDate: string | null; version: number };
  promises: { amount: number; currency: string; due: string; status: string }[];
  activities: { kind: string; result: string | null; note: string }[];
}

describe('the collections panel on the account page', () => {
  it('logs a call with its result, saves the next action and owner, takes a promise; the log shows each, newest first', async () => {
    const app = await renderApp('/accounts/1006', { loggedIn: true, gateway: mut.gateway() });
    await app.user.click(await screen.findByRole('link', { name: 'Tahsilat takibi' }));
    const log = await screen.findByRole('form', { name: 'Kayıt ekle' }, { timeout: 15_000 });
    await app.user.selectOptions(within(log).getByLabelText('Tür'), 'call');
    await app.user.selectOptions(within(log).getByLabelText('Sonuç'), 'Ödeme sözü');
    await app.user.type(within(log).getByLabelText('Not'), 'Cuma günü 12.500 TL ödeyecek');
    await app.user.click(within(log).getByRole('button', { name: 'Ekle' }));
    await waitFor(async () =>
      expect((await colApi<Acc>('accounts/1006')).activities[0]).toMatchObject({ kind: 'call', result: 'soz', note: 'Cuma günü 12.500 TL ödeyecek' }),
    );

    const next = screen.getByLabelText('Sonraki adım');
    await app.user.type(next, 'Cuma öğleden sonra ara');
    // The date box reads tr-TR whatever the browser's locale (a native date box showed mm/dd/yyyy).
    const nextDate = screen.getByRole('textbox', { name: 'Tarihi' });
    expect(nextDate).toHaveAttribute('placeholder', 'gg.aa.yyyy');
    await app.user.type(nextDate, '7.1.28');
    await app.user.type(screen.getByLabelText('Sorumlu (Workcube kullanıcısı)'), 'demo');
    expect(screen.getByText('“7.1.28” 07.01.2028 olarak anlaşıldı.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Kaydedildi.')).toBeInTheDocument();

    const promise = screen.getByRole('form', { name: 'Ödeme sözü' });
    await app.user.type(within(promise).getByLabelText('Tutar'), '12.500,00');
    // Enter in the date box sends the promise (as in a plain text box), with the date just typed.
    await app.user.type(within(promise).getByLabelText('Ödeme tarihi'), '31.12.2027{Enter}');
    const list = await screen.findByRole('list', { name: 'Sözler' });
    // The form is empty again, the date box too.
    await waitFor(() => expect(within(promise).getByLabelText('Ödeme tarihi')).toHaveValue(''));
    expect(within(promise).getByLabelText('Tutar')).toHaveValue('');
    // The due date once, before the amount (not again in the verdict).
    expect(within(list).getByRole('listitem').textContent).toMatch(/^31\.12\.2027: 12\.500,00 TL → Bekliyor — \S/);

    const acc = await colApi<Acc>('accounts/1006');
    expect(acc.state).toMatchObject({ owner: 'demo', nextAction: 'Cuma öğleden sonra ara', nextActionDate: '2028-01-07', version: 1 });
    expect(acc.promises).toEqual([expect.objectContaining({ amount: 1_250_000, currency: 'TL', due: '2027-12-31', status: 'pending' })]);
    expect(acc.activities.map((a) => a.kind)).toEqual(['promise', 'state', 'call']);
    // The panel's log lists the three, newest first.
    const items = within(document.querySelector('.col-log') as HTMLElement).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('strong')!.textContent)).toEqual(['Ödeme sözü', 'Sonraki adım', 'Arama: Ödeme sözü']);
  });

  it('a date that is no day (31.02) is marked beside its box and nothing is sent: neither the next action nor the promise', async () => {
    const app = await renderApp('/accounts/1007', { loggedIn: true, gateway: mut.gateway() });
    await app.user.click(await screen.findByRole('link', { name: 'Tahsilat takibi' }));
    await screen.findByRole('form', { name: 'Kayıt ekle' }, { timeout: 15_000 });
    await app.user.type(screen.getByLabelText('Sonraki adım'), 'Ara');
    await app.user.type(screen.getByRole('textbox', { name: 'Tarihi' }), '31.02.2028');
    await app.user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(screen.getByRole('textbox', { name: 'Tarihi' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Tarih okunamadı; gg.aa.yyyy biçiminde yazın (1.1.26, 01012026 de olur).');
    expect(screen.queryByText('Kaydedildi.')).toBeNull();

    const promise = screen.getByRole('form', { name: 'Ödeme sözü' });
    await app.user.type(within(promise).getByLabelText('Tutar'), '1.000,00');
    await app.user.type(within(promise).getByRole('textbox', { name: 'Ödeme tarihi' }), '31.02.2028');
    await app.user.click(within(promise).getByRole('button', { name: 'Sözü kaydet' }));
    expect(within(promise).getByRole('textbox', { name: 'Ödeme tarihi' })).toHaveAttribute('aria-invalid', 'true');

    // Mended, the next action goes out with its date.
    const box = screen.getByRole('textbox', { name: 'Tarihi' });
    await app.user.clear(box);
    await app.user.type(box, '28.02.2028');
    await app.user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Kaydedildi.')).toBeInTheDocument();
    const acc = await colApi<Acc>('accounts/1007');
    expect(acc.state).toMatchObject({ nextAction: 'Ara', nextActionDate: '2028-02-28', version: 1 });
    expect(acc.promises).toEqual([]);
  });
});
