/**
 * The one batch-statement runner: many accounts' statements (the same cached get_cari_extre answers
 * the statement page reads), at most `limit` at a time, with progress and İptal — used by the bulk
 * mutabakat letters (/mutabakat) and Özet's "falling due" figures.
 *
 * Everything lives in react-query: the run is a mutation (its key names the batch, e.g. the letters'
 * as-of date; its variables are the accounts asked for), each statement is its own query, and each
 * account's outcome is read from that query's cache entry (useQueries; `compute` turns a statement
 * into what the page needs). So a return to the page shows the last run of its batch without asking
 * again (the mutation cache keeps it), and the devtools show every piece. İptal aborts the run and
 * cancels the run's statements under way through queryClient.cancelQueries — only those: a statement
 * another page or a row's prefetch asked for goes on.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useMutation, useMutationState, useQueries, useQueryClient, type MutationKey } from '@tanstack/react-query';
import type { Statement } from '../domain/erp-types';
import { userMessageOf } from '../domain/errors';
import { runPool } from '../domain/run-pool';
import { whole, type Arriving } from './erp-call';
import { GC_TIME_MS } from './query-client';
import { cancelStatements, statementQueries } from './statement';

export type BatchItem<R> =
  | { kind: 'waiting' }
  | { kind: 'loading' }
  | { kind: 'ready'; value: R }
  | { kind: 'failed'; message: string }
  /** The run was cancelled before this statement came. */
  | { kind: 'cancelled' };

export interface StatementBatch<R> {
  /** The accounts asked for in this batch's runs, in the order asked (empty before the first). */
  ids: readonly string[];
  /** Outcome per account (its statement query's state). */
  items: ReadonlyMap<string, BatchItem<R>>;
  total: number;
  /** Statements dealt with: read, failed, or stopped under way by İptal. */
  done: number;
  running: boolean;
  cancelled: boolean;
  /** Starts a run over these accounts (a running one is cancelled first). */
  start: (ids: readonly string[]) => Promise<void>;
  cancel: () => void;
}

interface RunResult {
  cancelled: boolean;
  /** The accounts whose statement the run went for (a cancelled run's in-flight ones count as done). */
  started: readonly string[];
}

const NO_IDS: readonly string[] = [];

export function useStatementBatch<R>(opts: {
  /** Names the batch: a new key is a new batch (no outcome until it is run). */
  key: MutationKey;
  limit: number;
  /** What the page needs from one account's statement; keep it stable (useCallback). */
  compute: (id: string, statement: Statement) => R;
}): StatementBatch<R> {
  const { key, limit, compute } = opts;
  const queryClient = useQueryClient();
  const controller = useRef<AbortController | null>(null);
  const runIds = useRef<readonly string[]>(NO_IDS);
  // Leaving the page stops its run (the statements already read stay in the cache).
  useEffect(() => () => controller.current?.abort(), []);

  const mutation = useMutation<RunResult, Error, readonly string[]>({
    mutationKey: key,
    // The outcome is kept as long as the statements it was read from (the queries' gcTime).
    gcTime: GC_TIME_MS,
    mutationFn: async (ids) => {
      controller.current?.abort();
      const ctrl = new AbortController();
      controller.current = ctrl;
      runIds.current = ids;
      // A statement that failed before is asked again: its old failure is not this run's outcome.
      for (const id of ids) {
        const q = statementQueries.detail(id).queryKey;
        if (queryClient.getQueryState(q)?.status === 'error') queryClient.removeQueries({ queryKey: q, exact: true });
      }
      const started: string[] = [];
      await runPool(
        ids,
        limit,
        async (id) => {
          started.push(id);
          // A failure is the statement query's own error (read below); nothing to record here.
          await queryClient.fetchQuery(statementQueries.detail(id)).catch(() => undefined);
        },
        ctrl.signal,
      );
      return { cancelled: ctrl.signal.aborted, started };
    },
  });
  // The last run of this batch, also one started before the page was left and opened again.
  const runs = useMutationState({
    filters: { mutationKey: key, exact: true },
    select: (m) => ({ ids: (m.state.variables ?? NO_IDS) as readonly string[], status: m.state.status, data: m.state.data as RunResult | undefined }),
  });
  const last = runs.at(-1);
  // Every account asked for in this batch (a later run asks again for the failed or missing ones).
  const idsKey = runs.map((r) => r.ids.join(',')).join(';');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- idsKey is the value of runs' ids
  const ids = useMemo(() => (runs.length ? [...new Set(runs.flatMap((r) => r.ids))] : NO_IDS), [idsKey]);
  const running = last?.status === 'pending';
  const cancelled = last?.data?.cancelled === true;
  const stopped = useMemo(() => new Set(cancelled ? last?.data?.started : []), [cancelled, last?.data?.started]);

  const combine = useCallback(
    (results: { data: unknown; error: unknown; fetchStatus: string; status: string }[]) => {
      const items = new Map<string, BatchItem<R>>();
      let done = 0;
      results.forEach((r, k) => {
        const id = ids[k] as string;
        const statement = whole(r.data as Arriving<Statement> | undefined);
        if (statement) {
          done++;
          items.set(id, { kind: 'ready', value: compute(id, statement) });
        } else if (r.status === 'error' && r.fetchStatus !== 'fetching') {
          done++;
          items.set(id, { kind: 'failed', message: userMessageOf(r.error) });
        } else if (r.fetchStatus === 'fetching') items.set(id, { kind: 'loading' });
        else {
          // Gone for and stopped by İptal: dealt with (the progress says so), not read.
          if (stopped.has(id)) done++;
          items.set(id, { kind: !running && cancelled ? 'cancelled' : 'waiting' });
        }
      });
      return { items, done };
    },
    [ids, compute, running, cancelled, stopped],
  );
  // Read from the cache only: the run (above) is what fetches, `limit` at a time.
  const queries = useMemo(() => ids.map((id) => ({ ...statementQueries.detail(id), enabled: false })), [ids]);
  const { items, done } = useQueries({ queries, combine });

  const cancel = () => {
    controller.current?.abort();
    cancelStatements(queryClient, runIds.current.length ? runIds.current : ids);
  };
  const start = async (next: readonly string[]) => {
    if (running) cancel();
    await mutation.mutateAsync(next).catch(() => undefined);
  };
  return { ids, items, total: ids.length, done, running, cancelled, start, cancel };
}
