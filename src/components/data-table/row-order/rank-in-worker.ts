/**
 * Client side of rank-worker.ts: one lazily started worker shared by all tables (workerRpc). Resolves
 * null when workers are unavailable (tests, old browsers) or the worker fails; callers then rank on demand.
 */
import { workerRpc } from '../../../lib/worker-rpc';

const ranks = workerRpc<string[], Int32Array>(() => new Worker(new URL('./rank-worker.ts', import.meta.url), { type: 'module' }), 'rank');

export const workersAvailable = (): boolean => ranks.available();

export function rankInWorker(uniq: string[]): Promise<Int32Array | null> {
  return ranks.call(uniq)?.catch(() => null) ?? Promise.resolve(null);
}
