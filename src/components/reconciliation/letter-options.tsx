/**
 * The letter options both letter pages keep in the URL: asOf (default today; not written when it is
 * today), lines=1 (enclose the statement's lines) and from (their first day, default 1 January of the
 * as-of year) — and the controls that edit them (the tr-TR date box).
 */
import { useLocation, useSearchParams } from 'react-router-dom';
import { DateField } from '../form/date-field';
import { t } from '../../i18n';
import { isIsoDate, startOfYear } from '../../lib/dates';
import { withParams } from '../../lib/search-params';
import type { IsoDate } from '../../lib/types';
import { useToday } from '../../lib/use-today';

export interface LetterOptions {
  today: IsoDate;
  asOf: IsoDate;
  withLines: boolean;
  from: IsoDate;
  set: (patch: Record<string, string | null>) => void;
}

export function useLetterOptions(): LetterOptions {
  const [params, setParams] = useSearchParams();
  // The history entry's state (the list the account was opened from) survives the URL rewrite.
  const location = useLocation();
  const today = useToday();
  const asOfParam = params.get('asOf');
  const asOf = isIsoDate(asOfParam) ? asOfParam : today;
  const fromParam = params.get('from');
  return {
    today,
    asOf,
    withLines: params.get('lines') === '1',
    from: isIsoDate(fromParam) ? fromParam : startOfYear(asOf),
    set: (patch) => setParams((prev) => withParams(prev, patch), { replace: true, state: location.state }),
  };
}

export function LetterControls({ options }: { options: LetterOptions }) {
  const { today, asOf, withLines, from, set } = options;
  return (
    <div className="letter-controls">
      <DateField label={t('letter.asOf')} value={asOf} onCommit={(v) => set({ asOf: v && v !== today ? v : null })} />
      <label className="date-field date-field--check">
        <input type="checkbox" checked={withLines} onChange={(e) => set({ lines: e.target.checked ? '1' : null })} />
        {t('letter.includeLines')}
      </label>
      {withLines && <DateField label={t('letter.linesFrom')} value={from} onCommit={(v) => set({ from: v })} />}
    </div>
  );
}
