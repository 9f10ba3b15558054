/** Renders the benchmark results as a console table and the README's Performance section (bench/RESULTS.md). */
import type { Figure } from './stats';

/** Targets on the 2-core reference machine (medians). */
export const TARGETS: Record<string, { max: number; unit: string }> = {
  'bundle.firstScreenGzipKB': { max: 130, unit: 'KB' },
  'accounts.firstRowsMs': { max: 300, unit: 'ms' },
  'collect.worklist100kMs': { max: 300, unit: 'ms' },
  'act.board10kFirstRowsMs': { max: 1000, unit: 'ms' },
  'accounts.filterKeystrokeP95Ms': { max: 20, unit: 'ms' },
  'accounts.sortMs': { max: 250, unit: 'ms' },
  'accounts.heapMB': { max: 150, unit: 'MB' },
  'statement.firstRowsMs': { max: 300, unit: 'ms' },
  'reader.cfColumn100kMs': { max: 150, unit: 'ms' },
  'ledger.openItems50kMs': { max: 50, unit: 'ms' },
  'network.loginToRowsMs': { max: 400, unit: 'ms' },
  'network.statementDeepLinkMs': { max: 500, unit: 'ms' },
  'network.accountsWireKB': { max: 2500, unit: 'KB' },
  'network.invoiceByNumberMs': { max: 600, unit: 'ms' },
  'network.loginToOverviewMs': { max: 1000, unit: 'ms' },
  'export.accountsXlsxMs': { max: 1000, unit: 'ms' },
  'export.statementXlsxMs': { max: 800, unit: 'ms' },
};

