/**
 * "URL is state": the one way pages change their search params. Returns a copy of `prev` with each
 * key of `patch` set, or removed when its value is empty (null, undefined or "").
 */
export function withParams(prev: URLSearchParams, patch: Record<string, string | null | undefined>): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const [key, value] of Object.entries(patch)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}
