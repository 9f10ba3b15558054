/**
 * The engagement's letters as the auditor sees them: state, our balance, their answer and the difference,
 * whether who answered was verified (VKN/TCKN + the mailed code), the exceptions to work. A row opens its
 * evidence panel (?mektup=).
 */
import { useQuery } from '@tanstack/react-query';
import { denetimQueries, type AuditorLetter } from '../../api/denetim';
import { DataTable, type DataColumn } from '../../components/data-table';
import { useUrlParams, withParams } from '../../lib/search-params';
import { t } from '../../i18n';
import { moneyText, stateText } from './audit-text';
import { AuditLetterPanel } from './audit-letter-panel';

const COLUMNS: readonly DataColumn<AuditorLetter>[] = [
  {
    id: 'account',
    header: () => t('den.col.account'),
    value: (l) => `${l.accountName} (${l.accountId})`,
    primary: true,
    href: (l) => `?bolum=mektuplar&mektup=${encodeURIComponent(l.id)}`,
    wrap: true,
  },
  { id: 'state', header: () => t('den.col.state'), width: '12.5rem', value: (l) => stateText(l.state) },
  { id: 'ours', header: () => t('den.col.balance'), width: '11rem', align: 'end', value: (l) => moneyText(l.ours) },
  { id: 'theirs', header: () => t('den.col.answer'), width: '11rem', align: 'end', value: (l) => moneyText(l.answer?.balances) },
  {
    id: 'difference',
    header: () => t('den.col.difference'),
    width: '10rem',
    align: 'end',
    value: (l) => moneyText(l.difference?.filter((m) => m.balance !== 0)),
  },
  {
    id: 'identity',
    header: () => t('den.col.identity'),
    width: '10rem',
    value: (l) => (l.answer?.identity?.taxId ? t('den.identity.verified', { taxId: l.answer.identity.taxId }) : t('den.identity.none')),
  },
  {
    id: 'exceptions',
    header: () => t('den.col.exceptions'),
    value: (l) => l.exceptions.map((x) => x.text).join('; '),
    cell: (l) => (
      <span>
        {l.exceptions.map((x) => (
          <span key={x.kind} className={`den-flag${l.closed ? '' : ' den-flag--bad'}`}>
            {x.text}
          </span>
        ))}
      </span>
    ),
    wrap: true,
    width: '15rem',
  },
];

/**
 * Beside an open letter's panel: the name, the state and the difference (the panel has the rest). All
 * seven columns in the room left beside it (about 700 px at 1,400) were set smaller and still scrolled
 * sideways, the names cut to a few letters.
 */
const BESIDE_PANEL = new Set(['account', 'state', 'difference']);
const COLUMNS_BESIDE_PANEL = COLUMNS.filter((c) => BESIDE_PANEL.has(c.id));

export function LettersSection() {
  const [params, setParams] = useUrlParams();
  const q = useQuery(denetimQueries.letters());
  const open = params.get('mektup');
  const letter = q.data?.letters.find((l) => l.id === open) ?? null;
  return (
    <div className={letter ? 'den-layout' : undefined}>
      <section className="mut-section">
        <h2>{t('den.letters.title')}</h2>
        <DataTable<AuditorLetter>
          data={q.data?.letters ?? []}
          columns={letter ? COLUMNS_BESIDE_PANEL : COLUMNS}
          getRowId={(l) => l.id}
          aria-label={t('den.letters.title')}
          loading={q.isPending}
          error={q.error ?? undefined}
          onRetry={() => void q.refetch()}
          onRowOpen={(l) => setParams((p) => withParams(p, { mektup: l.id }))}
          rowClassName={(l) => (l.id === open ? 'mut-row--selected' : undefined)}
          emptyMessage={t('den.letters.empty')}
          // Its own column choices beside the panel: a choice made there does not drop the other columns.
          tableId={letter ? 'denetim.letters.panel' : 'denetim.letters'}
        />
      </section>
      {letter && <AuditLetterPanel letter={letter} onClose={() => setParams((p) => withParams(p, { mektup: null }))} />}
    </div>
  );
}