const LABELS: Record<string, string> = {
  'gateway.compressMsPerMB': 'gateway: added latency per MB of answer, br at the default quality (large get_cari, loopback)',
  'extra.gateway.compressCpuMsPerMB': 'gateway: added CPU per MB of answer, br (user + system time)',
  'extra.gateway.compressGzipMsPerMB': 'gateway: added latency per MB of answer, gzip at the default level',
  'extra.gateway.getCariWireKB': 'large get_cari through the gateway, br: bytes on the wire',
  'extra.gateway.getCariGzipWireKB': 'large get_cari through the gateway, gzip: bytes on the wire',
  'bundle.firstScreenGzipKB': 'JS+CSS loaded for /login (gzip -9)',
  'bundle.totalGzipKB': 'all JS+CSS of the build (gzip -9)',
  'collect.worklist100kMs':
    'tahsilat worklist, 100k: a new tab, navigation to /tahsilat → first rows painted, page clock (server snapshot warm; aging answer + the first 50 statements)',
  'act.board10kFirstRowsMs': 'mutabakat board, 10,000 letters: a new tab, navigation → first rows painted, page clock',
  'act.board10kApiMs': 'mutabakat board, 10,000 letters: GET the campaign with its letters, warm',
  'act.board10kNotModifiedMs': 'mutabakat board, 10,000 letters: the poll when nothing changed (304 by the campaign’s version)',
  'collect.worklistColdMs': 'tahsilat worklist, 100k: first GET after start (one get_yaslandirma, 50 statements)',
  'collect.worklistApiMs': 'tahsilat worklist, 100k: GET /api/tahsilat/worklist, warm',
  'extra.collect.worklistFromMenuMs': 'tahsilat worklist, 100k: the app open (outbox page), click "Tahsilat" in the menu → first rows painted',
  'accounts.firstRowsMs': 'accounts, 100k: get_cari last byte → the whole list painted ("100.000 satır"; its first rows show earlier, while it arrives)',
  'extra.accounts.startRowsMs': 'accounts, 100k: get_cari first byte → first rows painted (read from the start of the answer)',
  'accounts.filterKeystrokeP95Ms': 'accounts, 100k: keystroke → filtered rows painted (p95 of 5 keys)',
  'accounts.sortMs': 'accounts, 100k: click "Firma Adı" → sorted rows painted',
  'accounts.heapMB': 'accounts, 100k: JS heap after the list is shown (after GC)',
  'statement.firstRowsMs':
    'statement, 50k lines: get_cari_extre last byte → the whole statement painted (totals row; its first lines with running balance show earlier, while it arrives)',
  'extra.statement.startRowsMs':
    'statement, 50k lines: get_cari_extre first byte → first lines with running balance painted (read from the start of the answer)',
  'reader.cfColumn100kMs': 'reader (Node): 100k-row ColdFusion column answer → accounts',
  'export.accountsXlsxMs': 'accounts, 100k: "Excel indir" click → .xlsx handed to the browser (title rows, totals row)',
  'export.statementXlsxMs': 'statement, 50k lines: "Excel indir" click → .xlsx handed to the browser',
  'extra.export.accountsXlsxLongestFrameMs': 'accounts, 100k: longest frame while the Excel file is made (the page stays usable)',
  'extra.export.statementXlsxLongestFrameMs': 'statement, 50k lines: longest frame while the Excel file is made',
  'extra.accounts.filterKeystrokeMedianMs': 'accounts, 100k: keystroke → painted (median of 5 keys)',
  'extra.accounts.inputEchoP95Ms': 'accounts, 100k: keystroke → its character painted in the box (p95 of 5 keys)',
  'extra.accounts.filterClearMs': 'accounts, 100k: clear the filter (back to 100k rows) → painted',
  'extra.accounts.sortDescCachedMs': 'accounts, 100k: second click (descending, cached order) → painted',
  'extra.accounts.backFromStatementMs': 'statement → Back → list rows painted (from cache, no refetch)',
  'extra.reader.cfColumn100kCpuMs': 'the same, CPU time of the Node process (insensitive to other load; GC threads included)',
  'extra.reader.wex100kMs': 'reader (Node): 100k-row WEX answer (array of objects) → accounts',
  'extra.reader.statement50kMs': 'reader (Node): 50k-line statement answer → lines',
  'extra.statement.runningBalance50kMs': 'running balance + totals + open items over 50k lines (Node)',
  'ledger.openItems50kMs': 'open-item engine (Node): 50k-line statement → open items, days, buckets, what closed what',
  'extra.accounts.bodyToTextMs': 'floor: get_cari responseEnd → response.text() resolved (15 MB handed to the page)',
  'extra.accounts.jsonParseMs': 'floor: JSON.parse of that answer in the page',
  'extra.table.sortName100kSyncMs': 'DataTable sort by name, 100k, synchronous path (Node; what a click pays before the worker answered)',
  'extra.network.login.beforeRequestMs': '50 Mbit/s login: click "Giriş yap" → get_cari request sent (login call, route)',
  'extra.network.login.waitMs': '50 Mbit/s login: get_cari sent → first byte (ERP + gateway + round trip)',
  'extra.network.login.downloadMs': '50 Mbit/s login: get_cari first byte → last byte (the wire)',
  'extra.network.login.wholeListMs': '50 Mbit/s login: click "Giriş yap" → the whole list painted ("100.000 satır")',
  'extra.network.login.afterAnswerMs': '50 Mbit/s login: get_cari last byte → whole list painted (the page)',
  'extra.network.login.firstByteToTextMs': '50 Mbit/s login: get_cari first byte → the whole answer read and decoded (the wire, decoded as it arrives)',
  'extra.network.login.parseMs': '50 Mbit/s login: JSON.parse of the answer (mark erp:get_cari:text → :parsed)',
  'extra.network.login.readMs': '50 Mbit/s login: the reader, JSON → accounts (mark :parsed → :read)',
  'extra.network.login.renderMs': '50 Mbit/s login: accounts read → whole list painted (React, table)',
  'extra.network.statementNameMs': '50 Mbit/s deep link: navigation start → account name in the title',
  'extra.network.statementWireKB': '50 Mbit/s deep link: get_cari_extre (50k lines) on the wire',
  'reference.accounts.firstRowsMs':
    'reference list (react-table row models + react-virtual, bench/reference/), 100k: get_cari last byte → "100.000 satır" painted',
  'reference.accounts.filterKeystrokeP95Ms': 'reference list, 100k: keystroke → filtered rows painted (p95 of 5 keys)',
  'ratio.accounts.firstRows': "ours / reference: accounts.firstRowsMs over the reference list's, run by run (< 1: ours is faster)",
  'ratio.accounts.keystrokeP95': "ours / reference: accounts.filterKeystrokeP95Ms over the reference list's, run by run",
  'ratio.cpu4x.accounts.firstRows': "the same ratio with every page's CPU throttled 4× (a slower office PC), pair by pair in the same run",
  'ratio.cpu4x.accounts.keystrokeP95': 'keystroke p95 ratio with the CPU throttled 4×',
  'cpu4x.accounts.firstRowsMs': 'accounts, 100k, CPU throttled 4×: get_cari last byte → the whole list painted',
  'cpu4x.reference.accounts.firstRowsMs': 'the reference list, CPU throttled 4×: first rows',
  'cpu4x.accounts.filterKeystrokeP95Ms': 'accounts, 100k, CPU throttled 4×: keystroke → filtered rows painted (p95)',
  'cpu4x.reference.accounts.filterKeystrokeP95Ms': 'the reference list, CPU throttled 4×: keystroke p95',
  'extra.network.overview.sentMs': '50 Mbit/s login → Özet: click "Giriş yap" → GET /api/overview sent (the figures, worked out by the gateway)',
  'extra.network.overview.lastByteMs': '50 Mbit/s login → Özet: click → /api/overview last byte',
  'extra.network.overview.wireKB': '50 Mbit/s login → Özet: /api/overview on the wire (headers + body)',
  'extra.network.overview.afterAnswerMs': '50 Mbit/s login → Özet: /api/overview last byte → figures painted (the page)',
  'baseline.accounts.firstRowsMs': 'baseline (no virtualization): first rows',
  'baseline.accounts.filterKeystrokeP95Ms': 'baseline: keystroke p95',
  'baseline.accounts.sortMs': 'baseline: sort',
  'baseline.accounts.heapMB': 'baseline: heap',
  'speedup.accounts.firstRowsMs': 'speed-up from virtualization: first rows',
  'speedup.accounts.filterKeystrokeP95Ms': 'speed-up: keystroke p95',
  'speedup.accounts.sortMs': 'speed-up: sort',
  'speedup.accounts.heapMB': 'heap ratio (baseline / virtualized)',
};

