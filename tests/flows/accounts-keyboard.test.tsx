/**
 * Opening an account from the list with the keyboard, in the situations where a real user is quick:
 * Enter right after typing (the search is still on its way to the URL) and Enter on a grid that
 * got the focus before its rows arrived. The statement page's code arrives only when the test lets
 * it (renderApp's holdPage: a slow network), so opening the account stays pending while the search's
 * URL update comes due.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '../../src/features/accounts/accounts-page';
import { actUntil, mswServer, renderApp } from '../harness';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const FOLD: Record<string, string> = { İ: 'i', I: 'i', ı: 'i', Ş: 's', ş: 's', Ğ: 'g', ğ: 'g', Ü: 'u', ü: 'u', Ö: 'o', ö: 'o', Ç: 'c', ç: 'c' };
const fold = (s: string) => s.replace(/[İIıŞşĞğÜüÖöÇç]/g, (c) => FOLD[c]!).toLowerCase();
const grid = () => screen.getByRole('grid', { name: 'Cari listesi' });
const rowIds = () => Array.from(grid().querySelectorAll<HTMLTableRowElement>('tbody tr[data-row-id]')).map((tr) => tr.dataset.rowId);
afterEach(() => vi.useRealTimers());

it('Enter on a row right after typing opens that account; the search is not lost (Back returns to it)', async () => {
  let releasePage!: () => void;
  const pageCode = new Promise<void>((r) => (releasePage = r));
  const app = await renderApp('/accounts', { loggedIn: true, holdPage: (path) => (path === 'accounts/:cariId' ? pageCode : undefined) });
  await screen.findByTestId('accounts-count');
  const accounts = app.env.demoErp.dataset.accounts;
  // Typed without Turkish letters, every word must appear: only Öz-Çağ "Yıldız" Gıda… has all three.
  const words = ['oz', 'cag', 'yildiz'];
  const matches = accounts.filter((a) => words.every((w) => fold(`${a.id} ${a.name} ${a.province} ${a.district}`).includes(w)));
  expect(matches).toHaveLength(1);
  const target = matches[0]!;

  // The search goes to the URL after a pause (a timer): the test holds the clock (real time still
  // moves it), so below it can move it past that pause at once instead of sleeping through it.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  await app.user.type(screen.getByRole('searchbox', { name: 'Cari ara' }), 'oz cag yildiz');
  expect(rowIds()).toEqual([target.id]);
  act(() => grid().focus());
  // Meaningful only while the query has not reached the URL yet (it goes there after a pause).
  expect(app.path()).toBe('/accounts');
  await app.user.keyboard('{Enter}');

  // The account is opening, its page's code still on its way; the search's pause passes meanwhile
  // (the clock moved past it): nothing replaces that navigation with the list.
  const opening = () => app.router.state.navigation.location?.pathname;
  await waitFor(() => expect(opening()).toBe(`/accounts/${target.id}`));
  await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
  expect(opening()).toBe(`/accounts/${target.id}`);
  await act(async () => releasePage());

  await screen.findByRole('heading', { level: 1, name: target.name });
  expect(app.path()).toBe(`/accounts/${target.id}`);
  // Nothing pulls the user back to the list later: every timer the typing set has come due (the
  // clock moved past the search's pause) and the router has settled — then the path is still the account's.
  await actUntil(app, () => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
  expect(app.path()).toBe(`/accounts/${target.id}`);

  // Back (the browser's, not the page link) shows the list with the search still applied.
  await act(async () => {
    await app.router.navigate(-1);
  });
  await screen.findByRole('grid', { name: 'Cari listesi' });
  expect(app.path()).toBe(`/accounts?q=${encodeURIComponent('oz cag yildiz').replace(/%20/g, '+')}`);
  expect(screen.getByRole('searchbox', { name: 'Cari ara' })).toHaveValue('oz cag yildiz');
  expect(rowIds()).toEqual([target.id]);
});

it('a grid focused while the list was still loading opens its first row on Enter', async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  // Hold the list answer back (then let the real gateway answer it).
  mswServer.use(
    http.post('*/api/erp/get_cari', async () => {
      await gate;
    }),
  );
  const app = await renderApp('/accounts', { loggedIn: true });
  await screen.findByRole('grid', { name: 'Cari listesi' });
  expect(grid()).toHaveAttribute('aria-busy', 'true');
  act(() => grid().focus());
  await act(async () => release());
  await screen.findByTestId('accounts-count');
  expect(grid()).toHaveFocus();

  const first = app.env.demoErp.dataset.accounts[0]!;
  // The first row is the active one (announced through aria-activedescendant)…
  const firstRow = grid().querySelector<HTMLTableRowElement>(`tbody tr[data-row-id="${first.id}"]`)!;
  expect(grid()).toHaveAttribute('aria-activedescendant', firstRow.id);
  expect(firstRow).toHaveClass('dt-row--active');
  expect(within(firstRow).getByRole('link', { name: first.name })).toBeInTheDocument();
  // …and Enter opens it.
  await app.user.keyboard('{Enter}');
  await screen.findByRole('heading', { level: 1, name: first.name });
  expect(app.path()).toBe(`/accounts/${first.id}`);
});
