// Keyboard: "/" to the search box, the grid as one tab stop, arrows/Page/Home/End/Enter
// (use-keyboard-navigation.ts).
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Account, ACCOUNTS, Harness, grid, bodyRows, names } from './data-table.fixtures';

describe('DataTable', () => {
  it('"/" focuses the search box, typing filters, Esc clears it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const search = screen.getByRole('searchbox', { name: 'Tabloda ara' });
    expect(search).not.toHaveFocus();
    await user.keyboard('/');
    expect(search).toHaveFocus();
    expect(search).toHaveValue('');
    await user.keyboard('uşak');
    expect(names()).toEqual(['Uğur Boya']);
    await user.keyboard('{Escape}');
    expect(search).toHaveValue('');
    expect(names()).toHaveLength(12);
  });

  it('from the search box: Enter opens the only match; with several, Enter and ↓ move into the rows', async () => {
    const user = userEvent.setup();
    const onRowOpen = vi.fn<(r: Account) => void>();
    render(<Harness onRowOpen={onRowOpen} />);
    const search = screen.getByRole('searchbox', { name: 'Tabloda ara' });
    const activeText = () => (document.getElementById(grid().getAttribute('aria-activedescendant') ?? '') as HTMLTableRowElement | null)?.cells[0]?.textContent;
    // "uşak" leaves one row (Uğur Boya / Uşak): Enter opens it at once.
    await user.click(search);
    await user.keyboard('uşak{Enter}');
    expect(onRowOpen).toHaveBeenCalledTimes(1);
    expect(onRowOpen).toHaveBeenLastCalledWith(ACCOUNTS.find((a) => a.name === 'Uğur Boya'));
    // "izmirx" leaves none: Enter does nothing. "ı" leaves several: Enter moves to the first row, a
    // second Enter opens it.
    await user.clear(search);
    await user.keyboard('izmirx{Enter}');
    expect(onRowOpen).toHaveBeenCalledTimes(1);
    expect(search).toHaveFocus();
    await user.clear(search);
    await user.keyboard('ı');
    expect(names().length).toBeGreaterThan(1);
    const first = names()[0];
    await user.keyboard('{Enter}');
    expect(onRowOpen).toHaveBeenCalledTimes(1);
    expect(grid()).toHaveFocus();
    expect(activeText()).toBe(first);
    await user.keyboard('{Enter}');
    expect(onRowOpen).toHaveBeenCalledTimes(2);
    expect(onRowOpen.mock.calls[1]![0].name).toBe(first);
    // ↓ from the search box: into the rows, then on down the list.
    await user.click(search);
    await user.clear(search);
    await user.keyboard('{ArrowDown}');
    expect(grid()).toHaveFocus();
    expect(activeText()).toBe('Şahin Gıda');
    await user.keyboard('{ArrowDown}');
    expect(activeText()).toBe('Cam Sanayi');
  });

  it('keyboard: the grid is one tab stop; arrows move the active row, Enter opens it', async () => {
    const user = userEvent.setup();
    const onRowOpen = vi.fn<(r: Account) => void>();
    const onRowFocus = vi.fn<(r: Account) => void>();
    render(<Harness onRowOpen={onRowOpen} onRowFocus={onRowFocus} />);
    // Tab order: search box, "Sütunlar", CSV and Excel buttons, then the grid (one stop; cells' links are tabIndex -1).
    for (let i = 0; i < 5; i++) await user.tab();
    expect(grid()).toHaveFocus();
    const activeText = () => (document.getElementById(grid().getAttribute('aria-activedescendant') ?? '') as HTMLTableRowElement | null)?.cells[0]?.textContent;
    expect(activeText()).toBe('Şahin Gıda');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeText()).toBe('Çelik Yapı');
    expect(onRowFocus).toHaveBeenLastCalledWith(ACCOUNTS[2]);
    await user.keyboard('{ArrowUp}');
    expect(activeText()).toBe('Cam Sanayi');
    await user.keyboard('{Enter}');
    expect(onRowOpen).toHaveBeenCalledTimes(1);
    expect(onRowOpen).toHaveBeenCalledWith(ACCOUNTS[1]);
    await user.keyboard('{End}');
    expect(activeText()).toBe('Zeki Market');
    await user.keyboard('{ArrowDown}');
    expect(activeText()).toBe('Zeki Market');
    await user.keyboard('{Home}');
    expect(activeText()).toBe('Şahin Gıda');
    await user.keyboard('{PageDown}');
    // happy-dom has no layout: page size falls back to (1080 - 40 - 38) / 36 → 27 - 1 rows, clamped at the end
    expect(activeText()).toBe('Zeki Market');
    // the next tab stop is the first sortable header, not another row
    await user.tab();
    expect(screen.getByRole('button', { name: /^Ad/ })).toHaveFocus();
  });

  it('a grid focused before its rows arrived has the first row active, and Enter opens it', async () => {
    const user = userEvent.setup();
    const onRowOpen = vi.fn<(r: Account) => void>();
    const { rerender } = render(<Harness data={[]} loading onRowOpen={onRowOpen} />);
    act(() => grid().focus());
    expect(grid()).not.toHaveAttribute('aria-activedescendant');
    rerender(<Harness onRowOpen={onRowOpen} />);
    expect(grid()).toHaveFocus();
    expect(grid()).toHaveAttribute('aria-activedescendant', bodyRows()[0]!.id);
    await user.keyboard('{Enter}');
    expect(onRowOpen).toHaveBeenCalledWith(ACCOUNTS[0]);
  });
});
