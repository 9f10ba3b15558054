/** The vade farkı rate form: a schedule (kanuni faiz, TTK 1530) or a fixed rate and period, KDV, the opening balance. */
import type { FormEvent } from 'react';
import { isScheduleId } from '../../domain/interest-rates';
import type { RatePeriod } from '../../domain/late-interest';
import { t } from '../../i18n';
import type { RateChoice } from './use-late-interest';

export interface LateInterestRateFormProps {
  draftKind: RateChoice;
  setDraftKind: (v: RateChoice) => void;
  draftRate: string;
  setDraftRate: (v: string) => void;
  draftPeriod: RatePeriod;
  setDraftPeriod: (v: RatePeriod) => void;
  draftVat: string;
  setDraftVat: (v: string) => void;
  shownError: string | null;
  includeOpening: boolean;
  update: (patch: Record<string, string | null>) => void;
  onApply: (e: FormEvent) => void;
  applyLegal: () => void;
}

export function LateInterestRateForm(f: LateInterestRateFormProps) {
  return (
    <form className="ledger-controls no-print" onSubmit={f.onApply} noValidate>
      <div className="field">
        <label htmlFor="li-kind">{t('ledger.lateInterest.rateKind')}</label>
        <select id="li-kind" value={f.draftKind} onChange={(e) => f.setDraftKind(isScheduleId(e.target.value) ? e.target.value : 'fixed')}>
          <option value="kanuni">{t('ledger.lateInterest.rateKind.kanuni')}</option>
          <option value="ttk1530">{t('ledger.lateInterest.rateKind.ttk1530')}</option>
          <option value="fixed">{t('ledger.lateInterest.rateKind.fixed')}</option>
        </select>
      </div>
      {f.draftKind === 'fixed' && (
        <>
          <div className="field">
            <label htmlFor="li-rate">{t('ledger.lateInterest.rate')}</label>
            <input
              id="li-rate"
              type="text"
              inputMode="decimal"
              value={f.draftRate}
              onChange={(e) => f.setDraftRate(e.target.value)}
              aria-describedby="li-legal"
              aria-invalid={f.shownError ? true : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor="li-period">{t('ledger.lateInterest.period')}</label>
            <select id="li-period" value={f.draftPeriod} onChange={(e) => f.setDraftPeriod(e.target.value === 'monthly' ? 'monthly' : 'annual')}>
              <option value="monthly">{t('ledger.lateInterest.period.monthly')}</option>
              <option value="annual">{t('ledger.lateInterest.period.annual')}</option>
            </select>
          </div>
        </>
      )}
      <div className="field">
        <label htmlFor="li-vat">{t('ledger.lateInterest.vat')}</label>
        <input id="li-vat" type="text" inputMode="decimal" value={f.draftVat} onChange={(e) => f.setDraftVat(e.target.value)} />
      </div>
      <label className="ledger-check">
        <input type="checkbox" checked={f.includeOpening} onChange={(e) => f.update({ opening: e.target.checked ? '1' : null })} />{' '}
        {t('ledger.lateInterest.includeOpening')}
      </label>
      <button type="submit" className="button button--primary">
        {t('ledger.lateInterest.apply')}
      </button>
      <button type="button" className="button" onClick={f.applyLegal}>
        {t('ledger.lateInterest.useLegal')}
      </button>
    </form>
  );
}