export interface ReportInput {
  figures: Record<string, Figure>;
  machine: string;
  date: string;
  runs: { virtualized: number; baseline: number; query: string };
  checks: { name: string; ok: boolean; detail?: string }[];
  notes: string[];
  screens: string[];
  dependencies: { name: string; gzipKB: number; rawKB: number; chunks: string[] }[];
  firstScreen: { name: string; gzipKB: number }[];
  durationS: number;
}

const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(1));

export function renderReport(r: ReportInput): { table: string; markdown: string; missed: string[] } {
  const names = Object.keys(r.figures).sort((a, b) => order(a) - order(b) || a.localeCompare(b));
  const missed: string[] = [];
  const rows = names.map((name) => {
    const f = r.figures[name] as Figure;
    const target = TARGETS[name];
    let status = '';
    if (target) {
      const ok = f.median <= target.max;
      if (!ok) missed.push(`${name}: ${fmt(f.median)} ${f.unit} vs ≤ ${target.max} (${fmt(f.median - target.max)} ${f.unit} over)`);
      status = `${ok ? 'OK' : 'MISSED'} (≤ ${target.max})`;
    }
    const num = f.unit === 'x' && Math.abs(f.median) < 10 ? (n: number) => n.toFixed(2) : fmt;
    return { name, label: LABELS[name] ?? name, median: `${num(f.median)} ${f.unit}`, range: `${num(f.min)} – ${num(f.max)}`, status };
  });

  const w = (k: 'name' | 'median' | 'range' | 'status') => Math.max(k.length, ...rows.map((x) => x[k].length));
  const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - s.length));
  const head = `${pad('figure', w('name'))}  ${pad('median', w('median'))}  ${pad('min – max', w('range'))}  target`;
  const table = [
    head,
    '-'.repeat(head.length + 12),
    ...rows.map((x) => `${pad(x.name, w('name'))}  ${pad(x.median, w('median'))}  ${pad(x.range, w('range'))}  ${x.status}`),
  ].join('\n');

  const md: string[] = [];
  md.push('## Performance');
  md.push('');
  md.push(
    `Measured with \`npm run bench\` on ${r.date.slice(0, 10)} (${r.machine}). Production build served by \`server/prod.ts\` with the embedded demo ERP at \`DEMO_ERP_SIZE=large\` (100,000 accounts; account 1000 has 50,000 statement lines), headless Chromium 1280×800. Medians of ${r.runs.virtualized} runs (baseline: ${r.runs.baseline}), min – max in the third column. Filter query typed: "${r.runs.query}".`,
  );
  md.push('');
  md.push('| figure | what | median | min – max | target |');
  md.push('|---|---|---:|---:|---|');
  for (const x of rows) if (!x.name.startsWith('network.')) md.push(`| \`${x.name}\` | ${x.label} | ${x.median} | ${x.range} | ${x.status} |`);
  md.push('');
  md.push(...networkTable(r, rows));
  if (missed.length) {
    md.push('**Targets missed:**');
    for (const m of missed) md.push(`- ${m}`);
    md.push('');
  }
  md.push(...analysis(r, missed));
  md.push('### How the figures are measured');
  md.push('');
  md.push(
    '- **Clock.** Everything in the page\'s own `performance.now()` timeline, so no Node↔browser clock mapping is needed. The start of "answer → rows" is the `responseEnd` of the ERP call\'s resource-timing entry (PerformanceObserver, same origin): the last byte of the answer arrived; everything after it (reading the body, JSON.parse, the reader, React, layout, paint) is counted. "Painted" = a `requestAnimationFrame` callback followed by a posted task, i.e. the first task after the frame that contains the change.',
  );
  md.push(
    "- **No DevTools copy of the answers.** Playwright turns DevTools' network agent on in every page it drives; that agent keeps a copy of each response body and decodes all of it as text on the page's main thread at its last byte (the 17 MB `get_cari`: one task of 460 ms at CPU 4×, on our list and on the reference alike). No user's browser does that, so every page the bench opens has the agent's buffers set to 0 (`bench/common.ts`, `keepNoBodies`; figures before 7 Dec 2026 include that copy; `BENCH_DEVTOOLS_BODIES=1` puts it back for an A/B).",
  );
  md.push('- **First rows.** A MutationObserver (installed before the app starts) sees the first `tr[data-row-id]`; the figure ends after the next paint.');
  md.push(
    '- **Keystroke / sort.** Start = `event.timeStamp` of the `beforeinput` (keystroke) or `click` (sort header) event; every DOM change after it schedules an after-paint probe; the figure is the time to the last paint that changed the page once the DOM has been quiet for 150 ms (400 ms in the baseline). This includes the list\'s work (search, facet counts, totals, the rows on screen: done in the keystroke\'s own frame up to 150,000 rows, in a transition beyond), so it is "keystroke → filtered rows visible", not only the echo of the character; the echo alone (event → the first frame after it) is `extra.accounts.inputEchoP95Ms` (the same figure when both are in one frame). Characters are typed by Playwright through the real input pipeline, one at a time after the previous one has settled.',
  );
  md.push(
    '- **Heap.** `Runtime.getHeapUsage` (CDP) after two forced GCs, 1.5 s after the first rows (the table folds its search text in idle time in that window).',
  );
  md.push(
    '- **Statement.** Opened from the list by clicking account 1000 (the list is cached, as in real use); answer → first statement rows (with the running-balance column) painted. Then Back: list rows painted from the cache with no second `get_cari`.',
  );
  md.push(
    '- **Baseline.** The same page and the same DataTable with virtualization switched off (`window.__BENCH_NO_VIRTUAL__`), i.e. every row in the DOM; the speed-up ratios come from the same run.',
  );
  md.push(
    '- **Bundle.** Every JS/CSS file Chromium requests for `/login` (not logged in), sized as gzip -9 of the built file. Per-package costs below split each emitted file’s real gzip size among the packages in it by their share of its code (an estimate: minification and gzip are not uniform).',
  );
  md.push('');
  if (r.notes.length) {
    md.push('### Notes');
    md.push('');
    for (const n of r.notes) md.push(`- ${n}`);
    md.push('');
  }
  md.push('### What /login loads, by package (gzip -9, estimated split of the real files)');
  md.push('');
  md.push(r.firstScreen.map((d) => `${d.name} ${d.gzipKB} KB`).join(' · '));
  md.push('');
  md.push('### Bundle cost per dependency (whole build; gzip -9, estimated split)');
  md.push('');
  md.push('| package | gzip KB | raw KB | chunks |');
  md.push('|---|---:|---:|---|');
  for (const d of r.dependencies) md.push(`| ${d.name} | ${d.gzipKB} | ${d.rawKB} | ${d.chunks.join(', ')} |`);
  md.push('');
  const failed = r.checks.filter((c) => !c.ok);
  md.push(
    `Checks during the run: ${r.checks.length - failed.length}/${r.checks.length} passed${failed.length ? ` (failed: ${failed.map((c) => c.name).join('; ')})` : ''}. Screenshots (git-ignored): ${r.screens.join('; ')}. The whole bench took ${r.durationS} s.`,
  );
  md.push('');
  return { table, markdown: md.join('\n'), missed };
}

