/**
 * Network figures: the production build over an emulated office link (CDP
 * Network.emulateNetworkConditions on every measured page), large demo ERP.
 *
 * - loginToOverviewMs: a fresh context on /login, click "Giriş yap" → Özet's figures painted
 *   (receivables, net, overdue), worked out by the gateway (GET /api/overview); also the answer's
 *   sent / last byte / bytes on the wire and answer → painted (extra.network.overview.*).
 *
 * - loginToRowsMs: a fresh context on /login?next=/accounts, click "Giriş yap" (event.timeStamp of
 *   the click) → first account row painted (the list's first rows, read before its last byte).
 *   Also: click → the whole list in ("100.000 satır", wholeListMs), and that split into click →
 *   get_cari request sent, sent → first byte, first byte → last byte (the wire), last byte → whole
 *   list painted (the page's work: JSON.parse, reader, render — User Timing marks).
 * - accountsWireKB: bytes of the get_cari answer on the wire (CDP Network.loadingFinished
 *   encodedDataLength: headers + body as sent, compressed or not), from the same runs.
 * - statementDeepLinkMs: a new tab in a logged-in browser (app files in its HTTP cache, nothing in
 *   the page's memory) opens /accounts/1000 (50,000 lines) → first statement row painted, from the
 *   navigation start (performance.now() = 0 of the new document): the statement's first lines
 *   with their running balance, read before its last byte. statementWholeMs: the same start → the
 *   whole statement in (its totals row); statementNameMs: → the account's name in the page title.
 * - invoiceByNumberMs: the accounts page is open; Ctrl+K, type a full invoice number, Enter (its
 *   event.timeStamp) → first invoice detail line painted. A different invoice each run (no cache).
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { getDataset, LARGE_STATEMENT_ACCOUNT_ID } from '../server/demo-erp/index';
import { t } from '../src/i18n';
import { api, apiEntry, badText, check, log, NETWORK_RUNS, newContext, sleep, waitMark, watchFirst } from './common';
import { figure, type Figure } from './stats';

export interface Link {
  /** Prefix of this link's figures. */
  prefix: string;
  label: string;
  /** Bytes per second. */
  down: number;
  up: number;
  latencyMs: number;
}

export const LINKS: readonly Link[] = [
  { prefix: 'network.', label: '50 Mbit/s down, 20 Mbit/s up, 20 ms', down: 6_250_000, up: 2_500_000, latencyMs: 20 },
  { prefix: 'network.10mbit.', label: '10 Mbit/s down and up, 60 ms', down: 1_250_000, up: 1_250_000, latencyMs: 60 },
];

const LONG = 180_000;
/** A small answer's body this long after its headers: the emulation stalled (see DeepLinkRun.stalledMs). */
const STALL_MS = 3000;

interface Wire {
  cdp: CDPSession;
  /** Encoded bytes of finished /api/erp/<op> answers, in order. */
  bytes(op: string): number[];
  /** /api/erp requests sent and not yet finished (or failed). */
  inFlight(): number;
}

/** Emulates `link` on `page` (before it navigates) and counts the bytes of the ERP answers. */
async function emulate(context: BrowserContext, page: Page, link: Link): Promise<Wire> {
  const cdp = await context.newCDPSession(page);
  const urls = new Map<string, string>();
  const done: { op: string; bytes: number }[] = [];
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => void urls.set(e.requestId, e.request.url));
  const open = new Set<string>();
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => {
    if (/\/api\/erp\//.test(e.request.url)) open.add(e.requestId);
  });
  cdp.on('Network.loadingFailed', (e: { requestId: string }) => void open.delete(e.requestId));
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    open.delete(e.requestId);
    const m = /\/api\/(?:erp\/([a-z_]+)|(overview)$)/.exec(urls.get(e.requestId) ?? '');
    if (m) done.push({ op: (m[1] ?? m[2]) as string, bytes: e.encodedDataLength });
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: link.latencyMs, downloadThroughput: link.down, uploadThroughput: link.up });
  return { cdp, bytes: (op) => done.filter((d) => d.op === op).map((d) => d.bytes), inFlight: () => open.size };
}

