/**
 * /mutabakat/denetim?id= — Bağımsız denetim (Denetçi modu, issue 47): authorise an audit firm, the
 * engagements with their state, and one engagement's letters by state only — the answers go to the
 * auditor, and appear here only once the auditor has released them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { denetimQueries, revokeEngagement, type CompanyLetter, type EngagementListRow } from '../../api/denetim';
import { DataTable, type DataColumn } from '../../components/data-table';
import { PageHeader } from '../../components/layout/page-header';
import { formatDate, formatDateTime } from '../../domain/format';
import { userMessageOf } from '../../domain/errors';
import { useUrlParams, withParams } from '../../lib/search-params';
import { t } from '../../i18n';
import { CompanyForm } from './company-form';
import { moneyText } from './audit-text';
import '../../components/mutabakat/mutabakat.css';
import './denetim.css';

const day = (iso: string) => formatDate(iso.slice(0, 10));
const lettersText = (r: EngagementListRow) =>
  Object.entries(r.letters)
    .map(([state, n]) => `${state} ${n}`)
    .join(', ') || '—';

const LIST: readonly DataColumn<EngagementListRow>[] = [
  { id: 'firm', header: () => t('den.company.col.firm'), value: (r) => r.firm, primary: true, href: (r) => `?id=${encodeURIComponent(r.id)}`, wrap: true },
  { id: 'no', header: () => t('den.company.col.no'), width: '9rem', value: (r) => r.engagementNo },
  { id: 'periodEnd', header: () => t('den.company.col.periodEnd'), kind: 'date', width: '8rem', value: (r) => r.periodEnd },
  { id: 'validUntil', header: () => t('den.company.col.validUntil'), width: '8rem', value: (r) => day(r.validUntil) },
  {
    id: 'state',
    header: () => t('den.company.col.state'),
    width: '9rem',
    value: (r) => (r.releasedAt ? t('den.company.released') : t(`den.company.state.${r.state}`)),
  },
  {
    id: 'joined',
    header: () => t('den.company.col.joined'),
    width: '9rem',
    value: (r) => (r.auditorJoined ? t('den.company.joined') : t('den.company.notJoined')),
  },
  { id: 'letters', header: () => t('den.company.col.letters'), value: lettersText, wrap: true },
];

const resultText = (l: CompanyLetter) =>
  !l.result ? '—' : `${t(`den.company.result.${l.result.kind}`)}${l.result.balances?.length ? `: ${moneyText(l.result.balances)}` : ''}`;

function letterColumns(released: boolean): readonly DataColumn<CompanyLetter>[] {
  return [
    { id: 'account', header: () => t('den.col.account'), value: (l) => `${l.accountName} (${l.accountId})`, wrap: true },
    { id: 'state', header: () => t('den.col.state'), width: '10rem', value: (l) => l.state },
    { id: 'sentAt', header: () => t('den.col.sentAt'), width: '10rem', value: (l) => (l.sentAt ? formatDateTime(new Date(l.sentAt)) : '') },
    ...(released ? [{ id: 'result', header: () => t('den.col.result'), value: resultText, wrap: true } satisfies DataColumn<CompanyLetter>] : []),
  ];
}

function Detail({ id }: { id: string }) {
  const client = useQueryClient();
  const q = useQuery(denetimQueries.engagement(id));
  const revoke = useMutation({ mutationFn: () => revokeEngagement(id), onSuccess: () => void client.invalidateQueries({ queryKey: ['denetim'] }) });
  const e = q.data?.engagement;
  const released = !!e?.releasedAt;
  return (
    <section className="mut-section" aria-label={e ? t('den.company.detail', { firm: e.firm, no: e.engagementNo }) : undefined}>
      {e && <h2>{t('den.company.detail', { firm: e.firm, no: e.engagementNo })}</h2>}
      <p className="notice">{released ? t('den.ev.released', { at: formatDateTime(new Date(e!.releasedAt!)) }) : t('den.company.statesOnly')}</p>
      <DataTable<CompanyLetter>
        data={q.data?.letters ?? []}
        columns={letterColumns(released)}
        getRowId={(l) => l.accountId}
        aria-label={t('den.letters.title')}
        loading={q.isPending}
        error={q.error ?? undefined}
        onRetry={() => void q.refetch()}
        emptyMessage={t('den.company.noLetters')}
        tableId="denetim.company.letters"
      />
      {e?.state === 'active' && (
        <div className="mut-actions">
          <button
            type="button"
            className="button button--small"
            disabled={revoke.isPending}
            onClick={() => window.confirm(t('den.company.revokeConfirm')) && revoke.mutate()}
          >
            {t('den.company.revoke')}
          </button>
          {revoke.error && (
            <span className="field__error" role="alert">
              {userMessageOf(revoke.error)}
            </span>
          )}
        </div>
      )}
    </section>
  );
}

export default function CompanyPage() {
  const [params, setParams] = useUrlParams();
  const id = params.get('id');
  const list = useQuery(denetimQueries.engagements());
  return (
    <div className="den-company">
      <PageHeader title={t('den.company.title')} />
      <p className="mut-hint">{t('den.company.intro')}</p>
      <CompanyForm />
      <section className="mut-section">
        <h2>{t('den.company.list')}</h2>
        <DataTable<EngagementListRow>
          data={list.data ?? []}
          columns={LIST}
          getRowId={(r) => r.id}
          aria-label={t('den.company.list')}
          loading={list.isPending}
          error={list.error ?? undefined}
          onRetry={() => void list.refetch()}
          onRowOpen={(r) => setParams((p) => withParams(p, { id: r.id }))}
          rowClassName={(r) => (r.id === id ? 'mut-row--selected' : undefined)}
          emptyMessage={t('den.company.empty')}
          tableId="denetim.company.list"
        />
      </section>
      {id && <Detail id={id} />}
    </div>
  );
}
