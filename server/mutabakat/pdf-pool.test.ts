// @vitest long
/**
 * The letter threads run at the lowest CPU priority (Linux): the kernel's own record of each thread
 * (/proc/<pid>/task/<tid>/stat, field 19 "nice") says 19, while the process's main thread — the
 * gateway's event loop — keeps the priority it had. The letters they make are the letters made here.
 * They also read a campaign's accounts out of the ERP's whole account list (off the event loop).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { availableParallelism, getPriority } from 'node:os';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { mutabakatHarness } from '../../tests/gateway/mutabakat-harness';
import { createDemoErp } from '../demo-erp/index';
import { fetchTransport } from '../gateway/upstream';
import { upstreamSource } from '../app/erp';
import { buildLetter, type LetterInput } from './letter-build';
import { buildLetterInPool, campaignAccountsInPool, letterThreadIds, poolSize, startLetterThreads, stopPdfWorker } from './pdf-pool';

// The pool at its own size (by the machine's cores) and priority (nice 19), not the one thread at nice 0 the
// other tests use (vitest.config.ts).
delete process.env.MUTABAKAT_PDF_THREADS;
delete process.env.MUTABAKAT_PDF_NICE;
afterAll(() => stopPdfWorker());

/** A thread's nice value from its stat line (fields after the command's closing parenthesis). */
const niceOf = (tid: number) => {
  const stat = readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8');
  // pid (comm) state ppid … : field 19 is nice, the 17th after "state" (field 3).
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19 - 3]);
};

const input = (accountId: string): LetterInput => ({
  accountId,
  account: { name: 'Çağlayan Öğüt Tekstil', province: 'Bursa', district: 'Osmangazi', currency: null },
  statement: {
    lines: [{ index: 0, date: '2026-02-10', dueDate: null, type: 'Satış Faturası', debit: 4_321_00, credit: 0, invalid: {}, extras: {} }],
    extraColumns: [],
    warnings: 0,
  },
  asOf: '2026-06-30',
  options: { statementLines: false, openItems: false, from: null },
  company: { title: 'Örnek Ticaret A.Ş.', address: 'İstanbul', taxOffice: 'Kadıköy', taxNo: '1' },
  ttk94Clause: true,
  today: '2026-11-27',
  madeAt: '27.11.2026 08:00',
  at: '2026-11-27T05:00:00.000Z',
});

describe('the letter threads', () => {
  it('run at nice 19 on Linux while the main thread keeps its priority, and make the same letter', { timeout: 90_000 }, async () => {
    const mainBefore = getPriority(0);
    const mainName = () => (process.platform === 'linux' ? readFileSync(`/proc/${process.pid}/task/${process.pid}/comm`, 'utf8').trim() : '');
    const nameBefore = mainName();
    // As many letters as threads (each goes to the least busy one): every thread has started.
    const made = await Promise.all(Array.from({ length: poolSize() }, (_, i) => buildLetterInPool(input(String(3001 + i)))));
    const here = await buildLetter(input('3001'));
    expect(made[0]!.snapshot).toEqual(here.snapshot);
    // 4.321,00 TL borç, worked by hand from the one line.
    expect(here.snapshot.ours).toEqual([{ currency: 'TL', balance: 432_100 }]);
    if (process.platform !== 'linux') return; // the priority is left alone elsewhere
    const tids = letterThreadIds();
    expect(tids).toHaveLength(poolSize());
    for (const tid of tids) {
      expect(tid).not.toBe(process.pid);
      expect(niceOf(tid)).toBe(19);
      // What `top -H` and `ps -L` show for it (server/threads.ts nameThisThread).
      expect(readFileSync(`/proc/${process.pid}/task/${tid}/comm`, 'utf8').trim()).toBe('cari-letters');
    }
    // The process (its main thread) keeps its own name.
    expect(mainName()).toBe(nameBefore);
    expect(nameBefore).not.toBe('cari-letters');
    expect(niceOf(process.pid)).toBe(mainBefore);
    expect(getPriority(0)).toBe(mainBefore);
  });
});

