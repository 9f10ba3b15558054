import type { QueryClient } from '@tanstack/react-query';
import { accountQueries } from '../../api/accounts';
import type { Account, AccountList } from '../../api/types';

/** The account from any cached account list (the statement and the letter need no second get_cari). */
export function findCachedAccount(queryClient: QueryClient, id: string): Account | undefined {
  for (const [, data] of queryClient.getQueriesData<AccountList>({ queryKey: accountQueries.lists() })) {
    const found = data?.accounts.find((a) => a.id === id);
    if (found) return found;
  }
  return undefined;
}
