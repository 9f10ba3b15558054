/**
 * Letters off the event loop: a pool of worker threads (pdf-worker.ts; the built server's
 * dist-server/pdf-worker.js), each building whole letters (statement read, balance, PDF:
 * letter-build.ts). A letter goes to the thread with the fewest in hand. If no thread can be started
 * (an unusual runtime), the letter is built in this thread — the same bytes, only blocking.
 * MUTABAKAT_PDF_THREAD=0 builds in this thread always.
 *
 * How many: MUTABAKAT_PDF_THREADS, by default one for every four cores (at least one, at most four). A
 * letter costs about a millisecond of a thread's CPU (server/pdf writes the PDF), so one thread builds
 * several hundred letters a second, more than the ERP's statements arrive at MUTABAKAT_ERP_CONCURRENCY;
 * every further thread is another V8 heap compiling and collecting the same code (on a 2-core machine
 * a second thread made a 1,000-letter campaign slower, bench:mutabakat's slow pass 1.58 → 1.96).
 * A server that runs its job worker starts the threads with it (startLetterThreads), so the first
 * campaign does not wait for a thread to load its modules and fonts.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startThread, threadModule, type ThreadModule } from '../threads';
import type { Account } from '../../src/domain/erp-types';
import type { UpstreamSettings } from '../gateway/upstream';
import { buildLetter, campaignAccounts, type BuiltLetter, type LetterInput } from './letter-build';

type Pending = { ok: (b: never) => void; fail: (e: Error) => void };
interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  /** The thread's kernel id once it has told it (Linux), to read its priority. */
  tid?: number | null;
}

let slots: Slot[] | null | undefined;
let nextId = 1;

export function poolSize(): number {
  const n = Number(process.env.MUTABAKAT_PDF_THREADS);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 16) : Math.max(1, Math.min(Math.floor(availableParallelism() / 4), 4));
}

function startOne(found: ThreadModule): Slot {
  const w = startThread(found);
  const slot: Slot = { worker: w, pending: new Map() };
  w.on('message', (m: { id: number; built?: BuiltLetter; accounts?: Account[]; error?: string } | { tid: number | null }) => {
    if ('tid' in m) {
      slot.tid = m.tid;
      return;
    }
    if (m.id === 0) return; // a warm-up's answer (startLetterThreads)
    const p = slot.pending.get(m.id);
    if (!p) return;
    slot.pending.delete(m.id);
    if (m.built || m.accounts) p.ok((m.built ?? m.accounts) as never);
    else p.fail(new Error(m.error ?? 'Mektup oluşturulamadı'));
  });
  const down = (e: Error) => {
    for (const p of slot.pending.values()) p.fail(e);
    slot.pending.clear();
    // Started again on the next letter.
    if (slots) slots = slots.filter((s) => s !== slot);
    if (slots && slots.length === 0) slots = undefined;
  };
  w.on('error', down);
  w.on('exit', () => down(new Error('Mektup iş parçacığı durdu')));
  // After the listeners (as the Özet threads, gateway/overview-thread.ts): the first 'message' listener
  // refs the worker's port again, and an idle thread then kept a script that started it from exiting.
  w.unref();
  return slot;
}

function start(): Slot[] | null {
  if (process.env.MUTABAKAT_PDF_THREAD === '0') return null;
  const found = threadModule(import.meta.url, 'pdf-worker');
  if (!found) return null;
  try {
    return Array.from({ length: poolSize() }, () => startOne(found));
  } catch {
    return null;
  }
}

/** A job to the least busy thread; null when there are no threads. */
function inThread<T>(message: Record<string, unknown>, transfer: ArrayBuffer[]): Promise<T> | null {
  if (slots === undefined) slots = start();
  if (!slots) return null;
  let slot = slots[0]!;
  for (const s of slots) if (s.pending.size < slot.pending.size) slot = s;
  const id = nextId++;
  return new Promise<T>((ok, fail) => {
    slot.pending.set(id, { ok: ok as (v: never) => void, fail });
    slot.worker.postMessage({ id, ...message }, transfer);
  });
}

/**
 * Starts the threads now (a server with its job worker, at start): each loads its modules, opens the
 * fonts and makes their base subsets. Resolves when every thread is ready; no threads: at once.
 */
export async function startLetterThreads(): Promise<void> {
  if (slots === undefined) slots = start();
  if (!slots) return;
  await Promise.all(
    slots.map(
      (slot) =>
        new Promise<void>((ok) => {
          const ready = (m: { id?: number }) => {
            if (m.id !== 0) return;
            slot.worker.off('message', ready);
            ok();
          };
          slot.worker.on('message', ready);
          slot.worker.once('exit', () => ok());
          slot.worker.postMessage({ id: 0, warm: true });
        }),
    ),
  );
}

/** Builds a letter in the least busy thread (the raw ERP answer's bytes are moved, not copied). */
export function buildLetterInPool(input: LetterInput): Promise<BuiltLetter> {
  return inThread<BuiltLetter>({ input }, input.raw ? [input.raw.body] : []) ?? buildLetter(input);
}

/** A campaign's accounts read from the ERP's raw account list in a letter thread (its bytes moved). */
export async function campaignAccountsInPool(raw: { status: number; body: ArrayBuffer }, ids: string[]): Promise<Account[]> {
  return inThread<Account[]>({ accounts: { raw, ids } }, [raw.body]) ?? campaignAccounts(raw, ids);
}

/**
 * A campaign's accounts read in a letter thread that asks the ERP for its list itself (pdf-worker.ts): the
 * list's bytes never cross this thread. Null when there are no threads (the caller reads it here).
 */
export function campaignAccountsFromErp(erp: UpstreamSettings, ids: string[]): Promise<Account[]> | null {
  return inThread<Account[]>({ accountsFrom: { erp, ids } }, []);
}

/** The running letter threads' kernel ids (Linux; tests read their priority from /proc). */
export function letterThreadIds(): number[] {
  return (slots ?? []).map((s) => s.tid).filter((t): t is number => typeof t === 'number');
}

/** Stops the threads (tests, shutdown). */
export async function stopPdfWorker(): Promise<void> {
  const s = slots;
  slots = undefined;
  if (s) await Promise.all(s.map((x) => x.worker.terminate()));
}
