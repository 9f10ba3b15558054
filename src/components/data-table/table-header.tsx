/** The header row: one <th> per column, with a sort button (▲ ▼ ↕) on sortable columns. */
import type { RowData } from '@tanstack/react-table';
import { t } from '../../i18n';
import { columnAlign, headerText } from './cell-format';
import type { DataColumn } from './types';
import type { WindowTable } from './use-window-table';

export function TableHeader<T extends RowData>(props: { table: WindowTable<T>; colById: ReadonlyMap<string, DataColumn<T>> }) {
  const { table, colById } = props;
  const headerGroup = table.getHeaderGroups()[0];
  return (
    <thead>
      <tr aria-rowindex={1}>
        {headerGroup?.headers.map((header) => {
          const col = colById.get(header.column.id);
          if (!col) return null;
          const sorted = header.column.getIsSorted();
          const label = headerText(col);
          return (
            <th
              key={header.id}
              scope="col"
              className={`dt-th dt-align-${columnAlign(col)}`}
              aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
            >
              {header.column.getCanSort() ? (
                <button type="button" className="dt-sort" onClick={header.column.getToggleSortingHandler()}>
                  <span>{label}</span>
                  <span className="dt-sort__icon" aria-hidden="true">
                    {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                  </span>
                  {sorted && (
                    <span className="visually-hidden">
                      {', '}
                      {t(sorted === 'asc' ? 'common.table.sortAsc' : 'common.table.sortDesc')}
                    </span>
                  )}
                </button>
              ) : (
                label
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
