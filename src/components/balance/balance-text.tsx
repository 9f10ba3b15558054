import { t } from '../../i18n';
import { formatBalance } from '../../domain/format';
import './balance.css';

/**
 * The one balance display: "1.234,56 B" (borçlu, debit colour) / "1.234,56 A" (alacaklı, credit
 * colour) / "0,00". The side letter explains itself on hover ("borçlu" / "alacaklı").
 */
export function BalanceText({ minor, currency }: { minor: number; currency?: string }) {
  const { text, side } = formatBalance(minor);
  return (
    <span className={`balance${side === 'B' ? ' debit' : side === 'A' ? ' credit' : ''}`}>
      {text}
      {currency && ` ${currency}`}
      {side && (
        <>
          {' '}
          <abbr className="balance__side" title={t(side === 'B' ? 'common.side.B.long' : 'common.side.A.long')}>
            {t(side === 'B' ? 'common.side.B' : 'common.side.A')}
          </abbr>
        </>
      )}
    </span>
  );
}

export { balanceText } from '../../domain/letter/balance-plain';
