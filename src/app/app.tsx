import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { UnauthenticatedError } from '../domain/errors';
import { loginPathFor, type LoginLocationState } from '../features/auth/next-path';
import { signedInHint } from '../api/erp-call';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Providers + the router. main.tsx and the test harness both render this. */
export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

/**
 * The one place that reacts to an expired session: any query or mutation failing with
 * UnauthenticatedError → go to /login?next=<where the user was>, then clear the cache.
 * (The session check itself, key ['session'], is handled by the protected route's loader.)
 * Hooks into the QueryCache/MutationCache onError, keeping any handler already there.
 */
export function handleSessionExpiry(queryClient: QueryClient, router: AppRouter): void {
  let leaving = false;
  const onError = (error: unknown, queryKey?: readonly unknown[]) => {
    if (!(error instanceof UnauthenticatedError)) return;
    if (queryKey?.[0] === 'session') return;
    const { pathname, search } = router.state.location;
    // The auditor's area (Denetçi modu) has its own login; the staff session is not touched.
    if (pathname === '/denetim' || pathname.startsWith('/denetim/')) {
      if (pathname !== '/denetim/giris' && pathname !== '/denetim/davet') void router.navigate('/denetim/giris', { state: { reason: 'expired' } });
      return;
    }
    signedInHint.write(false);
    if (leaving || pathname === '/login') return;
    leaving = true;
    const state: LoginLocationState = { reason: 'expired' };
    void router.navigate(loginPathFor(pathname + search), { state }).finally(() => {
      queryClient.clear();
      leaving = false;
    });
  };

  const queryCache = queryClient.getQueryCache();
  const previousQueryOnError = queryCache.config.onError;
  queryCache.config.onError = (error, query) => {
    previousQueryOnError?.(error, query);
    onError(error, query.queryKey);
  };
  const mutationCache = queryClient.getMutationCache();
  const previousMutationOnError = mutationCache.config.onError;
  mutationCache.config.onError = (error, variables, onMutateResult, mutation, context) => {
    void previousMutationOnError?.(error, variables, onMutateResult, mutation, context);
    onError(error);
  };
}
