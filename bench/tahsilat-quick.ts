/**
 * Quick loop for the tahsilat worklist at 100k (issue 34): builds the app (unless QUICK_DIST names a
 * built dist), serves it with the large demo ERP, then prints the warm API's wall and server CPU
 * time and bytes, and the page's navigation → first rows with the worklist call's own timing.
 * `npx tsx bench/tahsilat-quick.ts`; records the load average beside each wall-clock figure.
 */
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from './bundle';
import { launchChromium, newContext, ROOT } from './common';
import { startProdServer } from '../server/prod';

const N = Number(process.env.QUICK_RUNS ?? 5);
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function main() {
  let dist = process.env.QUICK_DIST;
  if (!dist) {
    dist = join(tmpdir(), 'i34-dist');
    await buildApp(ROOT, dist);
  }
  const server = await startProdServer({ distDir: dist, cwd: ROOT, env: { DEMO: '1', DEMO_ERP_SIZE: 'large', HOST: '127.0.0.1', PORT: '0' }, gateway: { log: () => undefined }, print: () => undefined });
  const browser = await launchChromium();
  // The large demo's dataset is made on the first call: wait for it outside the timed part.
  const w0 = performance.now();
  await fetch(`${server.url}/api/session`, { method: 'POST', headers: { 'x-app-request': '1', 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'demo', password: 'demo' }), signal: AbortSignal.timeout(600_000) });
  console.log(`server up, login ${(performance.now() - w0).toFixed(0)} ms`);
  try {
    const context = await newContext(browser, server.url, { login: true });
    const get = (q: string) => context.request.get(`/api/tahsilat/worklist?${q}`, { headers: { 'x-app-request': '1' }, timeout: 300_000 });
    const t0 = performance.now();
    await (await get('view=all')).body();
    console.log(`cold ${(performance.now() - t0).toFixed(0)} ms (load ${loadavg()[0]!.toFixed(2)})`);
    for (const q of (process.env.QUICK_QUERIES ?? 'view=all').split(',')) {
      const wall: number[] = [];
      const cpu: number[] = [];
      let bytes = 0;
      for (let i = 0; i < N; i++) {
        const c0 = process.cpuUsage();
        const a = performance.now();
        const body = await (await get(q)).body();
        wall.push(performance.now() - a);
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1000);
        bytes = body.byteLength;
      }
      console.log(`API ${q}: wall ${med(wall).toFixed(0)} ms [${wall.map((x) => x.toFixed(0)).join(' ')}], process CPU ${med(cpu).toFixed(0)} ms, ${(bytes / 1024).toFixed(1)} KB (load ${loadavg()[0]!.toFixed(2)})`);
    }
    const page: number[] = [];
    for (let i = 0; i < N + 1; i++) {
      const p = await context.newPage();
      const a = performance.now();
      await p.goto('/tahsilat', { waitUntil: 'commit' });
      await p.locator('tr[data-row-id]').first().waitFor({ timeout: 60_000 });
      const ms = performance.now() - a;
      const parts = (await p.evaluate(`JSON.stringify(performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/')).map((e) => [e.name.replace(/^.*\\/api\\//, ''), Math.round(e.startTime), Math.round(e.responseEnd), e.transferSize]))`)) as string;
      if (i > 0) page.push(ms);
      console.log(`  page ${ms.toFixed(0)} ms; api ${parts}`);
      if (i === N && process.env.QUICK_SHOT) await p.screenshot({ path: process.env.QUICK_SHOT });
      await p.close();
    }
    console.log(`page first rows: median ${med(page).toFixed(0)} ms [${page.map((x) => x.toFixed(0)).join(' ')}] (load ${loadavg()[0]!.toFixed(2)})`);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
}
await main();
