/**
 * /denetim?bolum= — the independent auditor's engagement (Denetçi modu, issue 47): who and what the
 * engagement is, then its steps: the sample, the addresses, sending, the letters and their exceptions,
 * the evidence; in demo mode the engagement's outbox (to play the counterpart). No staff shell, no ERP
 * user: the auditor's own session (a 401 sends them to /denetim/giris).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { auditorLogout, denetimQueries, signedOut } from '../../api/denetim';
import { userMessageOf } from '../../domain/errors';
import { formatDate } from '../../domain/format';
import { Loading } from '../../components/feedback/loading';
import { t, type MessageKey } from '../../i18n';
import { SampleSection } from './sample-section';
import { PartiesSection } from './parties-section';
import { SendSection } from './send-section';
import { LettersSection } from './letters-section';
import { EvidenceSection } from './evidence-section';
import { DemoOutbox } from './demo-outbox';
import '../../components/mutabakat/mutabakat.css';
import './denetim.css';
import { useUrlParams } from '../../lib/search-params';

const TABS: readonly [string, MessageKey][] = [
  ['orneklem', 'den.tab.sample'],
  ['adresler', 'den.tab.parties'],
  ['gonderim', 'den.tab.send'],
  ['mektuplar', 'den.tab.letters'],
  ['kanit', 'den.tab.evidence'],
];

export default function AuditorPage() {
  const [params] = useUrlParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const me = useQuery(denetimQueries.me());
  const logout = useMutation({
    mutationFn: auditorLogout,
    onSettled: () => {
      client.removeQueries({ queryKey: ['denetci'] });
      void navigate('/denetim/giris');
    },
  });
  if (me.error && signedOut(me.error)) return <Navigate to="/denetim/giris" replace />;
  if (me.error)
    return (
      <main className="den-page">
        <p className="notice notice--warn" role="alert">
          {userMessageOf(me.error)}
        </p>
      </main>
    );
  if (!me.data)
    return (
      <main className="den-page">
        <Loading />
      </main>
    );
  const { engagement: e, auditor } = me.data;
  const tabs = me.data.demoOutbox ? [...TABS, ['giden', 'den.tab.outbox'] as [string, MessageKey]] : TABS;
  const tab = tabs.some(([k]) => k === params.get('bolum')) ? params.get('bolum')! : 'orneklem';
  return (
    <main className="den-page">
      <header className="den-head">
        <div>
          <h1 tabIndex={-1}>{t('den.head.engagement', { firm: e.firm, no: e.engagementNo })}</h1>
          <p>{t('den.head.facts', { company: me.data.company, periodEnd: formatDate(e.periodEnd), validUntil: formatDate(e.validUntil.slice(0, 10)) })}</p>
          {auditor.recoveryCodesLeft <= 3 && <p className="den-bad">{t('den.head.recoveryLow', { n: auditor.recoveryCodesLeft })}</p>}
        </div>
        <div className="mut-actions">
          <span>{auditor.name}</span>
          <button type="button" className="button button--small" onClick={() => logout.mutate()} disabled={logout.isPending}>
            {t('den.head.logout')}
          </button>
        </div>
      </header>
      <nav aria-label={t('den.area')}>
        <ul className="den-tabs">
          {tabs.map(([k, label]) => (
            <li key={k}>
              <Link to={`?bolum=${k}`} aria-current={tab === k ? 'page' : undefined}>
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'orneklem' && <SampleSection sample={me.data.sample} />}
      {tab === 'adresler' && <PartiesSection />}
      {tab === 'gonderim' && <SendSection />}
      {tab === 'mektuplar' && <LettersSection />}
      {tab === 'kanit' && <EvidenceSection releasedAt={e.releasedAt} />}
      {tab === 'giden' && <DemoOutbox />}
    </main>
  );
}
