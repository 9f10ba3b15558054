/**
 * The accounts list and statement in Chromium on loopback (no network emulation): first rows,
 * sort, filter keystrokes, heap, the statement opened from the list, Back — plus the floor under
 * "answer → rows" (body hand-over, JSON.parse) and the screenshots of the 100k list.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { LARGE_STATEMENT_ACCOUNT_ID } from '../server/demo-erp/index';
import { t } from '../src/i18n';
import {
  api,
  apiEntry,
  arm,
  badText,
  BASELINE_RUNS,
  BUDGET_MS,
  check,
  CPU_SLOWDOWN,
  elapsed,
  heapMB,
  log,
  MB,
  newContext,
  notes,
  QUERY,
  ROOT,
  RUNS,
  SCREENS,
  settle,
  settled,
  sleep,
  waitMark,
} from './common';
import { figure, percentile, type Figure } from './stats';
import { referenceRun, type ReferenceRun } from './reference-run';

// ───────────────────────────── one accounts run ─────────────────────────────

export interface AccountsRun {
  firstRowsMs: number;
  /** First byte of get_cari → the list's first rows painted (read from the start of the answer). */
  startRowsMs: number;
  heapMB: number;
  keystrokesMs: number[];
  /** Keystroke → its character painted in the box (the first frame after the event). */
  echoMs: number[];
  clearMs: number;
  sortMs: number;
  sortDescMs: number;
  rowsInDom: number;
  statementFirstRowsMs?: number;
  statementStartRowsMs?: number;
  statementRowsInDom?: number;
  backToListMs?: number;
  backRefetched?: boolean;
  /** Last byte of get_cari → each step of the page's work (its User Timing marks, src/api/erp-call.ts; null when absent). */
  steps: { text: number | null; parsed: number | null; wread: number | null; packed: number | null; read: number | null; painted: number };
}

