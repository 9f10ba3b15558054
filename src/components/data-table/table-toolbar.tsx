/** The toolbar above the table: the page's controls (search box), the row count and the export button. */
import type { ReactNode } from 'react';
import { t } from '../../i18n';
import { formatCount } from '../../lib/format';
import { LoadProgress } from '../feedback';

export function TableToolbar(props: {
  toolbar: ReactNode;
  /** What the row count says: loading, nothing (error), "N satır" or "N satırdan M gösteriliyor". */
  rows: { showSkeleton: boolean; hideTable: boolean; filtered: boolean; total: number; shown: number };
  onExportCsv: () => void;
}) {
  const { toolbar, onExportCsv } = props;
  const { showSkeleton, hideTable, filtered, total, shown } = props.rows;
  // No row count next to an error or a skeleton: "0 satır" would be a false figure.
  // Loading: "Yükleniyor…", and what a long load is doing (bytes, seconds) after a second.
  const summary = showSkeleton
    ? <LoadProgress />
    : hideTable
      ? ''
      : filtered
      ? t('common.table.summaryFiltered', { total: formatCount(total), shown: formatCount(shown) })
      : t('common.table.summary', { total: formatCount(total) });
  return (
    <div className="dt-toolbar">
      {toolbar && <div className="dt-toolbar__controls">{toolbar}</div>}
      <p className="dt-toolbar__summary" role="status" aria-live="polite">
        {summary}
      </p>
      <button
        type="button"
        className="button dt-toolbar__csv"
        title={t('common.table.csvTitle')}
        onClick={onExportCsv}
        disabled={showSkeleton || hideTable}
      >
        {t('common.table.csv')}
      </button>
    </div>
  );
}