/**
 * Bytes of the first `op` answer on the wire: CDP's loadingFinished (headers + body as sent); else
 * the page's own resource timing entry (`fallback`, body as sent). The fallback is needed because
 * a page that reads the answer as a stream (client.ts) can drop its loader the moment the last
 * byte is read, before the throttled network emulation reports completion: DevTools then logs the
 * finished request as ERR_ABORTED although the whole body arrived (its resource timing entry has it all).
 */
async function wireBytes(wire: Wire, op: string, fallback: number): Promise<number> {
  for (let k = 0; k < 40; k++) {
    const b = wire.bytes(op);
    if (b.length) return b[0] as number;
    await sleep(25);
  }
  if (fallback > 0) return fallback;
  throw new Error(`no Network.loadingFinished for ${op}, and no resource timing size`);
}

interface LoginRun {
  ms: number;
  wireKB: number;
  beforeRequestMs: number;
  waitMs: number;
  downloadMs: number;
  /** Click → the whole list in ("100.000 satır"). */
  wholeMs: number;
  afterAnswerMs: number;
  /** The page's own work after the answer (User Timing marks set by src/api/client.ts and accounts.ts). */
  textMs: number;
  parseMs: number;
  readMs: number;
  renderMs: number;
}

/** startTime of the first User Timing mark `name` in the page (NaN when there is none). */
async function markAt(page: Page, name: string): Promise<number> {
  return (await page.evaluate(`performance.getEntriesByName(${JSON.stringify(name)}, 'mark')[0]?.startTime ?? NaN`)) as number;
}

async function loginRun(browser: Browser, baseUrl: string, link: Link, first: boolean): Promise<LoginRun> {
  const context = await newContext(browser, baseUrl, { login: false });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(LONG);
    const wire = await emulate(context, page, link);
    await page.goto('/login?next=/accounts');
    await page.getByLabel(t('auth.userName')).fill('demo');
    await page.getByLabel(t('auth.password'), { exact: true }).fill('demo');
    await watchFirst(page, 'accountsRows', '.accounts-page tr[data-row-id]');
    await page.evaluate(`window.__bench.watchFirst('accountsWhole', '.accounts-page .dt-toolbar__summary', '100.000 satır')`);
    await page.getByRole('button', { name: t('auth.submit') }).click();
    const rows = await waitMark(page, 'accountsRows', LONG);
    const whole = await waitMark(page, 'accountsWhole', LONG);
    const clickAt = (await page.evaluate('window.__bench.lastClick')) as number;
    const cari = await apiEntry(page, 'get_cari');
    const wireKB = (await wireBytes(wire, 'get_cari', cari.bytes)) / 1024;
    if (first) {
      const summary = (await page.locator('.dt-toolbar__summary').first().textContent()) ?? '';
      check(`login over ${link.label}: the list shows 100.000 accounts`, /100\.000/.test(summary), summary);
      await badText(page, `accounts after login, ${link.label}`);
    }
    check(
      `login over ${link.label}: the first rows are painted before get_cari's last byte`,
      rows.painted < cari.responseEnd,
      `rows ${rows.painted.toFixed(0)}, last byte ${cari.responseEnd.toFixed(0)}`,
    );
    const [text, parsed, read] = [await markAt(page, 'erp:get_cari:text'), await markAt(page, 'erp:get_cari:parsed'), await markAt(page, 'erp:get_cari:read')];
    return {
      ms: rows.painted - clickAt,
      wireKB,
      beforeRequestMs: cari.start - clickAt,
      waitMs: cari.responseStart - cari.start,
      downloadMs: cari.responseEnd - cari.responseStart,
      wholeMs: whole.painted - clickAt,
      afterAnswerMs: whole.painted - cari.responseEnd,
      textMs: text - cari.responseStart,
      parseMs: parsed - text,
      readMs: read - parsed,
      renderMs: whole.painted - read,
    };
  } finally {
    await context.close();
  }
}

