/** The /babs table's columns: counterparty (opens its documents), VKN/TCKN, document count, KDV-hariç total, and whether it is reported. */
import type { DataColumn } from '../../components/data-table';
import { t } from '../../i18n';
import { formatMoney } from '../../domain/format';
import { withParams } from '../../lib/search-params';
import type { BabsRow } from './babs-rows';

export const BABS_COLUMNS: DataColumn<BabsRow>[] = [
  {
    id: 'name',
    header: () => t('babs.col.name'),
    value: (r) => r.name,
    primary: true,
    href: (r) => `/babs?${withParams(new URLSearchParams(window.location.search), { cari: r.key }).toString()}`,
    wrap: true,
  },
  {
    id: 'taxId',
    header: () => t('babs.col.taxId'),
    value: (r) => r.taxId,
    width: '9rem',
    cell: (r) => r.taxId || <span className="babs-missing">{t('babs.taxId.missing')}</span>,
  },
  { id: 'count', header: () => t('babs.col.count'), kind: 'number', value: (r) => r.count, width: '8rem' },
  { id: 'net', header: () => t('babs.col.net'), kind: 'money', value: (r) => r.net, width: '10rem' },
  {
    id: 'status',
    header: () => t('babs.col.status'),
    value: (r) => (r.reportable ? 'bildirilir' : 'altında'),
    exportable: false,
    width: '16rem',
    cell: (r) => <StatusCell row={r} />,
  },
];

function StatusCell({ row }: { row: BabsRow }) {
  const th = formatMoney(row.threshold);
  return (
    <span className={row.reportable ? 'babs-status babs-status--yes' : 'babs-status'}>
      {row.reportable ? t('babs.status.reportable', { threshold: th }) : t('babs.status.below', { net: formatMoney(row.net), threshold: th })}
      {row.foreign.length > 0 && ` · ${row.foreign.join(', ')}`}
    </span>
  );
}
