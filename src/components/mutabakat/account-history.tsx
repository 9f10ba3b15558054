/** An account's mutabakat letters across periods (newest first), each linking to its row on its campaign's board. */
import { useQuery } from '@tanstack/react-query';
import { mutabakatQueries } from '../../api/mutabakat';
import type { HistoryLetter, LetterRow } from '../../api/mutabakat-types';
import { DataTable, type DataColumn } from '../data-table';
import { t } from '../../i18n';
import { figureText, formsDiffText } from './babs-columns';
import { monthName } from '../../domain/babs/month';
import { formatDate } from '../../domain/format';
import { answerColumn, attachmentColumn, moneyColumns, stateColumn } from './letter-columns';

export const boardHref = (campaignId: string, letterId?: string) =>
  `/mutabakat/donemler/${encodeURIComponent(campaignId)}${letterId ? `?mektup=${encodeURIComponent(letterId)}` : ''}`;

const HISTORY_COLUMNS: readonly DataColumn<HistoryLetter>[] = [
  { id: 'kind', header: () => t('babs.mut.col.kind'), width: '8rem', value: (l) => t(l.kind === 'babs' ? 'babs.mut.kind.babs' : 'babs.mut.kind.cari') },
  // A cari period is its as-of date, a BA/BS one its month: both sort by the day they end.
  {
    id: 'asOf',
    header: () => t('babs.mut.col.period'),
    width: '8rem',
    value: (l) => (l.kind === 'babs' && l.month ? monthName(l.month) : formatDate(l.asOf)),
    sortValue: (l) => l.asOf,
  },
  { id: 'campaign', header: () => t('mut.history.period'), value: (l) => l.campaignName, primary: true, href: (l) => boardHref(l.campaignId, l.id) },
  stateColumn as DataColumn<HistoryLetter>,
  ...(moneyColumns as readonly DataColumn<LetterRow>[] as readonly DataColumn<HistoryLetter>[]),
  {
    id: 'babs',
    header: () => t('babs.mut.figures'),
    width: '14rem',
    wrap: true,
    value: (l) => (l.babs ? `Bs ${figureText(l.babs.ours.bs)}; Ba ${figureText(l.babs.ours.ba)}` : ''),
  },
  {
    id: 'babsDiff',
    header: () => t('babs.mut.col.diffs'),
    width: '12rem',
    wrap: true,
    value: (l) => (l.babs?.difference ? formsDiffText(l.babs.difference) || t('babs.mut.noDiff') : ''),
  },
  answerColumn as DataColumn<HistoryLetter>,
  attachmentColumn as DataColumn<HistoryLetter>,
];

export function AccountHistory({ accountId }: { accountId: string }) {
  const history = useQuery(mutabakatQueries.history(accountId));
  return (
    <section className="mut-section" aria-labelledby={`mut-history-${accountId}`}>
      <h2 id={`mut-history-${accountId}`}>{t('mut.history.title')}</h2>
      <DataTable<HistoryLetter>
        data={history.data ?? []}
        columns={HISTORY_COLUMNS}
        getRowId={(l) => l.id}
        aria-label={t('mut.history.table')}
        loading={history.isPending}
        error={history.error ?? undefined}
        onRetry={() => void history.refetch()}
        emptyMessage={t('mut.history.empty')}
        tableId="mutabakat.history"
        maxHeight="20rem"
        virtualize={false}
        csvFileName={`mutabakat-gecmisi-${accountId}.csv`}
      />
    </section>
  );
}
