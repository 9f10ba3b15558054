/**
 * The letter options both letter pages keep in the URL: asOf (default today; not written when it is
 * today), lines=1 (enclose the statement's lines) and from (their first day, default 1 January of the
 * as-of year) — and the controls that edit them (the tr-TR date box).
 */
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { DateField } from '../form/date-field';
import { t } from '../../i18n';
import { isIsoDate, startOfYear } from '../../domain/dates';
import { useUrlParams, withParams } from '../../lib/search-params';
import type { IsoDate } from '../../domain/types';
import { useToday } from '../../lib/use-today';

export interface LetterOptions {
  today: IsoDate;
  asOf: IsoDate;
  withLines: boolean;
  from: IsoDate;
  set: (patch: Record<string, string | null>) => void;
  /** Dates in the address that are not dates (?asOf=2026-02-31): named on the page, never read as today. */
  badParams: readonly { key: 'asOf' | 'from'; field: string; value: string }[];
  /** A date box holds a refused text (its own message is beside it). */
  refused: boolean;
  setRefused: (box: 'asOf' | 'from', refused: boolean) => void;
  /** No letter may be shown, printed or downloaded: a bad date in the address or in a box. */
  blocked: boolean;
}

/** A parameter that is there but is no date ("" counts as absent). */
const badDate = (v: string | null): v is string => v !== null && v !== '' && !isIsoDate(v);

export function useLetterOptions(): LetterOptions {
  const [params, setParams] = useUrlParams();
  // The history entry's state (the list the account was opened from) survives the URL rewrite.
  const location = useLocation();
  const today = useToday();
  const asOfParam = params.get('asOf');
  const asOf = isIsoDate(asOfParam) ? asOfParam : today;
  const fromParam = params.get('from');
  const withLines = params.get('lines') === '1';
  const [refusedBoxes, setRefusedBoxes] = useState<{ asOf: boolean; from: boolean }>({ asOf: false, from: false });
  const badParams = useMemo(() => {
    const bad: { key: 'asOf' | 'from'; field: string; value: string }[] = [];
    if (badDate(asOfParam)) bad.push({ key: 'asOf', field: t('letter.param.asOf'), value: asOfParam.slice(0, 40) });
    if (withLines && badDate(fromParam)) bad.push({ key: 'from', field: t('letter.param.from'), value: fromParam.slice(0, 40) });
    return bad;
  }, [asOfParam, fromParam, withLines]);
  const refused = refusedBoxes.asOf || (withLines && refusedBoxes.from);
  return {
    today,
    asOf,
    withLines,
    from: isIsoDate(fromParam) ? fromParam : startOfYear(asOf),
    set: (patch) => setParams((prev) => withParams(prev, patch), { replace: true, state: location.state }),
    badParams,
    refused,
    setRefused: (box, value) => setRefusedBoxes((prev) => (prev[box] === value ? prev : { ...prev, [box]: value })),
    blocked: badParams.length > 0 || refused,
  };
}

/** What stands instead of the letters while a date is bad: the address's bad dates, named. */
export function LetterDateProblems({ options }: { options: LetterOptions }) {
  return (
    <>
      {options.badParams.map((b) => (
        <p key={b.field} className="notice notice--warn" role="alert">
          {t('common.date.badParam', { field: b.field, value: b.value, result: t('letter.result') })}
        </p>
      ))}
    </>
  );
}

export function LetterControls({ options }: { options: LetterOptions }) {
  const { today, asOf, withLines, from, set, setRefused, badParams } = options;
  // A bad date from the address leaves its box empty: any date typed there replaces it (today's too).
  const bad = (key: 'asOf' | 'from') => badParams.some((b) => b.key === key);
  return (
    <div className="letter-controls">
      <DateField
        label={t('letter.asOf')}
        value={bad('asOf') ? null : asOf}
        onCommit={(v) => set({ asOf: v && v !== today ? v : null })}
        onValidity={(r) => setRefused('asOf', r)}
      />
      <label className="date-field date-field--check">
        <input type="checkbox" checked={withLines} onChange={(e) => set({ lines: e.target.checked ? '1' : null })} />
        {t('letter.includeLines')}
      </label>
      {withLines && (
        <DateField
          label={t('letter.linesFrom')}
          value={bad('from') ? null : from}
          onCommit={(v) => set({ from: v })}
          onValidity={(r) => setRefused('from', r)}
        />
      )}
    </div>
  );
}
