/**
 * Every page of an account that does not exist says so (issue 35 item 4): /accounts/999999 already did;
 * its letter printed "Sayın 999999 … 0,00 TL" with PDF enabled and vade farkı said "doğmadı".
 * 999999 is in neither the demo ERP's account list nor its statements (server/demo-erp/dataset.ts).
 */
import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDataset } from '../../server/demo-erp';
import { renderApp } from '../harness';
import { togglePinned } from '../../src/lib/account-shortcuts';

configure({ asyncUtilTimeout: 8000 });

const SUB_PAGES = [
  ['mutabakat', 'the letter'],
  ['acik-kalemler', 'open items'],
  ['vade-farki', 'vade farkı'],
] as const;

describe('an account that does not exist', () => {
  it('is not in the demo dataset', () => {
    expect(getDataset().accountById.has('999999')).toBe(false);
  });

  it.each(SUB_PAGES)('/accounts/999999/%s (%s) says “Cari bulunamadı”, offers nothing to print', async (page) => {
    const app = await renderApp(`/accounts/999999/${page}`, { loggedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cari bulunamadı' })).toBeInTheDocument();
    expect(screen.getByText(/“999999” kimlikli bir cari ERP’de yok/)).toBeInTheDocument();
    expect(screen.queryByText(/Sayın/)).toBeNull();
    expect(screen.queryByText(/doğmadı/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Yazdır|PDF indir/ })).toBeNull();
    expect(screen.queryByRole('grid')).toBeNull();
    await app.user.click(screen.getByRole('link', { name: '← Cari listesine dön' }));
    await waitFor(() => expect(app.path()).toBe('/accounts'));
  });

  it('a pinned account the ERP no longer has: its letter asks get_cari by the kept name, then the whole list, and says “Cari bulunamadı”', async () => {
    togglePinned({ id: '999999', name: 'Kapanmış Firma A.Ş.' });
    const app = await renderApp('/accounts/999999/mutabakat', { loggedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cari bulunamadı' })).toBeInTheDocument();
    expect(screen.queryByText(/Sayın/)).toBeNull();
    expect(app.env.demoErp.requests.filter((r) => r.operation === 'get_cari').map((r) => r.params.firma_ismi)).toEqual(['Kapanmış Firma A.Ş.', '']);
  });

  it('an account that exists but has no lines still gets its letter (0,00)', async () => {
    // 1009 (Ünal Bilişim) is in the list with no activity: a real account, balance 0.
    const a = getDataset().accountById.get('1009')!;
    expect(a.balance).toBe(0);
    await renderApp('/accounts/1009/mutabakat', { loggedIn: true });
    expect(await screen.findByText(/Sayın/)).toBeInTheDocument();
    expect(screen.queryByText('Cari bulunamadı')).toBeNull();
  });
});
