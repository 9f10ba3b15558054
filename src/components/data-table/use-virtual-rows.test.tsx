// Virtualization: only a window of rows in the DOM (use-virtual-rows.ts).
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable } from '.';
import { LINES, LINE_COLUMNS, rendered } from './data-table.fixtures';

describe('DataTable virtualization', () => {
  it('renders only a window of rows, but counts all of them', () => {
    render(<DataTable data={LINES} columns={LINE_COLUMNS} aria-label="Satırlar" />);
    const rows = rendered();
    // happy-dom has no layout: the fallback viewport (1080 px) is used. At rest about a screenful: the 29
    // rows a 1080 px box shows ((1080 − 40 px header) / 36 px rows = 28.9) and one more, rounded up to
    // the window's steps of 4 rows: 32.
    expect(rows.length).toBe(32);
    expect(rows[0]?.cells[0]).toHaveTextContent('Satır 1');
    expect(screen.getByRole('grid', { name: 'Satırlar' })).toHaveAttribute('aria-rowcount', '1001');
    expect(screen.getByText('1.000 satır')).toBeInTheDocument();
  });

  it('sorting a virtualized table shows the new first rows', () => {
    render(<DataTable data={LINES} columns={LINE_COLUMNS} aria-label="Satırlar" defaultSorting={[{ id: 'n', desc: true }]} />);
    expect(rendered()[0]?.cells[0]).toHaveTextContent('Satır 1000');
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Açıklama/ })).getByRole('button'));
    // text sort with numeric collation: "Satır 1", "Satır 2", ... (not "Satır 10" after "Satır 1")
    expect(
      rendered()
        .slice(0, 3)
        .map((r) => r.cells[0]?.textContent),
    ).toEqual(['Satır 1', 'Satır 2', 'Satır 3']);
  });

  const box = () => document.querySelector<HTMLDivElement>('.dt-scroll')!;
  const spacers = () => Array.from(document.querySelectorAll<HTMLTableCellElement>('tr.dt-spacer td')).map((td) => parseFloat(td.style.height));
  const scrollTo = (top: number) =>
    act(() => {
      box().scrollTop = top;
      fireEvent.scroll(box());
    });

  it('scrolling shows the rows at the new place; the spacers keep the whole height', () => {
    render(<DataTable data={LINES} columns={LINE_COLUMNS} aria-label="Satırlar" />);
    // 40 px header, 36 px rows: row 501 ("Satır 501", position 500) starts at 40 + 500 × 36 = 18 040 px.
    scrollTo(18_040);
    const labels = rendered().map((r) => r.cells[0]?.textContent);
    expect(labels).toContain('Satır 501');
    expect(labels).toContain('Satır 530'); // the last row in a 1080 px box: it shows up to 18 040 + 1080 = 19 120; row 530 starts at 40 + 529 × 36 = 19 084
    expect(labels).not.toContain('Satır 1');
    // once scrolled, rows to spare on both sides (the compositor may show them before React has)
    expect(labels).toContain('Satır 497');
    expect(labels).toContain('Satır 534');
    expect(rendered().length).toBeLessThan(60);
    // spacer above + rendered rows + spacer below = 1000 rows of 36 px
    const [above, below] = spacers();
    expect((above ?? 0) + rendered().length * 36 + (below ?? 0)).toBe(36_000);
    // the first rendered row sits right under the spacer above: its number × 36 px
    expect(above).toBe((Number(labels[0]?.replace('Satır ', '')) - 1) * 36);
  });

  it('a new search goes back to the top; new data for the same view does not move the list', () => {
    const { rerender } = render(<DataTable data={LINES} columns={LINE_COLUMNS} aria-label="Satırlar" />);
    scrollTo(18_040);
    const more = [...LINES, { n: 1001, label: 'Satır 1001' }];
    rerender(<DataTable data={more} columns={LINE_COLUMNS} aria-label="Satırlar" />);
    expect(box().scrollTop).toBe(18_040);
    expect(rendered().map((r) => r.cells[0]?.textContent)).toContain('Satır 501');
    // "50" is in Satır 50, 150, 250, 350, 450, 500–509, 550, 650, 750, 850, 950: 5 + 10 + 5 = 20 rows
    rerender(<DataTable data={more} columns={LINE_COLUMNS} aria-label="Satırlar" searchQuery="50" />);
    expect(box().scrollTop).toBe(0);
    expect(
      rendered()
        .map((r) => r.cells[0]?.textContent)
        .slice(0, 3),
    ).toEqual(['Satır 50', 'Satır 150', 'Satır 250']);
    expect(screen.getByRole('grid', { name: 'Satırlar' })).toHaveAttribute('aria-rowcount', '21'); // + the header row
  });

  it('End on the grid brings the last row into view (under the header, above the bottom edge)', async () => {
    const user = userEvent.setup();
    render(<DataTable data={LINES} columns={LINE_COLUMNS} aria-label="Satırlar" />);
    act(() => screen.getByRole('grid', { name: 'Satırlar' }).focus());
    await user.keyboard('{End}');
    // the last row ends at 40 + 1000 × 36 = 36 040 px; a 1080 px box shows it at its bottom from 34 960 on
    expect(box().scrollTop).toBe(34_960);
    expect(rendered().at(-1)?.cells[0]).toHaveTextContent('Satır 1000');
    await user.keyboard('{Home}');
    expect(box().scrollTop).toBe(0);
    expect(rendered()[0]?.cells[0]).toHaveTextContent('Satır 1');
  });
});
