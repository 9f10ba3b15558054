/**
 * An account the ERP does not know (/accounts/999999 and every page under it): its statement is whole
 * and empty, and a whole account list (cached, else fetched in the background) does not hold its id.
 * An account in the list with no lines exists (its letter says 0,00); one with lines exists too (a
 * list capped by the ERP may leave it out). Until both answers are in, nothing is decided.
 */
import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accountQueries } from '../../api/accounts';
import { whole, type Arriving } from '../../api/erp-call';
import type { Statement } from '../../api/types';
import { NotFoundState } from '../feedback/not-found-state';
import { t } from '../../i18n';
import { findCachedAccount } from './cached-account';
import { useListReturn } from './list-return';

export function useAccountMissing(cariId: string, statement: { data: Arriving<Statement> | undefined }): boolean {
  const queryClient = useQueryClient();
  const data = whole(statement.data);
  const noLines = !!data && data.lines.length === 0;
  const cached = useMemo(() => findCachedAccount(queryClient, cariId), [queryClient, cariId]);
  const list = useQuery({ ...accountQueries.list('', { priority: 'low' }), enabled: noLines && !cached });
  const listWhole = whole(list.data);
  return noLines && !cached && !!listWhole && !listWhole.accounts.some((a) => a.id === cariId);
}

/** "Cari bulunamadı": the heading, one sentence, back to the list — nothing else of the page. */
export function AccountNotFound({ cariId }: { cariId: string }) {
  const { backTo } = useListReturn();
  return (
    <NotFoundState title={t('statement.notFound')} backTo={backTo} backLabel={t('statement.back')}>
      {t('statement.notFound.text', { id: cariId })}
    </NotFoundState>
  );
}
