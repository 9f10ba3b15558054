/**
 * The reminder templates edited in the app: the fields a template may use are listed, an unknown
 * field is refused by name and nothing is saved, a right one is saved (read back from the server),
 * and the preview fills the template with a real customer's name and overdue figure.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { APP_ORIGIN, gatewayFetch, renderApp } from '../harness';
import { tl, withMutabakatServer } from './mutabakat-api';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 20_000 });
const mut = withMutabakatServer();

const colApi = async <T,>(path: string): Promise<T> =>
  (await (await gatewayFetch(new Request(`${APP_ORIGIN}/api/tahsilat/${path}`, { headers: { 'x-app-request': '1' } }))).json()) as T;
interface Settings {
  settings: { levels: { subject: string; body: string }[] };
}
interface Worklist {
  rows: { accountId: string; name: string; overdue: { currency: string; overdue: number }[] }[];
}

describe('the reminder template editor', () => {
  it('lists the fields, refuses {firma} by name (nothing saved), saves a right template, previews it with a real customer', async () => {
    const app = await renderApp('/tahsilat/ayarlar', { loggedIn: true, gateway: mut.gateway() });
    const fields = await screen.findByRole('region', { name: 'Şablonda kullanılabilecek alanlar' });
    for (const f of ['{musteri}', '{yetkili}', '{tutarlar}', '{en_eski_gun}', '{sirket}', '{kalemler}'])
      expect(within(fields).getByText(f)).toBeInTheDocument();

    const level1 = screen.getByRole('group', { name: '1. seviye' });
    const subject = within(level1).getByLabelText('Konu');
    const before = (await colApi<Settings>('settings')).settings.levels[0]!.subject;
    await app.user.clear(subject);
    await app.user.type(subject, '{{firma} için ödeme hatırlatması');
    await app.user.click(screen.getByRole('button', { name: 'Ayarları kaydet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '{firma} bilinen bir alan değil; kullanılabilenler: {musteri} {yetkili} {tutarlar} {en_eski_gun} {sirket} {kalemler}.',
    );
    expect((await colApi<Settings>('settings')).settings.levels[0]!.subject).toBe(before);

    await app.user.clear(subject);
    await app.user.type(subject, '{{musteri}: {{tutarlar} vadesi geçti');
    const body = within(level1).getByLabelText('Metin');
    await app.user.clear(body);
    await app.user.type(body, 'Sayın {{yetkili}, en eski borcunuz {{en_eski_gun} gündür açık.');
    await app.user.click(screen.getByRole('button', { name: 'Ayarları kaydet' }));
    expect(await screen.findByText('Ayarlar kaydedildi.')).toBeInTheDocument();
    expect((await colApi<Settings>('settings')).settings.levels[0]).toMatchObject({
      subject: '{musteri}: {tutarlar} vadesi geçti',
      body: 'Sayın {yetkili}, en eski borcunuz {en_eski_gun} gündür açık.',
    });

    // Preview with the worklist's first customer (TL or a foreign currency, each on its own).
    const wl = await colApi<Worklist>('worklist?view=all');
    const first = wl.rows.find((r) => r.overdue.length > 0)!;
    const preview = screen.getByRole('region', { name: 'Önizleme' });
    await waitFor(() => expect(within(preview).getByLabelText('Önizlenecek müşteri')).toHaveValue(first.accountId));
    await app.user.click(within(preview).getByRole('button', { name: 'Bu müşteriyle önizle' }));
    const shown = await within(preview).findByTestId('preview');
    const amounts = first.overdue.map((c) => `${tl(c.overdue)} ${c.currency}`).join(' ve ');
    expect(shown).toHaveTextContent(`Konu: ${first.name}: ${amounts} vadesi geçti`);
    expect(shown).toHaveTextContent(/Sayın Yetkili, en eski borcunuz \d+ gündür açık\./);
    expect(shown.textContent).not.toMatch(/\{|undefined|NaN/);
  });
});
