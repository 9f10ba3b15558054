/**
 * Recently opened and pinned accounts, kept in the browser (localStorage): the account list shows
 * them at the top, the statement records openings and pins. Shared by both pages (no feature→feature
 * import), so it lives here.
 * Only ids and names are stored (no balances: those come fresh from the ERP).
 */
import { useSyncExternalStore } from 'react';

export interface AccountRef {
  id: string;
  name: string;
}
interface Shortcuts {
  recent: AccountRef[];
  pinned: AccountRef[];
}

const KEY = 'cari-ekran.account-shortcuts.v1';
export const RECENT_LIMIT = 8;
const EMPTY: Shortcuts = { recent: [], pinned: [] };

let cache: Shortcuts | null = null;
const listeners = new Set<() => void>();

function isRef(v: unknown): v is AccountRef {
  return typeof v === 'object' && v !== null && typeof (v as AccountRef).id === 'string' && typeof (v as AccountRef).name === 'string';
}

function read(): Shortcuts {
  if (cache) return cache;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    const p = parsed as Partial<Shortcuts> | null;
    cache = {
      recent: Array.isArray(p?.recent) ? p.recent.filter(isRef).slice(0, RECENT_LIMIT) : [],
      pinned: Array.isArray(p?.pinned) ? p.pinned.filter(isRef) : [],
    };
  } catch {
    cache = EMPTY;
  }
  return cache;
}

function write(next: Shortcuts): void {
  cache = next;
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // storage full or disabled: keep the in-memory copy for this tab
  }
  for (const l of listeners) l();
}

export function recordOpened(ref: AccountRef): void {
  const s = read();
  if (s.recent[0]?.id === ref.id && s.recent[0].name === ref.name) return;
  write({ ...s, recent: [ref, ...s.recent.filter((r) => r.id !== ref.id)].slice(0, RECENT_LIMIT) });
}

export function togglePinned(ref: AccountRef): void {
  const s = read();
  const pinned = s.pinned.some((p) => p.id === ref.id) ? s.pinned.filter((p) => p.id !== ref.id) : [...s.pinned, ref];
  write({ ...s, pinned });
}

/** On logout: forget the pinned and recent accounts (their names stay on no shared computer). */
export function clearShortcuts(): void {
  cache = EMPTY;
  try {
    localStorage.removeItem(KEY);
  } catch {
    // storage disabled: nothing was stored
  }
  for (const l of listeners) l();
}

/** Test hook: forget the in-memory copy (after localStorage.clear()). */
export function resetShortcutsCache(): void {
  cache = null;
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) {
      cache = null;
      l();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
}

export function useAccountShortcuts(): Shortcuts {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}
