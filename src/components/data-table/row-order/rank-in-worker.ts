/**
 * Client side of rank-worker.ts: one lazily started worker shared by all tables. Resolves null when
 * workers are unavailable (tests, old browsers) or the worker fails; callers then rank on demand.
 */
let worker: Worker | null = null;
let broken = false;
let nextId = 0;
const pending = new Map<number, (rank: Int32Array | null) => void>();

function failAll(): void {
  broken = true;
  worker?.terminate();
  worker = null;
  for (const resolve of pending.values()) resolve(null);
  pending.clear();
}

export function workersAvailable(): boolean {
  return !broken && typeof Worker !== 'undefined';
}

export function rankInWorker(uniq: string[]): Promise<Int32Array | null> {
  if (!workersAvailable()) return Promise.resolve(null);
  try {
    if (!worker) {
      worker = new Worker(new URL('./rank-worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (event: MessageEvent<{ id: number; rank: Int32Array }>) => {
        const resolve = pending.get(event.data.id);
        pending.delete(event.data.id);
        resolve?.(event.data.rank);
      };
      worker.onerror = (event) => {
        event.preventDefault();
        failAll();
      };
    }
    const id = nextId++;
    const w = worker;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      w.postMessage({ id, uniq });
    });
  } catch {
    failAll();
    return Promise.resolve(null);
  }
}
