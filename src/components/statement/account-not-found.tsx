/**
 * An account the ERP does not know (/accounts/999999 and every page under it): its statement is whole
 * and empty, and the account's record is nowhere (useAccountRecord: a cached list, get_cari asked by
 * `name` when the page knows it, else the whole list in the background). An account in the list with no
 * lines exists (its letter says 0,00); one with lines exists too (a list capped by the ERP may leave it
 * out): nothing is asked then. Until the answers are in, nothing is decided.
 */
import { whole, type Arriving } from '../../api/erp-call';
import type { Statement } from '../../domain/erp-types';
import { NotFoundState } from '../feedback/not-found-state';
import { t } from '../../i18n';
import { useAccountRecord } from './account-name';
import { useListReturn } from './list-return';

/** `needed: false`: the page knows the account exists (the ERP's aging has its row): nothing is asked. */
export function useAccountMissing(
  cariId: string,
  statement: { data: Arriving<Statement> | undefined },
  { name, needed = true }: { name?: string; needed?: boolean } = {},
): boolean {
  const data = whole(statement.data);
  const noLines = !!data && data.lines.length === 0;
  const { missing } = useAccountRecord(cariId, { name, enabled: needed && noLines, priority: 'low' });
  return needed && noLines && missing;
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
