/** get_cari: account list, optionally filtered by company name (firma_ismi = the trimmed query, "" = all). */
import { queryOptions } from '@tanstack/react-query';
import { postErp, type RequestOptions } from './client';
import { readAccounts } from './reader';
import type { AccountList } from './types';

export async function fetchAccounts(q: string, options?: RequestOptions): Promise<AccountList> {
  return readAccounts(await postErp('get_cari', { firma_ismi: q.trim() }, options));
}

export const accountQueries = {
  all: ['accounts'] as const,
  lists: () => [...accountQueries.all, 'list'] as const,
  /** `priority: 'low'` for a list fetched in the background (nobody waits on it; see transfers.ts). */
  list: (q: string, fetchOptions: Pick<RequestOptions, 'priority'> = {}) => {
    const trimmed = q.trim();
    return queryOptions({
      queryKey: [...accountQueries.lists(), { q: trimmed }] as const,
      queryFn: ({ signal }) => fetchAccounts(trimmed, { signal, ...fetchOptions }),
    });
  },
};
