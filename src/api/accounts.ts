/** get_cari: account list, optionally filtered by company name (firma_ismi = the trimmed query, "" = all). */
import { queryOptions } from '@tanstack/react-query';
import type { RequestOptions } from './client';
import { readAccounts } from './reader';
import type { AccountList } from './types';
import { fetchLongAnswer } from './long-answer';
import { accountKeys, accountListCall } from '../contract/erp';

export function fetchAccounts(q: string, options?: RequestOptions): Promise<AccountList> {
  return fetchLongAnswer(accountListCall(q), readAccounts, (first) => first.accounts.length > 0, options);
}

export const accountQueries = {
  all: accountKeys.all,
  lists: accountKeys.lists,
  /** `priority: 'low'` for a list fetched in the background (nobody waits on it; see transfers.ts). */
  list: (q: string, fetchOptions: Pick<RequestOptions, 'priority'> = {}) => {
    const trimmed = q.trim();
    return queryOptions({
      queryKey: accountKeys.list(trimmed),
      queryFn: ({ signal }) => fetchAccounts(trimmed, { signal, ...fetchOptions }),
    });
  },
};
