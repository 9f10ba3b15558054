/** The totals row: a page's `totalsRow` cell, else the column's footer (use-column-totals.ts); "Toplam" in the first cell. */
import type { ReactNode } from 'react';
import { t } from '../../i18n';
import { columnAlign } from './cell-format';
import type { DataColumn } from './types';

export function TableFooter<T>(props: {
  columns: readonly DataColumn<T>[];
  rowCount: number;
  totalsRow: Partial<Record<string, ReactNode>> | undefined;
  footerValues: ReactNode[] | null;
}) {
  const { columns, rowCount, totalsRow, footerValues } = props;
  const values = columns.map((c, i) => (totalsRow && c.id in totalsRow ? totalsRow[c.id] : (footerValues?.[i] ?? null)));
  // "Toplam" in a narrow first column read "Topla…": the label runs on over the empty cells after it
  // (dt-totals__label; one cell per column stays, so columns keep their index).
  return (
    <tfoot>
      <tr className="dt-totals" aria-rowindex={rowCount + 2}>
        {columns.map((c, i) => {
          const label = i === 0 && values[0] == null;
          const content = label ? <span className="dt-totals__text">{t('common.table.totals')}</span> : values[i];
          return (
            <td
              key={c.id}
              className={`dt-td dt-align-${label ? 'start' : columnAlign(c)}${c.kind === 'money' || c.kind === 'number' ? ' num' : ''}${label ? ' dt-totals__label' : ''}`}
            >
              {content}
            </td>
          );
        })}
      </tr>
    </tfoot>
  );
}
