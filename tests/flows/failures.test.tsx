/**
 * Failure never looks like "nothing found": every ERP call the browser makes, failed on its own
 * through the demo ERP's fail rules (one operation, or one parameter value), while every other call
 * answers. For each call site the user must see the failure where the result would have been — in
 * plain Turkish, with the ERP's own message when it gave one, a retry that works — keep what they
 * typed, and see "bulunamadı" only after a successful answer without rows.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERP_ERROR_MESSAGE, getDataset, SPECIAL_ACCOUNTS, type FailRule } from '../../server/demo-erp';
import { renderApp, setDemoFailRules } from '../harness';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.restoreAllMocks());

const ds = getDataset();
const igdir = ds.accountById.get(SPECIAL_ACCOUNTS.igdirUpper)!;
const HTTP500 = /ERP sunucusu hata verdi \(HTTP 500\)/;
const NOTHING_FOUND = /bulunamadı|hiç hareketi yok|kayıt döndürmedi|hiç cari döndürmedi/i;

/** Logged in, the given ERP calls fail from the start. */
function open(path: string, failRules: FailRule[]) {
  return renderApp(path, { loggedIn: true, demoErp: { failRules } });
}
const alertWith = async (text: RegExp | string) => {
  const alerts = await screen.findAllByRole('alert');
  const hit = alerts.find((a) => (typeof text === 'string' ? a.textContent?.includes(text) : text.test(a.textContent ?? '')));
  if (!hit) throw new Error(`no alert with ${String(text)}: ${alerts.map((a) => a.textContent).join(' | ')}`);
  return hit;
};
const noNothingFound = () => expect(document.body.textContent).not.toMatch(NOTHING_FOUND);

