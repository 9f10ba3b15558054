/**
 * The column chooser's memory: per table (its `tableId`), which columns the user hides and in which
 * order they come, in localStorage under "cari-ekran.columns.v1.<tableId>". Forgotten at logout
 * (clearColumnPrefs, with the other per-user browser data). Columns the table did not have when the
 * choice was saved (an ERP answer with a new key) get their default visibility and place.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { PREFIX, listeners, notify } from './column-store';
import type { DataColumn } from './types';

export { clearColumnPrefs } from './column-store';

/** What is stored: every column id the table had, in the user's order, and the hidden ones. */
export interface ColumnPrefs {
  order: string[];
  hidden: string[];
}

function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parse(raw: string | null): ColumnPrefs | null {
  if (!raw) return null;
  try {
    const p = JSON.parse(raw) as Partial<ColumnPrefs> | null;
    const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
    if (!p || !Array.isArray(p.order)) return null;
    return { order: strings(p.order), hidden: strings(p.hidden) };
  } catch {
    return null;
  }
}

function write(key: string, prefs: ColumnPrefs | null): void {
  try {
    if (prefs) localStorage.setItem(key, JSON.stringify(prefs));
    else localStorage.removeItem(key);
  } catch {
    // storage full or disabled: the choice lasts until the page is left
  }
  notify();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith(PREFIX)) l();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
}

export interface ArrangedColumn<T> {
  col: DataColumn<T>;
  visible: boolean;
}

/** Below this window width, `defaultHidden: 'narrow'` columns start hidden. */
const WIDE_SCREEN_PX = 1600;

function hiddenByDefault<T>(col: DataColumn<T>): boolean {
  if (col.defaultHidden !== 'narrow') return col.defaultHidden === true;
  return typeof window === 'undefined' || window.innerWidth < WIDE_SCREEN_PX;
}

/** The columns in the user's order with their visibility (defaults where the user said nothing). */
export function arrangeColumns<T>(columns: readonly DataColumn<T>[], prefs: ColumnPrefs | null): ArrangedColumn<T>[] {
  if (!prefs) return columns.map((col) => ({ col, visible: !hiddenByDefault(col) }));
  const byId = new Map(columns.map((c) => [c.id, c]));
  const known = new Set(prefs.order);
  const hidden = new Set(prefs.hidden);
  const ids = prefs.order.filter((id) => byId.has(id));
  // A column new since the choice was saved goes right after the column it follows by default.
  columns.forEach((c, i) => {
    if (known.has(c.id)) return;
    const before = i > 0 ? ids.indexOf((columns[i - 1] as DataColumn<T>).id) : -1;
    ids.splice(before + 1, 0, c.id);
  });
  return ids.map((id) => {
    const col = byId.get(id) as DataColumn<T>;
    return { col, visible: known.has(id) ? !hidden.has(id) : !hiddenByDefault(col) };
  });
}

export interface ColumnChoice<T> {
  arranged: ArrangedColumn<T>[];
  /** The columns shown, in order (stable identity while nothing changes). */
  visible: DataColumn<T>[];
  /** The user changed something (reset is offered). */
  customized: boolean;
  setVisible: (id: string, visible: boolean) => void;
  /** Moves a column one place up (-1) or down (+1). */
  move: (id: string, delta: -1 | 1) => void;
  reset: () => void;
}

export function useColumnPrefs<T>(tableId: string, columns: readonly DataColumn<T>[]): ColumnChoice<T> {
  const key = PREFIX + tableId;
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw(key),
    () => null,
  );
  const arranged = useMemo(() => arrangeColumns(columns, parse(raw)), [columns, raw]);
  const visible = useMemo(() => arranged.filter((a) => a.visible).map((a) => a.col), [arranged]);
  const save = useCallback(
    (next: ArrangedColumn<T>[]) => write(key, { order: next.map((a) => a.col.id), hidden: next.filter((a) => !a.visible).map((a) => a.col.id) }),
    [key],
  );
  const setVisible = useCallback(
    (id: string, show: boolean) => {
      const next = arranged.map((a) => (a.col.id === id ? { ...a, visible: show } : a));
      if (next.some((a) => a.visible)) save(next);
    },
    [arranged, save],
  );
  const move = useCallback(
    (id: string, delta: -1 | 1) => {
      const i = arranged.findIndex((a) => a.col.id === id);
      const j = i + delta;
      if (i < 0 || j < 0 || j >= arranged.length) return;
      const next = arranged.slice();
      [next[i], next[j]] = [next[j] as ArrangedColumn<T>, next[i] as ArrangedColumn<T>];
      save(next);
    },
    [arranged, save],
  );
  const reset = useCallback(() => write(key, null), [key]);
  return { arranged, visible, customized: raw != null, setVisible, move, reset };
}
