/** get_cari: account list, optionally filtered by company name (firma_ismi = the trimmed query, "" = all). */
import { queryOptions } from '@tanstack/react-query';
import { mark, postErp, type RequestOptions } from './client';
import { parsePrefix, readAccounts } from './reader';
import type { AccountList } from './types';
import { clearPartial, offerPartial } from './partial-answers';
import { accountListCall, accountListKey } from './first-calls';

export async function fetchAccounts(q: string, options?: RequestOptions): Promise<AccountList> {
  const call = accountListCall(q);
  clearPartial(call.queryKey); // an earlier load's rows are not this one's
  const onPartial = (start: string) => {
    const json = parsePrefix(start);
    if (json === undefined) return undefined;
    const first = readAccounts(json);
    return first.accounts.length > 0 ? offerPartial(call.queryKey, first) : undefined;
  };
  try {
    const list = readAccounts(await postErp(call.operation, call.params, { ...options, onPartial }));
    mark('erp:get_cari:read');
    return list;
  } catch (error) {
    clearPartial(call.queryKey);
    throw error;
  }
}

export const accountQueries = {
  all: ['accounts'] as const,
  lists: () => [...accountQueries.all, 'list'] as const,
  /** `priority: 'low'` for a list fetched in the background (nobody waits on it; see transfers.ts). */
  list: (q: string, fetchOptions: Pick<RequestOptions, 'priority'> = {}) => {
    const trimmed = q.trim();
    return queryOptions({
      queryKey: accountListKey(trimmed),
      queryFn: ({ signal }) => fetchAccounts(trimmed, { signal, ...fetchOptions }),
    });
  },
};
