/**
 * A bad date never leaves a result on screen that it no longer describes (issue 35 item 5, the letter and
 * statement parts): a date in the URL that does not exist (31 February) is named, not replaced by today;
 * a date typed wrong ("abc", "31.02.2026") hides the letter / the statement's rows and figures until it is
 * corrected, and nothing can be printed or downloaded meanwhile.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../harness';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

const rowCount = (grid: HTMLElement) => grid.querySelectorAll('tbody tr.dt-row').length;

async function typeDate(label: string, text: string) {
  const box = screen.getByRole('textbox', { name: label });
  // As a user types: in the box (a box being typed in keeps its text when the page's URL moves).
  act(() => box.focus());
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter' });
}

describe('bad dates on the letter', () => {
  it('?asOf=2026-02-31 is named as not a date: no letter, nothing to print', async () => {
    await renderApp('/accounts/1000/mutabakat?asOf=2026-02-31', { loggedIn: true });
    const alert = await screen.findByText(/2026-02-31/, { selector: '[role="alert"]' });
    expect(alert).toHaveTextContent('Adresteki mutabakat tarihi (2026-02-31) geçerli bir tarih değil');
    expect(screen.queryByText(/Sayın/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Yazdır' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /PDF indir/ })).toBeDisabled();
  });

  it('"abc" typed as the date hides the letter it no longer describes; a good date brings it back', async () => {
    await renderApp('/accounts/1000/mutabakat?asOf=2026-01-31', { loggedIn: true });
    expect(await screen.findByText(/Sayın/)).toBeInTheDocument();
    await typeDate('Mutabakat tarihi', 'abc');
    expect(await screen.findByText('Tarih okunamadı; gg.aa.yyyy biçiminde yazın (1.1.26, 01012026 de olur).')).toBeInTheDocument();
    expect(screen.queryByText(/Sayın/)).toBeNull();
    expect(screen.queryByTestId('letter-balance')).toBeNull();
    expect(screen.getByRole('button', { name: 'Yazdır' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /PDF indir/ })).toBeDisabled();
    await typeDate('Mutabakat tarihi', '28.02.2026');
    expect(await screen.findByText(/Sayın/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yazdır' })).toBeEnabled();
  });
});

describe('bad dates on the statement', () => {
  it('a start date typed as 31.02.2026 hides the rows and figures of the old range', async () => {
    await renderApp('/accounts/1000?from=2026-01-01', { loggedIn: true });
    await screen.findByTestId('sum-balance');
    const grid = screen.getByRole('grid', { name: /Ekstre/ });
    expect(rowCount(grid)).toBeGreaterThan(0);
    await typeDate('Başlangıç', '31.02.2026');
    expect(await screen.findByText('Tarih okunamadı; gg.aa.yyyy biçiminde yazın (1.1.26, 01012026 de olur).')).toBeInTheDocument();
    await waitFor(() => expect(rowCount(grid)).toBe(0));
    expect(screen.queryByTestId('sum-balance')).toBeNull();
    expect(screen.queryByTestId('account-balance')).toBeNull();
    expect(within(grid).getByText(/ekstre gösterilmiyor/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yazdır' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /PDF indir/ })).toBeDisabled();
    // Corrected: the statement of the new range is back.
    await typeDate('Başlangıç', '01.02.2026');
    await screen.findByTestId('sum-balance');
    expect(rowCount(screen.getByRole('grid', { name: /Ekstre/ }))).toBeGreaterThan(0);
  });

  it('?from=2026-02-31 is named, not read as "from the beginning"', async () => {
    await renderApp('/accounts/1000?from=2026-02-31', { loggedIn: true });
    const alert = await screen.findByText(/2026-02-31/, { selector: '[role="alert"]' });
    expect(alert).toHaveTextContent('Adresteki başlangıç tarihi (2026-02-31) geçerli bir tarih değil');
    expect(screen.queryByTestId('sum-balance')).toBeNull();
    expect(screen.getByRole('button', { name: 'Yazdır' })).toBeDisabled();
  });
});
