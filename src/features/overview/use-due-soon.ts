/**
 * The bounded computation behind Özet's "falling due" figures. Which accounts: only those whose
 * row in the ERP's aging has a "not yet due" amount (an item due today or later is not yet due, so
 * no other account can have one); without such a bucket, every account in the aging answer. Their
 * statements (the same cached get_cari_extre answers the statement page uses) are read only when
 * the user asks ("Hesapla"), at most DUE_CONCURRENCY at a time, with progress and İptal; a failed
 * one is named with the reason and can be asked again — the one batch runner (api/statement-batch.ts)
 * the letters page uses too. Its outcome is kept by react-query (per day and set of accounts), so
 * Özet's links and a return to Özet show it without asking again.
 */
import { useCallback, useMemo } from 'react';
import { useStatementBatch } from '../../api/statement-batch';
import type { Account, ErpTable, Statement } from '../../domain/erp-types';
import { cellMinor, cellText, type AgingLayout } from '../../domain/aging-buckets';
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
  const windows = useMemo(() => dueWindows(today), [today]);
  const ids = useMemo(() => candidates.map((c) => c.id).join(','), [candidates]);
  const byId = useMemo(() => new Map(candidates.map((c) => [c.id, c])), [candidates]);
  // The batch per day and set of accounts: the outcome survives navigation and a return to Özet.
  const compute = useCallback((id: string, statement: Statement) => dueRowsOf(byId.get(id) ?? { id, name: id }, statement, windows), [byId, windows]);
  const batch = useStatementBatch({ key: ['overview', 'due-soon', today, ids], limit: DUE_CONCURRENCY, compute });
  const run = useMemo<DueRun | null>(() => {
    if (batch.ids.length === 0) return null;
    const results = new Map<string, DueStatus>();
    for (const [id, item] of batch.items) {
      if (item.kind === 'ready') results.set(id, { kind: 'ready', due: item.value });
      else if (item.kind === 'failed') results.set(id, { kind: 'failed', message: item.message });
    }
    return { total: batch.total, done: batch.done, running: batch.running, cancelled: batch.cancelled, results };
  }, [batch.ids, batch.items, batch.total, batch.done, batch.running, batch.cancelled]);
  const start = (accounts: readonly DueCandidate[]) => batch.start(accounts.map((a) => a.id));

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
  return { windows, run, rows, failed, missing, unreadable, start, cancel: batch.cancel };
}
