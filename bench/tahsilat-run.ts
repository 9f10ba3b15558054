/**
 * The collections worklist of the large demo (100,000 accounts) in Chromium, in the same run as the
 * accounts list (bench/run.ts):
 *  collect.worklist100kMs   a new tab: navigation to /tahsilat → its first rows painted, in the page's clock (the page, the gateway,
 *                           the worklist built from the ERP's aging answer with the first 50 rows'
 *                           statements), the server's snapshot warm (target ≤ 300 ms);
 *  collect.worklistColdMs   the first GET /api/tahsilat/worklist after the server started (one
 *                           get_yaslandirma over 100k accounts, 50 statements): once per 5 minutes.
 *  collect.worklistApiMs    GET /api/tahsilat/worklist alone, warm.
 *  extra.collect.worklistFromMenuMs  the app already open (the outbox page): click "Tahsilat" in the
 *                           menu → the worklist's first rows painted (how a user usually gets there).
 */
import { performance } from 'node:perf_hooks';
import type { Browser } from 'playwright-core';
import { check, log, newContext, RUNS, waitMark } from './common';
import { figure, type Figure } from './stats';

export async function measureWorklist(browser: Browser, baseUrl: string): Promise<Record<string, Figure>> {
  const context = await newContext(browser, baseUrl, { login: true });
  try {
    const api = () => context.request.get('/api/tahsilat/worklist?view=all', { headers: { 'x-app-request': '1' }, timeout: 300_000 });
    const t0 = performance.now();
    const cold = await api();
    const coldMs = performance.now() - t0;
    const body = (await cold.json()) as { rows?: unknown[]; total?: number; counts?: { all: number } };
    check('worklist answers 200 at 100k', cold.status() === 200, `HTTP ${cold.status()}`);
    log(
      `  worklist cold (aging + ${Math.min(50, body.rows?.length ?? 0)} statements): ${coldMs.toFixed(0)} ms; ${body.counts?.all ?? '?'} customers overdue, ${body.rows?.length ?? 0} rows sent`,
    );
    const apiMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const a = performance.now();
      await (await api()).body();
      apiMs.push(performance.now() - a);
    }
    const pageMs: number[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      const page = await context.newPage();
      await page.goto('/tahsilat', { waitUntil: 'commit' });
      // In the page's own clock, as the other page figures: navigation start → the frame with the first
      // row painted (the probe's 'rows' mark). Waiting with a locator instead put the driver's injected
      // script (≈ 50 ms of the page's main thread) and its polling into the figure.
      const ms = (await waitMark(page, 'rows', 60_000)).painted;
      // The first load fetches the page's code: not counted (the accounts list is measured warm too).
      if (i > 0) pageMs.push(ms);
      await page.close();
    }
    const menuMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await context.newPage();
      await page.goto('/mutabakat/giden-kutusu');
      const link = page.locator('nav a[href="/tahsilat"]').first();
      await link.waitFor({ timeout: 60_000 });
      await page.waitForTimeout(300);
      await page.evaluate(`window.__bench.watchFirst('menu', '.col-page tr[data-row-id]'); window.__menuT0 = performance.now();`);
      await link.click();
      const painted = (await waitMark(page, 'menu', 60_000)).painted;
      menuMs.push(painted - ((await page.evaluate('window.__menuT0')) as number));
      await page.close();
    }
    log(
      `  worklist first rows: ${pageMs.map((m) => m.toFixed(0)).join(' / ')} ms (from the menu: ${menuMs.map((m) => m.toFixed(0)).join(' / ')} ms); API ${apiMs.map((m) => m.toFixed(0)).join(' / ')} ms`,
    );
    return {
      'collect.worklist100kMs': figure(pageMs, 'ms'),
      'extra.collect.worklistFromMenuMs': figure(menuMs, 'ms'),
      'collect.worklistColdMs': figure([coldMs], 'ms'),
      'collect.worklistApiMs': figure(apiMs, 'ms'),
    };
  } finally {
    await context.close();
  }
}
