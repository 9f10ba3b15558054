/**
 * The vade farkı page's rate form: the rate (a schedule or a fixed number), its period and the KDV
 * rate as the URL gives them, the form's drafts, and applying them (a refused entry is named in
 * Turkish and hides the result until corrected).
 */
import { useState, type FormEvent } from 'react';
import { rateText } from '../../domain/document/late-interest-document';
import { isScheduleId } from '../../domain/interest-rates';
import { DEFAULT_RATE, DEFAULT_VAT_RATE, parseRateText, type RatePeriod, type ScheduleId } from '../../domain/late-interest';
import { t } from '../../i18n';
import type { useLedgerAccount } from './use-ledger-account';

export type RateChoice = ScheduleId | 'fixed';

/** "3", "3,5", "3.5" → 3.5; anything else ("1.000" is a thousand; outside 0–100) → null. */
function parseRate(text: string | null): number | null {
  const r = parseRateText(text);
  return r.ok ? r.rate : null;
}

/** The Turkish message for a rate (or KDV rate) the field refuses, naming what was typed. */
function rateError(text: string, field: 'rate' | 'vat' = 'rate'): string {
  const r = parseRateText(text);
  if (r.ok) return '';
  const V = field === 'vat' ? 'Vat' : 'Rate';
  if (r.reason === 'thousands') return t(`ledger.lateInterest.bad${V}Thousands`, { text: text.trim() });
  if (r.reason === 'range') return t(`ledger.lateInterest.bad${V}Range`, { text: text.trim() });
  return field === 'vat' ? t('ledger.lateInterest.badVatText', { text: text.trim() }) : t('ledger.lateInterest.badRate');
}

export function useRateForm(params: URLSearchParams, update: ReturnType<typeof useLedgerAccount>['update']) {
  const period: RatePeriod = params.get('period') === 'monthly' ? 'monthly' : 'annual';
  const rateParam = params.get('rate');
  // A link names the schedule (?rate=kanuni, ?rate=ttk1530) or a fixed number; none = kanuni faiz.
  const urlRate: number | ScheduleId | null =
    rateParam === null || rateParam === '' ? DEFAULT_RATE : isScheduleId(rateParam) ? rateParam : parseRate(rateParam);
  const urlRateError = urlRate === null ? rateError(rateParam ?? '') : null;
  // A KDV rate in the link that cannot be read is named and nothing is computed (never a silent 20 %).
  const vatParam = params.get('vat');
  const urlVat = vatParam === null || vatParam === '' ? DEFAULT_VAT_RATE : parseRate(vatParam);
  const urlVatError = urlVat === null ? rateError(vatParam ?? '', 'vat') : null;
  const vat = urlVat ?? DEFAULT_VAT_RATE;

  const [draftKind, setDraftKind] = useState<RateChoice>(typeof urlRate === 'number' ? 'fixed' : (urlRate ?? 'fixed'));
  // A refused link rate stays in the box (the user sees what was refused); a schedule leaves it empty.
  const [draftRate, setDraftRate] = useState(typeof urlRate === 'number' ? rateText(urlRate) : urlRate === null ? (rateParam ?? '') : '');
  const [draftPeriod, setDraftPeriod] = useState<RatePeriod>(period);
  const [draftVat, setDraftVat] = useState(urlVat === null ? (vatParam ?? '') : rateText(vat));
  const [error, setError] = useState<string | null>(null);
  // A refused entry: the result on screen no longer describes what was typed — hidden until corrected.
  const shownError = error ?? urlRateError ?? urlVatError;
  const rate = shownError ? null : urlRate;

  const onApply = (e: FormEvent) => {
    e.preventDefault();
    const v = parseRate(draftVat);
    if (draftKind === 'fixed') {
      const r = parseRate(draftRate);
      if (r === null) return setError(rateError(draftRate));
      if (v === null) return setError(rateError(draftVat, 'vat'));
      setError(null);
      return update({ rate: String(r), period: draftPeriod, vat: String(v) });
    }
    if (v === null) return setError(rateError(draftVat, 'vat'));
    setError(null);
    update({ rate: draftKind, period: null, vat: String(v) });
  };
  const applyLegal = () => {
    setDraftKind('kanuni');
    setError(null);
    update({ rate: 'kanuni', period: null });
  };
  return {
    period,
    vat,
    rate,
    shownError,
    form: { draftKind, setDraftKind, draftRate, setDraftRate, draftPeriod, setDraftPeriod, draftVat, setDraftVat, onApply, applyLegal },
  };
}
