// @vitest long
/**
 * The demo outbox (demo mode, no SMTP_URL): each mail as it would go out — its head, the PDF's
 * Turkish file name, its own HTML cleaned (nothing runs, nothing loads) and a working reply link, so a new user can play the counterpart.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getDataset } from '../../server/demo-erp';
import { actUntil, renderApp } from '../harness';
import { mutApi, withMutabakatServer } from './mutabakat-api';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 20_000 });
const mut = withMutabakatServer();

const ds = getDataset();
const acc = ds.accountById.get('1006')!;

describe('demo outbox', () => {
  it('shows the letter mail with its attachment, its HTML cleaned and the reply link', async () => {
    const app = await renderApp('/mutabakat/giden-kutusu', { loggedIn: true, gateway: mut.gateway() });
    await screen.findByRole('heading', { level: 1, name: 'Giden kutusu' });
    expect(await screen.findByText(/Demo modu: SMTP ayarlanmadığı için e-postalar gönderilmez/)).toBeInTheDocument();
    expect((await mutApi('PUT', 'contacts/1006', { to: ['muhasebe@aplusyapi.com.tr'], cc: ['mali@aplusyapi.com.tr'], person: 'Ayşe Çelik' })).status).toBe(200);
    const created = await mutApi<{ campaign: { id: string } }>('POST', 'campaigns', { accountIds: ['1006'], asOf: '2026-06-30', deadline: '2026-07-31' });
    expect(created.status).toBe(201);
    // The mail comes once the server has prepared the letter: the open outbox shows it without a reload.
    await actUntil(app, () => app.router.navigate(`/mutabakat/giden-kutusu?donem=${created.body.campaign.id}`));
    const table = await screen.findByRole('grid', { name: 'E-postalar' });
    const link = await within(table).findByRole('link', { name: /mutabakat/i });
    expect(table).toHaveTextContent('muhasebe@aplusyapi.com.tr');
    await app.user.click(link);
    await waitFor(() => expect(app.path()).toMatch(/posta=/));
    const mail = await screen.findByRole('region', { name: 'E-posta' });
    expect(mail).toHaveTextContent('Kime: muhasebe@aplusyapi.com.tr');
    expect(mail).toHaveTextContent('Bilgi: mali@aplusyapi.com.tr');
    expect(within(mail).getByText(/^Ek: .*\.pdf$/)).toBeInTheDocument();
    const reply = within(mail).getByRole('link', { name: 'Karşı taraf olarak yanıtla (yeni sekmede)' });
    expect(reply.getAttribute('href')).toMatch(/\/yanit\/[A-Za-z0-9_-]{22,}$/);
    expect(reply).toHaveAttribute('target', '_blank');
    // The mail's own HTML (cleaned, in a shadow root): the account, its reply link opening a new tab.
    const body = within(mail).getByRole('document', { name: 'E-postanın içeriği' }).shadowRoot!;
    await waitFor(() => expect(body.textContent).toContain(acc.name));
    const links = Array.from(body.querySelectorAll('a'));
    expect(links.some((a) => a.getAttribute('href') === reply.getAttribute('href') && a.getAttribute('target') === '_blank')).toBe(true);
    expect(body.querySelector('script, img, iframe, form')).toBeNull();
    expect(body.textContent).not.toMatch(/NaN|undefined|Invalid Date|\[object Object\]/);
  });
});
