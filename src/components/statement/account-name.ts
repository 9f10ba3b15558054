/**
 * The one way a page that knows only an account's id (a deep link: /aging?cari=, the open-items and
 * vade farkı pages) finds the account's name, cheapest first:
 * 1. a whole account list already cached (findCachedAccount);
 * 2. the statement answer, when the installation writes the company name on its lines;
 * 3. the user's own pinned / recently opened accounts (ids and names kept in the browser);
 * 4. only when none of these has it: the account list itself, in the background (low priority),
 *    once the statement is in (or failed) — get_cari filters by name only, never by id, so no
 *    smaller call can answer "which account is 1003".
 * A page that needs the account's whole record (category, city, list balance, currency) asks
 * useAccountRecord, which does take the smaller call once the name is known.
 */
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accountQueries } from '../../api/accounts';
import { fitsParam } from '../../contract/erp';
import type { RequestOptions } from '../../api/client';
import { whole, type Arriving } from '../../api/erp-call';
import { statementAccountName } from '../../api/statement';
import type { Account, Statement } from '../../domain/erp-types';
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

export interface AccountRecordOptions {
  /** The account's name when the page knows it already (the statement's answer, the pinned or recent accounts). */
  name?: string;
  /** False until the page wants the record (the statement page: once its rows are painted). */
  enabled?: boolean;
  priority?: RequestOptions['priority'];
}

/**
 * The account's record (get_cari's row: name, category, city, list balance, currency) for a page that
 * knows its id, cheapest first:
 * 1. a whole account list already cached (findCachedAccount);
 * 2. when the page knows the name: get_cari filtered by it — the accounts whose names hold it, a few
 *    rows where the whole list is 15 MB at 100,000 accounts — and the row with the id;
 * 3. otherwise, or when that answer has no row with the id (renamed since the name was kept, an ERP that
 *    reads the filter otherwise) or fails: the whole list.
 * `missing`: the whole list is in and does not hold the id (only the whole list can say so). `list`:
 * the whole list's query, whose failure is the one a page shows (the filtered one falls back to it).
 */
export function useAccountRecord(cariId: string, { name, enabled = true, priority }: AccountRecordOptions) {
  const queryClient = useQueryClient();
  const cached = useMemo(() => findCachedAccount(queryClient, cariId), [queryClient, cariId]);
  // The name as it was when the record was first wanted: a kept name that the answer then corrects (the
  // page records the account as opened, under its name now) asks nothing again.
  const [asked, setAsked] = useState<{ id: string; name: string } | null>(null);
  if (enabled && asked?.id !== cariId) setAsked({ id: cariId, name: name?.trim() ?? '' });
  const q = asked?.id === cariId ? asked.name : (name?.trim() ?? '');
  const byNameWanted = enabled && !cached && q !== '' && fitsParam(q);
  const byName = useQuery({ ...accountQueries.list(q, { priority }), enabled: byNameWanted });
  const named: Account | undefined = byNameWanted ? whole(byName.data)?.accounts.find((a) => a.id === cariId) : undefined;
  const byNameDone = !!whole(byName.data) || byName.isError;
  const list = useQuery({ ...accountQueries.list('', { priority }), enabled: enabled && !cached && !named && (!byNameWanted || byNameDone) });
  const listWhole = whole(list.data);
  const account = cached ?? named ?? listWhole?.accounts.find((a) => a.id === cariId);
  return { account, missing: !account && !!listWhole, list };
}