const NETWORK: Record<string, string> = {
  loginToRowsMs: 'click "Giriş yap" (/login?next=/accounts) → first account rows painted',
  statementDeepLinkMs: 'a new tab opens /accounts/1000 (50,000 lines) → first statement rows with running balance painted',
  accountsWireKB: 'get_cari answer (100,000 accounts) on the wire',
  invoiceByNumberMs: 'accounts page: Ctrl+K, a full invoice number, Enter → invoice lines painted',
  loginToOverviewMs:
    'click "Giriş yap" (/login, the page after login: Özet) → its figures painted (receivables, payables, net, overdue; worked out by the gateway, GET /api/overview)',
};

/** The network figures: one row per figure, one column per emulated link; where the login time goes. */
function networkTable(r: ReportInput, rows: { name: string; median: string; range: string; status: string }[]): string[] {
  if (!Object.keys(r.figures).some((n) => n.startsWith('network.'))) return [];
  const cell = (name: string) => {
    const x = rows.find((row) => row.name === name);
    return x ? `${x.median} (${x.range})` : '–';
  };
  const out = ['### Over the network', ''];
  out.push(
    'Chromium with the network emulated (CDP `Network.emulateNetworkConditions`): an office link of 50 Mbit/s down, 20 Mbit/s up and 20 ms latency, and a slower 10 Mbit/s (both ways), 60 ms one. Median (min – max) of the runs.',
  );
  out.push('');
  out.push('| figure | what | 50 Mbit/s, 20 ms | 10 Mbit/s, 60 ms | target (50 Mbit/s) |');
  out.push('|---|---|---:|---:|---|');
  for (const [key, what] of Object.entries(NETWORK)) {
    out.push(
      `| \`network.${key}\` | ${what} | ${cell(`network.${key}`)} | ${cell(`network.10mbit.${key}`)} | ${rows.find((x) => x.name === `network.${key}`)?.status ?? ''} |`,
    );
  }
  out.push('');
  const f = (name: string) => r.figures[name]?.median;
  const [total, whole, before, wait, wire, page, kb] = [
    f('network.loginToRowsMs'),
    f('extra.network.login.wholeListMs'),
    f('extra.network.login.beforeRequestMs'),
    f('extra.network.login.waitMs'),
    f('extra.network.login.downloadMs'),
    f('extra.network.login.afterAnswerMs'),
    f('network.accountsWireKB'),
  ];
  if ([total, whole, before, wait, wire, page, kb].every((v) => v !== undefined)) {
    out.push(
      `**Where the time goes** (50 Mbit/s, medians): the first rows are painted ${fmt(total!)} ms after the click, read from the start of the answer while the rest is still on the wire; the whole list is in after ${fmt(whole!)} ms: ${fmt(before!)} ms pass before \`get_cari\` is sent (the login call and the route), ${fmt(wait!)} ms wait for its first byte (the ERP building 100,000 rows, the gateway, one round trip), ${fmt(wire!)} ms carry its ${fmt(kb!)} KB over the wire, and ${fmt(page!)} ms are the page's own work after the last byte (JSON.parse, reader, render).`,
    );
    out.push('');
  }
  return out;
}

