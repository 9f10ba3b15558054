/**
 * Front-end benchmark at ERP scale (`npm run bench`). A script, not a timed test:
 *  1. builds the app (vite build → a scratch dir; dist/ is left alone) and measures the bundle;
 *  2. times the one ERP reader in Node on 100k-row answers (real reader, demo ERP's answers);
 *  3. serves the production build (server/prod.ts) with the embedded demo ERP, DEMO_ERP_SIZE=large
 *     (100,000 accounts; account 1000 has 50,000 statement lines);
 *  4. drives headless Chromium: /login bundle, accounts list (first rows, filter keystrokes, sort,
 *     heap), statement (first rows), Back to the list — virtualized, then the same with
 *     virtualization switched off (window.__BENCH_NO_VIRTUAL__) as the baseline;
 *  5. writes bench/results.json, bench/RESULTS.md and screenshots in bench/screens/.
 * Each figure: median, min, max of the runs (BENCH_RUNS, default 5; baseline BENCH_BASELINE_RUNS,
 * default 3 because one non-virtualized 100k render takes tens of seconds).
 * How each figure is measured: see bench/probe.ts and the notes written into RESULTS.md.
 *
 * Env: BENCH_RUNS, BENCH_BASELINE_RUNS, BENCH_QUERY (5 characters typed, default "yıldı"),
 * BENCH_BUDGET_S (default 540: baseline runs are skipped when they would not fit), CHROMIUM_PATH
 * (default /usr/bin/chromium when present, else Playwright's own browser), BENCH_STRICT=1 (exit 1
 * when a target is missed).
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp, type BuiltApp } from './bundle';
import { PROBE_SCRIPT, type ProbeApiEntry, type ProbeMark, type ProbeSettle } from './probe';
import { figure, percentile, type Figure } from './stats';
import { renderReport, TARGETS } from './report';
import { measureReader } from './reader-bench';
import { startProdServer } from '../server/prod';
import { LARGE_STATEMENT_ACCOUNT_ID } from '../server/demo-erp/index';
import { t } from '../src/i18n';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BENCH_DIR = join(ROOT, 'bench');
const SCREENS = join(BENCH_DIR, 'screens');
const env = process.env;
const RUNS = Math.max(1, Number(env.BENCH_RUNS ?? 5));
const BASELINE_RUNS = Math.max(0, Number(env.BENCH_BASELINE_RUNS ?? 3));
const QUERY = env.BENCH_QUERY ?? 'yıldı';
const BUDGET_MS = Number(env.BENCH_BUDGET_S ?? 540) * 1000;
const CHROMIUM_PATH = env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const VIEWPORT = { width: 1280, height: 800 };
const started = performance.now();
const elapsed = () => performance.now() - started;
const log = (line: string) => console.info(`[bench ${(elapsed() / 1000).toFixed(0).padStart(3)}s] ${line}`);
const notes: string[] = [];
const checks: { name: string; ok: boolean; detail?: string }[] = [];
const check = (name: string, ok: boolean, detail?: string) => {
  checks.push({ name, ok, detail });
  if (!ok) log(`CHECK FAILED: ${name}${detail ? ` (${detail})` : ''}`);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MB = 1024 * 1024;

// ───────────────────────────── browser helpers ─────────────────────────────

async function newContext(browser: Browser, baseUrl: string, opts: { login: boolean; noVirtual?: boolean }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'tr-TR', timezoneId: 'Europe/Istanbul', baseURL: baseUrl });
  await context.addInitScript({ content: PROBE_SCRIPT });
  if (opts.noVirtual) await context.addInitScript({ content: 'window.__BENCH_NO_VIRTUAL__ = true;' });
  if (opts.login) {
    const res = await context.request.post('/api/session', { headers: { 'x-app-request': '1' }, data: { userName: 'demo', password: 'demo' } });
    if (res.status() !== 200) throw new Error(`login failed: HTTP ${res.status()}`);
  }
  return context;
}

async function heapMB(context: BrowserContext, page: Page): Promise<number> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usedSize / MB;
}

const api = (page: Page) => page.evaluate('window.__bench.api') as Promise<ProbeApiEntry[]>;
const waitMark = (page: Page, name: string, timeoutMs: number) =>
  page.evaluate(`window.__bench.waitMark(${JSON.stringify(name)}, ${timeoutMs})`) as Promise<ProbeMark>;
const arm = (page: Page) => page.evaluate('window.__bench.arm()');
const settle = (page: Page, quietMs: number, timeoutMs: number, until?: { selector: string; absent?: boolean }) =>
  page.evaluate(
    `window.__bench.settle(${quietMs}, ${timeoutMs}, ${JSON.stringify(until?.selector ?? null)}, ${until?.absent === true})`,
  ) as Promise<ProbeSettle>;
const settled = (s: ProbeSettle, what: string): number => {
  if (s.ms === null || s.timedOut) throw new Error(`${what}: no paint within the time limit`);
  return s.ms;
};

async function apiEntry(page: Page, op: string, nth = 0): Promise<ProbeApiEntry> {
  for (let k = 0; k < 200; k++) {
    const entries = (await api(page)).filter((e) => e.op === op);
    if (entries[nth]) return entries[nth] as ProbeApiEntry;
    await sleep(25);
  }
  throw new Error(`no resource timing entry for ${op}`);
}

async function badText(page: Page, where: string) {
  const bad = (await page.evaluate('window.__bench.badText()')) as string[];
  check(`no NaN/undefined/Invalid Date/[object Object] on screen (${where})`, bad.length === 0, bad.join(', '));
}

// ───────────────────────────── one accounts run ─────────────────────────────

interface AccountsRun {
  firstRowsMs: number;
  heapMB: number;
  keystrokesMs: number[];
  clearMs: number;
  sortMs: number;
  sortDescMs: number;
  rowsInDom: number;
  statementFirstRowsMs?: number;
  statementRowsInDom?: number;
  backToListMs?: number;
  backRefetched?: boolean;
}

async function accountsRun(context: BrowserContext, opts: { virtual: boolean; statement: boolean; first: boolean }): Promise<AccountsRun> {
  const long = opts.virtual ? 60_000 : 300_000;
  const quiet = opts.virtual ? 150 : 400;
  const page = await context.newPage();
  page.setDefaultTimeout(long);
  try {
    await page.goto('/accounts', { waitUntil: 'commit' });
    const rows = await waitMark(page, 'rows', long);
    const cari = await apiEntry(page, 'get_cari');
    const firstRowsMs = rows.painted - cari.responseEnd;
    const rowsInDom = await page.locator('tr[data-row-id]').count();
    const summary = (await page.locator('.dt-toolbar__summary').first().textContent()) ?? '';
    check('accounts list shows 100.000 rows', /100\.000/.test(summary), summary);
    if (opts.first) {
      log(`  get_cari answer: ${(cari.bytes / MB).toFixed(1)} MB; rows in DOM: ${rowsInDom}; "${summary}"`);
      await badText(page, opts.virtual ? 'accounts' : 'accounts, no virtualization');
    }

    // The user looks at the list for a moment (idle time: the table folds its search text).
    await sleep(1500);
    const heap = await heapMB(context, page);

    // ---- sort by name: asc (computed or prepared in the background), desc (cached), back to ERP order ----
    const nameHeader = page.locator('th', { has: page.locator('button.dt-sort', { hasText: t('accounts.col.name') }) }).first();
    const nameButton = nameHeader.locator('button.dt-sort');
    await arm(page);
    await nameButton.click();
    const sortMs = settled(await settle(page, quiet, long, { selector: 'th[aria-sort="ascending"]' }), 'sort asc');
    if (opts.first) {
      const names = await page.locator('tr[data-row-id] td:nth-child(4)').evaluateAll((tds) => tds.slice(0, 15).map((td) => (td as HTMLElement).innerText.trim()));
      const collator = new Intl.Collator('tr', { sensitivity: 'base', numeric: true });
      const ordered = names.length > 5 && names.every((n, i) => i === 0 || collator.compare(names[i - 1] as string, n) <= 0);
      check('visible names are in Turkish alphabetical order after sorting', ordered, names.slice(0, 4).join(' | '));
    }
    let sortDescMs = NaN;
    if (opts.virtual) {
      await arm(page);
      await nameButton.click();
      sortDescMs = settled(await settle(page, quiet, long, { selector: 'th[aria-sort="descending"]' }), 'sort desc');
      await arm(page);
      await nameButton.click();
      await settle(page, quiet, long, { selector: 'th[aria-sort]', absent: true });
    }

    // ---- filter: 5 characters, each keystroke to the paint that shows its result ----
    const search = page.getByRole('searchbox', { name: t('accounts.search.label') });
    await search.click();
    const keystrokesMs: number[] = [];
    for (const ch of [...QUERY]) {
      await arm(page);
      await page.keyboard.type(ch);
      keystrokesMs.push(settled(await settle(page, quiet, long), `keystroke "${ch}"`));
    }
    const filteredSummary = (await page.locator('.dt-toolbar__summary').first().textContent()) ?? '';
    if (opts.first) log(`  after typing "${QUERY}": "${filteredSummary}"`);
    check(`filter "${QUERY}" narrows the list`, /^100\.000 satırdan [\d.]+ gösteriliyor$/.test(filteredSummary.trim()), filteredSummary);
    let clearMs = NaN;
    if (opts.virtual) {
      // Clear it again (select all + Backspace): back to 100k rows.
      await page.keyboard.press('Control+a');
      await arm(page);
      await page.keyboard.press('Backspace');
      clearMs = settled(await settle(page, quiet, long), 'clear filter');
    }

    const run: AccountsRun = { firstRowsMs, heapMB: heap, keystrokesMs, clearMs, sortMs, sortDescMs, rowsInDom };

    if (opts.statement) {
      // ---- open the 50k-line statement from the list (as a user does) ----
      const link = page.locator(`tr[data-row-id="${LARGE_STATEMENT_ACCOUNT_ID}"] a.dt-link`).first();
      await page.evaluate(`window.__bench.watchFirst('statement', '.statement-page tr[data-row-id]')`);
      await link.click();
      const stRows = await waitMark(page, 'statement', long);
      const extre = await apiEntry(page, 'get_cari_extre');
      run.statementFirstRowsMs = stRows.painted - extre.responseEnd;
      run.statementRowsInDom = await page.locator('.statement-page tr[data-row-id]').count();
      if (opts.first) {
        const firstRow = await page.locator('.statement-page tr[data-row-id]').first().innerText();
        log(`  statement answer: ${(extre.bytes / MB).toFixed(1)} MB; rows in DOM: ${run.statementRowsInDom}; first row: ${firstRow.replace(/\s+/g, ' ')}`);
        check('statement first row shows a running balance (… B/A)', /\d,\d\d\s*[BA]\b/.test(firstRow), firstRow.replace(/\s+/g, ' '));
        await badText(page, 'statement');
      }
      // ---- Back to the list: shown from the cache, no refetch ----
      await page.evaluate(`window.__bench.watchFirst('back', '.accounts-page tr[data-row-id]'); window.__backT0 = performance.now(); history.back();`);
      const back = await waitMark(page, 'back', long);
      run.backToListMs = back.painted - ((await page.evaluate('window.__backT0')) as number);
      await sleep(300);
      run.backRefetched = (await api(page)).filter((e) => e.op === 'get_cari').length > 1;
      check('Back to the list does not refetch get_cari', !run.backRefetched);
    }
    return run;
  } finally {
    await page.close();
  }
}

// ───────────────────────────── screenshots ─────────────────────────────

async function screenshots(context: BrowserContext): Promise<string[]> {
  rmSync(SCREENS, { recursive: true, force: true });
  mkdirSync(SCREENS, { recursive: true });
  const page = await context.newPage();
  const out: string[] = [];
  try {
    await page.goto('/accounts', { waitUntil: 'commit' });
    await waitMark(page, 'rows', 60_000);
    await sleep(800);
    for (const [i, where] of (['top', 'middle', 'bottom'] as const).entries()) {
      const info = await page.evaluate(async (pos) => {
        const box = document.querySelector<HTMLElement>('.dt-scroll');
        if (!box) return 'no scroll box';
        box.scrollTop = pos === 'top' ? 0 : pos === 'middle' ? (box.scrollHeight - box.clientHeight) / 2 : box.scrollHeight;
        await new Promise((r) => setTimeout(r, 400));
        const rows = [...box.querySelectorAll('tr[data-row-id]')].filter((tr) => {
          const r = tr.getBoundingClientRect();
          const b = box.getBoundingClientRect();
          return r.bottom > b.top + 40 && r.top < b.bottom;
        });
        return `rows ${rows[0]?.getAttribute('aria-rowindex')}…${rows.at(-1)?.getAttribute('aria-rowindex')} of ${box.querySelector('table')?.getAttribute('aria-rowcount')}`;
      }, where);
      const file = join(SCREENS, `accounts-100k-${i + 1}-${where}.png`);
      await page.screenshot({ path: file });
      await badText(page, `screenshot ${where}`);
      out.push(`${file.slice(ROOT.length)} (${info})`);
    }
  } finally {
    await page.close();
  }
  return out;
}

// ───────────────────────────── main ─────────────────────────────

async function main() {
  const machine = `${cpus()[0]?.model ?? 'cpu'} ×${cpus().length}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}`;
  const loadStart = loadavg()[0] ?? 0;
  log(`machine: ${machine}; load average ${loadStart.toFixed(2)}`);
  const figures: Record<string, Figure> = {};

  // 1. build
  const outDir = join(tmpdir(), `cari-bench-dist-${process.pid}`);
  log('vite build …');
  const app: BuiltApp = await buildApp(ROOT, outDir);
  let totalGzip = 0;
  for (const [url, gz] of app.gzipByUrl) if (/\.(js|css)$/.test(url)) totalGzip += gz;
  figures['bundle.totalGzipKB'] = figure([totalGzip / 1024], 'KB');
  log(`built in ${(app.buildMs / 1000).toFixed(1)} s; JS+CSS ${(totalGzip / 1024).toFixed(1)} KB gzip`);

  // 2. reader (Node)
  log('reader (Node, real reader) …');
  const reader = await measureReader(Math.max(RUNS, 5));
  Object.assign(figures, reader.figures);
  notes.push(...reader.notes);

  // 3. server
  const server = await startProdServer({
    distDir: outDir,
    cwd: ROOT,
    env: { DEMO: '1', DEMO_ERP_SIZE: 'large', HOST: '127.0.0.1', PORT: '0' },
    gateway: { log: () => undefined },
    print: (l) => log(l),
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--enable-precise-memory-info'],
  });
  let screens: string[] = [];
  const skipped: string[] = [];
  let baselineRuns = 0;
  const firstScreenParts = new Map<string, number>();
  try {
    // 4a. first screen (/login, not logged in): every JS+CSS file the browser loads, gzip -9 size of the built file
    const firstScreen: number[] = [];
    let loginFiles: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await newContext(browser, server.url, { login: false });
      const page = await context.newPage();
      const urls = new Set<string>();
      page.on('request', (req) => {
        if (['script', 'stylesheet'].includes(req.resourceType())) urls.add(new URL(req.url()).pathname);
      });
      await page.goto('/login', { waitUntil: 'networkidle' });
      await page.locator('input[type=password]').waitFor();
      await sleep(200);
      loginFiles = [...urls].sort();
      firstScreen.push(loginFiles.reduce((s, u) => s + (app.gzipByUrl.get(u) ?? 0), 0) / 1024);
      if (i === 0) check('ERP not called before login', (await api(page)).length === 0);
      await context.close();
    }
    figures['bundle.firstScreenGzipKB'] = figure(firstScreen, 'KB');
    for (const url of loginFiles) {
      const gz = app.gzipByUrl.get(url) ?? 0;
      const parts = app.chunkModules.get(url);
      if (!parts) {
        const key = url.endsWith('.css') ? 'CSS' : url;
        firstScreenParts.set(key, (firstScreenParts.get(key) ?? 0) + gz);
        continue;
      }
      const total = parts.reduce((a, p) => a + p.raw, 0) || 1;
      for (const p of parts) firstScreenParts.set(p.name, (firstScreenParts.get(p.name) ?? 0) + (gz * p.raw) / total);
    }
    log(`/login loads ${loginFiles.length} JS/CSS files: ${figures['bundle.firstScreenGzipKB'].median} KB gzip`);

    // Warm the server (dataset, JIT) so the first run is not the server's cold start.
    {
      const context = await newContext(browser, server.url, { login: true });
      const t0 = performance.now();
      const r1 = await context.request.post('/api/erp/get_cari', { headers: { 'x-app-request': '1' }, data: { firma_ismi: '' } });
      const r2 = await context.request.post('/api/erp/get_cari_extre', { headers: { 'x-app-request': '1' }, data: { cari_id: LARGE_STATEMENT_ACCOUNT_ID } });
      if (r1.status() !== 200 || r2.status() !== 200) throw new Error(`warm-up failed: ${r1.status()} ${r2.status()}`);
      log(`server warm (get_cari + get_cari_extre through the gateway: ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
      await context.close();
    }

    // 4b. virtualized runs
    const virt: AccountsRun[] = [];
    const context = await newContext(browser, server.url, { login: true });
    for (let i = 0; i < RUNS; i++) {
      log(`run ${i + 1}/${RUNS} (virtualized) …`);
      const r = await accountsRun(context, { virtual: true, statement: true, first: i === 0 });
      virt.push(r);
      log(
        `  first rows ${r.firstRowsMs.toFixed(0)} ms · keys ${r.keystrokesMs.map((k) => k.toFixed(0)).join('/')} ms · sort ${r.sortMs.toFixed(0)} ms · heap ${r.heapMB.toFixed(0)} MB · statement ${r.statementFirstRowsMs?.toFixed(0)} ms · back ${r.backToListMs?.toFixed(0)} ms`,
      );
    }
    // The floor under "answer → first rows": handing the 15 MB body to the page (responseEnd → text()) and JSON.parse.
    {
      const page = await context.newPage();
      await page.goto('/healthz');
      const floor = { text: [] as number[], parse: [] as number[] };
      for (let i = 0; i < RUNS; i++) {
        const r = (await page.evaluate(`(async () => {
          const res = await fetch('/api/erp/get_cari', { method: 'POST', headers: { 'x-app-request': '1', 'content-type': 'application/json' }, body: '{"firma_ismi":""}' });
          const text = await res.text();
          const t1 = performance.now();
          const entry = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/erp/get_cari')).at(-1);
          JSON.parse(text);
          return { text: t1 - entry.responseEnd, parse: performance.now() - t1 };
        })()`)) as { text: number; parse: number };
        floor.text.push(r.text);
        floor.parse.push(r.parse);
      }
      await page.close();
      figures['extra.accounts.bodyToTextMs'] = figure(floor.text, 'ms');
      figures['extra.accounts.jsonParseMs'] = figure(floor.parse, 'ms');
    }
    screens = await screenshots(context);
    await context.close();
    figures['accounts.firstRowsMs'] = figure(virt.map((r) => r.firstRowsMs), 'ms');
    figures['accounts.filterKeystrokeP95Ms'] = figure(virt.map((r) => percentile(r.keystrokesMs, 95)), 'ms');
    figures['accounts.sortMs'] = figure(virt.map((r) => r.sortMs), 'ms');
    figures['accounts.heapMB'] = figure(virt.map((r) => r.heapMB), 'MB');
    figures['statement.firstRowsMs'] = figure(virt.map((r) => r.statementFirstRowsMs as number), 'ms');
    figures['extra.accounts.filterKeystrokeMedianMs'] = figure(virt.map((r) => percentile(r.keystrokesMs, 50)), 'ms');
    figures['extra.accounts.filterClearMs'] = figure(virt.map((r) => r.clearMs), 'ms');
    figures['extra.accounts.sortDescCachedMs'] = figure(virt.map((r) => r.sortDescMs), 'ms');
    figures['extra.accounts.backFromStatementMs'] = figure(virt.map((r) => r.backToListMs as number), 'ms');
    notes.push(`Virtualized: ${virt[0]?.rowsInDom} account rows in the DOM at first paint (of 100,000); statement: ${virt[0]?.statementRowsInDom} rows (of 50,000).`);

    // 4c. baseline: the same table with virtualization off
    const base: AccountsRun[] = [];
    if (BASELINE_RUNS > 0) {
      const bctx = await newContext(browser, server.url, { login: true, noVirtual: true });
      let lastRunMs = 0;
      for (let i = 0; i < BASELINE_RUNS; i++) {
        if (i > 0 && elapsed() + lastRunMs * 1.2 > BUDGET_MS) {
          skipped.push(`baseline run ${i + 1}/${BASELINE_RUNS} skipped (time budget ${BUDGET_MS / 1000} s)`);
          break;
        }
        log(`baseline run ${i + 1}/${BASELINE_RUNS} (no virtualization, every row in the DOM) …`);
        const t0 = performance.now();
        const r = await accountsRun(bctx, { virtual: false, statement: false, first: i === 0 });
        lastRunMs = performance.now() - t0;
        base.push(r);
        baselineRuns = base.length;
        log(`  first rows ${r.firstRowsMs.toFixed(0)} ms · keys ${r.keystrokesMs.map((k) => k.toFixed(0)).join('/')} ms · sort ${r.sortMs.toFixed(0)} ms · heap ${r.heapMB.toFixed(0)} MB · rows in DOM ${r.rowsInDom}`);
      }
      await bctx.close();
    }
    if (base.length > 0) {
      figures['baseline.accounts.firstRowsMs'] = figure(base.map((r) => r.firstRowsMs), 'ms');
      figures['baseline.accounts.filterKeystrokeP95Ms'] = figure(base.map((r) => percentile(r.keystrokesMs, 95)), 'ms');
      figures['baseline.accounts.sortMs'] = figure(base.map((r) => r.sortMs), 'ms');
      figures['baseline.accounts.heapMB'] = figure(base.map((r) => r.heapMB), 'MB');
      for (const k of ['firstRowsMs', 'filterKeystrokeP95Ms', 'sortMs', 'heapMB'] as const) {
        const b = figures[`baseline.accounts.${k}`] as Figure;
        const v = figures[`accounts.${k}`] as Figure;
        figures[`speedup.accounts.${k}`] = {
          median: Math.round((b.median / v.median) * 10) / 10,
          min: Math.round((b.min / v.max) * 10) / 10,
          max: Math.round((b.max / v.min) * 10) / 10,
          unit: 'x',
        };
      }
      if (base.length < 5) notes.push(`Baseline (virtualization off) capped at ${base.length} run(s): one non-virtualized 100k render takes tens of seconds.`);
    }
  } finally {
    await browser.close();
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
  notes.push(...skipped);

  const loadEnd = loadavg()[0] ?? 0;
  const result = {
    figures,
    machine: `${machine}; load average ${loadStart.toFixed(2)} at start, ${loadEnd.toFixed(2)} at end`,
    date: new Date().toISOString(),
    runs: { virtualized: RUNS, baseline: baselineRuns, query: QUERY },
    targets: TARGETS,
    checks,
    notes,
    screens,
    firstScreen: [...firstScreenParts.entries()].sort((a, b) => b[1] - a[1]).map(([name, gz]) => ({ name, gzipKB: Math.round((gz / 1024) * 10) / 10 })),
    dependencies: app.dependencies.map((d) => ({ name: d.name, gzipKB: Math.round((d.gzip / 1024) * 10) / 10, rawKB: Math.round((d.raw / 1024) * 10) / 10, chunks: d.chunks })),
    durationS: Math.round(elapsed() / 1000),
  };
  writeFileSync(join(BENCH_DIR, 'results.json'), JSON.stringify(result, null, 2) + '\n');
  const report = renderReport(result);
  writeFileSync(join(BENCH_DIR, 'RESULTS.md'), report.markdown);
  console.info('\n' + report.table);
  for (const c of checks.filter((x) => !x.ok)) console.info(`check failed: ${c.name}${c.detail ? ` — ${c.detail}` : ''}`);
  log(`wrote bench/results.json, bench/RESULTS.md, ${screens.length} screenshots in bench/screens/ (${result.durationS} s)`);
  const failedChecks = checks.filter((c) => !c.ok).length;
  if (failedChecks > 0) process.exitCode = 1;
  if (env.BENCH_STRICT === '1' && report.missed.length > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
