/** Above the accounts table: the count and Σ borçlu / alacaklı / net box, and the notices about the rows shown. */
import { BalanceText } from '../../components/balance';
import { t } from '../../i18n';
import { formatCount } from '../../domain/format';
import type { AccountTotals } from './account-list';
import type { AccountListView } from './use-account-list';

export function AccountsSummary({ list, totals, urlQ }: { list: AccountListView; totals: AccountTotals | undefined; urlQ: string }) {
  const { full, remote, incomplete, sourceKind, warnings } = list;
  return (
    <>
      {(full.isSuccess || incomplete) && (
        // Before a big list's totals are counted (right after its first paint) the box is
        // already there, so the table below does not move when they arrive.
        <dl className="accounts-totals" aria-label={t('accounts.totals.label')} aria-busy={!totals || undefined}>
          <div>
            <dt>{t('accounts.totals.label')}</dt>
            {totals ? <dd data-testid="accounts-count">{t('accounts.totals.count', { count: formatCount(totals.count) })}</dd> : <dd>…</dd>}
          </div>
          {(['debit', 'credit', 'net'] as const).map((k) => (
            <div key={k}>
              <dt>{t(`accounts.totals.${k}`)}</dt>
              <dd className="num" data-testid={totals && !totals.overflow ? `accounts-${k}` : undefined}>
                {!totals ? '…' : totals.overflow ? t('accounts.totals.overflowShort') : <BalanceText minor={k === 'credit' ? -totals.credit : totals[k]} />}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {totals?.overflow && (
        <p className="notice notice--warn" role="alert">
          {t('accounts.totals.overflow')}
        </p>
      )}
      {warnings > 0 && <p className="notice">{t('accounts.warnings', { count: formatCount(warnings) })}</p>}
      {sourceKind !== 'list' && remote.isFetching && (
        <p className="notice" role="status">
          {t('accounts.search.remote')}
        </p>
      )}
      {sourceKind === 'remote-failed' && <p className="notice notice--warn">{t('accounts.search.remoteFailed', { q: urlQ })}</p>}
      {sourceKind === 'remote' && <p className="notice">{t('accounts.search.remoteResult', { q: urlQ })}</p>}
    </>
  );
}
