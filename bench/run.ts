/**
 * Front-end benchmark at ERP scale (`npm run bench`). A script, not a timed test:
 *  1. builds the app (vite build → a scratch dir; dist/ is left alone) and measures the bundle;
 *  2. times the one ERP reader in Node on 100k-row answers (real reader, demo ERP's answers);
 *  3. serves the production build (server/prod.ts) with the embedded demo ERP, DEMO_ERP_SIZE=large
 *     (100,000 accounts; account 1000 has 50,000 statement lines);
 *  4. drives headless Chromium: /login bundle, accounts list (first rows, filter keystrokes, sort,
 *     heap), statement (first rows), Back to the list — virtualized (accounts-run.ts), each run
 *     followed by the reference list (bench/reference/: react-table's row models + react-virtual over
 *     the same answer; ratio.accounts.* = ours / reference) and by ours with react-virtual's window in
 *     place of our virtualizer (?rv=1, the bench's build only; ab.* and ratio.ab.*.oursOverRv = ours /
 *     react-virtual: the A/B that keeps our virtualizer, issue 48), then the same
 *     with virtualization switched off (window.__BENCH_NO_VIRTUAL__) as the baseline;
 *  5. the network figures over emulated office links (network.ts; login → accounts, login → Özet,
 *     deep link, invoice by number), before step 4's accounts runs
 *     (whose non-virtualized baseline would weigh on every later figure);
 *  5b. the Excel exports of the 100k list and the 50k statement (export-run.ts);
 *  6. writes bench/results.json, bench/RESULTS.md and screenshots in bench/screens/.
 * Each figure: median, min, max of the runs (BENCH_RUNS, default 5; baseline BENCH_BASELINE_RUNS,
 * default 3 because one non-virtualized 100k render takes tens of seconds; network
 * BENCH_NETWORK_RUNS, default 5).
 * How each figure is measured: see bench/probe.ts and the notes written into RESULTS.md.
 *
 * Env: BENCH_RUNS, BENCH_BASELINE_RUNS, BENCH_NETWORK_RUNS, BENCH_QUERY (5 characters typed, default
 * "yıldı"), BENCH_BUDGET_S (default 540: baseline runs are skipped when they would not fit),
 * BENCH_ONLY=network, bundle, accounts or export (only the build and those figures; writes bench/results-<part>.json;
 * accounts: the 100k list and statement runs, without the baseline unless BENCH_BASELINE_RUNS is set;
 * export: the Excel exports of the 100k list and the 50k statement),
 * DEMO_ERP_MEMO=0 (the demo ERP renders every answer anew; default: it keeps them),
 * CHROMIUM_PATH (default /usr/bin/chromium; without a Chromium the bench stops at once and says how
 * to install one), BENCH_STRICT=1 (exit 1 when a target is missed).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { buildApp, type BuiltApp } from './bundle';
import { buildReference } from './reference-build';
import { measureAccounts } from './accounts-run';
import { measureWorklist } from './tahsilat-run';
import { measureBoard } from './acting';
import { measureExports } from './export-run';
import { BENCH_DIR, checks, chromiumPath, elapsed, launchChromium, log, newContext, notes, ONLY, QUERY, ROOT, RUNS } from './common';
import { measureFirstScreen } from './first-screen';
import { measureNetwork } from './network';
import { measureCompression } from './compress';
import { figure, type Figure } from './stats';
import { renderReport, TARGETS } from './report';
import { measureReader } from './reader-bench';
import { startProdServer } from '../server/prod';

/** The line in bench/RESULTS.md after which everything is written by hand and kept by a new run. */
const KEPT_MARK = '<!-- Written by hand below this line: kept by bench/run.ts. -->';
import { LARGE_STATEMENT_ACCOUNT_ID } from '../server/demo-erp/index';

// ───────────────────────────── main ─────────────────────────────

