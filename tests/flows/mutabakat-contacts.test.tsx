// @vitest long
/**
 * Mutabakat contacts: edited on the account's page (each address checked, a bad one named, nothing
 * sent until it is right), and imported from a CSV file (a preview naming every rejected row and
 * why; all or nothing).
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../harness';
import { mutApi, withMutabakatServer } from './mutabakat-api';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });
const mut = withMutabakatServer();

interface Contact {
  to: string[];
  cc: string[];
  person: string;
}

describe('mutabakat contacts on the account page', () => {
  it('names a wrong address and sends nothing; a right one is saved with Cc and the named person, and stays', async () => {
    const app = await renderApp('/accounts/1006', { loggedIn: true, gateway: mut.gateway() });
    await app.user.click(await screen.findByRole('link', { name: 'Mutabakat: iletişim ve geçmiş' }));
    await waitFor(() => expect(app.path()).toBe('/accounts/1006?mutabakat=1'));
    const form = await screen.findByRole('form', { name: 'Mutabakat iletişim bilgileri' });
    const to = within(form).getByLabelText('E-posta (Kime)');
    await waitFor(() => expect(to).toBeEnabled());
    // Nothing yet: said plainly.
    expect(within(form).getByText(/Bu cari için e-posta adresi yok/)).toBeInTheDocument();

    await app.user.type(to, 'muhasebe@aplusyapi.com.tr; abc@');
    await app.user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('“abc@” geçerli bir e-posta adresi değil.');
    expect(app.env.calls.filter((c) => c.startsWith('PUT'))).toEqual([]);

    await app.user.clear(to);
    await app.user.type(to, 'muhasebe@aplusyapi.com.tr');
    await app.user.type(within(form).getByLabelText('Bilgi (Cc)'), 'mali@aplusyapi.com.tr, ortak@aplusyapi.com.tr');
    await app.user.type(within(form).getByLabelText('Yetkili'), 'Ayşe Çelik');
    await app.user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(await within(form).findByText('Kaydedildi.')).toBeInTheDocument();
    expect(app.env.calls).toContain('PUT /api/mutabakat/contacts/1006');
    const saved = await mutApi<Contact>('GET', 'contacts/1006');
    expect(saved.body).toMatchObject({ to: ['muhasebe@aplusyapi.com.tr'], cc: ['mali@aplusyapi.com.tr', 'ortak@aplusyapi.com.tr'], person: 'Ayşe Çelik' });
    expect(within(form).queryByText(/Bu cari için e-posta adresi yok/)).not.toBeInTheDocument();
    // The account has no letters yet: its history says so (after a successful answer).
    expect(await screen.findByText('Bu cariye henüz mutabakat mektubu gönderilmedi.')).toBeInTheDocument();
  });
});

const csv = (lines: string[]) => new File([['Firma ID;E-posta;Cc;Yetkili', ...lines].join('\r\n')], 'kişiler.csv', { type: 'text/csv' });

describe('mutabakat contacts import', () => {
  it('previews every row, names each rejected one with its line and reason, and saves nothing while one is wrong', async () => {
    const app = await renderApp('/mutabakat/kisiler', { loggedIn: true, gateway: mut.gateway() });
    const input = await screen.findByLabelText('Dosya seçin');
    await app.user.upload(
      input,
      csv([
        '1006;muhasebe@aplusyapi.com.tr;;Ayşe Çelik', // line 2: right
        'abc;x@y.com.tr;;', // 3: not a number
        '9999;x@y.com.tr;;', // 4: no such account
        '1003;kurusculer@;;', // 5: wrong address
        '1006;ikinci@aplusyapi.com.tr;;', // 6: 1006 again
      ]),
    );
    expect(await screen.findByText('kişiler.csv: 1 satır uygun, 4 satır hatalı.')).toBeInTheDocument();
    const rejected = screen.getByTestId('import-rejected');
    const items = within(rejected)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toHaveLength(4);
    expect(items[0]).toMatch(/^3\. satır \(Firma ID “abc”\): .*sayı değil/);
    expect(items[1]).toMatch(/^4\. satır \(Firma ID “9999”\): .*9999.*yok/);
    expect(items[2]).toMatch(/^5\. satır \(Firma ID “1003”\): “kurusculer@” geçerli bir e-posta adresi değil\./);
    expect(items[3]).toMatch(/^6\. satır \(Firma ID “1006”\): .*(2|iki).*satır/);
    expect(within(rejected).getByText('Hatalı satır olduğu için içe aktarılamaz: ya hepsi ya hiçbiri.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 kişiyi kaydet' })).toBeDisabled();
    // The preview table lists all five rows.
    const table = screen.getByRole('grid', { name: 'Önizleme' });
    expect(within(table).getAllByRole('row').length - 1).toBe(5);
    expect((await mutApi<Contact>('GET', 'contacts/1006')).body.to).toEqual([]);
  });

  it('a right file is saved whole, and the account page shows the imported contact', async () => {
    const app = await renderApp('/mutabakat/kisiler', { loggedIn: true, gateway: mut.gateway() });
    await app.user.upload(
      await screen.findByLabelText('Dosya seçin'),
      csv(['1006;muhasebe@aplusyapi.com.tr;mali@aplusyapi.com.tr;Ayşe Çelik', '1003;cari@kurusculer.com.tr;;Mehmet Öz']),
    );
    expect(await screen.findByText('kişiler.csv: 2 satır uygun, 0 satır hatalı.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: '2 kişiyi kaydet' }));
    expect(await screen.findByText('2 carinin mutabakat kişisi kaydedildi.')).toBeInTheDocument();
    expect((await mutApi<Contact>('GET', 'contacts/1003')).body).toMatchObject({ to: ['cari@kurusculer.com.tr'], person: 'Mehmet Öz' });
    expect((await mutApi<Contact>('GET', 'contacts/1006')).body).toMatchObject({ to: ['muhasebe@aplusyapi.com.tr'], cc: ['mali@aplusyapi.com.tr'] });
  });

  it('refuses a file that is neither CSV nor .xlsx before sending it', async () => {
    const app = await renderApp('/mutabakat/kisiler', { loggedIn: true, gateway: mut.gateway() });
    const input = await screen.findByLabelText('Dosya seçin');
    fireEvent.change(input, { target: { files: [new File(['x'], 'kişiler.txt', { type: 'text/plain' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Yalnızca .csv ve .xlsx dosyaları içe aktarılabilir.');
    expect(app.env.calls.filter((c) => c.includes('/contacts/import'))).toEqual([]);
  });
});
