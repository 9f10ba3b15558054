import { useCallback, useContext } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useSearchParams, type SetURLSearchParams } from 'react-router-dom';

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

/**
 * The page's search params and their setter — `useSearchParams` whose functional update starts from
 * the URL as it is now, not as the page last rendered it.
 *
 * The router renders a new URL in a transition: on a slow PC a heavy page (a statement recomputed for
 * its new start date) can still show the old URL while the user already commits the next box. React
 * Router's own setter hands the updater the params of that last render, so the second change would
 * drop the first (the start date typed, Enter, the end date typed, Enter: only the end date stayed).
 * Here the updater gets the router's current URL — the navigation under way, if it is to this page.
 */
export function useUrlParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const set = useCallback<SetURLSearchParams>(
    (next, options) => {
      if (typeof next !== 'function') return setParams(next, options);
      const state = dataRouter?.router.state;
      // Only a URL of the page this hook renders: a navigation to another page is not its to build on.
      const latest = [state?.navigation.location, state?.location].find((l) => l?.pathname === pathname);
      setParams(next(latest ? new URLSearchParams(latest.search) : new URLSearchParams(params)), options);
    },
    [setParams, dataRouter, pathname, params],
  );
  return [params, set];
}