async function main() {
  chromiumPath(); // no Chromium: one line that says how to get it, before anything else
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
  // The reference list (bench/reference/) goes beside it, after the app's sizes are taken.
  if (ONLY === '' || ONLY === 'accounts') await buildReference(ROOT, outDir);

  // 2. reader (Node)
  const full = ONLY === '';
  const part = (name: 'bundle' | 'network' | 'accounts' | 'export') => full || ONLY === name;
  if (full) {
    log('reader (Node, real reader) …');
    const reader = await measureReader(Math.max(RUNS, 5));
    Object.assign(figures, reader.figures);
    notes.push(...reader.notes);
  }

  // 3. server
  const server = await startProdServer({
    distDir: outDir,
    cwd: ROOT,
    // DEMO_ERP_MEMO=0 (from the environment) measures a demo ERP that renders every answer anew.
    env: {
      DEMO: '1',
      DEMO_ERP_SIZE: 'large',
      HOST: '127.0.0.1',
      PORT: '0',
      ...(process.env.DEMO_ERP_MEMO ? { DEMO_ERP_MEMO: process.env.DEMO_ERP_MEMO } : {}),
    },
    gateway: { log: () => undefined },
    print: (l) => log(l),
  });
  const browser = await launchChromium();
  let screens: string[] = [];
  const skipped: string[] = [];
  let baselineRuns = 0;
  let firstScreenParts = new Map<string, number>();
  try {
    // 4a. first screen (/login, not logged in)
    if (part('bundle')) {
      const first = await measureFirstScreen(browser, server.url, app, RUNS);
      figures['bundle.firstScreenGzipKB'] = first.figure;
      firstScreenParts = first.parts;
      log(`/login loads ${first.files.length} JS/CSS files: ${first.figure.median} KB gzip`);
    }

    // Warm the server (dataset, JIT) so the first run is not the server's cold start.
    if (ONLY !== 'bundle') {
      const context = await newContext(browser, server.url, { login: true });
      const t0 = performance.now();
      const r1 = await context.request.post('/api/erp/get_cari', { headers: { 'x-app-request': '1' }, data: { firma_ismi: '' } });
      const r2 = await context.request.post('/api/erp/get_cari_extre', { headers: { 'x-app-request': '1' }, data: { cari_id: LARGE_STATEMENT_ACCOUNT_ID } });
      if (r1.status() !== 200 || r2.status() !== 200) throw new Error(`warm-up failed: ${r1.status()} ${r2.status()}`);
      log(`server warm (get_cari + get_cari_extre through the gateway: ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
      await context.close();
    }

    // 4b. network figures over emulated links (before the accounts runs: those end with the
    // non-virtualized baseline, a 1 GB page whose aftermath would weigh on every later figure)
    if (part('network')) {
      const network = await measureNetwork(browser, server.url);
      Object.assign(figures, network.figures);
      notes.push(...network.notes);
    }

    // 4c. Excel exports at 100k accounts / 50k statement lines (before the heavy baseline runs)
    if (part('export')) {
      const exports = await measureExports(browser, server.url);
      Object.assign(figures, exports.figures);
      notes.push(...exports.notes);
    }

    // 5. accounts and statement at 100k (virtualized), then the baseline
    if (part('accounts')) {
      const accounts = await measureAccounts(browser, server.url);
      Object.assign(figures, accounts.figures);
      // The collections worklist at 100k, beside the accounts list's first rows (same server, same run).
      Object.assign(figures, await measureWorklist(browser, server.url));
      // A mutabakat board of 10,000 letters (issue 46), same server.
      if (server.mutabakat) Object.assign(figures, await measureBoard(browser, server.url, server.mutabakat));
      screens = accounts.screens;
      baselineRuns = accounts.baselineRuns;
      skipped.push(...accounts.skipped);
    }
  } finally {
    await browser.close();
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
  notes.push(...skipped);

  // 6. what compressing /api answers costs the gateway (Node, no browser; bench/compress.ts)
  if (full) {
    const compression = await measureCompression(log);
    Object.assign(figures, compression.figures);
  }

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
    dependencies: app.dependencies.map((d) => ({
      name: d.name,
      gzipKB: Math.round((d.gzip / 1024) * 10) / 10,
      rawKB: Math.round((d.raw / 1024) * 10) / 10,
      chunks: d.chunks,
    })),
    durationS: Math.round(elapsed() / 1000),
  };
  // A partial run (BENCH_ONLY) never overwrites the full results.
  const suffix = full ? '' : `-${ONLY}`;
  const files = [`results${suffix}.json`, `RESULTS${suffix}.md`];
  writeFileSync(join(BENCH_DIR, files[0] as string), JSON.stringify(result, null, 2) + '\n');
  const report = renderReport(result);
  // What follows KEPT_MARK in RESULTS.md is written by hand (before/after pairs, history, the
  // mutabakat and Ba/Bs sections): kept below the new tables.
  const mdPath = join(BENCH_DIR, files[1] as string);
  const before = existsSync(mdPath) ? readFileSync(mdPath, 'utf8') : '';
  const kept = before.includes(KEPT_MARK) ? before.slice(before.indexOf(KEPT_MARK)) : '';
  writeFileSync(mdPath, kept ? `${report.markdown.trimEnd()}\n\n${kept}` : report.markdown);
  console.info('\n' + report.table);
  for (const c of checks.filter((x) => !x.ok)) console.info(`check failed: ${c.name}${c.detail ? ` — ${c.detail}` : ''}`);
  log(`wrote bench/${files.join(', bench/')}, ${screens.length} screenshots in bench/screens/ (${result.durationS} s)`);
  const failedChecks = checks.filter((c) => !c.ok).length;
  if (failedChecks > 0) process.exitCode = 1;
  if (process.env.BENCH_STRICT === '1' && report.missed.length > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
