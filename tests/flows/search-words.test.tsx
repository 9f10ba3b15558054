/**
 * Searching the account list (issue 35 item 8): "as" is a real substring as well as the short form of
 * A.Ş. (Aslan & Kurt, Kocabaşlar, Tasarım were missed), and matches at the start of a word come first
 * ("öz": Öz-Çağ, Öztürk, Özdemir … before Kozmetik). Expected rows worked out from the demo dataset
 * with a folding written here.
 */
import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getDataset } from '../../server/demo-erp';
import { renderApp } from '../harness';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

const ds = getDataset();
const FOLD: Record<string, string> = { ı: 'i', i: 'i', ğ: 'g', ü: 'u', ş: 's', ö: 'o', ç: 'c', â: 'a', î: 'i', û: 'u' };
/** Lower-case (Turkish), Turkish letters to ASCII, every run of other characters but & + % → one space. */
const fold = (s: string) =>
  s
    .toLocaleLowerCase('tr-TR')
    .replace(/[ıiğüşöçâîû]/g, (c) => FOLD[c] ?? c)
    .replace(/[^a-z0-9&+%]+/g, ' ');
const searched = (a: (typeof ds.accounts)[number]) => ` ${fold(`${a.id} ${a.name} ${a.province} ${a.district}`)}`;

const rowNames = () =>
  Array.from(screen.getByRole('grid', { name: 'Cari listesi' }).querySelectorAll<HTMLTableRowElement>('tbody tr[data-row-id]')).map((tr) =>
    ds.accountById.get(tr.dataset.rowId!)!,
  );

describe('account search', () => {
  it('"as" finds every name holding "as" — Aslan & Kurt, Kocabaşlar, Tasarım — and the A.Ş. companies', async () => {
    // A.Ş. folds to "a s" here (the dot is a separator): a name with A.Ş. and no other "as" is counted apart.
    const expected = ds.accounts.filter((a) => searched(a).includes('as') || / a s( |$)/.test(searched(a)));
    for (const n of ['Aslan & Kurt', 'Kocabaşlar', 'Tasarım']) expect(expected.some((a) => a.name.includes(n))).toBe(true);
    expect(expected.some((a) => / a s( |$)/.test(searched(a)) && !searched(a).includes('as'))).toBe(true);
    await renderApp('/accounts?q=as', { loggedIn: true });
    await waitFor(() => expect(screen.getByText(`${ds.accounts.length} satırdan ${expected.length} gösteriliyor`)).toBeInTheDocument());
  });

  it('"öz": names with a word starting "öz" first, then the others (Kozmetik), each in the list\'s order', async () => {
    const hits = ds.accounts.filter((a) => searched(a).includes('oz'));
    const wordStart = (a: (typeof ds.accounts)[number]) => searched(a).includes(' oz');
    // Both kinds exist, and in the ERP's order a Kozmetik comes before some Öztürk.
    const firstInner = hits.findIndex((a) => !wordStart(a));
    expect(firstInner).toBeGreaterThanOrEqual(0);
    expect(hits.slice(firstInner).some(wordStart)).toBe(true);
    const expectedOrder = [...hits.filter(wordStart), ...hits.filter((a) => !wordStart(a))];
    await renderApp(`/accounts?q=${encodeURIComponent('öz')}`, { loggedIn: true });
    await waitFor(() => expect(screen.getByText(`${ds.accounts.length} satırdan ${hits.length} gösteriliyor`)).toBeInTheDocument());
    const shown = rowNames();
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.map((a) => a.id)).toEqual(expectedOrder.slice(0, shown.length).map((a) => a.id));
  });
});
