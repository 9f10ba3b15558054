import { BalanceText, balanceText } from '../../components/balance';
import { t } from '../../i18n';
import { formatCount, formatMoney } from '../../domain/format';
import type { FxRange } from '../../domain/running-balance';

/** Totals per foreign currency (Σ borç, Σ alacak, balance), never added to the TL figures. */
export function StatementFx({ fx }: { fx: FxRange }) {
  return (
    <section className="statement-fx" aria-labelledby="statement-fx-title">
      <h2 id="statement-fx-title" className="statement-fx__title">
        {t('statement.fx.title')}
      </h2>
      <ul className="statement-fx__list">
        {fx.totals.map((x) => (
          <li key={x.currency} data-testid={`fx-total-${x.currency}`}>
            {t('statement.fx.summary', { currency: x.currency, debit: formatMoney(x.debit), credit: formatMoney(x.credit) })} · {t('statement.fx.balance')}{' '}
            <strong className="num">
              <BalanceText minor={x.balance} currency={x.currency} />
            </strong>
            {x.incomplete && <span title={t('statement.fx.incomplete', { currency: x.currency })}> ?</span>}
            {' · '}
            <span data-testid={`fx-overdue-${x.currency}`}>
              {t('statement.fx.overdue', { amount: balanceText(x.overdue, x.currency), count: formatCount(x.overdueCount) })}
            </span>
          </li>
        ))}
      </ul>
      <p className="statement-fx__note">{t('statement.fx.note')}</p>
    </section>
  );
}
