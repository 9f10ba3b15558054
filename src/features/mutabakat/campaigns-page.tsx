/** /mutabakat/donemler — the campaigns (newest first), each opening its board; links to start one, import contacts, the outbox. */
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { mutabakatQueries } from '../../api/mutabakat';
import type { Campaign } from '../../api/mutabakat-types';
import { DataTable, type DataColumn } from '../../components/data-table';
import { PageHeader } from '../../components/layout/page-header';
import { boardHref } from '../../components/mutabakat/account-history';
import { t } from '../../i18n';
import { formsDiffText } from '../../components/mutabakat/babs-columns';
import { moneyText } from '../../components/mutabakat/money-list';
import { monthName } from '../../domain/babs/month';
import { formatDate } from '../../domain/format';
import '../../components/mutabakat/mutabakat.css';

const COLUMNS: readonly DataColumn<Campaign>[] = [
  { id: 'name', header: () => t('mut.col.name'), value: (c) => c.name, primary: true, href: (c) => boardHref(c.id), wrap: true },
  { id: 'kind', header: () => t('babs.mut.col.kind'), width: '8rem', value: (c) => t(c.kind === 'babs' ? 'babs.mut.kind.babs' : 'babs.mut.kind.cari') },
  {
    id: 'asOf',
    header: () => t('babs.mut.col.period'),
    width: '9rem',
    value: (c) => (c.kind === 'babs' && c.month ? monthName(c.month) : formatDate(c.asOf)),
    sortValue: (c) => c.asOf,
  },
  { id: 'deadline', header: () => t('mut.col.deadline'), kind: 'date', width: '9rem', value: (c) => c.deadline },
  { id: 'state', header: () => t('mut.col.state'), width: '10rem', value: (c) => t(`mut.campaignState.${c.state}`) },
  { id: 'total', header: () => t('mut.col.total'), kind: 'number', width: '6rem', value: (c) => c.counts.total },
  { id: 'agreed', header: () => t('mut.col.agreed'), kind: 'number', width: '7rem', value: (c) => c.counts.agreed },
  { id: 'disagreed', header: () => t('mut.col.disagreed'), kind: 'number', width: '8rem', value: (c) => c.counts.disagreed },
  {
    id: 'diffs',
    header: () => t('babs.mut.col.diffs'),
    width: '12rem',
    wrap: true,
    value: (c) => (c.babsDifferences ? formsDiffText(c.babsDifferences) : moneyText(c.differences.filter((d) => d.balance !== 0))),
    defaultHidden: 'narrow',
  },
  { id: 'noAnswer', header: () => t('mut.col.noAnswer'), kind: 'number', width: '7rem', value: (c) => c.counts.noAnswer },
  { id: 'createdBy', header: () => t('mut.col.createdBy'), width: '9rem', value: (c) => c.createdBy, defaultHidden: 'narrow' },
];

export default function CampaignsPage() {
  const navigate = useNavigate();
  const campaigns = useQuery(mutabakatQueries.campaigns());
  const status = useQuery(mutabakatQueries.status());
  return (
    <div className="mut-campaigns">
      <PageHeader title={t('mut.campaigns.title')}>
        <Link className="button button--primary" to="/mutabakat?baslat=1">
          {t('mut.start.open')}
        </Link>
        <Link className="button" to="/mutabakat/kisiler">
          {t('mut.campaigns.import')}
        </Link>
        <Link className="button" to="/mutabakat/denetim">
          {t('mut.campaigns.audit')}
        </Link>
        {status.data?.mail === 'outbox' && (
          <Link className="button" to="/mutabakat/giden-kutusu">
            {t('mut.campaigns.outbox')}
          </Link>
        )}
      </PageHeader>
      <p>{t('mut.campaigns.intro')}</p>
      {status.data?.mail === 'disabled' && <p className="notice notice--warn">{t('mut.board.mailProblem', { message: status.data.mailProblem ?? '' })}</p>}
      <DataTable<Campaign>
        data={campaigns.data ?? []}
        columns={COLUMNS}
        getRowId={(c) => c.id}
        aria-label={t('mut.campaigns.label')}
        loading={campaigns.isPending}
        error={campaigns.error ?? undefined}
        onRetry={() => void campaigns.refetch()}
        onRowOpen={(c) => void navigate(boardHref(c.id))}
        emptyMessage={t('mut.campaigns.empty')}
        tableId="mutabakat.campaigns"
        csvFileName="mutabakat-donemleri.csv"
      />
    </div>
  );
}
