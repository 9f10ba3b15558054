/**
 * The threads Özet's two answers are read in (overview-worker.ts): one for get_cari, one for the
 * aging, per process, started on first use or at a login (`warmOverviewThreads`: Özet is the page
 * after it, and a thread's start — the source through tsx's loader — costs about a second), as every
 * server thread starts (server/threads.ts). No thread, or a thread that stopped: null, and the caller
 * reads on its own thread (the same function, the same figures).
 *
 * Why threads: read on the gateway's thread, get_cari's ≈ 0.2–0.5 s of JSON.parse and reading held
 * the event loop, so the aging's bytes waited behind it and the two reads ran one after the other
 * (docs/decisions/0009-overview-on-the-server.md); in threads the loop only moves bytes and the two
 * reads take both cores.
 */
import type { Worker } from 'node:worker_threads';
import { startThread, threadModule } from '../threads';
import type { AccountFigures } from '../../src/domain/overview-figures';
import type { OverviewAging, OverviewPart } from '../../src/domain/overview-summary';

/** Which answer a thread reads: get_cari → the account figures, get_yaslandirma → the aging's. */
export type OverviewPartKind = 'accounts' | 'aging';
export interface PartOf {
  accounts: AccountFigures;
  aging: OverviewAging;
}

type Pending = Map<number, { ok: (part: OverviewPart<unknown>) => void; fail: (e: Error) => void }>;
const threads = new Map<OverviewPartKind, { worker: Worker; pending: Pending } | null>();
let nextId = 1;

function start(kind: OverviewPartKind): { worker: Worker; pending: Pending } | null {
  const found = threadModule(import.meta.url, 'overview-worker');
  if (!found) return null;
  try {
    const worker = startThread(found);
    const pending: Pending = new Map();
    worker.on('message', (m: { id: number; part: OverviewPart<unknown> }) => {
      pending.get(m.id)?.ok(m.part);
      pending.delete(m.id);
    });
    const down = (e: Error) => {
      for (const p of pending.values()) p.fail(e);
      pending.clear();
      if (threads.get(kind)?.worker === worker) threads.delete(kind); // started again on the next Özet
    };
    worker.on('error', down);
    worker.on('exit', () => down(new Error('overview thread stopped')));
    // After the listeners: adding a 'message' listener refs the worker's port again, and an idle
    // thread would then keep the process from exiting (a script that started the server hung).
    worker.unref();
    return { worker, pending };
  } catch {
    return null;
  }
}

function threadFor(kind: OverviewPartKind) {
  if (!threads.has(kind)) threads.set(kind, start(kind));
  return threads.get(kind) ?? null;
}

/** Starts both threads now unless they run (a login: Özet's figures are asked for next). */
export function warmOverviewThreads(): void {
  threadFor('accounts');
  threadFor('aging');
}

/** One answer's part read in its thread (the bytes are copied: the caller can still read them itself), or null. */
export function partInThread<K extends OverviewPartKind>(
  kind: K,
  body: Uint8Array,
  aliases?: Record<string, unknown>,
): Promise<OverviewPart<PartOf[K]>> | null {
  const thread = threadFor(kind);
  if (!thread) return null;
  const { worker, pending } = thread;
  const id = nextId++;
  return new Promise((ok, fail) => {
    pending.set(id, { ok: ok as (part: OverviewPart<unknown>) => void, fail });
    worker.postMessage({ id, kind, body, aliases });
  });
}
