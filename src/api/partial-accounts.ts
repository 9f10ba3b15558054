/**
 * The first rows of an account list still arriving, by query (q). A 100k-account answer takes
 * seconds over an office link; its first rows are read as soon as they are in (client.ts onPartial,
 * fetchAccounts in accounts.ts) and kept here until the whole list is in React Query's cache. Pages
 * show them only while their query is still pending (usePartialAccounts), never as the list.
 * A module of its own without the reader, so the app shell can clear it at logout cheaply.
 */
import { useSyncExternalStore } from 'react';
import type { AccountList } from './types';

const partials = new Map<string, AccountList>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
export function setPartial(q: string, list: AccountList | undefined) {
  if (list) partials.set(q, list);
  else if (!partials.delete(q)) return;
  notify();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The rows read so far of the list for `q` while it is still arriving (pass `pending` = the query is pending; otherwise undefined). */
export function usePartialAccounts(q: string, pending: boolean): AccountList | undefined {
  const list = useSyncExternalStore(subscribe, () => partials.get(q.trim()));
  return pending ? list : undefined;
}

/** Forgets every partial list (logout: nothing of a session stays in memory). */
export function clearPartialAccounts(): void {
  if (partials.size === 0) return;
  partials.clear();
  notify();
}

