// Virtualization: only a window of rows in the DOM (use-virtual-rows.ts).
import { fireEvent, render, screen, within } from '@testing-library/react';
import { DataTable } from '.';
import { LINES, LINE_COLUMNS, rendered } from './data-table.fixtures';

describe('DataTable virtualization', () => {
  it('renders only a window of rows, but counts all of them', () => {
    render(<DataTable data={LINES} columns={LINE_COLUMNS} aria-label="Satırlar" />);
    const rows = rendered();
    // jsdom has no layout: the fallback viewport (720px) shows ~19 rows of 36px, plus overscan.
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(60);
    expect(rows[0]?.cells[0]).toHaveTextContent('Satır 1');
    expect(screen.getByRole('grid', { name: 'Satırlar' })).toHaveAttribute('aria-rowcount', '1001');
    expect(screen.getByText('1.000 satır')).toBeInTheDocument();
  });

  it('sorting a virtualized table shows the new first rows', () => {
    render(<DataTable data={LINES} columns={LINE_COLUMNS} aria-label="Satırlar" defaultSorting={[{ id: 'n', desc: true }]} />);
    expect(rendered()[0]?.cells[0]).toHaveTextContent('Satır 1000');
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Açıklama/ })).getByRole('button'));
    // text sort with numeric collation: "Satır 1", "Satır 2", ... (not "Satır 10" after "Satır 1")
    expect(rendered().slice(0, 3).map((r) => r.cells[0]?.textContent)).toEqual(['Satır 1', 'Satır 2', 'Satır 3']);
  });
});
