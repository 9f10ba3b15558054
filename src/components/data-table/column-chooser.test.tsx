// Column chooser (column-chooser.tsx + column-prefs.ts): show/hide, order with the keyboard, reset,
// remembered per table id, forgotten by clearColumnPrefs (logout); the exports follow the visible columns.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COLUMNS, Harness, grid, type Account } from './data-table.fixtures';
import { clearColumnPrefs } from './column-store';
import type { DataColumn } from './types';

const headers = () =>
  Array.from(grid().querySelectorAll('thead th')).map((th) =>
    th.textContent
      ?.replace(/[▲▼↕]/g, '')
      .replace(/, (artan|azalan) sıralı/, '')
      .trim(),
  );

function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('DataTable column chooser', () => {
  it('hides and orders columns with the keyboard, remembers it per table, and the CSV follows', async () => {
    const user = userEvent.setup();
    const view = render(<Harness tableId="test.accounts" />);
    expect(headers()).toEqual(['Ad', 'İl', 'Bakiye', 'Tarih']);

    const toggle = screen.getByRole('button', { name: 'Sütunlar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    const panel = screen.getByRole('group', { name: 'Sütunlar' });
    expect(panel).toHaveTextContent('CSV ve Excel dosyaları yalnızca görünen sütunları');

    // Hide "İl" with the keyboard (Tab to its checkbox, Space).
    const il = within(panel).getByRole('checkbox', { name: 'İl' });
    il.focus();
    await user.keyboard(' ');
    expect(il).not.toBeChecked();
    expect(headers()).toEqual(['Ad', 'Bakiye', 'Tarih']);

    // Move "Tarih" up twice; the focus stays on its "up" button, which is disabled at the top.
    const up = within(panel).getByRole('button', { name: 'Tarih sütununu yukarı taşı' });
    up.focus();
    await user.keyboard('{Enter}');
    expect(within(panel).getByRole('button', { name: 'Tarih sütununu yukarı taşı' })).toHaveFocus();
    expect(headers()).toEqual(['Ad', 'Tarih', 'Bakiye']);
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(headers()).toEqual(['Tarih', 'Ad', 'Bakiye']);
    expect(within(panel).getByRole('button', { name: 'Tarih sütununu yukarı taşı' })).toBeDisabled();
    expect(within(panel).getByRole('button', { name: 'Tarih sütununu aşağı taşı' })).toHaveFocus();

    // Escape closes the panel and gives the focus back to its button, which counts the shown columns.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Sütunlar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sütunlar (3/4)' })).toHaveFocus();

    // The CSV has the shown columns in their order.
    let blob: Blob | undefined;
    Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => ((blob = b), 'blob:test')), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      await user.click(screen.getByRole('button', { name: 'CSV indir' }));
    } finally {
      click.mockRestore();
    }
    const csv = (await blobText(blob!)).replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe('Tarih;Ad;Bakiye');
    expect(csv[1]).toBe('31.01.2026;Şahin Gıda;1500,00');

    // Remembered: the same table shown again (another visit) keeps the choice; another table does not.
    view.unmount();
    const again = render(<Harness tableId="test.accounts" />);
    expect(headers()).toEqual(['Tarih', 'Ad', 'Bakiye']);
    again.unmount();
    const other = render(<Harness tableId="test.other" />);
    expect(headers()).toEqual(['Ad', 'İl', 'Bakiye', 'Tarih']);
    other.unmount();

    // Reset brings the defaults back and forgets the choice.
    render(<Harness tableId="test.accounts" />);
    await user.click(screen.getByRole('button', { name: 'Sütunlar (3/4)' }));
    await user.click(screen.getByRole('button', { name: 'Varsayılana dön' }));
    expect(headers()).toEqual(['Ad', 'İl', 'Bakiye', 'Tarih']);
    expect(localStorage.getItem('cari-ekran.columns.v1.test.accounts')).toBeNull();
  });

  it('the last visible column cannot be hidden', async () => {
    const user = userEvent.setup();
    render(<Harness tableId="test.last" />);
    await user.click(screen.getByRole('button', { name: 'Sütunlar' }));
    const panel = screen.getByRole('group', { name: 'Sütunlar' });
    for (const name of ['İl', 'Bakiye', 'Tarih']) await user.click(within(panel).getByRole('checkbox', { name }));
    expect(headers()).toEqual(['Ad']);
    expect(within(panel).getByRole('checkbox', { name: 'Ad' })).toBeDisabled();
  });

  it('a defaultHidden column starts hidden and can be shown; logout (clearColumnPrefs) forgets the choice', async () => {
    const user = userEvent.setup();
    const withId: DataColumn<Account>[] = [...COLUMNS, { id: 'id', header: 'Kod', value: (r) => r.id, defaultHidden: true }];
    const view = render(<Harness tableId="test.hidden" columns={withId} />);
    expect(headers()).toEqual(['Ad', 'İl', 'Bakiye', 'Tarih']);
    await user.click(screen.getByRole('button', { name: 'Sütunlar (4/5)' }));
    await user.click(within(screen.getByRole('group', { name: 'Sütunlar' })).getByRole('checkbox', { name: 'Kod' }));
    expect(headers()).toEqual(['Ad', 'İl', 'Bakiye', 'Tarih', 'Kod']);
    expect(grid().querySelector('tbody tr')?.lastElementChild).toHaveTextContent('A1');

    act(() => clearColumnPrefs());
    expect(headers()).toEqual(['Ad', 'İl', 'Bakiye', 'Tarih']);
    expect(Object.keys(localStorage).filter((k) => k.startsWith('cari-ekran.columns.'))).toEqual([]);
    view.unmount();
  });
});
