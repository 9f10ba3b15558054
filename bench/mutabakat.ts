/**
 * Mutabakat figures (`npm run bench:mutabakat`, also run by `npm run bench`):
 *  act.prepare1000Ms   1,000 accounts prepared (statement from the ERP over HTTP, ledger balance, PDF,
 *                      frozen in PGlite) at MUTABAKAT_ERP_CONCURRENCY (6), beside
 *  act.fetch1000Ms     the same 1,000 statements only fetched and read at the same concurrency;
 *  act.prepare1000Ratio  their ratio (target ≤ 1.3);
 *  act.prepareAgain1000Ratio  the same campaign prepared again on the same server (no target: the first
 *                      campaign after a start also pays for V8 compiling, once a process);
 *  act.send1000Ms      1,000 mails with their PDFs over SMTP into a local smtp-server inbox (target ≤ 60 s);
 *  act.sendClickLoopMaxMs  the event loop's longest wait while the click on Gönder queues those 1,000 mails;
 *  act.gatewayP99Ratio the gateway's ERP-call p99 while a campaign is prepared over its idle p99 (target ≤ 2;
 *                      the median of three passes, each with a campaign of its own);
 *  act.replyP95Ms      the reply page at 50 concurrent requests (target ≤ 50 ms): 3,000 on a campaign's 200
 *                      links, their first opens included, on a server that has served another campaign's
 *                      links (1,200 requests) since it started; that start is act.replyColdFirstOpensP95Ms.
 * The ERP: the demo ERP (large dataset) behind a local HTTP server that answers each call after
 * BENCH_ERP_LATENCY_MS (default 40 ms, a quick ERP on the same network), in a process of its own
 * (bench/mutabakat-erp.ts); the reply page's 50 concurrent clients also (bench/mutabakat-load.ts).
 * Also printed: the event loop's delay (p99, max) while the 1,000 letters are prepared and during the
 * gateway's busy calls, and (Linux) the CPU time a letter costs in each place — this process's main
 * thread, its letter threads, the database's thread, V8's helper threads (GC, compilers), any other, the
 * ERP's process — from the kernel's per-thread counters: figures the machine's load hardly moves.
 * Writes bench/results-mutabakat.json.
 *
 * The server runs its start-up warm-up first (server/mutabakat/warm-up.ts: made-up letters, rolled back) and
 * the bench waits for it, as a server's first campaign comes after its start; BENCH_WARM=0: without it.
 *
 * BENCH_CPU_SHARE=0.333: the same figures on a 3× slower server — this process (the server and all its
 * threads) held to a third of the CPU time, the ERP's and the clients' processes not (bench/cpu-quota.ts)
 * — as `act.cpu3x.*` in bench/results-mutabakat-cpu3x.json.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import { smtpInbox } from '../tests/harness/smtp-inbox';
import { DEMO_USERS } from '../server/demo-erp/index';
import { createGateway } from '../server/gateway/index';
import { erpDispatcher, type UpstreamOptions } from '../server/gateway/upstream';
import { startApp } from '../server/app/index';
import { upstreamSource } from '../server/app/erp';
import { createCampaign } from '../server/mutabakat/campaigns';
import { sendCampaign } from '../server/mutabakat/actions';
import { letterThreadIds, startLetterThreads } from '../server/mutabakat/pdf-pool';
import { warmUpCampaigns } from '../server/mutabakat/warm-up';
import { smtpTransport, outboxTransport } from '../server/mail/transport';
import { contacts } from '../server/db/schema';
import { runPool } from '../src/domain/run-pool';
import { percentile } from './stats';
import { cpuShareUnavailable, enterCpuShare, leaveCpuShare } from './cpu-quota';

const LATENCY = Number(process.env.BENCH_ERP_LATENCY_MS ?? 40);
/** BENCH_MUT_ONLY=reply: only the reply page figure (the others take minutes). BENCH_REPLY_CACHE_MS: the reply page's
 * kept-page time (server default 2 s; 0: every GET queries the database). */
