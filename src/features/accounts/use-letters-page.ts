/**
 * The bulk letters page's view hook: the accounts the list shows with the URL's list parameters
 * (useAccountList, the list page's own pipeline), which of them are ticked, and each ticked
 * account's letter balance — from the list's balance (today, no lines, TL) or from its statement,
 * fetched by the one batch runner (api/statement-batch.ts: at most STATEMENT_CONCURRENCY at a time,
 * progress, İptal), one batch per as-of date / lines / period.
 */
import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { configQuery } from '../../api/session';
import { useStatementBatch } from '../../api/statement-batch';
import type { Account, Statement } from '../../domain/erp-types';
import { letterBalance, letterRows } from '../../domain/letter/letter-balance';
import { documentNumberKey } from '../../domain/document-number';
import { useLetterOptions } from '../../components/reconciliation/letter-options';
import { prepareStatement, type StatementRow } from '../../domain/running-balance';
import type { Minor } from '../../domain/types';
import { LIST_PARAMS, listParams } from './account-list';
import { useAccountList } from './use-account-list';
import { useUrlParams } from '../../lib/search-params';

export const STATEMENT_CONCURRENCY = 4;
export const MAX_LETTERS = 500;

export type LetterStatus =
  | { kind: 'loading' }
  | {
      kind: 'ready';
      balance: Minor;
      rows: StatementRow[] | null;
      currency?: string;
      localBalance?: Minor;
      declaredMissing?: string | null;
      docKey?: string | null;
    }
  | { kind: 'failed'; message: string }
  | { kind: 'cancelled' }
  | { kind: 'unreadable' };
export type ReadyLetter = Extract<LetterStatus, { kind: 'ready' }>;

export function useLettersPage() {
  const [params] = useUrlParams();
  const options = useLetterOptions();
  const { today, asOf, withLines, from } = options;

  // ---- the accounts the list shows with these params: the list page's own pipeline ----
  const config = useQuery(configQuery);
  const { q, sort, ...filter } = listParams(params);
  const list = useAccountList({ filter, sort, search: q, settledQuery: q, ordered: true });
  // The list is known: the whole list is in and, for a search it cannot find, the ERP answered.
  const listKnown = list.facts !== null && (list.sourceKind === 'list' || list.sourceKind === 'remote');
  const searchFailed = list.sourceKind === 'remote-failed';
  const shown = useMemo(() => (listKnown ? list.facts!.rows : []), [listKnown, list.facts]);
  const capped = useMemo(() => shown.slice(0, MAX_LETTERS), [shown]);

  // ---- selection (all ticked by default) ----
  const [deselected, setDeselected] = useState<ReadonlySet<string>>(() => new Set());
  const selected = useMemo(() => capped.filter((a) => !deselected.has(a.id)), [capped, deselected]);
  const campaignAccounts = useMemo(() => shown.filter((a) => !deselected.has(a.id)), [shown, deselected]);
  const toggle = (id: string, on: boolean) =>
    setDeselected((prev) => {
      const next = new Set(prev);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });
  // A foreign-currency account's letter states its balance in its currency (get_cari's balance is
  // TL): that account needs its statement even for today's letter.
  const needsStatement = (a: Account) => asOf !== today || withLines || (!!a.currency && a.currency !== 'TL');
  const needStatements = selected.some(needsStatement);

  // ---- statements: one batch per (as-of date, lines, period) ----
  const byId = useMemo(() => new Map(shown.map((a) => [a.id, a])), [shown]);
  const compute = useCallback(
    (id: string, statement: Statement): LetterStatus => {
      const prepared = prepareStatement(statement.lines, today);
      const result = letterBalance(prepared, asOf, today, byId.get(id)?.currency);
      if (result.unreadable > 0) return { kind: 'unreadable' };
      return {
        kind: 'ready',
        balance: result.balance,
        currency: result.currency,
        localBalance: result.localBalance,
        declaredMissing: result.declaredMissing,
        docKey: documentNumberKey(statement.extraColumns),
        rows: withLines ? letterRows(prepared, from, asOf, today) : null,
      };
    },
    [today, asOf, withLines, from, byId],
  );
  const batch = useStatementBatch({ key: ['letters', asOf, withLines ? from : ''], limit: STATEMENT_CONCURRENCY, compute });

  const statusOf = (a: Account): LetterStatus | undefined => {
    if (!needsStatement(a)) {
      if (a.balance !== null) return { kind: 'ready', balance: a.balance, rows: null };
      return a.balanceInvalid ? { kind: 'unreadable' } : { kind: 'ready', balance: 0, rows: null };
    }
    const item = batch.items.get(a.id);
    if (!item || item.kind === 'waiting') return undefined;
    return item.kind === 'ready' ? item.value : item;
  };
  const running = batch.running;
  const failed = selected.filter((a) => {
    const s = statusOf(a);
    return s?.kind === 'unreadable' || (needsStatement(a) && s?.kind === 'failed');
  });
  // A bad date (address or box): no letter is ready — those made for the previous date do not describe it.
  const ready = options.blocked || !config.data?.company.title ? [] : selected.filter((a) => statusOf(a)?.kind === 'ready');
  const toFetch = selected.filter((a) => {
    if (!needsStatement(a)) return false;
    const s = batch.items.get(a.id)?.kind;
    return !s || s === 'waiting' || s === 'cancelled' || s === 'failed';
  });

  const back = new URLSearchParams();
  for (const name of LIST_PARAMS) for (const v of params.getAll(name)) back.append(name, v);
  return {
    options,
    config,
    list,
    listKnown,
    searchFailed,
    shown,
    capped,
    selected,
    campaignAccounts,
    deselected,
    setDeselected,
    toggle,
    needStatements,
    statusOf,
    batch,
    running,
    failed,
    ready,
    toFetch,
    listHref: `/accounts${back.toString() ? `?${back.toString()}` : ''}`,
  };
}

export type LettersPageView = ReturnType<typeof useLettersPage>;
