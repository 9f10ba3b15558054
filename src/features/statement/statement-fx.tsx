import { BalanceText } from '../../components/balance';
import { t } from '../../i18n';
import { formatMoney } from '../../lib/format';
import type { FxRange } from './currency-balance';

/** Totals per foreign currency (Σ borç, Σ alacak, balance), never added to the TL figures. */
export function StatementFx({ fx }: { fx: FxRange }) {
  return (
    <section className="statement-fx" aria-labelledby="statement-fx-title">
      <h2 id="statement-fx-title" className="statement-fx__title">
        {t('statement.fx.title')}
      </h2>
      <dl className="statement-summary">
        {fx.totals.map((x) => (
          <div key={x.currency} data-testid={`fx-total-${x.currency}`}>
            <dt>{t('statement.fx.summary', { currency: x.currency, debit: formatMoney(x.debit), credit: formatMoney(x.credit) })}</dt>
            <dd className="num">
              <BalanceText minor={x.balance} currency={x.currency} />
              {x.incomplete && <span title={t('statement.fx.incomplete', { currency: x.currency })}> ?</span>}
            </dd>
          </div>
        ))}
      </dl>
      <p className="statement-fx__note">{t('statement.fx.note')}</p>
    </section>
  );
}
