/**
 * VKN/TCKN on the account's contact form (checked before it is sent, saved with the contact) and on the
 * Ba/Bs list (the line shows the saved number; lines without one say so and are counted).
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getDataset } from '../../server/demo-erp';
import { lastFullMonth } from '../../src/domain/babs/month';
import { createErpEnv, loginAs, renderApp } from '../harness';
import { mutApi, withMutabakatServer } from './mutabakat-api';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });
const mut = withMutabakatServer();
const ds = getDataset();

describe('VKN/TCKN', () => {
  it('the contact form names a wrong check digit and sends nothing; a right VKN is saved', async () => {
    const app = await renderApp('/accounts/1006?mutabakat=1', { loggedIn: true, gateway: mut.gateway() });
    const form = await screen.findByRole('form', { name: 'Mutabakat iletişim bilgileri' });
    const to = within(form).getByLabelText('E-posta (Kime)');
    await waitFor(() => expect(to).toBeEnabled());
    await app.user.type(to, 'muhasebe@aplusyapi.com.tr');
    const tax = within(form).getByLabelText('VKN/TCKN (Ba/Bs için)');
    await app.user.type(tax, '1234567891');
    await app.user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('1234567891: VKN’nin kontrol hanesi tutmuyor');
    expect(app.env.calls.filter((c) => c.startsWith('PUT'))).toEqual([]);
    await app.user.clear(tax);
    // 1234567890: (d + 9 − i) mod 10 = 0 for each of the first nine digits → check digit 0.
    await app.user.type(tax, '1234567890');
    await app.user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(await within(form).findByText('Kaydedildi.')).toBeInTheDocument();
    expect((await mutApi<{ taxId: string }>('GET', 'contacts/1006')).body.taxId).toBe('1234567890');
  });

  it('the Ba/Bs line shows the saved VKN; the others say they have none', async () => {
    const month = lastFullMonth(new Date().toISOString().slice(0, 10));
    const sums = new Map<string, { name: string; net: number }>();
    for (const i of ds.invoices) {
      if (!i.date.startsWith(month) || (i.kind !== 'Satış Faturası' && i.kind !== 'Alış İade Faturası')) continue;
      const e = sums.get(i.accountId) ?? { name: i.accountName, net: 0 };
      e.net += i.net;
      sums.set(i.accountId, e);
    }
    const [topId, top] = [...sums.entries()].sort((a, b) => b[1].net - a[1].net)[0]!;
    // Straight to the server (the same database the page's gateway will use), signed in.
    createErpEnv({ gateway: mut.gateway() });
    await loginAs();
    expect((await mutApi('PUT', `contacts/${topId}`, { to: ['a@firma.example'], cc: [], person: '', taxId: '10000000146' })).status).toBe(200);
    expect((await mutApi<{ contacts: { taxId: string }[] }>('GET', 'contacts')).body.contacts.map((c) => c.taxId)).toEqual(['10000000146']);
    await renderApp(`/babs?ay=${month}`, { loggedIn: true, gateway: mut.gateway() });
    const grid = await screen.findByRole('grid', { name: 'Ba/Bs satırları' });
    await waitFor(() => expect(within(grid).getByRole('link', { name: top.name }).closest('tr')!.textContent).toContain('10000000146'));
    const rows = Array.from(grid.querySelectorAll('tbody tr.dt-row'));
    expect(rows[1]!.textContent).toContain('VKN/TCKN yok');
  });
});
