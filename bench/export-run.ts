/**
 * Export figures (issue 25): the Excel file of the 100,000-account list and of the 50,000-line
 * statement, click → file handed to the browser (the toolbar's User Timing measure "export:xlsx"),
 * with the page's longest frame meanwhile (a requestAnimationFrame probe: the page stays usable
 * while the worker writes the file). Each run in a fresh context, list or statement fully shown first.
 */
import type { Browser } from 'playwright-core';
import { log, newContext, RUNS } from './common';
import { figure, type Figure } from './stats';
import { LARGE_STATEMENT_ACCOUNT_ID } from '../server/demo-erp/index';

async function oneExport(browser: Browser, baseUrl: string, path: string, ready: RegExp): Promise<{ ms: number; maxFrameMs: number; bytes: number }> {
  const context = await newContext(browser, baseUrl, { login: true });
  try {
    const page = await context.newPage();
    await page.goto(path);
    await page.getByRole('status').filter({ hasText: ready }).first().waitFor({ timeout: 120_000 });
    // Let the page settle (idle-time work after the first paint: search text, ranks).
    await page.waitForTimeout(1500);
    // Strings, not functions: tsx would wrap functions in helpers the page does not have.
    await page.evaluate(`(() => {
      window.__frames = [];
      window.__frameProbe = true;
      let last = performance.now();
      const tick = (now) => {
        window.__frames.push(now - last);
        last = now;
        if (window.__frameProbe) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);
    const download = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Excel indir' }).click();
    const file = await download;
    const ms = (await page.evaluate(`(() => {
      const m = performance.getEntriesByName('export:xlsx', 'measure');
      return m.length ? m[m.length - 1].duration : NaN;
    })()`)) as number;
    const maxFrameMs = (await page.evaluate(`(() => {
      window.__frameProbe = false;
      return Math.max(0, ...window.__frames.slice(1));
    })()`)) as number;
    const stream = await file.createReadStream();
    let bytes = 0;
    for await (const chunk of stream) bytes += (chunk as Buffer).length;
    return { ms, maxFrameMs, bytes };
  } finally {
    await context.close();
  }
}

export async function measureExports(browser: Browser, baseUrl: string): Promise<{ figures: Record<string, Figure>; notes: string[] }> {
  const figures: Record<string, Figure> = {};
  const notes: string[] = [];
  const jobs = [
    { name: 'accounts', path: '/accounts', ready: /^100\.000 satır/ },
    { name: 'statement', path: `/accounts/${LARGE_STATEMENT_ACCOUNT_ID}`, ready: /^50\.\d{3} satır/ },
  ];
  for (const job of jobs) {
    const ms: number[] = [];
    const frames: number[] = [];
    let bytes = 0;
    for (let r = 0; r < RUNS; r++) {
      const one = await oneExport(browser, baseUrl, job.path, job.ready);
      ms.push(one.ms);
      frames.push(one.maxFrameMs);
      bytes = one.bytes;
      log(
        `export ${job.name} run ${r + 1}: ${one.ms.toFixed(0)} ms (longest frame ${one.maxFrameMs.toFixed(0)} ms), ${(one.bytes / 1024 / 1024).toFixed(1)} MB`,
      );
    }
    figures[`export.${job.name}XlsxMs`] = figure(ms, 'ms');
    figures[`extra.export.${job.name}XlsxLongestFrameMs`] = figure(frames, 'ms');
    notes.push(
      `Excel export of the ${job.name === 'accounts' ? '100,000-account list' : '50,000-line statement'}: ${(bytes / 1024 / 1024).toFixed(1)} MB file.`,
    );
  }
  return { figures, notes };
}
