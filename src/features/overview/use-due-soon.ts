/**
 * The bounded computation behind Özet's "falling due" figures. Which accounts: only those whose
 * row in the ERP's aging has a "not yet due" amount (an item due today or later is not yet due, so
 * no other account can have one); without such a bucket, every account in the aging answer. Their
 * statements (the same cached get_cari_extre answers the statement page uses) are read only when
 * the user asks ("Hesapla"), at most DUE_CONCURRENCY at a time, with progress and İptal; a failed
 * one is named with the reason and can be asked again. The outcome is kept in the query cache
 * (per day and set of accounts), so Özet's links and a return to Özet show it without asking again.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { userMessageOf } from '../../domain/errors';
import { cancelStatements, statementQueries } from '../../api/statement';
import type { Account, ErpTable } from '../../domain/erp-types';
import { cellMinor, cellText, type AgingLayout } from '../../domain/aging-buckets';
import { runPool } from '../../domain/run-pool';
import { foldTr } from '../../domain/turkish';
import type { IsoDate } from '../../domain/types';
import { dueRowsOf, dueWindows, type AccountDue, type DueRow } from './due-soon';

export const DUE_CONCURRENCY = 4;

export interface DueCandidate {
  id: string;
  name: string;
}

export interface DueCandidates {
  accounts: DueCandidate[];
  /** 'notDue': the accounts with a not-yet-due amount in the ERP's aging; 'all': every account in it. */
  basis: 'notDue' | 'all';
  /** Aging rows whose account could not be told (no id column and no account of that name). */
  unmatched: number;
}

/** The accounts that can have an item falling due (see the module comment). */
export function dueCandidates(table: ErpTable, layout: AgingLayout, accounts: readonly Account[] | null): DueCandidates {
  const notDue = layout.buckets.find((b) => b.notDue);
  const byName = layout.accountIdKey || !accounts ? null : new Map(accounts.map((a) => [foldTr(a.name.trim()), a]));
  const out: DueCandidate[] = [];
  const seen = new Set<string>();
  let unmatched = 0;
  for (const row of table.rows) {
    if (notDue && cellMinor(row[notDue.key]) === 0) continue;
    const name = layout.nameKey ? cellText(row[layout.nameKey]).trim() : '';
    const id = layout.accountIdKey ? cellText(row[layout.accountIdKey]).trim() : (byName?.get(foldTr(name))?.id ?? '');
    if (!id) {
      unmatched++;
      continue;
    }
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ id, name: name || id });
  }
  return { accounts: out, basis: notDue ? 'notDue' : 'all', unmatched };
}

export type DueStatus = { kind: 'ready'; due: AccountDue } | { kind: 'failed'; message: string };

export interface DueRun {
  total: number;
  done: number;
  running: boolean;
  cancelled: boolean;
  results: ReadonlyMap<string, DueStatus>;
}

const EMPTY_ROWS: DueRow[] = [];

export function useDueSoon(candidates: readonly DueCandidate[], today: IsoDate) {
  const queryClient = useQueryClient();
  const windows = useMemo(() => dueWindows(today), [today]);
  const ids = useMemo(() => candidates.map((c) => c.id).join(','), [candidates]);
  const queryKey = useMemo(() => ['overview', 'due-soon', today, ids] as const, [today, ids]);
  // Only ever written by `start` (never fetched): the outcome survives navigation and a return to Özet.
  const { data: run } = useQuery<DueRun | null>({ queryKey, queryFn: () => null, enabled: false, staleTime: Infinity });
  const controller = useRef<AbortController | null>(null);
  const runIds = useRef<readonly string[]>([]);
  useEffect(() => () => controller.current?.abort(), []);

  async function start(accounts: readonly DueCandidate[]) {
    controller.current?.abort();
    const ctrl = new AbortController();
    controller.current = ctrl;
    runIds.current = accounts.map((a) => a.id);
    const prev = queryClient.getQueryData<DueRun | null>(queryKey);
    const results = new Map(prev?.results ?? []);
    for (const a of accounts) results.delete(a.id);
    let done = 0;
    const publish = (patch: Partial<DueRun>) =>
      queryClient.setQueryData<DueRun | null>(queryKey, (r) => ({ total: accounts.length, done, running: true, cancelled: false, ...r, ...patch, results: new Map(results) }));
    publish({ total: accounts.length, done: 0, running: true, cancelled: false });
    await runPool(
      accounts,
      DUE_CONCURRENCY,
      async (a) => {
        try {
          const statement = await queryClient.fetchQuery(statementQueries.detail(a.id));
          results.set(a.id, { kind: 'ready', due: dueRowsOf(a, statement, windows) });
        } catch (error) {
          if (!ctrl.signal.aborted) results.set(a.id, { kind: 'failed', message: userMessageOf(error) });
        }
        done++;
        if (!ctrl.signal.aborted) publish({ done });
      },
      ctrl.signal,
    );
    if (controller.current === ctrl) publish({ done, running: false, cancelled: ctrl.signal.aborted });
  }

  function cancel() {
    controller.current?.abort();
    cancelStatements(queryClient, runIds.current);
  }

  const rows = useMemo(() => {
    if (!run) return EMPTY_ROWS;
    // In the aging answer's order (never the order the statements happened to arrive), then by due date.
    const all: DueRow[] = [];
    for (const c of candidates) {
      const s = run.results.get(c.id);
      if (s?.kind === 'ready') all.push(...s.due.rows);
    }
    all.sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0));
    return all;
  }, [run, candidates]);
  const failed = useMemo(() => candidates.filter((c) => run?.results.get(c.id)?.kind === 'failed'), [candidates, run]);
  const missing = useMemo(() => candidates.filter((c) => !run?.results.has(c.id)), [candidates, run]);
  const unreadable = useMemo(() => {
    let n = 0;
    for (const s of run?.results.values() ?? []) if (s.kind === 'ready' && s.due.unreadable > 0) n++;
    return n;
  }, [run]);
  return { windows, run: run ?? null, rows, failed, missing, unreadable, start, cancel };
}
