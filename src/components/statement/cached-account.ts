import type { QueryClient } from '@tanstack/react-query';
import { accountQueries } from '../../api/accounts';
import type { Account, AccountList } from '../../domain/erp-types';
import { whole, type Arriving } from '../../api/erp-call';

/** The account from any whole cached account list (the statement and the letter need no second get_cari). */
export function findCachedAccount(queryClient: QueryClient, id: string): Account | undefined {
  for (const [, data] of queryClient.getQueriesData<Arriving<AccountList>>({ queryKey: accountQueries.lists() })) {
    const found = whole(data)?.accounts.find((a) => a.id === id);
    if (found) return found;
  }
  return undefined;
}