export async function accountsRun(
  context: BrowserContext,
  opts: { virtual: boolean; statement: boolean; first: boolean; path?: string },
): Promise<AccountsRun> {
  const long = opts.virtual ? 60_000 : 300_000;
  const quiet = opts.virtual ? 150 : 400;
  const page = await context.newPage();
  page.setDefaultTimeout(long);
  try {
    await page.goto(opts.path ?? '/accounts', { waitUntil: 'commit' });
    // The list's first rows show while the answer is still arriving (read from its start); the
    // figure is the page's work on the WHOLE list: last byte → "100.000 satır" painted.
    await page.evaluate(`window.__bench.watchFirst('whole', '.accounts-page .dt-toolbar__summary', '100.000 satır')`);
    const rows = await waitMark(page, 'rows', long);
    const whole = await waitMark(page, 'whole', long);
    const cari = await apiEntry(page, 'get_cari');
    const firstRowsMs = whole.painted - cari.responseEnd;
    const startRowsMs = rows.painted - cari.responseStart;
    // Where "last byte → rows painted" goes: body decoded, JSON parsed, records read, then the render.
    const at = (await page.evaluate(
      `Object.fromEntries(['text', 'parsed', 'worker-read', 'worker-packed', 'read'].map((k) => [k, performance.getEntriesByName('erp:get_cari:' + k)[0]?.startTime ?? null]))`,
    )) as Record<string, number | null>;
    const since = (t: number | null | undefined) => (t == null ? null : t - cari.responseEnd);
    const steps = {
      text: since(at.text),
      parsed: since(at.parsed),
      wread: since(at['worker-read']),
      packed: since(at['worker-packed']),
      read: since(at.read),
      painted: firstRowsMs,
    };
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
      const names = await page
        .locator('tr[data-row-id] td:nth-child(4)')
        .evaluateAll((tds) => tds.slice(0, 15).map((td) => (td as HTMLElement).innerText.trim()));
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
    const echoMs: number[] = [];
    for (const ch of [...QUERY]) {
      await arm(page);
      await page.keyboard.type(ch);
      const s = await settle(page, quiet, long);
      keystrokesMs.push(settled(s, `keystroke "${ch}"`));
      if (s.firstMs !== null) echoMs.push(s.firstMs);
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

    const run: AccountsRun = { firstRowsMs, startRowsMs, heapMB: heap, keystrokesMs, echoMs, clearMs, sortMs, sortDescMs, rowsInDom, steps };

    if (opts.statement) {
      // ---- open the 50k-line statement from the list (as a user does) ----
      const link = page.locator(`tr[data-row-id="${LARGE_STATEMENT_ACCOUNT_ID}"] a.dt-link`).first();
      // Its first lines show while the answer is still arriving (read from its start, in date
      // order); the figure is the page's work on the WHOLE statement: last byte → totals row painted.
      await page.evaluate(
        `window.__bench.watchFirst('statement', '.statement-page tr[data-row-id]'); window.__bench.watchFirst('statementWhole', '.statement-page [data-testid=sum-balance]')`,
      );
      await link.click();
      const stRows = await waitMark(page, 'statement', long);
      const stWhole = await waitMark(page, 'statementWhole', long);
      const extre = await apiEntry(page, 'get_cari_extre');
      run.statementFirstRowsMs = stWhole.painted - extre.responseEnd;
      run.statementStartRowsMs = stRows.painted - extre.responseStart;
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

export async function screenshots(context: BrowserContext): Promise<string[]> {
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

/** The floor under "answer → first rows": handing the 15 MB body to the page (responseEnd → text()) and JSON.parse. */
export async function bodyFloor(context: BrowserContext, runs: number): Promise<Record<string, Figure>> {
  const page = await context.newPage();
  await page.goto('/healthz');
  const floor = { text: [] as number[], parse: [] as number[] };
  for (let i = 0; i < runs; i++) {
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
  return { 'extra.accounts.bodyToTextMs': figure(floor.text, 'ms'), 'extra.accounts.jsonParseMs': figure(floor.parse, 'ms') };
}

/** 4b + 4c: the virtualized runs, the floor, the screenshots, then the baseline (virtualization off). */
export async function measureAccounts(
  browser: Browser,
  baseUrl: string,
): Promise<{ figures: Record<string, Figure>; screens: string[]; baselineRuns: number; skipped: string[] }> {
  const figures: Record<string, Figure> = {};
  const skipped: string[] = [];
  let screens: string[] = [];
  let baselineRuns = 0;
  // 4b. virtualized runs
  const virt: AccountsRun[] = [];
  const refs: ReferenceRun[] = [];
  const rv: AccountsRun[] = [];
  const context = await newContext(browser, baseUrl, { login: true });
  for (let i = 0; i < RUNS; i++) {
    log(`run ${i + 1}/${RUNS} (virtualized) …`);
    const r = await accountsRun(context, { virtual: true, statement: true, first: i === 0 });
    virt.push(r);
    // The reference list right after, in the same browser: each pair shares the machine's moment.
    const ref = await referenceRun(context, i === 0);
    refs.push(ref);
    // The A/B (issue 48, item 2): our ranking and table model with react-virtual's window in place of ours.
    const withRv = await accountsRun(context, { virtual: true, statement: false, first: false, path: '/accounts?rv=1' });
    rv.push(withRv);
    log(`  ours with react-virtual: first rows ${withRv.firstRowsMs.toFixed(0)} ms · keys ${withRv.keystrokesMs.map((k) => k.toFixed(0)).join('/')} ms`);
    log(`  ours, last byte → ${stepsText(r.steps)}`);
    log(`  reference list: first rows ${ref.firstRowsMs.toFixed(0)} ms · keys ${ref.keystrokesMs.map((k) => k.toFixed(0)).join('/')} ms`);
    log(
      `  first rows ${r.firstRowsMs.toFixed(0)} ms · keys ${r.keystrokesMs.map((k) => k.toFixed(0)).join('/')} ms (echo ${r.echoMs.map((k) => k.toFixed(0)).join('/')}) · sort ${r.sortMs.toFixed(0)} ms · heap ${r.heapMB.toFixed(0)} MB · statement ${r.statementFirstRowsMs?.toFixed(0)} ms · back ${r.backToListMs?.toFixed(0)} ms`,
    );
  }
  Object.assign(figures, await bodyFloor(context, RUNS));
  screens = await screenshots(context);
  await context.close();
  figures['accounts.firstRowsMs'] = figure(
    virt.map((r) => r.firstRowsMs),
    'ms',
  );
  figures['extra.accounts.startRowsMs'] = figure(
    virt.map((r) => r.startRowsMs),
    'ms',
  );
  figures['accounts.filterKeystrokeP95Ms'] = figure(
    virt.map((r) => percentile(r.keystrokesMs, 95)),
    'ms',
  );
  figures['accounts.sortMs'] = figure(
    virt.map((r) => r.sortMs),
    'ms',
  );
  figures['accounts.heapMB'] = figure(
    virt.map((r) => r.heapMB),
    'MB',
  );
  figures['statement.firstRowsMs'] = figure(
    virt.map((r) => r.statementFirstRowsMs as number),
    'ms',
  );
  figures['extra.statement.startRowsMs'] = figure(
    virt.map((r) => r.statementStartRowsMs as number),
    'ms',
  );
  figures['extra.accounts.filterKeystrokeMedianMs'] = figure(
    virt.map((r) => percentile(r.keystrokesMs, 50)),
    'ms',
  );
  figures['extra.accounts.inputEchoP95Ms'] = figure(
    virt.map((r) => percentile(r.echoMs, 95)),
    'ms',
  );
  figures['extra.accounts.filterClearMs'] = figure(
    virt.map((r) => r.clearMs),
    'ms',
  );
  figures['extra.accounts.sortDescCachedMs'] = figure(
    virt.map((r) => r.sortDescMs),
    'ms',
  );
  figures['extra.accounts.backFromStatementMs'] = figure(
    virt.map((r) => r.backToListMs as number),
    'ms',
  );
  figures['reference.accounts.firstRowsMs'] = figure(
    refs.map((r) => r.firstRowsMs),
    'ms',
  );
  figures['reference.accounts.filterKeystrokeP95Ms'] = figure(
    refs.map((r) => percentile(r.keystrokesMs, 95)),
    'ms',
  );
  // Ours over the reference, run by run (each pair measured back to back), then the median: < 1 is faster.
  const ratios = (ours: number[], theirs: number[]) =>
    figure(
      ours.map((v, i) => v / (theirs[i] as number)),
      'x',
      2,
    );
  figures['ratio.accounts.firstRows'] = ratios(
    virt.map((r) => r.firstRowsMs),
    refs.map((r) => r.firstRowsMs),
  );
  figures['ratio.accounts.keystrokeP95'] = ratios(
    virt.map((r) => percentile(r.keystrokesMs, 95)),
    refs.map((r) => percentile(r.keystrokesMs, 95)),
  );
  abFigures(figures, 'ab', virt, rv);
  notes.push(
    `Virtualized: ${virt[0]?.rowsInDom} account rows in the DOM at first paint (of 100,000); statement: ${virt[0]?.statementRowsInDom} rows (of 50,000).`,
  );

  // 4b'. the slow-machine pass: ours and the reference again, pair by pair, every page's CPU throttled
  // CPU_SLOWDOWN× (issue 48): a ratio that holds on a fast machine must hold on a slower office PC.
  if (CPU_SLOWDOWN > 1) {
    const slow = await newContext(browser, baseUrl, { login: true, cpuSlowdown: CPU_SLOWDOWN });
    const sv: AccountsRun[] = [];
    const sr: ReferenceRun[] = [];
    const srv: AccountsRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      log(`run ${i + 1}/${RUNS} (CPU ${CPU_SLOWDOWN}× slower) …`);
      sv.push(await accountsRun(slow, { virtual: true, statement: false, first: false }));
      sr.push(await referenceRun(slow, false));
      srv.push(await accountsRun(slow, { virtual: true, statement: false, first: false, path: '/accounts?rv=1' }));
      log(`  ours with react-virtual: first rows ${srv[i]!.firstRowsMs.toFixed(0)} ms · keys p95 ${percentile(srv[i]!.keystrokesMs, 95).toFixed(0)} ms`);
      log(`  ours, last byte → ${stepsText(sv[i]!.steps)}`);
      log(
        `  first rows ${sv[i]!.firstRowsMs.toFixed(0)} ms (reference ${sr[i]!.firstRowsMs.toFixed(0)} ms) · keys p95 ${percentile(sv[i]!.keystrokesMs, 95).toFixed(0)} ms (reference ${percentile(sr[i]!.keystrokesMs, 95).toFixed(0)} ms)`,
      );
    }
    await slow.close();
    const tag = `cpu${CPU_SLOWDOWN}x`;
    figures[`${tag}.accounts.firstRowsMs`] = figure(
      sv.map((r) => r.firstRowsMs),
      'ms',
    );
    figures[`${tag}.reference.accounts.firstRowsMs`] = figure(
      sr.map((r) => r.firstRowsMs),
      'ms',
    );
    figures[`${tag}.accounts.filterKeystrokeP95Ms`] = figure(
      sv.map((r) => percentile(r.keystrokesMs, 95)),
      'ms',
    );
    figures[`${tag}.reference.accounts.filterKeystrokeP95Ms`] = figure(
      sr.map((r) => percentile(r.keystrokesMs, 95)),
      'ms',
    );
    figures[`ratio.${tag}.accounts.firstRows`] = ratios(
      sv.map((r) => r.firstRowsMs),
      sr.map((r) => r.firstRowsMs),
    );
    abFigures(figures, `ab.${tag}`, sv, srv);
    figures[`ratio.${tag}.accounts.keystrokeP95`] = ratios(
      sv.map((r) => percentile(r.keystrokesMs, 95)),
      sr.map((r) => percentile(r.keystrokesMs, 95)),
    );
  }

  // 4c. baseline: the same table with virtualization off
  const base: AccountsRun[] = [];
  if (BASELINE_RUNS > 0) {
    const bctx = await newContext(browser, baseUrl, { login: true, noVirtual: true });
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
      log(
        `  first rows ${r.firstRowsMs.toFixed(0)} ms · keys ${r.keystrokesMs.map((k) => k.toFixed(0)).join('/')} ms · sort ${r.sortMs.toFixed(0)} ms · heap ${r.heapMB.toFixed(0)} MB · rows in DOM ${r.rowsInDom}`,
      );
    }
    await bctx.close();
  }
  if (base.length > 0) {
    figures['baseline.accounts.firstRowsMs'] = figure(
      base.map((r) => r.firstRowsMs),
      'ms',
    );
    figures['baseline.accounts.filterKeystrokeP95Ms'] = figure(
      base.map((r) => percentile(r.keystrokesMs, 95)),
      'ms',
    );
    figures['baseline.accounts.sortMs'] = figure(
      base.map((r) => r.sortMs),
      'ms',
    );
    figures['baseline.accounts.heapMB'] = figure(
      base.map((r) => r.heapMB),
      'MB',
    );
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
  return { figures, screens, baselineRuns, skipped };
}

/**
 * The virtualizer's A/B: ours against react-virtual under the same ranking and table model, run by run
 * (each pair back to back). `ratio.<tag>.firstRows` < 1: ours paints the first rows sooner.
 */
function abFigures(figures: Record<string, Figure>, tag: string, ours: readonly AccountsRun[], rv: readonly AccountsRun[]): void {
  figures[`${tag}.rv.accounts.firstRowsMs`] = figure(
    rv.map((r) => r.firstRowsMs),
    'ms',
  );
  figures[`${tag}.rv.accounts.filterKeystrokeP95Ms`] = figure(
    rv.map((r) => percentile(r.keystrokesMs, 95)),
    'ms',
  );
  figures[`ratio.${tag}.oursOverRv.firstRows`] = figure(
    ours.map((r, i) => r.firstRowsMs / rv[i]!.firstRowsMs),
    'x',
    2,
  );
  figures[`ratio.${tag}.oursOverRv.keystrokeP95`] = figure(
    ours.map((r, i) => percentile(r.keystrokesMs, 95) / percentile(rv[i]!.keystrokesMs, 95)),
    'x',
    2,
  );
}

/** "text 120 · parsed 380 · wread 400 · packed 410 · read 610 · painted 700 ms" (each from the answer's last byte; wread, packed: the worker's). */
const stepsText = (s: AccountsRun['steps']) =>
  (['text', 'parsed', 'wread', 'packed', 'read', 'painted'] as const).map((k) => `${k} ${s[k] == null ? '–' : s[k]!.toFixed(0)}`).join(' · ') + ' ms';
