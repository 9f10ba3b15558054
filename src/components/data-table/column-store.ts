/**
 * Where the column chooser's choices live (localStorage keys "cari-ekran.columns.v1.<tableId>") and
 * who listens to them; clearColumnPrefs forgets them all at logout. Kept apart from column-prefs.ts
 * so the app shell can clear them without loading the table.
 */
export const PREFIX = 'cari-ekran.columns.v1.';

export const listeners = new Set<() => void>();
export const notify = () => listeners.forEach((l) => l());

/** On logout: forget every table's column choice. */
export function clearColumnPrefs(): void {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const k = localStorage.key(i);
      if (k?.startsWith(PREFIX)) localStorage.removeItem(k);
    }
  } catch {
    // storage disabled: nothing was stored
  }
  notify();
}
