/**
 * The statement page's account: its header facts from the accounts list already in the cache, or fetched
 * in the background once the statement is painted (useAccountRecord: get_cari filtered by the name when
 * the page knows it, else the whole list); its name as early as the statement (or the pinned and recent
 * accounts) gives it; the page title, and the account recorded as recently opened.
 */
import { useEffect, useMemo } from 'react';
import { whole, type Arriving } from '../../api/erp-call';
import { statementAccountName } from '../../api/statement';
import { usePainted } from '../../components/data-table';
import { useAccountRecord } from '../../components/statement/account-name';
import { useDocumentTitle } from '../../components/layout/document-title';
import type { Statement } from '../../domain/erp-types';
import { recordOpened, useAccountShortcuts } from '../../lib/account-shortcuts';
import { t } from '../../i18n';

/** `shown`: the statement's answer as far as it is in (its first lines while a long one streams). */
export function useStatementAccount(cariId: string, shown: Arriving<Statement> | undefined) {
  const statementWhole = whole(shown);
  const statementShown = usePainted(statementWhole, true) && !!statementWhole;
  const { pinned, recent } = useAccountShortcuts();
  const earlyName = useMemo(
    () => (shown && statementAccountName(shown)) ?? [...pinned, ...recent].find((r) => r.id === cariId)?.name,
    [shown, pinned, recent, cariId],
  );
  const { account, missing: accountMissing, list } = useAccountRecord(cariId, { name: earlyName, enabled: statementShown, priority: 'low' });
  const name = account?.name ?? earlyName;
  // The rows are there and the header's facts are on their way (the background list).
  const factsPending = !!shown && !account && !accountMissing && !list.isError;

  useDocumentTitle(name ? t('statement.titleFor', { name }) : undefined);
  useEffect(() => {
    if (account) recordOpened({ id: account.id, name: account.name });
  }, [account]);

  return { account, list, accountMissing, name, factsPending, isPinned: pinned.some((p) => p.id === cariId) };
}
