/** An account's mutabakat letters across periods (newest first), each linking to its row on its campaign's board. */
import { useQuery } from '@tanstack/react-query';
import { mutabakatQueries } from '../../api/mutabakat';
import type { HistoryLetter, LetterRow } from '../../api/mutabakat-types';
import { DataTable, type DataColumn } from '../data-table';
import { t } from '../../i18n';
import { answerColumn, attachmentColumn, moneyColumns, stateColumn } from './letter-columns';

export const boardHref = (campaignId: string, letterId?: string) =>
  `/mutabakat/donemler/${encodeURIComponent(campaignId)}${letterId ? `?mektup=${encodeURIComponent(letterId)}` : ''}`;

const HISTORY_COLUMNS: readonly DataColumn<HistoryLetter>[] = [
  { id: 'asOf', header: () => t('mut.col.asOf'), kind: 'date', width: '8rem', value: (l) => l.asOf },
  { id: 'campaign', header: () => t('mut.history.period'), value: (l) => l.campaignName, primary: true, href: (l) => boardHref(l.campaignId, l.id) },
  stateColumn as DataColumn<HistoryLetter>,
  ...(moneyColumns as readonly DataColumn<LetterRow>[] as readonly DataColumn<HistoryLetter>[]),
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