describe('started with the server', () => {
  it('the threads are up, with their fonts, before the first letter; one thread below 8 cores', { timeout: 90_000 }, async () => {
    await stopPdfWorker();
    expect(letterThreadIds()).toEqual([]);
    // A letter costs a thread about a millisecond: one thread outpaces the ERP's statements on the machines we
    // are installed on (2–4 cores); one more for every four cores on bigger ones.
    if (availableParallelism() < 8) expect(poolSize()).toBe(1);
    else expect(poolSize()).toBeGreaterThanOrEqual(2);
    await startLetterThreads();
    if (process.platform === 'linux') expect(letterThreadIds()).toHaveLength(poolSize());
    // The first letter is then built by a thread already running: the same one.
    const before = letterThreadIds();
    const made = await buildLetterInPool(input('3101'));
    expect(made.snapshot.ours).toEqual([{ currency: 'TL', balance: 432_100 }]);
    expect(letterThreadIds()).toEqual(before);
  });
});

describe('a server and its letter threads', () => {
  it('a server that runs its jobs starts them as it opens its database; one whose jobs the caller runs does not', { timeout: 90_000 }, async () => {
    await stopPdfWorker();
    const quiet = await mutabakatHarness({ runWorker: false });
    await quiet.mut.ctx();
    expect(letterThreadIds()).toEqual([]);
    await quiet.close();
    const running = await mutabakatHarness({ runWorker: true });
    await running.mut.ctx();
    if (process.platform === 'linux') await vi.waitFor(() => expect(letterThreadIds()).toHaveLength(poolSize()), { timeout: 60_000, interval: 50 });
    await running.close();
  });
});

describe("a campaign's accounts", () => {
  it('are read in a letter thread from the whole account list: exactly the asked ones, as the ERP names them', { timeout: 90_000 }, async () => {
    const erp = createDemoErp({ apiPassword: 'pool-test', today: '2026-11-15' });
    const source = upstreamSource({
      erpBaseUrl: 'http://demo-erp.invalid',
      erpApiPassword: 'pool-test',
      erpService: 'mobiusmus',
      erpTimeoutMs: 30_000,
      maxAnswerBytes: 256 << 20,
      transport: fetchTransport((r) => erp.fetch(r)),
    });
    const all = erp.dataset.accounts;
    const asked = [all[0]!.id, all[3]!.id, all[all.length - 1]!.id, 'yok-9999'];
    const raw = await source.accountsRaw!();
    expect(raw.body.byteLength).toBeGreaterThan(0);
    const got = await campaignAccountsInPool(raw, asked);
    // The raw answer was moved to the thread, not copied.
    expect(raw.body.byteLength).toBe(0);
    expect(got.map((a) => a.id).sort()).toEqual(asked.slice(0, 3).sort());
    for (const a of got) expect(a.name).toBe(all.find((d) => d.id === a.id)!.name);
  });
});

describe('an idle letter thread', () => {
  it('does not keep the process alive: a script that started the threads exits', { timeout: 60_000 }, () => {
    // A child process (as a script or `npm run bench` is) starts the threads while something else keeps
    // it alive (the server, here a timer), then has nothing left to do.
    const pool = fileURLToPath(new URL('./pdf-pool.ts', import.meta.url));
    const script = `const { startLetterThreads, letterThreadIds } = await import(${JSON.stringify(pool)});
      const server = setInterval(() => undefined, 1000);
      await startLetterThreads();
      clearInterval(server);
      console.log(letterThreadIds().length > 0 ? 'ready' : 'no thread');`;
    const started = Date.now();
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 45_000,
      // The thread from its TypeScript sources, as the dev server starts it (the suite's built modules set aside).
      env: { ...process.env, MUTABAKAT_PDF_THREADS: '1', CARI_THREAD_MODULES: '' },
    });
    expect(child.stdout.trim()).toBe('ready');
    // Killed at 45 s when the thread held it (it did while unref() came before its 'message' listener).
    expect(child.signal).toBeNull();
    expect(child.status).toBe(0);
    expect(Date.now() - started).toBeLessThan(45_000);
  });
});
