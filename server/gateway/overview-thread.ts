/**
 * The thread Özet's aging is read in (overview-worker.ts; one per process, started on first use):
 * the built file next to the server's, else the source through tsx's loader (dev, tests, bench) —
 * the way the letter threads start (server/mutabakat/pdf-pool.ts). No thread, or a thread that
 * stopped: null, and the caller reads on its own thread (the same function, the same figures).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { OverviewAging, OverviewPart } from '../../src/domain/overview-summary';

type Pending = Map<number, { ok: (part: OverviewPart<OverviewAging>) => void; fail: (e: Error) => void }>;
let thread: { worker: Worker; pending: Pending } | null | undefined;
let nextId = 1;

function start(): typeof thread {
  const built = ['./overview-worker.js', '../overview-worker.js'].map((rel) => fileURLToPath(new URL(rel, import.meta.url))).find((f) => existsSync(f));
  const source = fileURLToPath(new URL('./overview-worker.ts', import.meta.url));
  if (!built && !existsSync(source)) return null;
  try {
    const api = built ? '' : pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
    const worker = built
      ? new Worker(built)
      : new Worker(`import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(pathToFileURL(source).href)}); });`, { eval: true });
    const pending: Pending = new Map();
    worker.on('message', (m: { id: number; part: OverviewPart<OverviewAging> }) => {
      pending.get(m.id)?.ok(m.part);
      pending.delete(m.id);
    });
    const down = (e: Error) => {
      for (const p of pending.values()) p.fail(e);
      pending.clear();
      thread = undefined; // started again on the next Özet
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

/** The aging's part read in the thread (the bytes are copied: the caller can still read them itself), or null. */
export function agingPartInThread(body: Uint8Array, aliases?: Record<string, unknown>): Promise<OverviewPart<OverviewAging>> | null {
  if (thread === undefined) thread = start();
  if (!thread) return null;
  const { worker, pending } = thread;
  const id = nextId++;
  return new Promise((ok, fail) => {
    pending.set(id, { ok, fail });
    worker.postMessage({ id, body, aliases });
  });
}