/** Özet's figures: the account figures (receivables, net) and the overdue one (aging). */
const OVERVIEW_FIGURES = '.overview-figures:has([data-testid=overview-receivables]):has([data-testid=overview-net]):has([data-testid=overview-overdue])';

interface OverviewRun {
  ms: number;
  /** Click → GET /api/overview sent, → its last byte; its bytes on the wire (KB). */
  overviewSentMs: number;
  overviewLastByteMs: number;
  overviewKB: number;
  /** Its last byte → the figures painted. */
  afterAnswerMs: number;
  /** Click → the last byte of the whole list sent along (get_cari, read after the figures are painted). */
  accountsLastByteMs: number;
}

/**
 * Login → Özet, the page a user lands on: a fresh context on /login (no `next`), click "Giriş yap"
 * (its event.timeStamp) → Özet's figures painted (receivables, payables, net and overdue: worked
 * out by the gateway from the whole account list and the aging, GET /api/overview).
 */
async function loginToOverviewRun(browser: Browser, baseUrl: string, link: Link, first: boolean): Promise<OverviewRun> {
  const context = await newContext(browser, baseUrl, { login: false });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(LONG);
    const wire = await emulate(context, page, link);
    await page.goto('/login');
    await page.getByLabel(t('auth.userName')).fill('demo');
    await page.getByLabel(t('auth.password'), { exact: true }).fill('demo');
    await watchFirst(page, 'overviewFigures', OVERVIEW_FIGURES);
    await page.getByRole('button', { name: t('auth.submit') }).click();
    const figures = await waitMark(page, 'overviewFigures', LONG);
    const clickAt = (await page.evaluate('window.__bench.lastClick')) as number;
    const overview = await apiEntry(page, 'overview');
    // The whole list and aging, sent along and read after the figures: in before the context closes
    // (a closed tab does not stop the server reading them; the next run would share the server).
    const cari = await apiEntry(page, 'get_cari', 0, 30_000);
    for (let k = 0; k < 200 && wire.inFlight() > 0; k++) await sleep(50);
    if (first) {
      const net = (await page.getByTestId('overview-net').textContent()) ?? '';
      check(`login → Özet over ${link.label}: the net figure counts every account`, /\d/.test(net), net);
      await badText(page, `Özet after login, ${link.label}`);
    }
    return {
      ms: figures.painted - clickAt,
      overviewSentMs: overview.start - clickAt,
      overviewLastByteMs: overview.responseEnd - clickAt,
      overviewKB: (await wireBytes(wire, 'overview', overview.bytes)) / 1024,
      afterAnswerMs: figures.painted - overview.responseEnd,
      accountsLastByteMs: cari.responseEnd - clickAt,
    };
  } finally {
    await context.close();
  }
}

interface DeepLinkRun {
  ms: number;
  /** The same start → the whole statement in (its totals row painted). */
  wholeMs: number;
  nameMs: number;
  wireKB: number;
  /** get_cari was sent before the statement rows were painted (it shares the wire with them). */
  listBeforeRows: boolean;
  /**
   * The emulated link held the page's own small answers (/api/session, /api/config: a few hundred
   * bytes, sent by the server at once) for seconds after their headers — seen about once in 20
   * runs, with every other request of the tab stalled too. Such a run is measured again.
   */
  stalledMs: number;
}

/** The longest time between the headers and the last byte of the page's small /api answers (session, config). */
async function smallAnswerStallMs(page: Page): Promise<number> {
  return (await page.evaluate(
    `Math.max(0, ...performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/session') || e.name.endsWith('/api/config')).map((e) => e.responseEnd - e.responseStart))`,
  )) as number;
}

