// `npm run test:e2e`: starts the servers itself and runs the Playwright suite (Debian's Chromium) three times —
// every journey once, against the production server; the two dev runs repeat only the SMOKE journeys below:
//   1. dev-embedded   — `vite` dev server, the gateway's embedded demo ERP (no ERP_BASE_URL; its API password set
//                       through DEMO_ERP_PASSWORD so the specs can check it never reaches the browser);
//   2. dev-standalone — a demo ERP in its own process (shape envelope-cf-column), the dev server pointed at it
//                       with ERP_BASE_URL; plus the fault journeys (they need the demo ERP's control endpoint);
//   3. prod           — `npm run build` once (vite build + dist-server/), then dist-server/prod.js (`npm start`) against a standalone demo ERP
//                       (shape mobius: the vendor's documented labels, ColdFusion's value forms); same
//                       journeys (faults too with E2E_PROD_FAULTS=1).
// Every server listens on 127.0.0.1 on a free port. All children are killed at the end, also on failure.
// Exits non-zero when any run fails.
//
// Options (environment): E2E_RUNS=dev-embedded,prod (subset of runs), E2E_FULL=1 (every journey in every run), E2E_PROD_FAULTS=1,
// CHROMIUM_PATH (default /usr/bin/chromium).
// Extra command-line arguments are passed to `playwright test` (e.g. `npm run test:e2e -- -g login`).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { DEMO_COMPANY } from '../../server/demo-erp/company';

/** Our company for the mutabakat letters in the runs against a standalone ERP (Turkish letters and punctuation). */
const E2E_COMPANY = {
  title: 'Ege & Marmara "Deniz" Gıda %100 A.Ş.',
  address: "Liman Cad. 5+7 'C' Blok\\nKonak / İzmir",
  taxOffice: 'Konak',
  taxNo: '9876543210',
};

type RunSpec = {
  mode: 'dev-embedded' | 'dev-standalone' | 'prod';
  server: 'dev' | 'prod';
  /** Shape of a standalone demo ERP; undefined = the embedded one. */
  shape?: string;
  /** Gateway ERP time-out for this run (short, so the hang fault is quick). */
  erpTimeoutMs?: number;
  /** Also run the fault journeys (needs a standalone demo ERP). */
  faults?: boolean;
  /**
   * Only these journey files (the UI is tested once, in full, against the production server; the dev runs
   * check what differs there — the dev server, the embedded or a standalone ERP in another answer shape —
   * with a few journeys that cross every layer). Undefined = every journey. E2E_FULL=1 runs every journey
   * in every run.
   */
  journeys?: string[];
};

/** The journeys every run repeats: login and the secret (auth), the list, a statement, the wire (compression). */
const SMOKE = ['auth.spec.ts', 'accounts.spec.ts', 'statement.spec.ts', 'compression.spec.ts'];

const ALL_RUNS: RunSpec[] = [
  { mode: 'dev-embedded', server: 'dev', journeys: SMOKE },
  { mode: 'dev-standalone', server: 'dev', shape: 'envelope-cf-column', erpTimeoutMs: 2000, faults: true, journeys: SMOKE },
  // E2E_PROD_FAULTS=1 runs the fault journeys against the production server too (+30 s).
  // Shape mobius: the vendor's documented labels and ColdFusion's value forms (server/demo-erp/shapes.ts).
  { mode: 'prod', server: 'prod', shape: 'mobius', erpTimeoutMs: 2000, faults: process.env.E2E_PROD_FAULTS === '1' },
];

const root = process.cwd();
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const logDir = join(root, 'test-results', 'e2e-logs');
const children = new Set<ChildProcess>();
const extraArgs = process.argv.slice(2);

