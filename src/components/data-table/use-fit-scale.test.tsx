// The type scale and the box height are measured without the table in the layout (use-fit-scale.ts,
// use-scroll-box-height.ts): happy-dom lays nothing out, so the page's geometry is played by stubs that
// record what the table looked like at each read.
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from '.';
import { LINES, LINE_COLUMNS } from './data-table.fixtures';

interface Read {
  what: string;
  tableInLayout: boolean;
  fontSize: string;
  maxHeight: string;
}

describe('DataTable: type scale and box height before the table is laid out', () => {
  const reads: Read[] = [];
  const box = () => document.querySelector<HTMLElement>('.dt-scroll');
  const record = (what: string) => {
    const table = document.querySelector<HTMLElement>('table');
    reads.push({
      what,
      tableInLayout: !!table && table.style.display !== 'none',
      fontSize: table?.style.fontSize ?? '',
      maxHeight: box()?.style.maxHeight ?? '',
    });
  };
  beforeEach(() => {
    reads.length = 0;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    // The hidden probe is as wide as the table's columns: 1,500 px; the box has 1,200 px inside,
    // its top is 200 px down the page and it shows 500 px of rows.
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
      if (this.getAttribute('aria-hidden') !== 'true') return 0;
      record('probe width');
      return 1500;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      if (!this.classList.contains('dt-scroll')) return 0;
      record('box width');
      return 1200;
    });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      if (!this.classList.contains('dt-scroll')) return 0;
      record('box height');
      return 500;
    });
    const rect = Element.prototype.getBoundingClientRect;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      if (!this.classList.contains('dt-scroll')) return rect.call(this);
      record('box top');
      return { top: 200, bottom: 700, left: 0, right: 1200, width: 1200, height: 500, x: 0, y: 200, toJSON: () => ({}) } as DOMRect;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('a table too wide for its box gets its type size (1,200 / 1,500 = 0.8) and the box its height before any read that lays the table out', () => {
    render(<DataTable data={LINES} columns={LINE_COLUMNS} aria-label="Satırlar" maxHeight="viewport" />);
    const table = document.querySelector<HTMLElement>('table')!;
    expect(table.style.fontSize).toBe('0.8em');
    expect(table.style.display).toBe('');
    expect(box()!.style.maxHeight).toBe('max(16rem, calc(100vh - 200px - 1.25rem))');
    // The width and the top were read with the table out of the layout …
    expect(reads.filter((r) => !r.tableInLayout).map((r) => r.what)).toEqual(expect.arrayContaining(['probe width', 'box width', 'box top']));
    // … and the first read with the table in it (the rows' window: the box's height) found both set.
    const laidOut = reads.filter((r) => r.tableInLayout);
    expect(laidOut.length).toBeGreaterThan(0);
    for (const r of laidOut) expect(r).toMatchObject({ fontSize: '0.8em', maxHeight: 'max(16rem, calc(100vh - 200px - 1.25rem))' });
  });

  it('a box measured before (new columns) is measured with its table in it: hiding the table would drop the scroll position of a list the user came Back to', () => {
    const { rerender } = render(<DataTable data={LINES} columns={LINE_COLUMNS} aria-label="Satırlar" maxHeight="viewport" />);
    const first = reads.length;
    expect(reads.some((r) => !r.tableInLayout)).toBe(true);
    rerender(<DataTable data={LINES} columns={LINE_COLUMNS.slice(0, 1)} aria-label="Satırlar" maxHeight="viewport" />);
    const again = reads.slice(first);
    // The probe was measured again for the new columns …
    expect(again.map((r) => r.what)).toContain('probe width');
    // … and the table stayed in the layout throughout.
    expect(again.filter((r) => !r.tableInLayout)).toEqual([]);
  });
});
