/** True when a key event comes from a field the user types in (page shortcuts like "/" must not fire). */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

/** Ctrl+K / ⌘K: the quick invoice box's shortcut. */
export function isQuickKey(e: KeyboardEvent): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && (e.key === 'k' || e.key === 'K');
}

// Ctrl+K pressed while no quick box exists yet (right after "Giriş yap", while the app's header
// loads) is kept and given to the box when it mounts — never lost, never the browser's own Ctrl+K.
let quickBox: (() => void) | null = null;
let quickPending = false;

/** The quick box registers its focus function while mounted; a Ctrl+K kept for it is delivered now. */
export function registerQuickBox(focus: () => void): () => void {
  quickBox = focus;
  if (quickPending) {
    quickPending = false;
    focus();
  }
  return () => {
    if (quickBox === focus) quickBox = null;
  };
}

/** Root listener (RootLayout): keeps a Ctrl+K that has no box to go to yet. */
export function keepEarlyQuickKey(e: KeyboardEvent): void {
  if (quickBox || e.defaultPrevented || !isQuickKey(e)) return;
  e.preventDefault();
  quickPending = true;
}
