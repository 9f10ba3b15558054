// Printing: every row in the DOM between beforeprint and afterprint (use-print-mode.ts).
import { act, render } from '@testing-library/react';
import { DataTable } from '.';
import { LINES, LINE_COLUMNS, rendered } from './data-table.fixtures';

describe('DataTable virtualization', () => {
  it('puts every row in the DOM for printing and virtualizes again afterwards', () => {
    render(<DataTable data={LINES} columns={LINE_COLUMNS} aria-label="Satırlar" />);
    const windowed = rendered().length;
    // On screen only a window of the 1,000 rows is in the DOM (else this test could not fail).
    expect(windowed).toBeGreaterThan(0);
    expect(windowed).toBeLessThan(1000);
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(rendered()).toHaveLength(1000);
    expect(rendered()[999]?.cells[0]).toHaveTextContent('Satır 1000');
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(rendered()).toHaveLength(windowed);
  });
});
