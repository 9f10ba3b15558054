import { t } from '../../i18n';
import { formatBalance } from '../../lib/format';

/** A balance with its side: "1.234,56 B" (borçlu, debit colour) / "1.234,56 A" (alacaklı, credit colour). */
export function BalanceText({ minor }: { minor: number }) {
  const { text, side } = formatBalance(minor);
  const cls = side === 'B' ? 'debit' : side === 'A' ? 'credit' : '';
  return (
    <span className={`balance ${cls}`}>
      {text}
      {side && (
        <>
          {' '}
          <abbr className="balance__side" title={t(side === 'B' ? 'accounts.side.B.long' : 'accounts.side.A.long')}>
            {t(side === 'B' ? 'accounts.side.B' : 'accounts.side.A')}
          </abbr>
        </>
      )}
    </span>
  );
}

