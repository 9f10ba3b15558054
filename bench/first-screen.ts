/**
 * The first screen: every JS/CSS file Chromium requests for /login (not logged in), sized as gzip -9
 * of the built file, and split by package (each file's real gzip size shared among the packages in
 * it by their share of its code — an estimate).
 */
import type { Browser } from 'playwright-core';
import type { BuiltApp } from './bundle';
import { api, check, newContext, sleep } from './common';
import { figure, type Figure } from './stats';

export async function measureFirstScreen(
  browser: Browser,
  baseUrl: string,
  app: BuiltApp,
  runs: number,
): Promise<{ figure: Figure; files: string[]; parts: Map<string, number> }> {
  const firstScreen: number[] = [];
  let files: string[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await newContext(browser, baseUrl, { login: false });
    const page = await context.newPage();
    const urls = new Set<string>();
    page.on('request', (req) => {
      if (['script', 'stylesheet'].includes(req.resourceType())) urls.add(new URL(req.url()).pathname);
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.locator('input[type=password]').waitFor();
    await sleep(200);
    files = [...urls].sort();
    firstScreen.push(files.reduce((s, u) => s + (app.gzipByUrl.get(u) ?? 0), 0) / 1024);
    if (i === 0) check('ERP not called before login', (await api(page)).length === 0);
    await context.close();
  }
  const parts = new Map<string, number>();
  for (const url of files) {
    const gz = app.gzipByUrl.get(url) ?? 0;
    const chunk = app.chunkModules.get(url);
    if (!chunk) {
      const key = url.endsWith('.css') ? 'CSS' : url;
      parts.set(key, (parts.get(key) ?? 0) + gz);
      continue;
    }
    const total = chunk.reduce((a, p) => a + p.raw, 0) || 1;
    for (const p of chunk) parts.set(p.name, (parts.get(p.name) ?? 0) + (gz * p.raw) / total);
  }
  return { figure: figure(firstScreen, 'KB'), files, parts };
}