describe('every ERP call site shows its failure, never "nothing found"', () => {
  it('account list (get_cari, all): the ERP message and a retry in place of the table', async () => {
    const app = await open('/accounts', [{ operation: 'get_cari', param: 'firma_ismi', value: '', mode: 'erp-error' }]);
    const alert = await alertWith(ERP_ERROR_MESSAGE);
    noNothingFound();
    setDemoFailRules([]);
    await app.user.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByRole('link', { name: igdir.name })).toBeInTheDocument();
  });

  it('account search falling back to the ERP (get_cari firma_ismi=q): failure shown, query kept, "bulunamadı" only after a real empty answer', async () => {
    const q = 'zzqx yok';
    const app = await open('/accounts', [{ operation: 'get_cari', param: 'firma_ismi', value: q, mode: 'html500' }]);
    await screen.findByRole('link', { name: igdir.name });
    const box = screen.getByRole('searchbox', { name: 'Cari ara' });
    await app.user.type(box, q);
    const alert = await alertWith(HTTP500);
    expect(screen.getByText(/ERP’de aranamadı: sonuç bilinmiyor/)).toBeInTheDocument();
    noNothingFound();
    expect(screen.queryByTestId('accounts-count')).toBeNull(); // no "0 cari" for a search without an answer
    expect(box).toHaveValue(q);
    // healed: the retry asks again; now the ERP really answers "no rows"
    setDemoFailRules([]);
    await app.user.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('Aramanıza uyan cari bulunamadı.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(box).toHaveValue(q);
  });

  it('statement (get_cari_extre): the ERP message, not "no transactions"; retry loads the lines', async () => {
    const app = await open(`/accounts/${igdir.id}`, [{ operation: 'get_cari_extre', mode: 'erp-error' }]);
    const alert = await alertWith(ERP_ERROR_MESSAGE);
    noNothingFound();
    setDemoFailRules([]);
    await app.user.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    await waitFor(() => expect(screen.getByRole('grid', { name: 'Ekstre satırları' }).querySelectorAll('tbody tr.dt-row').length).toBe(igdir.lines.length));
  });

  it('statement header lookup (get_cari for the name): its failure is said, the statement still shows, retry fills the header', async () => {
    const app = await open(`/accounts/${igdir.id}`, [{ operation: 'get_cari', mode: 'html500' }]);
    await waitFor(() => expect(screen.getByRole('grid', { name: 'Ekstre satırları' }).querySelectorAll('tbody tr.dt-row').length).toBe(igdir.lines.length));
    const alert = await alertWith('Cari bilgileri (ad, kategori, il) alınamadı');
    expect(alert.textContent).toMatch(HTTP500);
    expect(screen.queryByText('Bu cari listede bulunamadı.')).toBeNull();
    setDemoFailRules([]);
    await app.user.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByRole('heading', { level: 1, name: igdir.name })).toBeInTheDocument();
  });

  it('statement prefetch on row focus (get_cari_extre): a failed prefetch is asked again when the statement opens, and its failure shown there', async () => {
    const app = await open('/accounts', [{ operation: 'get_cari_extre', param: 'cari_id', value: igdir.id, mode: 'html500' }]);
    const link = await screen.findByRole('link', { name: igdir.name });
    const row = link.closest('tr')!;
    await app.user.click(row.querySelectorAll('td')[4]!); // a plain cell: the row gets the focus (prefetch), nothing opens
    await waitFor(() => expect(app.env.demoErp.requests.some((r) => r.operation === 'get_cari_extre' && r.status === 500)).toBe(true));
    await app.user.click(link);
    await alertWith(HTTP500);
    noNothingFound();
  });

  it('aging by name (get_yaslandirma firma_ismi): failure in place of the table, the name stays in the box', async () => {
    const app = await open('/aging?firma=iğdır', [{ operation: 'get_yaslandirma', param: 'firma_ismi', value: 'iğdır', mode: 'html500' }]);
    const alert = await alertWith(HTTP500);
    noNothingFound();
    expect(screen.getByRole('searchbox', { name: 'Firma adı' })).toHaveValue('iğdır');
    setDemoFailRules([]);
    await app.user.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByRole('link', { name: igdir.name })).toBeInTheDocument();
  });

  it('FIFO view, the ERP aging it compares with (get_yaslandirma): its failure replaces the comparison, the FIFO buckets still show', async () => {
    await open(`/aging?firma=iğdır&cari=${igdir.id}&asOf=2026-11-15`, [{ operation: 'get_yaslandirma', mode: 'erp-error' }]);
    const panel = await screen.findByRole('region', { name: /Ekstreden yaşlandırma \(FIFO\)/ });
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('ERP’nin yaşlandırması alınamadığı için karşılaştırma yapılamadı');
    expect(alert).toHaveTextContent(ERP_ERROR_MESSAGE);
    expect(within(panel).getByRole('button', { name: 'Tekrar dene' })).toBeInTheDocument();
    expect(within(panel).queryByText(/yanıtında yok/)).toBeNull();
    expect(await within(panel).findByRole('grid', { name: 'Dilimler' })).toBeInTheDocument();
  });

  it('FIFO view, the statement it ages (get_cari_extre): failure with a retry, no buckets of nothing', async () => {
    await open(`/aging?firma=iğdır&cari=${igdir.id}`, [{ operation: 'get_cari_extre', mode: 'html500' }]);
    const panel = await screen.findByRole('region', { name: /Ekstreden yaşlandırma \(FIFO\)/ });
    expect(await within(panel).findByRole('alert')).toHaveTextContent(HTTP500);
    expect(within(panel).queryByRole('grid', { name: 'Dilimler' })).toBeNull();
  });

  it('invoice search (get_fatura): the ERP message, both criteria kept, not "no invoice"', async () => {
    const app = await open('/invoices?no=417&firma=', [{ operation: 'get_fatura', mode: 'erp-error' }]);
    const alert = await alertWith(ERP_ERROR_MESSAGE);
    noNothingFound();
    expect(screen.getByRole('searchbox', { name: 'Fatura no' })).toHaveValue('417');
    setDemoFailRules([]);
    await app.user.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByRole('link', { name: 'SF2026000417' })).toBeInTheDocument();
  });

  it('quick invoice box (get_fatura fatura_no): lands on the search with the number kept and the failure shown', async () => {
    const app = await open('/accounts', [{ operation: 'get_fatura', param: 'fatura_no', value: 'SF2026000417', mode: 'html500' }]);
    await screen.findByRole('link', { name: igdir.name });
    await app.user.type(screen.getByRole('searchbox', { name: 'Fatura no ile aç' }), 'SF2026000417{Enter}');
    await alertWith(HTTP500);
    expect(app.path()).toMatch(/^\/invoices\?no=SF2026000417/);
    expect(screen.getByRole('searchbox', { name: 'Fatura no' })).toHaveValue('SF2026000417');
    noNothingFound();
  });

  it('invoice detail (get_fatura_det): failure with a retry, not "Fatura bulunamadı"', async () => {
    const inv = ds.invoices.find((i) => i.number === 'SF2026000417')!;
    const app = await open(`/invoices/${inv.id}`, [{ operation: 'get_fatura_det', param: 'fatura_id', value: inv.id, mode: 'empty' }]);
    const alert = await alertWith('Fatura açılamadı');
    expect(alert.textContent).toMatch(/ERP’den okunamayan bir yanıt geldi/);
    noNothingFound();
    setDemoFailRules([]);
    await app.user.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByRole('heading', { level: 1, name: new RegExp(inv.number) })).toBeInTheDocument();
  });

  it('login (get_user): an ERP failure is not "wrong password"; the user name stays', async () => {
    const app = await renderApp('/login', { demoErp: { failRules: [{ operation: 'get_user', mode: 'html500' }] } });
    await app.user.type(await screen.findByLabelText('Kullanıcı adı'), 'demo');
    await app.user.type(screen.getByLabelText('Şifre'), 'demo');
    await app.user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    const alert = await alertWith(HTTP500);
    expect(alert.textContent).not.toMatch(/hatalı/);
    expect(screen.getByLabelText('Kullanıcı adı')).toHaveValue('demo');
  });
});