function order(name: string): number {
  if (name.startsWith('bundle.')) return 0;
  if (name.startsWith('accounts.')) return 1;
  if (name.startsWith('statement.')) return 2;
  if (name.startsWith('reader.')) return 3;
  if (name.startsWith('network.')) return 3.5;
  if (name.startsWith('extra.')) return 4;
  if (name.startsWith('reference.') || name.startsWith('ratio.') || name.startsWith('cpu')) return 4.5;
  if (name.startsWith('baseline.')) return 5;
  return 6;
}

const FRAMEWORKS = ['react-dom', 'react', 'scheduler', 'react-router', '@tanstack/query-core', '@tanstack/react-query', 'ky'];

/** What the misses are made of, with this run's numbers (only for the targets that were missed). */
function analysis(r: ReportInput, missed: string[]): string[] {
  const f = (name: string) => r.figures[name]?.median;
  const out: string[] = [];
  const isMissed = (name: string) => missed.some((m) => m.startsWith(`${name}:`));
  if (isMissed('bundle.firstScreenGzipKB')) {
    const fw = r.firstScreen.filter((d) => FRAMEWORKS.includes(d.name));
    const fwKB = fw.reduce((a, d) => a + d.gzipKB, 0);
    out.push(
      `- **First screen.** ${fw.map((d) => `${d.name} ${d.gzipKB}`).join(' + ')} = ${fmt(fwKB)} KB gzip of libraries before any app code (react-dom alone is the largest part). Lazy-loading the protected shell and the ERP reader saves only ≈ 5–6 KB; reaching 115 KB needs a framework-level change on /login (e.g. no react-query/ky there, or a smaller React runtime such as preact/compat, ≈ −50 KB).`,
    );
  }
  if (isMissed('accounts.firstRowsMs')) {
    const text = f('extra.accounts.bodyToTextMs');
    const parse = f('extra.accounts.jsonParseMs');
    if (text !== undefined && parse !== undefined) {
      out.push(
        `- **Accounts first rows.** Of the ${fmt(f('accounts.firstRowsMs') ?? 0)} ms, ${fmt(text)} ms pass before the page can even read the 15 MB WEX answer (responseEnd → \`response.text()\`) and JSON.parse takes ${fmt(parse)} ms: ≈ ${fmt(text + parse)} ms of floor. The rest is the reader (${fmt(f('extra.reader.wex100kMs') ?? 0)} ms for this answer in Node, incl. its JSON.parse), the page's facet counts and totals, and React. Getting under 300 ms would take a smaller answer (the ColdFusion column shape is half the bytes) or a progressive first paint (show the first screenful before the whole list is read).`,
      );
    }
  }
  if (isMissed('statement.firstRowsMs')) {
    out.push(
      `- **Statement first rows.** The 50k-line answer is 8.5 MB: body hand-over and JSON.parse take most of the budget, the reader ${fmt(f('extra.reader.statement50kMs') ?? 0)} ms (Node) and the running balance ${fmt(f('extra.statement.runningBalance50kMs') ?? 0)} ms; the rest is React and layout.`,
    );
  }
  if (isMissed('reader.cfColumn100kMs')) {
    out.push(
      `- **Reader.** Wall time in Node, so it grows with other load on the machine (see the load average above); the CPU time of the same reads was ${fmt(f('extra.reader.cfColumn100kCpuMs') ?? 0)} ms (median). Both include JSON.parse of the 7.6 MB body.`,
    );
  }
  const sync = f('extra.table.sortName100kSyncMs');
  if (sync !== undefined) {
    out.push(
      `- **Sort.** Ranks of big text columns are computed in a Web Worker right after the list appears (≈ 0.5 s); a header click after that only lays out the cached ranks. A click before the worker has answered ranks synchronously: ${fmt(sync)} ms for 100k names (Node figure above).`,
    );
  }
  if (out.length) out.unshift('### Where the time goes', '');
  if (out.length) out.push('');
  return out;
}
