/**
 * The one way a page that knows only an account's id (a deep link: /aging?cari=, the open-items and
 * vade farkı pages) finds the account's name, cheapest first:
 * 1. a whole account list already cached (findCachedAccount);
 * 2. the statement answer, when the installation writes the company name on its lines;
 * 3. the user's own pinned / recently opened accounts (ids and names kept in the browser);
 * 4. only when none of these has it: the account list itself, in the background (low priority),
 *    once the statement is in (or failed) — get_cari filters by name only, never by id, so no
 *    smaller call can answer "which account is 1003".
 */
import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accountQueries } from '../../api/accounts';
import { whole, type Arriving } from '../../api/erp-call';
import { statementAccountName } from '../../api/statement';
import type { Statement } from '../../domain/erp-types';
import { useAccountShortcuts } from '../../lib/account-shortcuts';
import { findCachedAccount } from './cached-account';

export interface AccountNameOptions {
  /** The statement query of the same account (its answer may carry the name). */
  statement: { data: Arriving<Statement> | undefined; isError: boolean };
  /** False while the page does not need a name (e.g. the ERP's own row already names it): no list is fetched. */
  needed?: boolean;
}

export function useAccountName(cariId: string, { statement, needed = true }: AccountNameOptions): string | undefined {
  const queryClient = useQueryClient();
  const cached = useMemo(() => (cariId ? findCachedAccount(queryClient, cariId)?.name : undefined), [queryClient, cariId]);
  const fromStatement = useMemo(() => (statement.data ? statementAccountName(statement.data) : undefined), [statement.data]);
  const { pinned, recent } = useAccountShortcuts();
  const fromShortcuts = useMemo(() => [...pinned, ...recent].find((r) => r.id === cariId)?.name, [pinned, recent, cariId]);
  const known = cached ?? fromStatement ?? fromShortcuts;
  const list = useQuery({
    ...accountQueries.list('', { priority: 'low' }),
    enabled: !!cariId && needed && !known && (!!whole(statement.data) || statement.isError),
  });
  return known ?? list.data?.accounts.find((a) => a.id === cariId)?.name;
}
