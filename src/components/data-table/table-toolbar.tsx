/**
 * The toolbar above the table: the page's controls (search box), the row count, the column chooser
 * and the export buttons (CSV; Excel, whose writer is fetched on the first press — the button says
 * it is working meanwhile, and a failure is said next to it).
 */
import { useState, type ReactNode } from 'react';
import { t } from '../../i18n';
import { formatCount } from '../../domain/format';
import { LoadProgress } from '../feedback';

export function TableToolbar(props: {
  toolbar: ReactNode;
  /** What the row count says: loading, the first N rows of a list still arriving, nothing (error), "N satır" or "N satırdan M gösteriliyor". */
  rows: { showSkeleton: boolean; hideTable: boolean; incomplete: boolean; filtered: boolean; total: number; shown: number };
  onExportCsv: () => void;
  /** Builds and downloads the Excel file; `progress` 0…1 as it goes (the page stays usable meanwhile). */
  onExportXlsx: (progress: (fraction: number) => void) => Promise<void>;
  columnChooser: ReactNode;
}) {
  const { toolbar, onExportCsv, onExportXlsx, columnChooser } = props;
  const [xlsx, setXlsx] = useState<'idle' | 'pending' | 'failed'>('idle');
  const [percent, setPercent] = useState(0);
  const { showSkeleton, hideTable, incomplete, filtered, total, shown } = props.rows;
  // No row count next to an error or a skeleton: "0 satır" would be a false figure.
  // Loading: "Yükleniyor…", and what a long load is doing (bytes, seconds) after a second.
  // The first rows of a list still arriving: how many are here, and the load's progress.
  const summary = showSkeleton ? (
    <LoadProgress />
  ) : incomplete ? (
    <span data-testid="table-incomplete">
      {t('common.table.incomplete', { count: formatCount(total) })} <LoadProgress label={t('common.table.incompleteLoading')} compact />
    </span>
  ) : hideTable ? (
    ''
  ) : filtered ? (
    t('common.table.summaryFiltered', { total: formatCount(total), shown: formatCount(shown) })
  ) : (
    t('common.table.summary', { total: formatCount(total) })
  );
  return (
    <div className="dt-toolbar">
      {toolbar && <div className="dt-toolbar__controls">{toolbar}</div>}
      <p className="dt-toolbar__summary" role="status" aria-live="polite">
        {summary}
      </p>
      <div className="dt-toolbar__actions">
        {columnChooser}
        <button
          type="button"
          className="button dt-toolbar__csv"
          title={t('common.table.csvTitle')}
          onClick={onExportCsv}
          disabled={showSkeleton || hideTable || incomplete}
        >
          {t('common.table.csv')}
        </button>
        <button
          type="button"
          className="button dt-toolbar__xlsx"
          title={t('common.table.xlsxTitle')}
          onClick={() => {
            setXlsx('pending');
            setPercent(0);
            // User Timing: click → file handed to the browser (bench: export.*XlsxMs).
            performance.clearMarks('export:xlsx:start');
            performance.mark('export:xlsx:start');
            onExportXlsx((f) => setPercent(Math.min(100, Math.max(0, Math.round(f * 100))))).then(
              () => {
                performance.measure('export:xlsx', 'export:xlsx:start');
                setXlsx('idle');
              },
              () => setXlsx('failed'),
            );
          }}
          disabled={showSkeleton || hideTable || incomplete || xlsx === 'pending'}
          aria-busy={xlsx === 'pending' || undefined}
        >
          {xlsx === 'pending' ? t('common.table.xlsxPending') : t('common.table.xlsx')}
        </button>
        {xlsx === 'pending' && (
          <progress className="dt-toolbar__progress" max={100} value={percent} aria-label={t('common.table.xlsxProgress', { percent: String(percent) })} />
        )}
      </div>
      {xlsx === 'failed' && (
        <p className="dt-toolbar__error" role="alert">
          {t('common.table.xlsxFailed')}
        </p>
      )}
    </div>
  );
}