async function deepLinkRun(context: BrowserContext, link: Link, first: boolean): Promise<DeepLinkRun> {
  const page = await context.newPage();
  page.setDefaultTimeout(LONG);
  try {
    const wire = await emulate(context, page, link);
    await page.goto(`/accounts/${LARGE_STATEMENT_ACCOUNT_ID}`, { waitUntil: 'commit' });
    const rows = await waitMark(page, 'statementRows', LONG);
    const named = await waitMark(page, 'statementName', LONG);
    const whole = await waitMark(page, 'statementWhole', LONG);
    // Let the page's background list (get_cari, fetched after the rows) finish before the tab is
    // closed: a closed tab does not stop the ERP building that answer, and the next run would
    // otherwise share the server with it (a measurement of two users, not of one link).
    await sleep(300); // the background list goes out once the rows are painted
    for (let k = 0; k < 200 && wire.inFlight() > 0; k++) await sleep(50);
    const entries = await api(page);
    const cari = entries.filter((e) => e.op === 'get_cari');
    const extre = entries.find((e) => e.op === 'get_cari_extre');
    if (first) {
      const firstRow = await page.locator('.statement-page tr[data-row-id]').first().innerText();
      check(
        `deep link over ${link.label}: first statement row shows a running balance (… B/A)`,
        /\d,\d\d\s*[BA]\b/.test(firstRow),
        firstRow.replace(/\s+/g, ' '),
      );
      await badText(page, `statement deep link, ${link.label}`);
    }
    if (extre) {
      const partial = await markAt(page, 'erp:get_cari_extre:partial');
      const [text, parsed, read] = [
        await markAt(page, 'erp:get_cari_extre:text'),
        await markAt(page, 'erp:get_cari_extre:parsed'),
        await markAt(page, 'erp:get_cari_extre:read'),
      ];
      const session = entries.length
        ? ((await page.evaluate(
            `performance.getEntriesByType('resource').filter((e) => /\\/api\\/session/.test(e.name)).map((e) => Math.round(e.startTime) + '→' + Math.round(e.responseEnd)).join(',')`,
          )) as string)
        : '';
      log(
        `    rows ${rows.painted.toFixed(0)} whole ${whole.painted.toFixed(0)}: sent ${extre.start.toFixed(0)} first byte ${extre.responseStart.toFixed(0)} first rows read ${Number.isNaN(partial) ? '–' : partial.toFixed(0)} last byte ${extre.responseEnd.toFixed(0)} text ${text.toFixed(0)} parsed ${parsed.toFixed(0)} read ${read.toFixed(0)} painted ${rows.painted.toFixed(0)} (session ${session})`,
      );
    }
    return {
      ms: rows.painted,
      wholeMs: whole.painted,
      nameMs: named.painted,
      wireKB: (await wireBytes(wire, 'get_cari_extre', extre?.bytes ?? 0)) / 1024,
      listBeforeRows: cari.some((e) => e.start < rows.inserted),
      stalledMs: await smallAnswerStallMs(page),
    };
  } finally {
    await page.close();
  }
}

async function invoiceRuns(context: BrowserContext, link: Link, numbers: readonly string[]): Promise<number[]> {
  const page = await context.newPage();
  page.setDefaultTimeout(LONG);
  const out: number[] = [];
  try {
    await emulate(context, page, link);
    await page.goto('/accounts', { waitUntil: 'commit' });
    await waitMark(page, 'rows', LONG);
    for (const [i, no] of numbers.entries()) {
      if (i > 0) {
        await page.goBack();
        await page.locator('.accounts-page tr[data-row-id]').first().waitFor();
        await sleep(300);
      }
      await watchFirst(page, 'invoice', '.invoice-detail tr[data-row-id]');
      await page.keyboard.press('Control+k');
      await page.keyboard.type(no);
      await page.keyboard.press('Enter');
      const mark = await waitMark(page, 'invoice', LONG);
      const enterAt = (await page.evaluate('window.__bench.lastEnter')) as number;
      out.push(mark.painted - enterAt);
      if (i === 0) {
        const title = (await page.locator('h1').first().textContent()) ?? '';
        check(`invoice by number over ${link.label}: the detail of ${no} opens`, title.includes(no), title);
      }
    }
  } finally {
    await page.close();
  }
  return out;
}

