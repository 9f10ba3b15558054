/**
 * /mutabakat/giden-kutusu?donem=&posta=&q= — every mail through the one outbox, newest first: its
 * state (queued, sent, failed with the server's answer and the next attempt); in demo mode without
 * SMTP each mail is shown as it would go out, with its working reply link (play the counterpart).
 */
import { useQuery } from '@tanstack/react-query';
import { mutabakatQueries } from '../../api/mutabakat';
import type { Mail } from '../../api/mutabakat-types';
import { DataTable, TableSearch, type DataColumn } from '../../components/data-table';
import { PageHeader } from '../../components/layout/page-header';
import { t } from '../../i18n';
import { formatDateTime } from '../../domain/format';
import { useUrlParams, withParams } from '../../lib/search-params';
import { ParamLink } from '../../components/param-link';
import { MailView } from './mail-view';
import '../../components/mutabakat/mutabakat.css';

const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '');
const stateText = (m: Mail) =>
  m.state === 'queued' && m.attempts > 0 && m.smtp
    ? t('mut.outbox.retry', { attempts: m.attempts, at: when(m.nextAttemptAt), smtp: m.smtp })
    : [t(`mut.outbox.state.${m.state}`), m.state === 'failed' ? (m.smtp ?? '') : '', m.maybeTwice ? t('mut.outbox.maybeTwice') : ''].filter(Boolean).join(': ');

const COLUMNS: readonly DataColumn<Mail>[] = [
  { id: 'createdAt', header: () => t('mut.outbox.col.createdAt'), width: '10.5rem', value: (m) => when(m.createdAt), sortValue: (m) => m.createdAt },
  {
    id: 'subject',
    header: () => t('mut.outbox.col.subject'),
    value: (m) => m.subject,
    primary: true,
    href: (m) => `?posta=${encodeURIComponent(m.id)}`,
    wrap: true,
  },
  { id: 'to', header: () => t('mut.outbox.col.to'), width: '13rem', value: (m) => m.to.join(', '), wrap: true },
  { id: 'kind', header: () => t('mut.outbox.col.kind'), width: '7rem', value: (m) => t(`mut.outbox.kind.${m.kind}`) },
  { id: 'state', header: () => t('mut.outbox.col.state'), width: '10rem', value: stateText, wrap: true },
];

export default function OutboxPage() {
  const [params, setParams] = useUrlParams();
  const campaignId = params.get('donem');
  const mailId = params.get('posta');
  const q = params.get('q') ?? '';
  const outbox = useQuery(mutabakatQueries.outbox(campaignId));
  const mode = outbox.data?.mode;
  return (
    <div>
      <PageHeader title={t('mut.outbox.title')}>
        {campaignId && (
          <ParamLink className="button button--small" patch={{ donem: null }}>
            {t('mut.outbox.all')}
          </ParamLink>
        )}
      </PageHeader>
      {mode && <p className="notice">{mode === 'smtp' ? t('mut.outbox.smtp') : t('mut.outbox.demo')}</p>}
      <div className="mut-outbox">
        <DataTable<Mail>
          data={outbox.data?.mails ?? []}
          columns={COLUMNS}
          getRowId={(m) => m.id}
          aria-label={t('mut.outbox.table')}
          loading={outbox.isPending}
          error={outbox.error ?? undefined}
          onRetry={() => void outbox.refetch()}
          onRowOpen={(m) => setParams((prev) => withParams(prev, { posta: m.id }))}
          rowClassName={(m) => (m.id === mailId ? 'mut-row--selected' : undefined)}
          searchQuery={q}
          toolbar={
            <TableSearch
              value={q}
              onChange={(v) => setParams((prev) => withParams(prev, { q: v || null }), { replace: true })}
              label={t('mut.outbox.search')}
              placeholder={t('mut.search.placeholder')}
            />
          }
          emptyMessage={t('mut.outbox.empty')}
          tableId="mutabakat.outbox"
          maxHeight="viewport"
        />
        {mailId ? <MailView mailId={mailId} /> : <p className="mut-hint">{t('mut.outbox.select')}</p>}
      </div>
    </div>
  );
}
