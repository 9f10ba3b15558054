/**
 * The app's QueryClient. Retries live in this one layer (the ky client has retry 0):
 * one retry, and only for errors that may pass (network, timeout, 5xx) — see isRetryable.
 */
import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from '../domain/errors';

export const STALE_TIME_MS = 5 * 60_000;
export const GC_TIME_MS = 30 * 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        gcTime: GC_TIME_MS,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 1 && isRetryable(error),
      },
      mutations: { retry: false },
    },
  });
}
