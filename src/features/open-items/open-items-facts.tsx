/** Above the open-items table: the side the items are on, warnings and notes, the open and overdue totals and the other currencies'. */
import { BalanceText, balanceText } from '../../components/balance';
import { TlBasisNote } from '../../components/statement/tl-basis-note';
import type { OpenItemsResult } from '../../domain/ledger';
import type { Minor } from '../../domain/types';
import { formatCount } from '../../domain/format';
import { t } from '../../i18n';

export interface OpenItemsFactsProps {
  result: OpenItemsResult;
  /** An amount as the page shows it (on the side of the balance). */
  signed: (m: Minor) => Minor;
  /** The currency shown (undefined: TL). */
  currency: string | undefined;
  othersText: string | null;
  /** The account's foreign currencies (the TL figure counts TL-written documents only). */
  foreign: readonly string[];
}

export function OpenItemsFacts({ result, signed, currency, othersText, foreign }: OpenItemsFactsProps) {
  return (
    <>
      <p className="notice" data-testid="open-items-side">
        {t(result.side === 'debit' ? 'ledger.side.debit' : 'ledger.side.credit')}
      </p>
      <TlBasisNote basis="own" foreign={foreign} />
      {result.unreadable > 0 && <p className="notice notice--warn">{t('ledger.unreadable', { count: formatCount(result.unreadable) })}</p>}
      {result.excluded > 0 && <p className="notice">{t('ledger.excluded', { count: formatCount(result.excluded) })}</p>}
      <dl className="ledger-facts">
        <div>
          <dt>{t('ledger.openItems.total')}</dt>
          <dd className="num" data-testid="open-items-total">
            <BalanceText minor={signed(result.openTotal)} currency={currency} />
          </dd>
        </div>
        <div>
          <dt>{t('aging.summary.overdue')}</dt>
          <dd className="num" data-testid="open-items-overdue">
            {t('ledger.openItems.overdue', { amount: balanceText(signed(result.overdueTotal), currency), count: formatCount(result.overdueCount) })}
          </dd>
        </div>
      </dl>
      {othersText && (
        <p className="ledger-facts" data-testid="open-items-others">
          {othersText}
        </p>
      )}
    </>
  );
}
