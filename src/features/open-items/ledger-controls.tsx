/** The as-of date, basis and currency controls of the open-items and vade farkı pages (URL state). */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useListReturn } from '../../components/statement/list-return';
import { PageHeader } from '../../components/layout/page-header';
import { DateField } from '../../components/form/date-field';
import { t } from '../../i18n';
import { formatDate } from '../../domain/format';
import type { Basis } from '../../domain/ledger';
import type { IsoDate } from '../../domain/types';

export function LedgerControls(props: {
  asOf: IsoDate;
  /** An as-of date after today that was asked for (the figures are as of today instead). */
  futureAsked?: IsoDate | null;
  basis: Basis;
  currency: string;
  currencies: readonly string[];
  update: (patch: Record<string, string | null>) => void;
  children?: ReactNode;
}) {
  const { asOf, basis, currency, currencies, update, children } = props;
  return (
    <div className="ledger-controls no-print">
      <DateField id="ledger-asof" label={t('ledger.asOf')} value={asOf} onCommit={(iso) => update({ asOf: iso })} />
      {props.futureAsked && (
        <p className="field-note" role="status" data-testid="ledger-future-asof">
          {t('ledger.asOf.future', { asked: formatDate(props.futureAsked), today: formatDate(asOf) })}
        </p>
      )}
      <div className="field">
        <label htmlFor="ledger-basis">{t('ledger.basis')}</label>
        <select id="ledger-basis" value={basis} onChange={(e) => update({ basis: e.target.value === 'transaction' ? 'transaction' : null })}>
          <option value="due">{t('ledger.basis.due')}</option>
          <option value="transaction">{t('ledger.basis.transaction')}</option>
        </select>
      </div>
      {currencies.length > 1 && (
        <div className="field" role="group" aria-label={t('ledger.currency')}>
          <span>{t('ledger.currency')}</span>
          <span>
            {currencies.map((c) => (
              <button key={c} type="button" className="button button--small" aria-pressed={c === currency} onClick={() => update({ cur: c })}>
                {c}
              </button>
            ))}
          </span>
        </div>
      )}
      {children}
    </div>
  );
}

/** The head of an account's ledger page (open items, vade farkı): back to the statement, title, print, "PDF indir", subtitle. */
export function LedgerHead(props: { cariId: string; title: string; subtitle: string; children?: ReactNode }) {
  const { state } = useListReturn();
  return (
    <>
      <p className="ledger-back no-print">
        <Link to={`/accounts/${encodeURIComponent(props.cariId)}`} state={state}>
          ← {t('ledger.back')}
        </Link>
      </p>
      <PageHeader title={props.title}>
        <button type="button" className="button button--small" onClick={() => window.print()}>
          {t('ledger.print')}
        </button>
        {props.children}
      </PageHeader>
      <p className="ledger-subtitle">
        {t('ledger.account', { id: props.cariId })} · {props.subtitle}
      </p>
    </>
  );
}
