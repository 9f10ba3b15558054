/**
 * The account list read in the answer worker (answer-worker.ts), not on the page's main thread:
 * the response's body stream is moved to the worker, which decodes, parses and reads it with THE
 * reader and sends the accounts back packed (account-pack.ts), a chunk of rows at a time as it reads
 * them (unpacked here meanwhile, so only the last chunk is left after its last row). The page's main
 * thread stays free while a 100k-account answer is parsed: on a slow PC (CPU 4×) that parse and read
 * were most of the time from the answer's last byte to the whole list (bench/RESULTS.md, issue 48).
 *
 * Null (the page reads it itself, erp-call.ts) where no worker can take it: no Worker (tests),
 * a browser that cannot move a stream to a worker, a worker that failed once.
 */
import { bodyError, mark } from './client';
import { WorkerLostError, type WorkerRead } from './erp-call';
import { workerRpc } from '../lib/worker-rpc';
import type { AccountList } from '../domain/erp-types';
import { operatorAliasTables, parseErpBody, readAccounts } from '../domain/reader';
import { AccountUnpacker } from './account-pack';
import type { AnswerReadProgress, AnswerReadRequest, AnswerReadResult } from './answer-read';

const rpc = workerRpc<AnswerReadRequest, AnswerReadResult, AnswerReadProgress>(
  () => new Worker(new URL('./answer-worker.ts', import.meta.url), { type: 'module' }),
  'answer',
);

let streamsMove: boolean | undefined;
/** Whether this browser can move a ReadableStream to a worker (transferable streams). */
function canMoveStreams(): boolean {
  if (streamsMove === undefined) {
    try {
      const stream = new ReadableStream();
      const { port1, port2 } = new MessageChannel();
      port1.postMessage(stream, [stream as unknown as Transferable]);
      port1.close();
      port2.close();
      streamsMove = true;
    } catch {
      streamsMove = false;
    }
  }
  return streamsMove;
}

declare global {
  /** The bench's slow-machine pass (bench/common.ts newContext): the CPU slowdown its page runs at. */
  var __BENCH_CPU_SLOWDOWN__: number | undefined;
}
/** Bench builds only (tree-shaken from production): the worker is slowed as DevTools slows the page. */
const benchSlowdown = (): number => (import.meta.env.MODE === 'bench' ? (globalThis.__BENCH_CPU_SLOWDOWN__ ?? 1) : 1);

/** The time `at` (ms since the epoch, the worker's clock) on the page's performance timeline. */
const pageTime = (at: number) => at - performance.timeOrigin;

export const readAccountsInWorker: WorkerRead<AccountList> = (res, hooks) => {
  const stream = res.body;
  if (!stream || typeof Worker === 'undefined' || !rpc.available() || !canMoveStreams()) return null;
  let starting: Promise<void> = Promise.resolve();
  // The list's chunks, unpacked here as they come (the worker reads on meanwhile).
  let unpacker = new AccountUnpacker();
  const job = rpc.call(
    { stream, status: res.status, aliases: operatorAliasTables(), startChars: hooks.onStart ? hooks.startChars : null, slowdown: benchSlowdown() },
    {
      transfer: [stream as unknown as Transferable],
      progress: (p) => {
        // The page that wanted it went away: its rows are not built here (the worker's own work ends with the answer).
        if (hooks.signal?.aborted) return;
        if ('bytes' in p) hooks.onBytes(p.bytes);
        else if ('chunk' in p) unpacker.add(p.chunk);
        // The worker reads the list again from its whole text: the chunks so far are void.
        else if ('restart' in p) unpacker = new AccountUnpacker();
        else if (hooks.onStart) starting = Promise.resolve(hooks.onStart(p.start));
      },
    },
  );
  if (!job) return null;
  return job.then(
    async (result) => {
      hooks.signal?.throwIfAborted();
      // The first rows (if any) go into the cache before the whole list does.
      await starting;
      if ('unread' in result) {
        // The reader could not read it: read again here, for the same typed error (an HTML page, an empty answer…).
        const list = readAccounts(parseErpBody(result.unread, res.status));
        // Read here, it was a list: the worker failed on its own (its packing), a fault of ours to be seen.
        console.error(`${hooks.operation}: the answer worker could not read a list the page read; read in the page instead`);
        return list;
      }
      mark(`erp:${hooks.operation}:text`, pageTime(result.stamps.text));
      mark(`erp:${hooks.operation}:parsed`, pageTime(result.stamps.parsed));
      // The worker's own steps after the parse (the page's :read follows once the list is unpacked here).
      mark(`erp:${hooks.operation}:worker-read`, pageTime(result.stamps.read));
      mark(`erp:${hooks.operation}:worker-packed`, pageTime(result.stamps.packed));
      unpacker.add(result.packed);
      return unpacker.list();
    },
    (error: unknown) => {
      // The worker failed as a whole (workerRpc stops using it): not the answer's fault.
      if (!rpc.available() && !hooks.signal?.aborted) throw new WorkerLostError();
      throw bodyError(res, error, hooks.signal);
    },
  );
};
