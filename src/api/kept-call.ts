/**
 * A query's call outlives the last page watching it by KEEP_MS (erp-call.ts wraps every ERP query's
 * function in `keptCall`): a page mounted again at once takes the call over instead of sending it again.
 */
import { hashKey, type QueryClient, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';

/**
 * How long. React's StrictMode (dev) unmounts and mounts every page once, in one task; react-query
 * cancels a call nobody watches: a list still arriving was downloaded twice (issue 48).
 */
export const KEEP_MS = 250;

interface Run {
  readonly promise: Promise<unknown>;
  readonly controller: AbortController;
  timer?: ReturnType<typeof setTimeout>;
}

/** Per QueryClient (tests make many): calls left by every page, waiting KEEP_MS for one to come back. */
const left = new WeakMap<QueryClient, Map<string, Run>>();

/**
 * A query function whose call is not cancelled the moment its last watcher leaves: it goes on for
 * KEEP_MS, and the same query started again in that time (the same client, key) takes it over —
 * the answer is read once. A refetch (an invalidation: fresh data wanted) and a cleared cache
 * (logout) still cancel it at once: react-query is then still fetching, or the query is gone.
 */
export function keptCall<T>(fn: (context: { signal: AbortSignal; client: QueryClient; queryKey: QueryKey }) => Promise<T>) {
  return ({ signal, client, queryKey }: QueryFunctionContext): Promise<T> => {
    const hash = hashKey(queryKey);
    let runs = left.get(client);
    if (!runs) left.set(client, (runs = new Map<string, Run>()));
    let run = runs.get(hash);
    if (run) {
      clearTimeout(run.timer);
      runs.delete(hash);
    } else {
      const controller = new AbortController();
      run = { promise: fn({ signal: controller.signal, client, queryKey }), controller };
    }
    const own = run;
    const onAbort = () => {
      const query = client.getQueryCache().find({ queryKey, exact: true });
      // The last watcher left: react-query reverted the query to idle. Anything else aborts now.
      if (query?.state.fetchStatus !== 'idle' || query.getObserversCount() > 0) return own.controller.abort(signal.reason);
      runs.set(hash, own);
      own.timer = setTimeout(() => {
        if (runs.get(hash) === own) runs.delete(hash);
        own.controller.abort(signal.reason);
      }, KEEP_MS);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    return own.promise as Promise<T>;
  };
}
