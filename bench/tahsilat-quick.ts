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
import { launchChromium, newContext, ROOT, waitMark } from './common';
import { startProdServer } from '../server/prod';

const N = Number(process.env.QUICK_RUNS ?? 5);
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function main() {
  let dist = process.env.QUICK_DIST;
  if (!dist) {
    dist = join(tmpdir(), 'i34-dist');
    await buildApp(ROOT, dist);
  }
  const server = await startProdServer({
    distDir: dist,
    cwd: ROOT,
    env: { DEMO: '1', DEMO_ERP_SIZE: 'large', HOST: '127.0.0.1', PORT: '0' },
    gateway: { log: () => undefined },
    print: () => undefined,
  });
  const browser = await launchChromium();
  // The large demo's dataset is made on the first call: wait for it outside the timed part.
  const w0 = performance.now();
  await fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: { 'x-app-request': '1', 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'demo', password: 'demo' }),
    signal: AbortSignal.timeout(600_000),
  });
  console.info(`server up, login ${(performance.now() - w0).toFixed(0)} ms`);
  try {
    const context = await newContext(browser, server.url, { login: true });
    const get = (q: string) => context.request.get(`/api/tahsilat/worklist?${q}`, { headers: { 'x-app-request': '1' }, timeout: 300_000 });
    const t0 = performance.now();
    await (await get('view=all')).body();
    console.info(`cold ${(performance.now() - t0).toFixed(0)} ms (load ${loadavg()[0]!.toFixed(2)})`);
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
      console.info(
        `API ${q}: wall ${med(wall).toFixed(0)} ms [${wall.map((x) => x.toFixed(0)).join(' ')}], process CPU ${med(cpu).toFixed(0)} ms, ${(bytes / 1024).toFixed(1)} KB (load ${loadavg()[0]!.toFixed(2)})`,
      );
    }
    // In the page's own clock: when the first row is in the DOM (the bench's wall figure adds the driver's polling).
    await context.addInitScript({
      content: `new MutationObserver((_, o) => { if (document.querySelector('tr[data-row-id]')) { window.__firstRow = performance.now(); o.disconnect(); } }).observe(document, { childList: true, subtree: true });`,
    });
    const page: number[] = [];
    const inPage: number[] = [];
    const painted: number[] = [];
    for (let i = 0; i < N + 1; i++) {
      const p = await context.newPage();
      const cdp = process.env.QUICK_PROFILE && i === N ? await context.newCDPSession(p) : null;
      if (cdp)
        await cdp
          .send('Profiler.enable')
          .then(() => cdp.send('Profiler.setSamplingInterval', { interval: 200 }))
          .then(() => cdp.send('Profiler.start'));
      const a = performance.now();
      await p.goto('/tahsilat', { waitUntil: 'commit' });
      const mark = await waitMark(p, 'rows', 60_000);
      const ms = performance.now() - a;
      painted.push(mark.painted);
      if (cdp) {
        const { profile } = (await cdp.send('Profiler.stop')) as {
          profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples: number[]; timeDeltas: number[] };
        };
        const self = new Map<string, number>();
        const byId = new Map(profile.nodes.map((n) => [n.id, n]));
        profile.samples.forEach((id, k) => {
          const f = byId.get(id)!.callFrame;
          const name = `${f.functionName || '(anon)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber}`;
          self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[k] ?? 0) / 1000);
        });
        console.info(
          [...self]
            .sort((x, y) => y[1] - x[1])
            .slice(0, 25)
            .map(([n, t]) => `    ${t.toFixed(1)} ms ${n}`)
            .join('\n'),
        );
      }
      const parts = (await p.evaluate(
        `JSON.stringify(performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/')).map((e) => [e.name.replace(/^.*\\/api\\//, ''), Math.round(e.startTime), Math.round(e.responseEnd), e.transferSize]))`,
      )) as string;
      const row = Number(await p.evaluate('window.__firstRow'));
      const js = (await p.evaluate(
        `JSON.stringify(performance.getEntriesByType('resource').filter((e) => /\\.(js|css)$/.test(e.name)).map((e) => Math.round(e.responseEnd)).sort((a, b) => b - a).slice(0, 1).concat(performance.getEntriesByType('resource').filter((e) => /\\.(js|css)$/.test(e.name)).length))`,
      )) as string;
      if (i > 0) page.push(ms);
      if (i > 0) inPage.push(row);
      console.info(`  page ${ms.toFixed(0)} ms, row in DOM at ${row.toFixed(0)} ms (page clock); last js/css end, count ${js}; api ${parts}`);
      await p.close();
    }
    console.info(
      `rows painted (page clock, the probe's mark): median ${med(painted.slice(1)).toFixed(0)} ms [${painted
        .slice(1)
        .map((x) => x.toFixed(0))
        .join(' ')}]`,
    );
    console.info(`row in DOM (page clock): median ${med(inPage).toFixed(0)} ms [${inPage.map((x) => x.toFixed(0)).join(' ')}]`);
    console.info(`page first rows: median ${med(page).toFixed(0)} ms [${page.map((x) => x.toFixed(0)).join(' ')}] (load ${loadavg()[0]!.toFixed(2)})`);
    if (process.env.QUICK_SHOT) {
      // The worklist as a user sees it at 1366×768, once the whole view is in.
      const p = await context.newPage();
      await p.setViewportSize({ width: 1366, height: 768 });
      await p.goto('/tahsilat');
      await p.locator('tr[data-row-id]').first().waitFor({ timeout: 60_000 });
      await p.getByText(/kalanı yükleniyor/).waitFor({ state: 'detached', timeout: 120_000 });
      await p.screenshot({ path: process.env.QUICK_SHOT });
      await p.close();
    }
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
}
await main();
