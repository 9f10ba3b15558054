/** Suppliers, read-only: what we owe per currency, past due and in all, and the oldest item's days. No reminders. */
import { useQuery } from '@tanstack/react-query';
import { tahsilatQueries, type Payables } from '../../api/tahsilat';
import { csvValue, DataTable, type DataColumn } from '../../components/data-table';
import { t } from '../../i18n';
import { formatMoney, formatMoneyPerCurrency } from '../../domain/format';

type Row = Payables['rows'][number];
/** One line per currency (the currency column names them, in the same order). */
const perLine = (r: Row, k: 'overdue' | 'open') =>
  r.open.map((c) => (
    <span key={c.currency} className="col-figure">
      {formatMoney(c[k])}
    </span>
  ));
/** In the file: a number when the supplier has one currency; else each amount with its currency. */
const perCurrencyCsv = (r: Row, k: 'overdue' | 'open') =>
  r.open.length > 1 ? formatMoneyPerCurrency(r.open.map((c) => ({ minor: c[k], currency: c.currency }))) : csvValue('money', r.open[0]?.[k] ?? null);
const COLUMNS: readonly DataColumn<Row>[] = [
  {
    id: 'name',
    header: () => 'Tedarikçi',
    value: (r) => r.name || r.accountId,
    primary: true,
    href: (r) => `/accounts/${encodeURIComponent(r.accountId)}/acik-kalemler`,
    wrap: true,
  },
  { id: 'currency', header: () => t('col.c.currency'), width: '5rem', value: (r) => r.open.map((c) => c.currency).join(', ') },
  {
    id: 'overdue',
    header: () => 'Vadesi geçen borcumuz',
    kind: 'money',
    width: '11rem',
    value: (r) => r.open[0]?.overdue ?? null,
    cell: (r) => perLine(r, 'overdue'),
    csv: (r) => perCurrencyCsv(r, 'overdue'),
  },
  {
    id: 'open',
    header: () => t('col.c.open'),
    kind: 'money',
    width: '11rem',
    value: (r) => r.open[0]?.open ?? null,
    cell: (r) => perLine(r, 'open'),
    csv: (r) => perCurrencyCsv(r, 'open'),
  },
  { id: 'oldest', header: () => t('col.c.oldest'), kind: 'number', width: '6rem', value: (r) => r.oldestDays },
];

export function PayablesTable() {
  const q = useQuery(tahsilatQueries.payables());
  return (
    <div>
      {q.data?.problem && <p className="notice notice--warning">{q.data.problem}</p>}
      <DataTable<Row>
        data={q.data?.rows ?? []}
        columns={COLUMNS}
        getRowId={(r) => r.accountId}
        aria-label={t('col.view.payables')}
        loading={q.isPending}
        error={q.error ?? undefined}
        onRetry={() => void q.refetch()}
        emptyMessage="Vadesi geçen borcumuz yok."
        csvFileName="Tedarikçilere borçlarımız"
        tableId="tahsilat.payables"
        maxHeight="viewport"
      />
    </div>
  );
}
