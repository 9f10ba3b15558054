// Reading the one DataTable (role=grid) the way a user reads it: header texts and cell texts.
import type { Locator, Page } from '@playwright/test';

export type TableText = { headers: string[]; rows: string[][] };

/** Header texts (sort icons stripped) and the text of every rendered body row. */
export async function readGrid(grid: Locator): Promise<TableText> {
  return grid.evaluate((table) => {
    const clean = (s: string) => s.replace(/[▲▼↕]/g, '').replace(/\s+/g, ' ').trim();
    const headers = [...table.querySelectorAll('thead th')].map((th) => clean(clean((th as HTMLElement).innerText).replace(/, (artan|azalan) sıralı$/, '')));
    const rows = [...table.querySelectorAll('tbody tr')]
      .filter((tr) => tr.getAttribute('aria-hidden') !== 'true' && tr.querySelectorAll('td').length > 1)
      .map((tr) => [...tr.querySelectorAll('td')].map((td) => clean((td as HTMLElement).innerText)));
    return { headers, rows };
  });
}

/** One column's texts, by header. */
export function column(t: TableText, header: string): string[] {
  const i = t.headers.indexOf(header);
  if (i < 0) throw new Error(`no column "${header}" in ${JSON.stringify(t.headers)}`);
  return t.rows.map((r) => r[i] ?? '');
}

/**
 * Layout problems a user sees in the grid: header texts that are cut off (wider or taller than their
 * cell), amounts that are cut off, and cells whose text does not sit in the vertical middle of the row (off by more than 2 px).
 */
export async function gridLayoutProblems(grid: Locator): Promise<string[]> {
  return grid.evaluate((table) => {
    const problems: string[] = [];
    for (const th of table.querySelectorAll<HTMLElement>('thead th')) {
      const label = th.querySelector<HTMLElement>('button > span:first-child') ?? th;
      for (const el of new Set([th, label])) {
        if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
          problems.push(`header "${th.innerText.trim()}" is cut off (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`);
      }
    }
    // An amount is never cut off ("1.390.979,5…" would be a wrong number on screen).
    for (const td of table.querySelectorAll<HTMLElement>('tbody tr[data-row-id] > td, tfoot td')) {
      const text = td.innerText.trim();
      if (/^-?\d{1,3}(\.\d{3})*,\d{2}\b/.test(text) && (td.scrollWidth > td.clientWidth + 1 || /…/.test(text)))
        problems.push(`amount "${text}" is cut off (${td.scrollWidth} px in ${td.clientWidth} px)`);
    }
    const rows = [...table.querySelectorAll<HTMLTableRowElement>('tbody tr[data-row-id]')].slice(0, 5);
    for (const tr of rows) {
      for (const td of tr.cells) {
        if (!td.innerText.trim()) continue;
        // A line-clamped block (a long name on two lines) shows its box, not its whole text.
        const clamped = [...td.querySelectorAll<HTMLElement>('*')].find((el) => getComputedStyle(el).webkitLineClamp !== 'none');
        const range = document.createRange();
        range.selectNodeContents(td);
        const text = clamped ? clamped.getBoundingClientRect() : range.getBoundingClientRect();
        const cell = td.getBoundingClientRect();
        const off = text.top + text.height / 2 - (cell.top + cell.height / 2);
        if (Math.abs(off) > 2) problems.push(`cell "${td.innerText.trim()}" sits ${off.toFixed(1)} px off the row's middle`);
      }
    }
    return problems;
  });
}

/** Body cells whose text is cut off (an ellipsis or hidden overflow), by their full text. */
export async function cutCells(grid: Locator, rowSelector: string): Promise<string[]> {
  return grid.evaluate(
    (table, sel) =>
      [...table.querySelectorAll<HTMLElement>(`${sel} > td`)]
        .filter((td) => td.scrollWidth > td.clientWidth + 1 || td.scrollHeight > td.clientHeight + 1)
        .map((td) => td.innerText.trim()),
    rowSelector,
  );
}

/**
 * Layout problems of every grid on the page as it stands: all of gridLayoutProblems (headers,
 * amounts in rows AND totals rows), plus a table wider than its box (a clipped column, sideways
 * scroll with the default columns) and text cut in a totals row.
 */
export async function pageLayoutProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const grids = page.getByRole('grid');
  const n = await grids.count();
  for (let i = 0; i < n; i++) {
    const grid = grids.nth(i);
    const name = (await grid.getAttribute('aria-label')) ?? `grid ${i}`;
    for (const p of await gridLayoutProblems(grid)) problems.push(`${name}: ${p}`);
    const wide = await grid.evaluate((table) => {
      const box = table.closest('.dt-scroll') as HTMLElement | null;
      return box && box.scrollWidth > box.clientWidth + 1 ? `${box.scrollWidth} px of table in a ${box.clientWidth} px box` : '';
    });
    if (wide) problems.push(`${name}: scrolls sideways (${wide})`);
    for (const text of await cutCells(grid, 'tfoot tr')) problems.push(`${name}: totals cell "${text}" is cut off`);
    // Nothing shows through the sticky totals row: at each of its cells the topmost element is that cell.
    const through = await grid.evaluate((table) => {
      const out: string[] = [];
      const box = (table.closest('.dt-scroll') as HTMLElement).getBoundingClientRect();
      for (const td of table.querySelectorAll<HTMLElement>('tfoot td')) {
        const r = td.getBoundingClientRect();
        // Only where the cell is in view (inside its scroll box and the window).
        if (r.width < 4 || r.bottom > Math.min(window.innerHeight, box.bottom) || r.top < box.top || r.left + r.width / 2 > box.right) continue;
        for (const y of [r.top + 2, r.top + r.height / 2, r.bottom - 2]) {
          const hit = document.elementFromPoint(r.left + r.width / 2, y);
          if (hit && !td.contains(hit) && !hit.closest('tfoot'))
            out.push(`${hit.tagName.toLowerCase()} "${(hit.textContent ?? '').trim().slice(0, 20)}" over the totals row`);
        }
      }
      return [...new Set(out)];
    });
    for (const p of through) problems.push(`${name}: ${p}`);
  }
  return problems;
}

/** Body rows of a grid fully visible in the window, between its sticky header and totals row. */
export async function visibleRowCount(grid: Locator): Promise<number> {
  return grid.evaluate((table) => {
    const head = table.querySelector('thead')!.getBoundingClientRect();
    const foot = table.querySelector('tfoot')?.getBoundingClientRect();
    const box = (table.closest('.dt-scroll') as HTMLElement).getBoundingClientRect();
    const bottom = Math.min(foot ? foot.top : box.bottom, box.bottom, window.innerHeight);
    return [...table.querySelectorAll('tbody tr[data-row-id]')].filter((tr) => {
      const r = tr.getBoundingClientRect();
      return r.top >= head.bottom - 1 && r.bottom <= bottom + 1;
    }).length;
  });
}
