/**
 * A/B of page start-up: builds (AB_DISTS=dirA,dirB,… — `npx vite build --outDir <dir>` of each
 * commit) served side by side on the large demo; page loads of AB_PATH (default /tahsilat) alternate
 * between them in one browser → the probe's 'rows' mark (navigation → first tr[data-row-id]
 * painted, the page's clock). Both see the same machine load, so their medians compare even on a
 * busy machine where absolute figures do not. Beside it, the CPU each load cost, which moves less with
 * the load: Chromium's processes (/proc, Linux) and the renderer's main thread (CDP TaskDuration).
 * `npx tsx bench/ab-page.ts` (AB_RUNS, default 10).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, newContext, waitMark } from './common';
import { startProdServer } from '../server/prod';

const N = Number(process.env.AB_RUNS ?? 10);
const path = process.env.AB_PATH ?? '/tahsilat';
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** CPU ms (user + system) of `root` and every process below it so far; NaN without /proc. */
function treeCpuMs(root: number): number {
  if (!existsSync('/proc/self/stat')) return NaN;
  const procs = readdirSync('/proc').flatMap((d) => {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [{ pid: Number(d), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) }];
    } catch {
      return []; // not a process, or gone meanwhile
    }
  });
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs) {
      if (tree.has(p.pid) || !tree.has(p.ppid)) continue;
      tree.add(p.pid);
      grew = true;
    }
  }
  return procs.filter((p) => tree.has(p.pid)).reduce((s, p) => s + p.ticks, 0) * 10; // USER_HZ 100
}

/** The browser's own process: a child of this one whose command line names chromium. */
function browserPid(): number {
  for (const d of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid && readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('chrom'))
        return Number(d);
    } catch {
      // gone meanwhile
    }
  }
  return NaN;
}

async function serve(dist: string) {
  const server = await startProdServer({
    distDir: dist,
    cwd: process.cwd(),
    env: { DEMO: '1', DEMO_ERP_SIZE: 'large', HOST: '127.0.0.1', PORT: '0', DATA_DIR: mkdtempSync(join(tmpdir(), 'ab-')) },
    gateway: { log: () => undefined },
    print: () => undefined,
  });
  await fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: { 'x-app-request': '1', 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'demo', password: 'demo' }),
    signal: AbortSignal.timeout(600_000),
  });
  return server;
}

async function main() {
  const dists = (process.env.AB_DISTS ?? `${process.env.AB_A},${process.env.AB_B}`).split(',');
  const servers = [];
  for (const d of dists) servers.push(await serve(d));
  const browser = await launchChromium();
  const chromiumPid = existsSync('/proc/self/stat') ? browserPid() : NaN;
  const contexts = [];
  for (const s of servers) {
    const c = await newContext(browser, s.url, { login: true });
    if (path.startsWith('/tahsilat'))
      await (await c.request.get('/api/tahsilat/worklist?view=all', { headers: { 'x-app-request': '1' }, timeout: 300_000 })).body();
    contexts.push(c);
  }
  const res: number[][] = dists.map(() => []);
  const cpu: { browser: number[]; renderer: number[] }[] = dists.map(() => ({ browser: [], renderer: [] }));
  for (let i = 0; i < N + 2; i++) {
    const order = dists.map((_, k) => k);
    if (i % 2) order.reverse();
    for (const k of order) {
      const p = await contexts[k]!.newPage();
      const cdp = await contexts[k]!.newCDPSession(p);
      await cdp.send('Performance.enable');
      const before = treeCpuMs(chromiumPid);
      await p.goto(path, { waitUntil: 'commit' });
      const mark = await waitMark(p, 'rows', 60_000);
      const browserMs = treeCpuMs(chromiumPid) - before;
      const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
      if (i >= 2) {
        res[k]!.push(mark.painted);
        cpu[k]!.browser.push(browserMs);
        cpu[k]!.renderer.push((metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN) * 1000);
      }
      await p.close();
    }
  }
  for (const k of dists.keys()) {
    console.info(`${'ABCDEF'[k]} ${dists[k]}: median ${med(res[k]!).toFixed(0)} ms [${res[k]!.map((x) => x.toFixed(0)).join(' ')}]`);
    console.info(
      `  CPU per load (medians): Chromium's processes ${med(cpu[k]!.browser).toFixed(0)} ms, renderer main thread ${med(cpu[k]!.renderer).toFixed(0)} ms`,
    );
  }
  console.info(
    `load ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  await browser.close();
  for (const s of servers) await s.close();
}
await main();
