// Reading the one DataTable (role=grid) the way a user reads it: header texts and cell texts.
import type { Locator } from '@playwright/test';

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
