import { useCallback, useRef } from 'react';

/**
 * A function that keeps its identity across renders and calls the latest `fn` given. For a handler handed
 * to a memoized child (memo), so that a parent re-rendering with a new closure does not re-render the child.
 * Call it from events, not during render.
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: A) => latest.current(...args), []);
}
