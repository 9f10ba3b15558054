/**
 * The statement's filters in ONE line (they sit in the table's toolbar, beside the row count and
 * CSV): range presets, from, to, transaction type.
 */
import { t } from '../../i18n';
import { DateField } from '../../components/form/date-field';
import type { IsoDate } from '../../domain/types';
import { presetRange, RANGE_PRESETS, type RangePreset } from './date-range';

export function StatementFilters(props: {
  from: IsoDate | null;
  to: IsoDate | null;
  today: IsoDate;
  activePreset: RangePreset | null;
  type: string;
  typeOptions: readonly string[];
  /** A preset sets both ends; a date box only its own (the other is kept as the URL has it). */
  onRange: (patch: { from?: IsoDate | null; to?: IsoDate | null }) => void;
  onType: (type: string) => void;
  /** A date box holds (or no longer holds) a refused text. */
  onRefused: (box: 'from' | 'to', refused: boolean) => void;
}) {
  const { from, to, today, activePreset, type, typeOptions, onRange, onType, onRefused } = props;
  return (
    <div className="statement-controls no-print">
      <div role="group" aria-label={t('statement.range.label')} className="statement-presets">
        {RANGE_PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className="button button--small"
            aria-pressed={activePreset === p}
            onClick={() => {
              const r = presetRange(p, today);
              onRange({ from: r.from, to: r.to });
            }}
          >
            {t(`statement.range.${p}`)}
          </button>
        ))}
      </div>
      <DateField label={t('statement.range.from')} value={from} onCommit={(v) => onRange({ from: v })} onValidity={(r) => onRefused('from', r)} />
      <DateField label={t('statement.range.to')} value={to} onCommit={(v) => onRange({ to: v })} onValidity={(r) => onRefused('to', r)} />
      <label className="date-field">
        {t('statement.types.label')}
        <select value={type} onChange={(e) => onType(e.target.value)}>
          <option value="">{t('statement.types.all')}</option>
          {typeOptions.map((ty) => (
            <option key={ty} value={ty}>
              {ty}
            </option>
          ))}
          {type && !typeOptions.includes(type) && <option value={type}>{type}</option>}
        </select>
      </label>
    </div>
  );
}
