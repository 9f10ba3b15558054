/**
 * Shared state and helpers of the benchmark (Node side): settings from the environment, the log,
 * the checks made during the run, notes for the report, and the headless Chromium it drives.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { PROBE_SCRIPT, type ProbeApiEntry, type ProbeMark, type ProbeSettle } from './probe';
import { SIGNED_IN_COOKIE } from '../src/api/erp-call';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BENCH_DIR = join(ROOT, 'bench');
export const SCREENS = join(BENCH_DIR, 'screens');
const env = process.env;
export const RUNS = Math.max(1, Number(env.BENCH_RUNS ?? 5));
export const BASELINE_RUNS = Math.max(0, Number(env.BENCH_BASELINE_RUNS ?? ((env.BENCH_ONLY ?? '') === 'accounts' ? 0 : 3)));
export const NETWORK_RUNS = Math.max(1, Number(env.BENCH_NETWORK_RUNS ?? 5));
export const QUERY = env.BENCH_QUERY ?? 'yıldı';
export const BUDGET_MS = Number(env.BENCH_BUDGET_S ?? 540) * 1000;
/** BENCH_ONLY=network | bundle | accounts: only the build and those figures (for iterating on them). */
export const ONLY = env.BENCH_ONLY ?? '';
export const VIEWPORT = { width: 1280, height: 800 };
export const MB = 1024 * 1024;

const started = performance.now();
export const elapsed = () => performance.now() - started;
export const log = (line: string) => console.info(`[bench ${(elapsed() / 1000).toFixed(0).padStart(3)}s] ${line}`);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const notes: string[] = [];
export const checks: { name: string; ok: boolean; detail?: string }[] = [];
export const check = (name: string, ok: boolean, detail?: string) => {
  checks.push({ name, ok, detail });
  if (!ok) log(`CHECK FAILED: ${name}${detail ? ` (${detail})` : ''}`);
};

// ───────────────────────────── Chromium ─────────────────────────────

const CHROMIUM_MISSING =
  'npm run bench needs Chromium and found none: install it with `sudo apt-get install chromium` or point CHROMIUM_PATH at a Chromium binary.';

/** The Chromium to drive: CHROMIUM_PATH, else /usr/bin/chromium. Never Playwright's own download. */
export function chromiumPath(): string {
  const path = env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) {
    console.error(CHROMIUM_MISSING);
    process.exit(1);
  }
  return path;
}