const ONLY_REPLY = process.env.BENCH_MUT_ONLY === 'reply';
/** BENCH_MUT_ONLY=prepare: the fetch and prepare figures only (to profile them with --cpu-prof). */
const ONLY_PREPARE = process.env.BENCH_MUT_ONLY === 'prepare';
/** BENCH_MUT_ONLY=gateway: the fetch, the prepare and the gateway's figures (no mails, no second prepare, no reply page). */
const ONLY_GATEWAY = process.env.BENCH_MUT_ONLY === 'gateway';
/** The gateway's figure: passes of idle then busy calls (BENCH_GATEWAY_PASSES, default 3), the median ratio reported. */
const GATEWAY_PASSES = Math.max(1, Number(process.env.BENCH_GATEWAY_PASSES ?? 3));
const SHARE = process.env.BENCH_CPU_SHARE ? Number(process.env.BENCH_CPU_SHARE) : null;
const log = (s: string) => console.info(`[bench:mutabakat${SHARE ? ' cpu3x' : ''}] ${s}`);

/** A bench helper in a process of its own (tsx), answering once with its first message. */
function child<T>(file: string, first?: unknown): { ready: Promise<T>; proc: ChildProcess } {
  const proc = fork(join(import.meta.dirname, file), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = new Promise<T>((ok, fail) => {
    proc.once('message', (m) => ok(m as T));
    proc.once('exit', (code) => fail(new Error(`${file} stopped (${code})`)));
  });
  if (first !== undefined) proc.send(first as never);
  return { ready, proc };
}

/** CPU ms (user + system) of a task from its /proc stat line (fields 14, 15 in clock ticks of 10 ms). */
function taskCpuMs(path: string): number {
  try {
    const f = readFileSync(path, 'utf8');
    const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[14 - 3]) + Number(rest[15 - 3])) * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU ms so far: this process's main thread, its letter threads, the embedded database's thread (named
 * "cari-db", server/threads.ts nameThisThread), V8's helper threads (still "node": its GC and its
 * compilers, which optimise the hot code of every thread; libuv's pool), any other, the ERP's process.
 */
function cpuNow(
  erpPid: number | undefined,
): { main: number; letters: number; db: number; helpers: number; other: number; erp: number; byName: Map<string, number> } | null {
  if (!existsSync('/proc/self/task')) return null;
  const letters = new Set(letterThreadIds());
  const out = { main: 0, letters: 0, db: 0, helpers: 0, other: 0, erp: erpPid ? taskCpuMs(`/proc/${erpPid}/stat`) : 0, byName: new Map<string, number>() };
  for (const tid of readdirSync('/proc/self/task').map(Number)) {
    const ms = taskCpuMs(`/proc/self/task/${tid}/stat`);
    if (tid === process.pid) out.main += ms;
    else if (letters.has(tid)) out.letters += ms;
    else {
      const name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      if (name === 'cari-db') out.db += ms;
      else if (name === 'node') out.helpers += ms;
      else {
        out.other += ms;
        out.byName.set(name, (out.byName.get(name) ?? 0) + ms);
      }
    }
  }
  return out;
}

/** CPU ms a unit of work in each place between two cpuNow readings, into results under `prefix`. */
function cpuPer(results: Record<string, number>, prefix: string, a: ReturnType<typeof cpuNow>, b: ReturnType<typeof cpuNow>, n: number): string {
  if (!a || !b) return '';
  const parts = (['main', 'letters', 'db', 'helpers', 'other', 'erp'] as const).map((k) => {
    results[`${prefix}.${k}`] = Math.round(((b[k] - a[k]) / n) * 100) / 100;
    return `${k} ${results[`${prefix}.${k}`]}`;
  });
  const names = [...b.byName].map(([k, v]) => [k, (v - (a.byName.get(k) ?? 0)) / n] as const).filter(([, v]) => v >= 0.05);
  return `; CPU ms each: ${parts.join(', ')}${names.length ? ` (other: ${names.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')})` : ''}`;
}

async function main() {
  const unavailable = SHARE ? cpuShareUnavailable() : null;
  if (unavailable) {
    log(`slow pass skipped: ${unavailable}`);
    return;
  }
  // The ERP in a process of its own (as a real one is): its JSON is not made on the measured event loop.
  const erpChild = child<{ port: number; ids: string[]; apiPassword: string }>('mutabakat-erp.ts');
  const { port: erpPort, ids, apiPassword } = await erpChild.ready;
  // The slow pass: this process (the server) only; the ERP is another machine.
  if (SHARE) log(`the server's CPU held to ${enterCpuShare(SHARE)}`);
  log(`dataset ready: ${ids.length} accounts (load ${loadavg()[0]!.toFixed(1)})`);
  const erpUrl = `http://127.0.0.1:${erpPort}`;
  const upstream: UpstreamOptions = {
    erpBaseUrl: erpUrl,
    erpApiPassword: apiPassword,
    erpService: 'mobiusmus',
    erpTimeoutMs: 60_000,
    maxAnswerBytes: 256 << 20,
    transport: erpDispatcher(),
  };
  const results: Record<string, number> = {};

  let t = performance.now();
  if (!ONLY_REPLY) {
    // Baseline: fetch + read the statements only.
    const src = upstreamSource(upstream);
    const cpu0 = cpuNow(erpChild.proc.pid);
    t = performance.now();
    await runPool(ids, 6, async (id) => void (await src.statement(id)));
    results['act.fetch1000Ms'] = Math.round(performance.now() - t);
    log(`fetch ${ids.length}: ${results['act.fetch1000Ms']} ms${cpuPer(results, 'act.fetchCpuMs', cpu0, cpuNow(erpChild.proc.pid), ids.length)}`);
  }
  const inbox = await smtpInbox({ parse: false });
  const smtpUrl = inbox.url;

  const dir = mkdtempSync(join(tmpdir(), 'cari-bench-'));
  const settings = {
    enabled: true,
    demo: true,
    dataDir: join(dir, 'data'),
    mailFrom: 'Bench <b@bench.example>',
    publicUrl: 'http://bench.test',
    publicUrlDefault: false,
    erpConcurrency: 6,
  };
  const company = { title: 'Örnek Ticaret A.Ş.', address: 'İstanbul', taxOffice: 'Kadıköy', taxNo: '1' };
  const mut = await startApp({ settings, upstream, company, runWorker: false, seedDemo: false, log: () => undefined, transport: smtpTransport(smtpUrl) });
  const ctx = await mut.ctx();
  const worker = await mut.worker();
  // A server running its job worker starts its letter threads with it (server/app/index.ts); the bench
  // drives the worker itself (runWorker: false), so it starts them as the server does.
  await startLetterThreads();
  const by = { userName: 'bench', name: 'Bench' };
  await ctx.db
    .insert(contacts)
    .values(ids.map((id) => ({ accountId: id, to: [`m.${id}@bench.example`], cc: [], person: '', updatedAt: new Date(), updatedBy: 'bench' })));

  const input = {
    name: 'bench',
    accountIds: ids,
    asOf: '2026-06-30',
    deadline: '2026-12-31',
    reminderDays: [7, 14],
    options: { statementLines: false, openItems: false, from: null },
    send: false,
  };
  // A server running its job worker then compiles a campaign's code on made-up letters, rolled back
  // (server/mutabakat/warm-up.ts), before anyone can have chosen the accounts of a first campaign: the
  // bench does the same, and waits for it. BENCH_WARM=0: the first campaign on a server that has not.
  if (process.env.BENCH_WARM !== '0') {
    const tw = performance.now();
    const n = await warmUpCampaigns(ctx);
    log(`start-up warm-up: ${n} made-up letters in ${Math.round(performance.now() - tw)} ms`);
  }
  if (!ONLY_REPLY) {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const cpu1 = cpuNow(erpChild.proc.pid);
    t = performance.now();
    const c1 = await createCampaign(ctx.db, input, by, new Date());
    await worker.drain();
    results['act.prepare1000Ms'] = Math.round(performance.now() - t);
    const cpuText = cpuPer(results, 'act.prepareCpuMs', cpu1, cpuNow(erpChild.proc.pid), ids.length);
    loop.disable();
    // How long the event loop was held while preparing (the gateway's calls wait that long).
    results['act.prepareLoopP99Ms'] = Math.round(loop.percentile(99) / 1e6);
    results['act.prepareLoopMaxMs'] = Math.round(loop.max / 1e6);
    results['act.prepare1000Ratio'] = Math.round((results['act.prepare1000Ms'] / (results['act.fetch1000Ms'] ?? NaN)) * 100) / 100;
    log(
      `prepare ${ids.length}: ${results['act.prepare1000Ms']} ms (ratio ${results['act.prepare1000Ratio']}; event-loop delay p99 ${results['act.prepareLoopP99Ms']} ms, max ${results['act.prepareLoopMaxMs']} ms)${cpuText}`,
    );
    // The same 1,000 again on this server: V8 has compiled by now (the first campaign after a start also
    // pays for TurboFan compiling PGlite's hot Postgres functions on V8's helper threads, once a process).
    // After the gateway's figure (the heap and the tables it meets stay as they were without this step).
    const prepareAgain = async () => {
      const cpu2 = cpuNow(erpChild.proc.pid);
      const t2 = performance.now();
      await createCampaign(ctx.db, { ...input, name: 'bench again' }, by, new Date());
      await worker.drain();
      results['act.prepareAgain1000Ms'] = Math.round(performance.now() - t2);
      results['act.prepareAgain1000Ratio'] = Math.round((results['act.prepareAgain1000Ms'] / (results['act.fetch1000Ms'] ?? NaN)) * 100) / 100;
      log(
        `the same ${ids.length} again: ${results['act.prepareAgain1000Ms']} ms (ratio ${results['act.prepareAgain1000Ratio']})${cpuPer(results, 'act.prepareAgainCpuMs', cpu2, cpuNow(erpChild.proc.pid), ids.length)}`,
      );
    };
    if (ONLY_PREPARE) {
      await prepareAgain();
      await mut.close();
      erpChild.proc.kill();
      rmSync(dir, { recursive: true, force: true });
      return;
    }

    t = performance.now();
    if (!ONLY_GATEWAY) {
      // The click on Gönder: every prepared letter queued, its mail composed and written (the event loop's longest wait meanwhile).
      const clickLoop = monitorEventLoopDelay({ resolution: 5 });
      clickLoop.enable();
      await sendCampaign(ctx, c1, by);
      clickLoop.disable();
      results['act.sendClickMs'] = Math.round(performance.now() - t);
      results['act.sendClickLoopMaxMs'] = Math.round(clickLoop.max / 1e6);
      log(`send clicked: ${ids.length} mails queued in ${results['act.sendClickMs']} ms (event-loop delay max ${results['act.sendClickLoopMaxMs']} ms)`);
      while (inbox.count < ids.length) {
        if ((await worker.tick()) === 0) await new Promise((r) => setTimeout(r, 20));
        if (performance.now() - t > 300_000) break;
      }
      results['act.send1000Ms'] = Math.round(performance.now() - t);
      log(`send ${inbox.count} mails: ${results['act.send1000Ms']} ms`);
    }

    // Gateway ERP-call p99, idle and while a campaign is prepared in the same process.
    const gw = createGateway({
      erpBaseUrl: erpUrl,
      erpApiPassword: apiPassword,
      sessionSecret: 'b'.repeat(40),
      transport: upstream.transport,
      mutabakat: mut,
      log: () => undefined,
      sessionCalls: { max: 64, queue: 64 },
    });
    const login = await gw.request('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-request': '1' },
      body: JSON.stringify({ userName: DEMO_USERS[0]!.userName, password: DEMO_USERS[0]!.password }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const calls = async (n: number) => {
      const times: number[] = [];
      await runPool(
        Array.from({ length: n }, (_, i) => ids[i % ids.length]!),
        4,
        async (id) => {
          const s = performance.now();
          const r = await gw.request('/api/erp/get_cari_extre', {
            method: 'POST',
            headers: { cookie, 'x-app-request': '1', 'content-type': 'application/json' },
            body: JSON.stringify({ cari_id: id }),
          });
          await r.arrayBuffer();
          times.push(performance.now() - s);
        },
      );
      return percentile(times, 99);
    };
    // A p99 of 300 calls is their third slowest: one pass gave 1.02–2.48 within one hour on the same code (7 Dec).
    // So GATEWAY_PASSES passes, each idle then busy (a new campaign of the same accounts), and the median of their
    // ratios; every pass is logged.
    const passes: { idle: number; busy: number; ratio: number; loopP99: number; loopMax: number }[] = [];
    for (let pass = 0; pass < GATEWAY_PASSES; pass++) {
      const idle = await calls(300);
      await createCampaign(ctx.db, { ...input, name: `bench 2.${pass + 1}` }, by, new Date());
      let preparing = true;
      const running = (async () => {
        while (preparing) if ((await worker.tick()) === 0) break;
      })();
      const busyLoop = monitorEventLoopDelay({ resolution: 10 });
      busyLoop.enable();
      const busy = await calls(300);
      busyLoop.disable();
      preparing = false;
      await running;
      await worker.drain();
      passes.push({ idle, busy, ratio: busy / idle, loopP99: busyLoop.percentile(99) / 1e6, loopMax: busyLoop.max / 1e6 });
      log(
        `gateway p99, pass ${pass + 1}/${GATEWAY_PASSES}: idle ${idle.toFixed(0)} ms, during a campaign ${busy.toFixed(0)} ms (ratio ${(busy / idle).toFixed(2)}; event-loop delay meanwhile p99 ${(busyLoop.percentile(99) / 1e6).toFixed(0)} ms, max ${(busyLoop.max / 1e6).toFixed(0)} ms)`,
      );
    }
    const med = (k: 'idle' | 'busy' | 'ratio' | 'loopP99') =>
      percentile(
        passes.map((p) => p[k]),
        50,
      );
    results['act.gatewayIdleP99Ms'] = Math.round(med('idle'));
    results['act.gatewayBusyP99Ms'] = Math.round(med('busy'));
    results['act.gatewayP99Ratio'] = Math.round(med('ratio') * 100) / 100;
    results['act.gatewayP99RatioMin'] = Math.round(Math.min(...passes.map((p) => p.ratio)) * 100) / 100;
    results['act.gatewayP99RatioMax'] = Math.round(Math.max(...passes.map((p) => p.ratio)) * 100) / 100;
    results['act.gatewayBusyLoopP99Ms'] = Math.round(med('loopP99'));
    results['act.gatewayBusyLoopMaxMs'] = Math.round(Math.max(...passes.map((p) => p.loopMax)));
    log(
      `gateway p99 idle ${results['act.gatewayIdleP99Ms']} ms, during a campaign ${results['act.gatewayBusyP99Ms']} ms (ratio ${results['act.gatewayP99Ratio']}, the median of ${GATEWAY_PASSES} passes: ${results['act.gatewayP99RatioMin']}–${results['act.gatewayP99RatioMax']}; event-loop delay meanwhile p99 ${results['act.gatewayBusyLoopP99Ms']} ms, max ${results['act.gatewayBusyLoopMaxMs']} ms)`,
    );
    if (ONLY_GATEWAY) {
      await mut.close();
      erpChild.proc.kill();
      rmSync(dir, { recursive: true, force: true });
      return;
    }
    await prepareAgain();
  }
  // Reply page at 50 concurrent: links of a demo-outbox campaign (the outbox keeps them).
  await mut.close();
  const mut2 = await startApp({
    settings,
    upstream,
    company,
    runWorker: false,
    seedDemo: false,
    log: () => undefined,
    transport: outboxTransport(),
    replyLimits: { perAddress: { max: 1e9, windowMs: 60_000 }, perToken: { max: 1e9, windowMs: 60_000 } },
    ...(process.env.BENCH_REPLY_CACHE_MS ? { replyPageCacheMs: Number(process.env.BENCH_REPLY_CACHE_MS) } : {}),
  });
  const ctx2 = await mut2.ctx();
  const w2 = await mut2.worker();
  // Two demo-outbox campaigns of 200 letters (the outbox keeps their links): one to warm the server up, one measured.
  const linksOf = async (name: string, accountIds: string[]) => {
    const c = await createCampaign(ctx2.db, { ...input, name, accountIds, send: true }, by, new Date());
    await w2.drain();
    const rows = await ctx2.d.rows<{ link: string }>((await import('drizzle-orm')).sql`SELECT link FROM mails WHERE campaign_id = ${c} AND link IS NOT NULL`);
    return rows.map((r) => new URL(r.link).pathname);
  };
  const warmLinks = await linksOf('bench 3', ids.slice(200, 400));
  const links = await linksOf('bench 4', ids.slice(0, 200));
  const server = serve({ fetch: mut2.reply.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((r) => setTimeout(r, 200));
  const port = (server.address() as AddressInfo).port;
  // 50 requests in flight at all times, each a different letter's link in turn, sent from a process of its
  // own (the client's work is not the server's; the counterparts' browsers are other machines).
  // First a server that has been running: the process's first requests (V8 compiling the page's code, the
  // first connections; the client's too) on the other campaign's links — their first opens and five
  // repeats each, kept as a figure of their own. Then, measured: 3,000 requests on this campaign's 200
  // links, their first opens (an "opened" event written, nothing kept yet) included. Also the server's CPU
  // time a request (this process serves only the page meanwhile): a figure the machine's load hardly moves.
  type Timed = { times: number[]; failures: number; cpuMsPerRequest: number };
  const loadProc = fork(join(import.meta.dirname, 'mutabakat-load.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  leaveCpuShare(loadProc.pid);
  let cpu0 = process.cpuUsage();
  const { before: cold, load: measured } = await new Promise<{ before: Timed; load: Timed }>((ok, fail) => {
    loadProc.on('message', (msg: { between?: boolean; before?: Timed; load?: Timed }) => {
      if (msg.between) {
        cpu0 = process.cpuUsage();
        loadProc.send('go');
      } else ok(msg as { before: Timed; load: Timed });
    });
    loadProc.once('exit', (code) => fail(new Error(`mutabakat-load.ts stopped (${code})`)));
    loadProc.send({ base: `http://127.0.0.1:${port}`, concurrency: 50, before: { paths: warmLinks, total: 1200 }, load: { paths: links, total: 3000 } });
  });
  const cpu = process.cpuUsage(cpu0);
  const { times, failures, cpuMsPerRequest } = measured;
  results['act.replyColdFirstOpensP95Ms'] = Math.round(percentile(cold.times.slice(0, warmLinks.length), 95) * 10) / 10;
  results['act.replyP95Ms'] = Math.round(percentile(times, 95) * 10) / 10;
  results['act.replyP50Ms'] = Math.round(percentile(times, 50) * 10) / 10;
  results['act.replyFirstOpensP50Ms'] = Math.round(percentile(times.slice(0, links.length), 50) * 10) / 10;
  results['act.replyAfterP95Ms'] = Math.round(percentile(times.slice(links.length), 95) * 10) / 10;
  results['act.replyCpuMsPerRequest'] = Math.round(((cpu.user + cpu.system) / 1000 / times.length) * 1000) / 1000;
  results['act.replyClientCpuMsPerRequest'] = Math.round(cpuMsPerRequest * 1000) / 1000;
  log(
    `reply page at 50 concurrent: p50 ${results['act.replyP50Ms']} ms, p95 ${results['act.replyP95Ms']} ms (the first ${links.length}, first opens: p50 ${results['act.replyFirstOpensP50Ms']} ms; the rest: p95 ${results['act.replyAfterP95Ms']} ms), non-200 ${failures + cold.failures}; server CPU ${results['act.replyCpuMsPerRequest']} ms a request, the client's ${results['act.replyClientCpuMsPerRequest']} (load ${loadavg()[0]!.toFixed(1)}); a server just started: first opens p95 ${results['act.replyColdFirstOpensP95Ms']} ms`,
  );
  server.close();
  await mut2.close();
  void inbox.close();
  erpChild.proc.kill();
  rmSync(dir, { recursive: true, force: true });
  const named = SHARE ? Object.fromEntries(Object.entries(results).map(([k, v]) => [k.replace(/^act\./, 'act.cpu3x.'), v])) : results;
  writeFileSync(
    join(import.meta.dirname, SHARE ? 'results-mutabakat-cpu3x.json' : 'results-mutabakat.json'),
    JSON.stringify({ at: new Date().toISOString(), load: loadavg(), latencyMs: LATENCY, n: ids.length, cpuShare: SHARE, results: named }, null, 2),
  );
  console.info(JSON.stringify(named, null, 2));
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
