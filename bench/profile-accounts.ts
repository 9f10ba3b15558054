/**
 * Where the account list's page work goes (issue 48 item 1): one /accounts load of 100k accounts
 * in Chromium, CPU throttled BENCH_CPU_SLOWDOWN× (default 4), with the V8 sampling profiler on;
 * prints the self time of the top functions between get_cari's last byte (FROM_READ=1: the page's
 * erp:get_cari:read mark) and "100.000 satır". An unminified bench build, so the names are ours.
 * Run: RUNS=3 npx tsx bench/profile-accounts.ts [dist dir: built there when missing]
 * PROFILE=0: no profiler (its sampling slows the page's JavaScript), only the times: an A/B of two
 * builds, run alternately with their dist dirs.
 * WORKER=1: the answer worker profiled instead of the page (attached as it starts, before its first
 * line runs), its self times over its whole job; its own slowing-down (the bench's slow pass) shows
 * as one anonymous function.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { build } from 'vite';
import type { CDPSession } from 'playwright-core';
import { apiEntry, CPU_SLOWDOWN, launchChromium, newContext, ROOT, waitMark } from './common';
import { startProdServer } from '../server/prod';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

async function main() {
  const outDir = process.argv[2] ?? join(tmpdir(), 'cari-profile-dist');
  // Unminified, so the profile names our functions.
  if (!existsSync(join(outDir, 'index.html')))
    await build({ root: ROOT, mode: 'bench', logLevel: 'warn', build: { outDir, emptyOutDir: true, minify: false } });
  const server = await startProdServer({
    distDir: outDir,
    cwd: ROOT,
    env: { DEMO: '1', DEMO_ERP_SIZE: 'large', HOST: '127.0.0.1', PORT: '0' },
    gateway: { log: () => undefined },
    print: () => undefined,
  });
  const browser = await launchChromium();
  try {
    const context = await newContext(browser, server.url, { login: true, cpuSlowdown: CPU_SLOWDOWN });
    await context.request.post('/api/erp/get_cari', { headers: { 'x-app-request': '1' }, data: { firma_ismi: '' } });
    for (let run = 0; run < Number(process.env.RUNS ?? 2); run++) {
      const page = await context.newPage();
      const profiling = process.env.PROFILE !== '0';
      const cdp = await context.newCDPSession(page);
      const worker = profiling && process.env.WORKER === '1' ? await profileWorker(cdp) : null;
      if (profiling && !worker) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      await page.goto('/accounts', { waitUntil: 'commit' });
      await page.evaluate(`window.__bench.watchFirst('whole', '.accounts-page .dt-toolbar__summary', '100.000 satır')`);
      const whole = await waitMark(page, 'whole', 120_000);
      const nowAtStop = (await page.evaluate('performance.now()')) as number;
      const profile = worker ? await worker.stop() : profiling ? ((await cdp.send('Profiler.stop')) as { profile: Profile }).profile : null;
      const cari = await apiEntry(page, 'get_cari');
      const marks = (await page.evaluate(
        `Object.fromEntries(['text','parsed','worker-read','worker-packed','read','partial'].map(k => [k, performance.getEntriesByName('erp:get_cari:' + k)[0]?.startTime ?? null]))`,
      )) as Record<string, number | null>;
      console.info(
        `run ${run + 1}: last byte → whole ${(whole.painted - cari.responseEnd).toFixed(0)} ms; marks from last byte:`,
        Object.fromEntries(Object.entries(marks).map(([k, v]) => [k, v == null ? null : Math.round(v - cari.responseEnd)])),
      );
      if (!profile) {
        await page.close();
        continue;
      }
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const parent = new Map<number, number>();
      for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
      const self = new Map<string, number>();
      const traced = new Map<string, number>();
      const total = new Map<string, number>();
      // The profile's clock (µs) mapped to the page's: its end ≈ the page's performance.now() just before stopping.
      const startMs = nowAtStop - (profile.endTime - profile.startTime) / 1000;
      let t = profile.startTime;
      // The worker's profile is on its own clock: all of it counts.
      const from = worker ? -Infinity : process.env.FROM_READ && marks.read != null ? marks.read : cari.responseEnd,
        to = worker ? Infinity : whole.painted;
      let inWindow = 0;
      for (let i = 0; i < profile.samples.length; i++) {
        t += profile.timeDeltas[i]!;
        const pt = startMs + (t - profile.startTime) / 1000;
        if (pt < from || pt > to) continue;
        const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
        inWindow += dt;
        const node = byId.get(profile.samples[i]!)!;
        if (process.env.TRACE && node.callFrame.functionName === process.env.TRACE) {
          const path: string[] = [];
          for (let id: number | undefined = node.id; id !== undefined && path.length < 8; id = parent.get(id))
            path.push(byId.get(id)!.callFrame.functionName || '(anon)');
          traced.set(path.join(' < '), (traced.get(path.join(' < ')) ?? 0) + dt);
        }
        const key = (n: Node) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
        self.set(key(node), (self.get(key(node)) ?? 0) + dt);
        const seen = new Set<string>();
        for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
          const k = key(byId.get(id)!);
          if (seen.has(k)) continue;
          seen.add(k);
          total.set(k, (total.get(k) ?? 0) + dt);
        }
      }
      console.info(`  window sampled ${inWindow.toFixed(0)} ms`);
      const top = (m: Map<string, number>, n: number) =>
        [...m]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([k, v]) => `    ${v.toFixed(1).padStart(7)}  ${k}`)
          .join('\n');
      console.info('  self:\n' + top(self, 25));
      if (process.env.TRACE) console.info('  traced:\n' + top(traced, 10));
      console.info('  total:\n' + top(total, 40));
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}
/**
 * The page's answer worker, profiled from its start: the page's session auto-attaches to its workers,
 * each paused until the profiler runs (the old, non-flat sessions: Playwright's CDPSession speaks to one
 * target, so the worker's messages go through Target.sendMessageToTarget).
 */
async function profileWorker(cdp: CDPSession): Promise<{ stop(): Promise<Profile> }> {
  let nextId = 1;
  let session: string | null = null;
  const waiting = new Map<number, (result: unknown) => void>();
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      void cdp.send('Target.sendMessageToTarget', { sessionId: session!, message: JSON.stringify({ id, method, params }) });
    });
  cdp.on('Target.receivedMessageFromTarget', (e: { message: string }) => {
    const m = JSON.parse(e.message) as { id?: number; result?: unknown };
    if (m.id === undefined) return;
    waiting.get(m.id)?.(m.result);
    waiting.delete(m.id);
  });
  const started = new Promise<void>((resolve) =>
    cdp.on('Target.attachedToTarget', (e: { sessionId: string; targetInfo: { type: string } }) => {
      if (e.targetInfo.type !== 'worker' || session) return;
      session = e.sessionId;
      void (async () => {
        await send('Profiler.enable');
        await send('Profiler.setSamplingInterval', { interval: 200 });
        await send('Profiler.start');
        await send('Runtime.runIfWaitingForDebugger');
        resolve();
      })();
    }),
  );
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return {
    async stop() {
      await started;
      return ((await send('Profiler.stop')) as { profile: Profile }).profile;
    },
  };
}

void main();
