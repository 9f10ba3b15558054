/** Above the vade farkı sheet: the side computed, warnings and notes, the totals sentence and the other currencies'. */
import { TlBasisNote } from '../../components/statement/tl-basis-note';
import type { LateInterestResult } from '../../domain/late-interest';
import { formatCount } from '../../domain/format';
import { t } from '../../i18n';

export interface LateInterestFactsProps {
  result: LateInterestResult;
  notes: string[];
  includeOpening: boolean;
  summary: string;
  othersText: string | null;
  /** The account's foreign currencies (the TL figure counts TL-written documents only). */
  foreign: readonly string[];
}

export function LateInterestFacts({ result, notes, includeOpening, summary, othersText, foreign }: LateInterestFactsProps) {
  return (
    <>
      <p className="notice" data-testid="late-interest-side">
        {t(result.side === 'debit' ? 'ledger.side.debit' : 'ledger.side.credit')}
      </p>
      <TlBasisNote basis="own" foreign={foreign} />
      {result.undatedSteps > 0 && <p className="notice notice--warn">{t('ledger.lateInterest.undated', { count: formatCount(result.undatedSteps) })}</p>}
      {notes.map((note) => (
        <p key={note} className="notice" data-testid="late-interest-note">
          {note}
        </p>
      ))}
      {includeOpening && <p className="notice">{t('ledger.lateInterest.openingIncluded')}</p>}
      <p className="ledger-facts" data-testid="late-interest-summary">
        {summary} · {t('ledger.lateInterest.vatOnTotal')}
      </p>
      {othersText && (
        <p className="ledger-facts" data-testid="late-interest-others">
          {othersText}
        </p>
      )}
    </>
  );
}
