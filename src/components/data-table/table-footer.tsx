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
  return (
    <tfoot>
      <tr className="dt-totals" aria-rowindex={rowCount + 2}>
        {columns.map((c, i) => {
          const value = totalsRow && c.id in totalsRow ? totalsRow[c.id] : (footerValues?.[i] ?? null);
          const content = value ?? (i === 0 ? t('common.table.totals') : null);
          return (
            <td key={c.id} className={`dt-td dt-align-${columnAlign(c)}${c.kind === 'money' || c.kind === 'number' ? ' num' : ''}`}>
              {content}
            </td>
          );
        })}
      </tr>
    </tfoot>
  );
}