export async function launchChromium(): Promise<Browser> {
  try {
    return await chromium.launch({
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--enable-precise-memory-info',
      ],
    });
  } catch (err) {
    console.error(`${CHROMIUM_MISSING} (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
    process.exit(1);
  }
}

// ───────────────────────────── pages ─────────────────────────────

/** BENCH_CPU_SLOWDOWN (default 4): the slow-machine pass runs every page with Chromium's CPU throttled this many times (0: no such pass). */
export const CPU_SLOWDOWN = Number(env.BENCH_CPU_SLOWDOWN ?? 4);

/**
 * `cpuSlowdown`: every page opened in the context runs with its CPU throttled that many times
 * (DevTools Emulation.setCPUThrottlingRate, set before the page navigates): a slower office PC.
 */
export async function newContext(
  browser: Browser,
  baseUrl: string,
  opts: { login: boolean; noVirtual?: boolean; cpuSlowdown?: number },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'tr-TR', timezoneId: 'Europe/Istanbul', baseURL: baseUrl });
  const rate = opts.cpuSlowdown ?? 1;
  const open = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await open();
    if (!KEEP_BODIES) await keepNoBodies(page);
    if (rate > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    }
    return page;
  };
  // A window that stays open: each page the bench opens is a new tab in it, as in a user's browser.
  // With no page open in the context, Chromium makes a whole new window for every page (a new
  // context has none, and a measured page's window goes when the page is closed); that window's
  // set-up ran on the same two cores as the page load and added 90–130 ms to every figure read from
  // navigation start (docs/decisions/0010-page-start-up.md, item 6: a tab, not a window).
  await context.newPage();
  await context.addInitScript({ content: PROBE_SCRIPT });
  // DevTools throttles a page, not its workers: the app's answer worker slows itself by this (src/api/answer-read.ts).
  if (opts.cpuSlowdown && opts.cpuSlowdown > 1) await context.addInitScript({ content: `window.__BENCH_CPU_SLOWDOWN__ = ${Number(opts.cpuSlowdown)};` });
  if (opts.noVirtual) await context.addInitScript({ content: 'window.__BENCH_NO_VIRTUAL__ = true;' });
  if (opts.login) {
    const res = await context.request.post('/api/session', { headers: { 'x-app-request': '1' }, data: { userName: 'demo', password: 'demo' } });
    if (res.status() !== 200) throw new Error(`login failed: HTTP ${res.status()}`);
    // What the login form leaves in a browser besides the session: the readable "signed in" hint the
    // page load's early calls go by (src/api/erp-call.ts signedInHint) — a user who logged in and
    // then opens a link in a new tab has it.
    await context.addCookies([{ name: SIGNED_IN_COOKIE, value: '1', url: baseUrl, sameSite: 'Strict' }]);
  }
  return context;
}

/**
 * DevTools' network agent, which Playwright turns on for every page it drives, keeps a copy of each
 * response body (for Network.getResponseBody; the 17 MB answer included) and, at the body's last byte,
 * decodes the whole of it as text on the page's main thread. For the 17 MB get_cari answer that was one task of
 * 460 ms at CPU 4× (257 ms of it TextResourceDecoder::Decode), before the page could take the worker's
 * last rows or paint — on our list and on the reference alike, and for no user: a browser without
 * DevTools attached keeps no such copy. Playwright's own session enables the agent with its default
 * buffers; enabled again with buffers of 0 it keeps nothing (a session of our own would have an agent of its
 * own). Playwright gives no public way to its session: its in-process server object is reached by
 * `toImpl`. Should that path change with a Playwright upgrade, a failed check says so (the figures
 * would then include that copy again). BENCH_DEVTOOLS_BODIES=1 leaves the copy on (the bench before 7 Dec, for an A/B).
 */
const KEEP_BODIES = env.BENCH_DEVTOOLS_BODIES === '1';
async function keepNoBodies(page: Page): Promise<void> {
  try {
    type Session = { send(method: string, params: object): Promise<unknown> };
    const internal = page as unknown as { _connection?: { toImpl?: (x: unknown) => unknown } };
    const server = internal._connection?.toImpl?.(page) as { delegate?: { _networkManager?: { _sessions?: Map<Session, unknown> } } } | undefined;
    const sessions = server?.delegate?._networkManager?._sessions;
    if (!(sessions instanceof Map) || sessions.size === 0) throw new Error('no Playwright network session found (its internals changed)');
    for (const session of sessions.keys()) await session.send('Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 });
    if (!checks.some((c) => c.name === NO_BODIES)) check(NO_BODIES, true);
  } catch (err) {
    if (!checks.some((c) => c.name === NO_BODIES && !c.ok)) check(NO_BODIES, false, err instanceof Error ? err.message : String(err));
  }
}
const NO_BODIES = 'DevTools keeps no copy of response bodies (the page works as without DevTools)';

export async function heapMB(context: BrowserContext, page: Page): Promise<number> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usedSize / MB;
}

export const api = (page: Page) => page.evaluate('window.__bench.api') as Promise<ProbeApiEntry[]>;
export const waitMark = (page: Page, name: string, timeoutMs: number) =>
  page.evaluate(`window.__bench.waitMark(${JSON.stringify(name)}, ${timeoutMs})`) as Promise<ProbeMark>;
export const watchFirst = (page: Page, name: string, selector: string) =>
  page.evaluate(`window.__bench.watchFirst(${JSON.stringify(name)}, ${JSON.stringify(selector)})`);
export const arm = (page: Page) => page.evaluate('window.__bench.arm()');
export const settle = (page: Page, quietMs: number, timeoutMs: number, until?: { selector: string; absent?: boolean }) =>
  page.evaluate(
    `window.__bench.settle(${quietMs}, ${timeoutMs}, ${JSON.stringify(until?.selector ?? null)}, ${until?.absent === true})`,
  ) as Promise<ProbeSettle>;
export const settled = (s: ProbeSettle, what: string): number => {
  if (s.ms === null || s.timedOut) throw new Error(`${what}: no paint within the time limit`);
  return s.ms;
};

export async function apiEntry(page: Page, op: string, nth = 0, timeoutMs = 5000): Promise<ProbeApiEntry> {
  const end = performance.now() + timeoutMs;
  for (;;) {
    const entries = (await api(page)).filter((e) => e.op === op);
    if (entries[nth]) return entries[nth] as ProbeApiEntry;
    if (performance.now() > end) throw new Error(`no resource timing entry for ${op}`);
    await sleep(25);
  }
}

export async function badText(page: Page, where: string) {
  const bad = (await page.evaluate('window.__bench.badText()')) as string[];
  check(`no NaN/undefined/Invalid Date/[object Object] on screen (${where})`, bad.length === 0, bad.join(', '));
}