function log(msg: string) {
  process.stdout.write(`[e2e] ${msg}\n`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

type Started = { child: ChildProcess; out: WriteStream; logFile: string; output: () => string };

/** Starts a child in its own process group (so the whole tree can be killed), output to a log file. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

function startChild(name: string, cmd: string, args: string[], env: Record<string, string | undefined>): Started {
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, `${name}.log`);
  const out = createWriteStream(logFile);
  const fullEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete fullEnv[k];
    else fullEnv[k] = v;
  }
  const child = spawn(cmd, args, { env: fullEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let text = '';
  const onData = (b: Buffer) => {
    out.write(b);
    if (text.length < 200_000) text += b.toString('utf8');
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  child.on('exit', () => children.delete(child));
  return { child, out, logFile, output: () => text };
}

function killTree(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

const stopped = new WeakSet<Started>();
async function stopChild(s: Started | undefined) {
  if (!s || stopped.has(s)) return;
  stopped.add(s);
  const { child } = s;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    killTree(child, 'SIGTERM');
    const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 3000));
    if ((await Promise.race([exited, timer])) === 'timeout') {
      killTree(child, 'SIGKILL');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 1000))]);
    }
  }
  await new Promise<void>((r) => s.out.end(() => r()));
}

function killAllNow() {
  for (const c of children) killTree(c, 'SIGKILL');
}
process.on('exit', killAllNow);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(sig, () => {
    log(`${sig}: stopping children`);
    killAllNow();
    process.exit(130);
  });
}

/** Waits until `check` resolves true, or the child exits, or the time is up. */
async function waitFor(what: string, s: Started, check: () => Promise<boolean>, ms = 90_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (s.child.exitCode !== null || s.child.signalCode !== null) {
      throw new Error(`${what} exited early (code ${s.child.exitCode}). Log ${s.logFile}:\n${s.output().slice(-3000)}`);
    }
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} not ready after ${ms} ms. Log ${s.logFile}:\n${s.output().slice(-3000)}`);
}

/** The demo ERP as its own process (`npm run demo-erp`, server/demo-erp/cli.ts) on a free port. */
async function startDemoErp(run: RunSpec, apiPassword: string): Promise<{ s: Started; url: string }> {
  const s = startChild(`${run.mode}-demo-erp`, bin('tsx'), [join('server', 'demo-erp', 'cli.ts')], {
    DEMO_ERP_PASSWORD: apiPassword,
    DEMO_ERP_PORT: '0',
    DEMO_ERP_SHAPE: run.shape,
    DEMO_ERP_FAIL: undefined,
    DEMO_ERP_SIZE: undefined,
    DEMO_ERP_TODAY: undefined,
    ERP_SERVICE: undefined,
  });
  let url = '';
  await waitFor('demo ERP', s, async () => {
    const m = /listening on (http:\/\/[^\s/]+)\/wex\.cfm\//.exec(s.output());
    if (m?.[1]) url = m[1];
    return url !== '';
  });
  return { s, url };
}

type RunResult = { mode: string; ok: boolean; summary: string[]; seconds: number; error?: string };

/** Runs `playwright test` with the given args; tees its output and picks out the summary lines. */
function playwright(args: string[], env: Record<string, string>): Promise<{ code: number; summary: string[] }> {
  return new Promise((resolve) => {
    const child = spawn(bin('playwright'), ['test', ...args, ...extraArgs], {
      env: { ...process.env, ...env },
      // Its own process group, so stopping it also stops its workers and browsers.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let text = '';
    child.stdout.on('data', (b: Buffer) => {
      process.stdout.write(b);
      text += b.toString('utf8');
    });
    child.stderr.on('data', (b: Buffer) => {
      process.stderr.write(b);
      text += b.toString('utf8');
    });
    child.on('exit', (code, signal) => {
      children.delete(child);
      // eslint-disable-next-line no-control-regex
      const plain = text.replace(/\x1b\[[0-9;]*m/g, '');
      const lines = plain.split('\n').map((l) => l.trim());
      const summary = lines.filter((l) => /^\d+ (passed|failed|flaky|skipped|did not run|interrupted)\b/.test(l));
      // Each failed test by name with its error, so the closing summary (often all a CI log keeps)
      // says which journey broke and how.
      lines.forEach((l, i) => {
        const head = /^\d+\) (\[.+?)\s*─*$/.exec(l);
        if (!head) return;
        const block = lines.slice(i + 1, i + 60);
        const end = block.findIndex((e) => /^\d+\) \[/.test(e));
        const own = end < 0 ? block : block.slice(0, end);
        // The error, what was looked for and found, and the spec's line it stopped on (`> 12 | …`).
        const detail = own.filter((e) => /^((\w*Error|Test timeout)\b|(Locator|Expected|Received):|> ?\d+ \|)/.test(e));
        summary.push(`  ✘ ${head[1]}`, ...detail.slice(0, 6).map((e) => `      ${e.slice(0, 300)}`));
      });
      resolve({ code: code ?? (signal ? 1 : 0), summary });
    });
  });
}

/** The API password must not show up in any server log either. */
function checkLogsForPassword(files: string[], apiPassword: string): string | undefined {
  for (const f of files) {
    if (existsSync(f) && readFileSync(f, 'utf8').includes(apiPassword)) return `the ERP API password appears in ${f}`;
  }
  return undefined;
}

async function runOne(run: RunSpec): Promise<RunResult> {
  const t0 = Date.now();
  const apiPassword = `e2e-Sifre-${randomBytes(9).toString('hex')}`;
  const sessionSecret = randomBytes(32).toString('hex');
  let erp: { s: Started; url: string } | undefined;
  let app: Started | undefined;
  const summary: string[] = [];
  try {
    if (run.shape) erp = await startDemoErp(run, apiPassword);
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    const serverEnv: Record<string, string | undefined> = {
      HOST: '127.0.0.1',
      PORT: String(port),
      ERP_BASE_URL: erp?.url,
      ERP_API_PASSWORD: apiPassword,
      SESSION_SECRET: sessionSecret,
      ERP_TIMEOUT_MS: run.erpTimeoutMs ? String(run.erpTimeoutMs) : undefined,
      ERP_SERVICE: undefined,
      // Plain HTTP on 127.0.0.1: the production server's session cookie cannot be Secure here.
      SECURE_COOKIES: run.server === 'prod' ? '0' : undefined,
      DEMO: undefined,
      DEMO_ERP_SHAPE: undefined,
      DEMO_ERP_FAIL: undefined,
      // Run 1: the embedded demo ERP takes this password, so the specs can check it never reaches the browser.
      DEMO_ERP_PASSWORD: erp ? undefined : apiPassword,
      NODE_ENV: run.server === 'prod' ? 'production' : undefined,
      // Against a standalone ERP the company comes from COMPANY_*; in demo mode the demo company fills in.
      COMPANY_TITLE: erp ? E2E_COMPANY.title : undefined,
      COMPANY_ADDRESS: erp ? E2E_COMPANY.address : undefined,
      COMPANY_TAX_OFFICE: erp ? E2E_COMPANY.taxOffice : undefined,
      COMPANY_TAX_NO: erp ? E2E_COMPANY.taxNo : undefined,
    };
    app =
      run.server === 'dev'
        ? startChild(
            `${run.mode}-vite`,
            bin('vite'),
            ['--config', join('tests', 'e2e', 'vite.config.ts'), '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
            { ...serverEnv, E2E_MODE: run.mode },
          )
        : // What `npm start` runs: the production server compiled by `npm run build` (dist-server/).
          startChild(`${run.mode}-prod`, process.execPath, [join('dist-server', 'prod.js')], serverEnv);
    await waitFor(`${run.mode} app server`, app, async () => {
      const r = await fetch(`${baseURL}/api/config`, { headers: { 'x-app-request': '1' } });
      await r.arrayBuffer();
      return r.ok;
    });
    // Warm up: the dev server compiles on first request.
    await fetch(`${baseURL}/`)
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
    log(`${run.mode}: app at ${baseURL}${erp ? `, demo ERP (${run.shape}) at ${erp.url}` : ' (embedded demo ERP)'}`);

    const env: Record<string, string> = {
      E2E_BASE_URL: baseURL,
      E2E_MODE: run.mode,
      // Every run knows the ERP API password (run 1 sets it for the embedded demo ERP via DEMO_ERP_PASSWORD).
      E2E_API_PASSWORD: apiPassword,
      E2E_ERP_URL: erp?.url ?? '',
      E2E_ERP_SHAPE: run.shape ?? 'wex',
      E2E_ERP_TIMEOUT_MS: run.erpTimeoutMs ? String(run.erpTimeoutMs) : '',
      E2E_COMPANY_TITLE: erp ? E2E_COMPANY.title : DEMO_COMPANY.title,
    };
    let ok = true;
    const only = process.env.E2E_FULL === '1' || !run.journeys ? [] : run.journeys.map((f) => join('tests', 'e2e', f));
    const journeys = await playwright(['--project=journeys', ...only], env);
    summary.push(...journeys.summary.map((l) => `journeys: ${l}`));
    if (journeys.code !== 0) ok = false;
    if (erp && run.faults) {
      const faults = await playwright(['--project=faults', '--workers=1'], env);
      summary.push(...faults.summary.map((l) => `faults: ${l}`));
      if (faults.code !== 0) ok = false;
    }
    await stopChild(app);
    await stopChild(erp?.s);
    const leak = checkLogsForPassword([app.logFile], apiPassword);
    if (leak) {
      ok = false;
      summary.push(`FAILED: ${leak}`);
    }
    return { mode: run.mode, ok, summary, seconds: (Date.now() - t0) / 1000 };
  } catch (e) {
    return { mode: run.mode, ok: false, summary, seconds: (Date.now() - t0) / 1000, error: (e as Error).message };
  } finally {
    await stopChild(app);
    await stopChild(erp?.s);
  }
}

async function main() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    log(`Chromium not found at ${chromium}. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`);
    process.exit(2);
  }
  const wanted = process.env.E2E_RUNS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const runs = wanted ? ALL_RUNS.filter((r) => wanted.includes(r.mode)) : ALL_RUNS;
  const t0 = Date.now();
  const results: RunResult[] = [];
  let built = false;
  for (const run of runs) {
    log(`=== ${run.mode} ===`);
    if (run.server === 'prod' && !built) {
      log('vite build');
      // Build on a "configured" machine: the server-side secrets are in the environment, and the
      // bundle must still contain none of them.
      const buildSecret = `e2e-build-Sifre-${randomBytes(9).toString('hex')}`;
      const b = startChild('vite-build', bin('vite'), ['build', '--logLevel', 'warn'], {
        ERP_BASE_URL: 'http://127.0.0.1:9',
        ERP_API_PASSWORD: buildSecret,
        SESSION_SECRET: `${buildSecret}-session-secret-0123456789`,
      });
      const code = await new Promise<number>((r) => b.child.on('exit', (c) => r(c ?? 1)));
      await stopChild(b);
      if (code !== 0) {
        results.push({ mode: run.mode, ok: false, summary: [], seconds: 0, error: `vite build failed:\n${b.output().slice(-3000)}` });
        continue;
      }
      const leaked = filesUnder('dist').filter((f) => readFileSync(f, 'latin1').includes(buildSecret));
      if (leaked.length) {
        results.push({ mode: run.mode, ok: false, summary: [], seconds: 0, error: `the API password is in the build output: ${leaked.join(', ')}` });
        continue;
      }
      log('build output checked: no API password in dist/');
      // The second half of `npm run build`: the production server as plain JavaScript.
      const sb = startChild('server-build', bin('vite'), ['build', '--config', 'vite.server.config.ts', '--logLevel', 'warn'], {});
      const serverCode = await new Promise<number>((r) => sb.child.on('exit', (c) => r(c ?? 1)));
      await stopChild(sb);
      if (serverCode !== 0) {
        results.push({ mode: run.mode, ok: false, summary: [], seconds: 0, error: `server build failed:\n${sb.output().slice(-3000)}` });
        continue;
      }
      // The build's file counts (tests/structure/bundle-files.test.ts) over the dist/ this run serves.
      const files = startChild('bundle-files', bin('vitest'), ['run', '--reporter=default', 'tests/structure/bundle-files.test.ts'], {
        BUNDLE_DIST: 'dist',
        NO_COLOR: '1',
        FORCE_COLOR: undefined,
      });
      const filesCode = await new Promise<number>((r) => files.child.on('exit', (c) => r(c ?? 1)));
      await stopChild(files);
      if (filesCode !== 0) {
        results.push({ mode: run.mode, ok: false, summary: [], seconds: 0, error: `the build's file counts failed:\n${files.output().slice(-3000)}` });
        continue;
      }
      // Counted in .ci/run's closing line with the journeys (they left npm test's vitest.json).
      const counted = /Tests\s+(\d+) passed/.exec(files.output())?.[1] ?? '0';
      log(`bundle-files: ${counted} passed (tests/structure/bundle-files.test.ts over dist/)`);
      built = true;
    }
    results.push(await runOne(run));
  }
  log('=== summary ===');
  for (const r of results) {
    log(`${r.ok ? 'PASS' : 'FAIL'} ${r.mode} (${r.seconds.toFixed(1)} s)`);
    for (const l of r.summary) log(`    ${l}`);
    if (r.error) log(`    error: ${r.error}`);
  }
  const allOk = results.length > 0 && results.every((r) => r.ok);
  log(
    `${allOk ? 'all e2e runs passed' : 'e2e FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s; screenshots in screenshots/e2e/, server logs in test-results/e2e-logs/`,
  );
  killAllNow();
  process.exit(allOk ? 0 : 1);
}

void main();
