/** Where to go after login when no (valid) `next` was given. */
export const DEFAULT_AFTER_LOGIN = '/';

/**
 * The `next` search param made safe: only a same-origin relative path ("/accounts?q=abc").
 * Rejects absolute URLs, protocol-relative "//host", backslash tricks ("/\\host"), control
 * characters and the login page itself; anything else falls back to / (Özet).
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || next[0] !== '/') return DEFAULT_AFTER_LOGIN;
  if (next[1] === '/' || next[1] === '\\') return DEFAULT_AFTER_LOGIN;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(next)) return DEFAULT_AFTER_LOGIN;
  const path = next.split(/[?#]/, 1)[0] ?? '';
  if (path === '/login' || path.startsWith('/login/')) return DEFAULT_AFTER_LOGIN;
  return next;
}

/** "/login?next=<path+search>" for a location the user asked for ("/login" when next would add nothing). */
export function loginPathFor(pathAndSearch: string): string {
  const next = safeNextPath(pathAndSearch);
  return next === DEFAULT_AFTER_LOGIN || next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`;
}

/** Navigation state the login page reads to say why the user is there (set by src/app on session expiry). */
export interface LoginLocationState {
  reason?: 'expired';
}
