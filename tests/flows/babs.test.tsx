/**
 * /babs against the demo ERP (today 2026-11-26 on this clock → last full month 2026-10). Expected
 * figures are grouped from the demo dataset here: Bs = our sales + our purchase returns, Ba = our
 * purchases + the customers' sales returns, per account, KDV-hariç sums in kuruş.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getDataset, type DemoInvoice } from '../../server/demo-erp';
import { renderApp } from '../harness';
import { downloadXlsx } from '../harness/xlsx-download';
import { lastFullMonth } from '../../src/domain/babs/month';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const ds = getDataset();
function tl(minor: number): string {
  const units = String(Math.floor(minor / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${units},${String(minor % 100).padStart(2, '0')}`;
}
const today = new Date().toISOString().slice(0, 10);
const month = lastFullMonth(today);

function expected(form: 'bs' | 'ba') {
  const kinds: DemoInvoice['kind'][] = form === 'bs' ? ['Satış Faturası', 'Alış İade Faturası'] : ['Alış Faturası', 'Satış İade Faturası'];
  const by = new Map<string, { name: string; count: number; net: number }>();
  for (const i of ds.invoices) {
    if (!i.date.startsWith(month) || !kinds.includes(i.kind)) continue;
    const e = by.get(i.accountId) ?? { name: i.accountName, count: 0, net: 0 };
    e.count += 1;
    e.net += i.net;
    by.set(i.accountId, e);
  }
  return [...by.values()].sort((a, b) => b.net - a.net);
}

describe('Ba/Bs list', () => {
  it('Excel: the Ba return layout (unvan, VKN/TCKN, belge sayısı, KDV hariç tutar), reportable lines only', async () => {
    const ba = expected('ba').filter((e) => e.net >= 500_000);
    const app = await renderApp(`/babs?ay=${month}&form=ba`, { loggedIn: true });
    const grid = await screen.findByRole('grid', { name: 'Ba/Bs satırları' });
    await waitFor(() => expect(grid.querySelectorAll('tbody tr.dt-row').length).toBeGreaterThan(0));
    const { ws } = await downloadXlsx(app, screen.getAllByRole('button', { name: 'Excel indir' })[0]);
    let header = 1;
    while (ws.getRow(header).getCell(1).value !== 'Unvan') header += 1;
    expect((ws.getRow(header).values as unknown[]).slice(1)).toEqual(['Unvan', 'VKN/TCKN', 'Belge sayısı', 'KDV hariç tutar']);
    const first = (ws.getRow(header + 1).values as unknown[]).slice(1);
    expect(first[0]).toBe(ba[0]!.name);
    expect(first[2]).toBe(ba[0]!.count);
    expect(first[3]).toBe(ba[0]!.net / 100);
    let rows = 0;
    for (let r = header + 1; ws.getRow(r).getCell(1).value != null; r++) rows += 1;
    expect(rows).toBe(ba.length);
  });

  it('the last full month by default: the biggest Bs counterparty with its count and KDV-hariç total; its documents open below', async () => {
    const bs = expected('bs');
    expect(bs.length).toBeGreaterThan(0);
    const top = bs[0]!;
    const app = await renderApp('/babs?hepsi=1', { loggedIn: true });
    const grid = await screen.findByRole('grid', { name: 'Ba/Bs satırları' });
    await waitFor(() => expect(grid.querySelectorAll('tbody tr.dt-row').length).toBeGreaterThan(0));
    const first = grid.querySelector('tbody tr.dt-row')!;
    const cells = Array.from(first.querySelectorAll('td'), (td) => td.textContent);
    expect(cells[0]).toBe(top.name);
    expect(cells[2]).toBe(String(top.count));
    expect(cells[3]).toBe(tl(top.net));
    expect(cells[4]).toContain(top.net >= 500_000 ? 'Bildirilir' : 'Sınırın altında');
    const reportableBs = bs.filter((e) => e.net >= 500_000).length;
    const reportableBa = expected('ba').filter((e) => e.net >= 500_000).length;
    expect(document.querySelector('.babs-summary')!.textContent).toContain(`Bs’de ${reportableBs} · Ba’da ${reportableBa}`);

    await app.user.click(within(first as HTMLElement).getByRole('link', { name: top.name }));
    const docs = await screen.findByRole('grid', { name: 'Rakamın arkasındaki belgeler' });
    const ours = ds.invoices.filter(
      (i) => i.accountName === top.name && i.date.startsWith(month) && (i.kind === 'Satış Faturası' || i.kind === 'Alış İade Faturası'),
    );
    for (const inv of ours) expect(within(docs).getByRole('link', { name: inv.number })).toHaveAttribute('href', `/invoices/${inv.id}`);
  });

  it('the month is shown as 11.2026 and read as typed — "Ekim 2026", "10.2026" — into ?ay=2026-10', async () => {
    const NAMES = ['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'];
    const [y, m] = month.split('-').map(Number) as [number, number];
    const prev = m === 1 ? { y: y - 1, m: 12 } : { y, m: m - 1 };
    const prevIso = `${prev.y}-${String(prev.m).padStart(2, '0')}`;
    const app = await renderApp('/babs', { loggedIn: true });
    const field = await screen.findByRole('textbox', { name: 'Dönem (ay)' });
    expect(field).toHaveValue(`${String(m).padStart(2, '0')}.${y}`);
    await waitFor(() => expect(document.querySelector('.babs-summary')!.textContent).toMatch(new RegExp(`^${NAMES[m - 1]} ${y}: `)));

    await app.user.clear(field);
    await app.user.type(field, `${NAMES[prev.m - 1]!.toLocaleUpperCase('tr')} ${prev.y}`);
    await app.user.click(screen.getByRole('button', { name: 'Göster' }));
    await waitFor(() => expect(app.path()).toContain(`ay=${prevIso}`));
    await waitFor(() => expect(document.querySelector('.babs-summary')!.textContent).toMatch(new RegExp(`^${NAMES[prev.m - 1]} ${prev.y}: `)));

    await app.user.clear(field);
    await app.user.type(field, `${prev.m}.${prev.y}`);
    await app.user.click(screen.getByRole('button', { name: 'Göster' }));
    await waitFor(() => expect(app.path()).toContain(`ay=${prevIso}`));
    expect(screen.queryAllByRole('alert')).toEqual([]);

    // An emptied field: the URL without a month, the last full one shown again.
    await app.user.clear(field);
    await app.user.click(screen.getByRole('button', { name: 'Göster' }));
    await waitFor(() => expect(app.path()).not.toContain('ay='));
    await waitFor(() => expect(document.querySelector('.babs-summary')!.textContent).toMatch(new RegExp(`^${NAMES[m - 1]} ${y}: `)));
  });

  it('a malformed or unfinished month and an ambiguous threshold are refused in words', async () => {
    await renderApp('/babs?ay=2026-13', { loggedIn: true });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toContain('“2026-13” geçerli bir ay değil: ay 01 ile 12 arasında olmalı.');
    expect(screen.queryByRole('grid', { name: 'Ba/Bs satırları' })).toBeNull();
  });
  it('a threshold typed "5,000" is not guessed: both readings are named', async () => {
    await renderApp('/babs?sinir=5,000', { loggedIn: true });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toContain('Sınır “5,000” belirsiz: beş bin için “5.000”, beş için “5,00” yazın.');
  });
});
