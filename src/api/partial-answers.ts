/**
 * The first rows of a long answer still arriving, by query key. A 100k-account list or a
 * 50k-line statement takes seconds over an office link; its first rows are read as soon as they
 * are in (client.ts onPartial; fetchAccounts in accounts.ts, fetchStatement in statement.ts) and
 * kept here while the whole answer is on its way. Pages show them only while their query is still
 * pending (usePartialAnswer), never as the answer: no counts, totals or exports from them.
 *
 * Shown first, then the rest: `offerPartial` resolves once a page has painted those rows (or after
 * a time limit, when no page is there to show them). The fetcher hands that promise to the client,
 * which reads the rest of the answer only then — otherwise a page still mounting (a cold link: its
 * code, the session check) is outrun by the parse of the whole answer, and its first paint is the
 * whole answer's, no sooner.
 *
 * A module of its own without the reader, so the app shell can clear it at logout cheaply.
 */
import { useEffect, useSyncExternalStore } from 'react';

/** At most this many answers' first rows are kept (the oldest go first; a page only needs its own). */
const KEEP = 4;
/** How long the rest of an answer waits for a page to paint its first rows. */
export const SHOWN_WAIT_MS = 600;

interface Entry {
  rows: unknown;
  /** Resolves the promise offerPartial returned (rows painted, time up, or replaced). */
  release: () => void;
}

const partials = new Map<string, Entry>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
const keyText = (queryKey: readonly unknown[]) => JSON.stringify(queryKey);

function drop(key: string): boolean {
  const entry = partials.get(key);
  if (!entry) return false;
  partials.delete(key);
  entry.release();
  return true;
}

/**
 * Keeps the first rows read so far of the answer for `queryKey`. Resolves once a page has painted
 * them, or after `waitMs` (never rejects).
 */
export function offerPartial(queryKey: readonly unknown[], rows: unknown, waitMs = SHOWN_WAIT_MS): Promise<void> {
  const key = keyText(queryKey);
  drop(key);
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    partials.set(key, {
      rows,
      release: () => {
        clearTimeout(timer);
        resolve();
      },
    });
    for (const oldest of partials.keys()) {
      if (partials.size <= KEEP) break;
      drop(oldest);
    }
    notify();
  });
}

/** Forgets the first rows kept for `queryKey` (a new load starts, the answer failed or is whole). */
export function clearPartial(queryKey: readonly unknown[]): void {
  if (drop(keyText(queryKey))) notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/**
 * After the page's DOM changes are painted: the task after the second frame from now (a table may
 * put its rows in on a render right after the one that got the data — the next frame paints them).
 */
function afterPaint(run: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || typeof MessageChannel !== 'function') return void setTimeout(run, 0);
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        run();
      };
      channel.port2.postMessage(null);
    }),
  );
}

/**
 * The rows read so far of the answer for `queryKey` while it is still arriving (`pending` = its
 * query is pending; otherwise undefined). T is what the fetcher stored (AccountList, Statement).
 * Once they are on screen, the rest of the answer is read (offerPartial).
 */
export function usePartialAnswer<T>(queryKey: readonly unknown[], pending: boolean): T | undefined {
  const key = keyText(queryKey);
  const entry = useSyncExternalStore(subscribe, () => partials.get(key));
  const shown = pending ? entry : undefined;
  useEffect(() => {
    if (shown) afterPaint(shown.release);
  }, [shown]);
  return shown?.rows as T | undefined;
}

/** Forgets every partial answer (logout: nothing of a session stays in memory). */
export function clearPartialAnswers(): void {
  if (partials.size === 0) return;
  for (const key of [...partials.keys()]) drop(key);
  notify();
}
