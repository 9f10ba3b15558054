// Rendering: rows, cells and their formats, the totals row, links that open a row, row classes, and
// the error, empty and loading states (data-table.tsx, table-body.tsx, table-footer.tsx, table-toolbar.tsx).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErpTimeoutError } from '../../domain/errors';
import type { DataColumn } from '.';
import { type Account, ACCOUNTS, COLUMNS, Harness, grid, bodyRows, names, column } from './data-table.fixtures';

describe('DataTable', () => {
  it('shows rows in ERP order with tr-TR money and dates, right-aligned numbers and a totals row', () => {
    render(<Harness />);
    expect(names()).toEqual(ACCOUNTS.map((a) => a.name));
    // Money and dates written by hand in tr-TR form.
    expect(column(2).slice(0, 5)).toEqual(['1.500,00', '-25,00', '0,99', '10.000,00', '']);
    expect(column(3).slice(0, 2)).toEqual(['31.01.2026', '01.12.2025']);
    expect(bodyRows()[0]?.cells[2]).toHaveClass('num', 'dt-align-end');
    // 150000 - 2500 + 99 + 1000000 + 0 + 2000 + 2000 - 100000 + 12345 + 500 + 7 = 1064451 kuruş
    const totals = grid().querySelector('tfoot tr') as HTMLTableRowElement;
    expect(totals.cells[0]).toHaveTextContent('Toplam');
    expect(totals.cells[2]).toHaveTextContent('10.644,51');
    expect(screen.getByText('12 satır')).toBeInTheDocument();
  });

  it('opens a row by double-click and by clicking the primary link', async () => {
    const user = userEvent.setup();
    const onRowOpen = vi.fn<(r: Account) => void>();
    render(<Harness onRowOpen={onRowOpen} />);
    await user.dblClick(screen.getByText('Uşak'));
    expect(onRowOpen).toHaveBeenLastCalledWith(ACCOUNTS[9]);
    await user.click(screen.getByRole('button', { name: 'Zeki Market' }));
    expect(onRowOpen).toHaveBeenLastCalledWith(ACCOUNTS[11]);
    expect(onRowOpen).toHaveBeenCalledTimes(2);
  });

  it('primary column with href renders a real link; a plain click calls onRowOpen instead of navigating', async () => {
    const user = userEvent.setup();
    const onRowOpen = vi.fn<(r: Account) => void>();
    const cols: DataColumn<Account>[] = [{ ...COLUMNS[0]!, href: (r) => `/cariler/${r.id}` }, COLUMNS[1]!];
    render(<Harness columns={cols} onRowOpen={onRowOpen} />);
    const link = screen.getByRole('link', { name: 'Ilgaz Orman' });
    expect(link).toHaveAttribute('href', '/cariler/A6');
    expect(link).toHaveAttribute('tabindex', '-1');
    await user.click(link);
    expect(onRowOpen).toHaveBeenCalledWith(ACCOUNTS[5]);
  });

  it('applies rowClassName (e.g. overdue highlight)', () => {
    render(<Harness rowClassName={(r) => ((r.balance ?? 0) < 0 ? 'is-overdue' : undefined)} />);
    const overdue = bodyRows().filter((tr) => tr.classList.contains('is-overdue'));
    expect(overdue.map((tr) => tr.dataset.rowId)).toEqual(['A2', 'A9']);
  });

  it('shows the error message (userMessage) in role=alert and retries', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<Harness data={[]} error={new ErpTimeoutError()} onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('ERP zamanında yanıt vermedi. Lütfen tekrar deneyin.');
    await user.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    // no "0 satır" next to the error
    expect(screen.queryByText(/satır/)).not.toBeInTheDocument();
  });

  it('never shows a raw error body', () => {
    render(<Harness data={[]} error={new Error('<html><body>500 Internal</body></html>')} />);
    const alert = screen.getByRole('alert');
    expect(alert).not.toHaveTextContent('<html>');
    expect(alert).toHaveTextContent('Beklenmeyen bir hata oluştu');
  });

  it('empty data shows the empty state; a search without matches says so', () => {
    const { unmount } = render(<Harness data={[]} />);
    expect(screen.getByText('Kayıt bulunamadı')).toBeInTheDocument();
    unmount();
    render(<Harness initialQuery="xyzzy" emptyMessage={undefined} />);
    expect(screen.getByText('Aramanızla eşleşen kayıt yok')).toBeInTheDocument();
    expect(screen.getByText('12 satırdan 0 gösteriliyor')).toBeInTheDocument();
  });

  it('loading without data shows a busy skeleton', () => {
    render(<Harness data={[]} loading />);
    expect(grid()).toHaveAttribute('aria-busy', 'true');
    expect(grid().querySelectorAll('.dt-skeleton-row')).toHaveLength(8);
    expect(screen.getByText('Yükleniyor…')).toBeInTheDocument();
    expect(screen.queryByText('Kayıt bulunamadı')).not.toBeInTheDocument();
  });
});
