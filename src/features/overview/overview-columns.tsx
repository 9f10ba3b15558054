/** Columns of the Özet page's small tables (top debtors/creditors, largest overdue). */
import type { Account } from '../../domain/erp-types';
import { cellText, type AgingLayout } from '../../domain/aging-buckets';
import { agingRowHref, cellMinor, rowOverdue } from '../../domain/aging-buckets';
import { bucketLabel } from '../../components/aging/bucket-display';
import { BalanceText } from '../../components/balance';
import type { DataColumn, ErpRow } from '../../components/data-table';
import { t } from '../../i18n';
import { formatMoney } from '../../domain/format';

export const accountStatementHref = (a: Account) => `/accounts/${encodeURIComponent(a.id)}`;

export const TOP_ACCOUNT_COLUMNS: readonly DataColumn<Account>[] = [
  { id: 'name', header: () => t('overview.col.name'), value: (a) => a.name, primary: true, href: accountStatementHref, sortable: false },
  {
    id: 'balance',
    header: () => t('overview.col.balance'),
    kind: 'money',
    width: '11rem',
    value: (a) => a.balance,
    cell: (a) => (a.balance !== null ? <BalanceText minor={a.balance} /> : ''),
    sortable: false,
  },
];

/** Firma, the oldest overdue bucket, the next older one and the row's overdue total. */
export function overdueColumns(layout: AgingLayout, oldestFirst: readonly number[]): DataColumn<ErpRow>[] {
  const name = (r: ErpRow) => (layout.nameKey ? cellText(r[layout.nameKey]) : '') || (layout.accountIdKey ? cellText(r[layout.accountIdKey]) : '');
  const cols: DataColumn<ErpRow>[] = [
    { id: 'name', header: () => t('overview.col.name'), value: name, primary: true, href: (r) => agingRowHref(r, layout), sortable: false },
  ];
  for (const i of oldestFirst.slice(0, 2)) {
    const b = layout.buckets[i]!;
    cols.push({
      id: `b:${b.key}`,
      header: bucketLabel(b),
      kind: 'money',
      width: '9rem',
      value: (r) => cellMinor(r[b.key]),
      cell: (r) => formatMoney(cellMinor(r[b.key])),
      sortable: false,
    });
  }
  cols.push({
    id: 'overdue',
    header: () => t('overview.col.overdue'),
    kind: 'money',
    width: '10rem',
    value: (r) => rowOverdue(r, layout),
    cell: (r) => formatMoney(rowOverdue(r, layout)),
    sortable: false,
  });
  return cols;
}