/** All network figures for every link. */
export async function measureNetwork(browser: Browser, baseUrl: string): Promise<{ figures: Record<string, Figure>; notes: string[] }> {
  const figures: Record<string, Figure> = {};
  const ds = getDataset({ size: 'large' });
  const account = ds.accountById.get(LARGE_STATEMENT_ACCOUNT_ID);
  if (!account) throw new Error('large statement account missing');
  // Invoices spread over the dataset, a different one for every run and link.
  const step = Math.floor(ds.invoices.length / (NETWORK_RUNS * LINKS.length + 1));
  const invoiceNumbers = Array.from({ length: NETWORK_RUNS * LINKS.length }, (_, k) => (ds.invoices[(k + 1) * step] as { number: string }).number);

  const stalls: string[] = [];
  for (const [li, link] of LINKS.entries()) {
    const p = link.prefix;
    log(`network: ${link.label} …`);
    const logins: LoginRun[] = [];
    for (let i = 0; i < NETWORK_RUNS; i++) logins.push(await loginRun(browser, baseUrl, link, i === 0));
    figures[`${p}loginToRowsMs`] = figure(
      logins.map((r) => r.ms),
      'ms',
    );
    figures[`${p}accountsWireKB`] = figure(
      logins.map((r) => r.wireKB),
      'KB',
      0,
    );
    if (li === 0) {
      figures['extra.network.login.beforeRequestMs'] = figure(
        logins.map((r) => r.beforeRequestMs),
        'ms',
      );
      figures['extra.network.login.waitMs'] = figure(
        logins.map((r) => r.waitMs),
        'ms',
      );
      figures['extra.network.login.downloadMs'] = figure(
        logins.map((r) => r.downloadMs),
        'ms',
      );
      figures['extra.network.login.wholeListMs'] = figure(
        logins.map((r) => r.wholeMs),
        'ms',
      );
      figures['extra.network.login.afterAnswerMs'] = figure(
        logins.map((r) => r.afterAnswerMs),
        'ms',
      );
      figures['extra.network.login.firstByteToTextMs'] = figure(
        logins.map((r) => r.textMs),
        'ms',
      );
      figures['extra.network.login.parseMs'] = figure(
        logins.map((r) => r.parseMs),
        'ms',
      );
      figures['extra.network.login.readMs'] = figure(
        logins.map((r) => r.readMs),
        'ms',
      );
      figures['extra.network.login.renderMs'] = figure(
        logins.map((r) => r.renderMs),
        'ms',
      );
    }
    if (li === 0) {
      // Özet, the page after login: only over the office link (the target is set there).
      const overview: OverviewRun[] = [];
      for (let i = 0; i < NETWORK_RUNS; i++) overview.push(await loginToOverviewRun(browser, baseUrl, link, i === 0));
      figures[`${p}loginToOverviewMs`] = figure(
        overview.map((r) => r.ms),
        'ms',
      );
      figures['extra.network.overview.sentMs'] = figure(
        overview.map((r) => r.overviewSentMs),
        'ms',
      );
      figures['extra.network.overview.lastByteMs'] = figure(
        overview.map((r) => r.overviewLastByteMs),
        'ms',
      );
      figures['extra.network.overview.wireKB'] = figure(
        overview.map((r) => r.overviewKB),
        'KB',
        1,
      );
      figures['extra.network.overview.afterAnswerMs'] = figure(
        overview.map((r) => r.afterAnswerMs),
        'ms',
      );
      for (const r of overview)
        log(
          `    Özet figures ${r.ms.toFixed(0)}: /api/overview sent ${r.overviewSentMs.toFixed(0)}, its last byte ${r.overviewLastByteMs.toFixed(0)} (${r.overviewKB.toFixed(1)} KB), answer → painted ${r.afterAnswerMs.toFixed(0)}; the list sent along: last byte ${r.accountsLastByteMs.toFixed(0)}`,
        );
    }
    log(`  login → rows ${logins.map((r) => r.ms.toFixed(0)).join('/')} ms; get_cari on the wire ${logins[0]?.wireKB.toFixed(0)} KB`);
    for (const r of logins)
      log(
        `    rows ${r.ms.toFixed(0)} whole list ${r.wholeMs.toFixed(0)}: before ${r.beforeRequestMs.toFixed(0)} wait ${r.waitMs.toFixed(0)} first byte→text ${r.textMs.toFixed(0)} (download ${r.downloadMs.toFixed(0)}) parse ${r.parseMs.toFixed(0)} read ${r.readMs.toFixed(0)} render ${r.renderMs.toFixed(0)}`,
      );

    const context = await newContext(browser, baseUrl, { login: true });
    await context.addInitScript({
      content: `window.__bench.watchFirst('statementRows', '.statement-page tr[data-row-id]'); window.__bench.watchFirst('statementName', 'h1', ${JSON.stringify(account.name)}); window.__bench.watchFirst('statementWhole', '.statement-page [data-testid=sum-balance]');`,
    });
    try {
      // Warm the HTTP cache with the app's files (a colleague's browser that has the app open).
      const warm = await context.newPage();
      await warm.goto(`/accounts/${LARGE_STATEMENT_ACCOUNT_ID}`, { waitUntil: 'commit' });
      await waitMark(warm, 'statementRows', LONG);
      await warm.close();
      const links: DeepLinkRun[] = [];
      for (let i = 0, again = 0; links.length < NETWORK_RUNS; i++) {
        const run = await deepLinkRun(context, link, i === 0);
        if (run.stalledMs > STALL_MS && again < NETWORK_RUNS) {
          again++;
          stalls.push(
            `${link.label}: a deep-link run of ${run.ms.toFixed(0)} ms measured again — the emulated link held /api/session's few bytes ${(run.stalledMs / 1000).toFixed(1)} s after their headers`,
          );
          log(`  ${stalls.at(-1)}`);
          continue;
        }
        links.push(run);
      }
      figures[`${p}statementDeepLinkMs`] = figure(
        links.map((r) => r.ms),
        'ms',
      );
      if (li === 0) {
        figures['extra.network.statementWholeMs'] = figure(
          links.map((r) => r.wholeMs),
          'ms',
        );
        figures['extra.network.statementNameMs'] = figure(
          links.map((r) => r.nameMs),
          'ms',
        );
        figures['extra.network.statementWireKB'] = figure(
          links.map((r) => r.wireKB),
          'KB',
          0,
        );
      }
      check(
        `deep link over ${link.label}: the account list is not fetched before the statement rows are painted`,
        links.every((r) => !r.listBeforeRows),
      );
      log(
        `  deep link → statement rows ${links.map((r) => r.ms.toFixed(0)).join('/')} ms; whole statement ${links.map((r) => r.wholeMs.toFixed(0)).join('/')} ms; name ${links.map((r) => r.nameMs.toFixed(0)).join('/')} ms`,
      );

      const numbers = invoiceNumbers.slice(li * NETWORK_RUNS, (li + 1) * NETWORK_RUNS);
      const invoices = await invoiceRuns(context, link, numbers);
      figures[`${p}invoiceByNumberMs`] = figure(invoices, 'ms');
      log(`  invoice by number ${invoices.map((v) => v.toFixed(0)).join('/')} ms`);
    } finally {
      await context.close();
    }
  }
  const notes = [
    ...stalls,
    `Network figures: ${NETWORK_RUNS} runs per link (${LINKS.map((l) => l.label).join('; ')}), emulated by Chromium (CDP Network.emulateNetworkConditions); each login in a fresh browser context (nothing cached); each deep link in a new tab of a logged-in context whose HTTP cache holds the app's files; invoice numbers: ${invoiceNumbers.slice(0, NETWORK_RUNS).join(', ')}, ….`,
  ];
  return { figures, notes };
}
