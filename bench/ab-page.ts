/**
 * A/B of page start-up: builds (AB_DISTS=dirA,dirB,… — `npx vite build --outDir <dir>` of each
 * commit) served side by side on the large demo; page loads of AB_PATH (default /tahsilat) alternate
 * between them in one browser → the probe's 'rows' mark (navigation → first tr[data-row-id]
 * painted, the page's clock). Both see the same machine load, so their medians compare even on a
 * busy machine where absolute figures do not. `npx tsx bench/ab-page.ts` (AB_RUNS, default 10).
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, newContext, waitMark } from './common';
import { startProdServer } from '../server/prod';

const N = Number(process.env.AB_RUNS ?? 10);
const path = process.env.AB_PATH ?? '/tahsilat';
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function serve(dist: string) {
  const server = await startProdServer({ distDir: dist, cwd: process.cwd(), env: { DEMO: '1', DEMO_ERP_SIZE: 'large', HOST: '127.0.0.1', PORT: '0', DATA_DIR: mkdtempSync(join(tmpdir(), 'ab-')) }, gateway: { log: () => undefined }, print: () => undefined });
  await fetch(`${server.url}/api/session`, { method: 'POST', headers: { 'x-app-request': '1', 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'demo', password: 'demo' }), signal: AbortSignal.timeout(600_000) });
  return server;
}

async function main() {
  const dists = (process.env.AB_DISTS ?? `${process.env.AB_A},${process.env.AB_B}`).split(',');
  const servers = [];
  for (const d of dists) servers.push(await serve(d));
  const browser = await launchChromium();
  const contexts = [];
  for (const s of servers) {
    const c = await newContext(browser, s.url, { login: true });
    if (path.startsWith('/tahsilat')) await (await c.request.get('/api/tahsilat/worklist?view=all', { headers: { 'x-app-request': '1' }, timeout: 300_000 })).body();
    contexts.push(c);
  }
  const res: number[][] = dists.map(() => []);
  for (let i = 0; i < N + 2; i++) {
    const order = dists.map((_, k) => k);
    if (i % 2) order.reverse();
    for (const k of order) {
      const p = await contexts[k]!.newPage();
      await p.goto(path, { waitUntil: 'commit' });
      const mark = await waitMark(p, 'rows', 60_000);
      if (i >= 2) res[k]!.push(mark.painted);
      await p.close();
    }
  }
  for (const k of dists.keys()) console.info(`${'ABCDEF'[k]} ${dists[k]}: median ${med(res[k]!).toFixed(0)} ms [${res[k]!.map((x) => x.toFixed(0)).join(' ')}]`);
  console.info(`load ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  await browser.close();
  for (const s of servers) await s.close();
}
await main();
