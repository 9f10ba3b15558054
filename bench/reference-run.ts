/**
 * One run of the reference list (bench/reference/: react-table's row models + @tanstack/react-virtual
 * over the same get_cari answer), measured exactly as the accounts page is (accounts-run.ts): the
 * answer's last byte → "100.000 satır" painted, then the same five characters typed one at a time,
 * each keystroke → the filtered rows painted.
 */
import type { BrowserContext } from 'playwright-core';
import { apiEntry, arm, check, log, QUERY, settle, settled, sleep, waitMark } from './common';
import { REFERENCE_PATH } from './reference-build';

export interface ReferenceRun {
  firstRowsMs: number;
  keystrokesMs: number[];
}

export async function referenceRun(context: BrowserContext, first: boolean): Promise<ReferenceRun> {
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  try {
    await page.goto(REFERENCE_PATH, { waitUntil: 'commit' });
    await page.evaluate(`window.__bench.watchFirst('whole', '.ref-summary', '100.000 satır')`);
    const whole = await waitMark(page, 'whole', 60_000);
    const cari = await apiEntry(page, 'get_cari');
    const firstRowsMs = whole.painted - cari.responseEnd;
    const rowsInDom = await page.locator('tr[data-row-id]').count();
    if (first) log(`  reference list: ${rowsInDom} rows in the DOM`);
    await sleep(1500); // as the accounts run: the user looks at the list for a moment
    await page.getByRole('searchbox', { name: 'Ara' }).click();
    const keystrokesMs: number[] = [];
    for (const ch of [...QUERY]) {
      await arm(page);
      await page.keyboard.type(ch);
      keystrokesMs.push(settled(await settle(page, 150, 60_000), `reference keystroke "${ch}"`));
    }
    const summary = (await page.locator('.ref-summary').textContent()) ?? '';
    if (first) check(`reference list: filter "${QUERY}" narrows the list`, /^100\.000 satırdan [\d.]+ gösteriliyor$/.test(summary.trim()), summary);
    return { firstRowsMs, keystrokesMs };
  } finally {
    await page.close();
  }
}
