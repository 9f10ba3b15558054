/**
 * /mutabakat/donemler/:campaignId — a campaign's board: progress while the server prepares it,
 * the counts (each a link to its rows), the rows (our balance, theirs, the difference per currency,
 * who answered when and how, their attachment), a letter's panel with its actions (?mektup=), the
 * auditor's reports.
 */
import { Link } from 'react-router-dom';
import type { Campaign, LetterRow } from '../../api/mutabakat-types';
import { DataTable, TableSearch, type DataColumn } from '../../components/data-table';
import { ErrorState, Loading } from '../../components/feedback';
import { PageHeader } from '../../components/layout/page-header';
import { babsColumns } from '../../components/mutabakat/babs-columns';
import { answerColumn, attachmentColumn, moneyColumns, sentColumn, stateColumn } from '../../components/mutabakat/letter-columns';
import { t } from '../../i18n';
import { formatCount } from '../../domain/format';
import { BoardActions, BoardFacts } from './board-header';
import { BoardCounts } from './board-counts';
import { LetterPanel } from './letter-panel';
import { useBoard, COUNT_LINKS } from './use-board';
import '../../components/mutabakat/mutabakat.css';

const ID_NAME: readonly DataColumn<LetterRow>[] = [
  { id: 'accountId', header: () => t('mut.row.id'), width: '7rem', value: (l) => l.accountId },
  {
    id: 'accountName',
    header: () => t('mut.row.name'),
    value: (l) => l.accountName,
    primary: true,
    href: (l) => `?mektup=${encodeURIComponent(l.id)}`,
    wrap: true,
  },
];
const TAIL: readonly DataColumn<LetterRow>[] = [
  { id: 'to', header: () => t('mut.row.to'), width: '12rem', value: (l) => (l.to.length ? l.to.join(', ') : t('mut.row.noAddress')), defaultHidden: 'narrow' },
  sentColumn,
];
const COLUMNS: readonly DataColumn<LetterRow>[] = [...ID_NAME, stateColumn, ...moneyColumns, answerColumn, attachmentColumn, ...TAIL];
/** A BA/BS campaign: our / their count and amount and the difference per form and field. */
const BABS_COLUMNS: readonly DataColumn<LetterRow>[] = [...ID_NAME, stateColumn, ...babsColumns, answerColumn, attachmentColumn, ...TAIL];

export default function BoardPage() {
  const board = useBoard();
  const { data, error, isPending } = board.board;
  if (isPending) return <Loading />;
  if (error || !data) return <ErrorState error={error} onRetry={() => void board.board.refetch()} />;
  const { campaign, letters } = data;
  const filterLabel = board.filter ? t(`mut.count.${COUNT_LINKS.find((c) => c.filter === board.filter)!.key}` as 'mut.count.sent') : null;
  return (
    <div className="mut-board">
      <p className="letter-back no-print">
        <Link to="/mutabakat/donemler">← {t('mut.board.back')}</Link>
      </p>
      <PageHeader title={campaign.name}>
        <BoardActions campaign={campaign} board={board} />
      </PageHeader>
      <BoardFacts campaign={campaign} board={board} />
      <Preparing campaign={campaign} />
      <BoardCounts counts={campaign.counts} board={board} />
      {filterLabel && (
        <p role="status">
          {t('mut.board.filtered', { filter: filterLabel, count: formatCount(letters.length) })}{' '}
          <Link to={board.hrefFor({ durum: null })}>{t('mut.board.showAll')}</Link>
        </p>
      )}
      {board.letterId && <LetterPanel letterId={board.letterId} board={board} onClose={() => board.openLetter(null)} />}
      <DataTable<LetterRow>
        data={letters}
        columns={campaign.kind === 'babs' ? BABS_COLUMNS : COLUMNS}
        getRowId={(l) => l.accountId}
        aria-label={t('mut.board.table')}
        onRowOpen={(l) => board.openLetter(l.id)}
        searchQuery={board.q}
        toolbar={<TableSearch value={board.q} onChange={board.setQ} label={t('mut.board.search')} placeholder={t('mut.search.placeholder')} />}
        emptyMessage={t('mut.board.empty')}
        tableId="mutabakat.board"
        maxHeight="viewport"
        csvFileName={campaign.kind === 'babs' ? `babs-mutabakat-${campaign.month}.csv` : `mutabakat-${campaign.asOf}.csv`}
      />
    </div>
  );
}

function Preparing({ campaign }: { campaign: Campaign }) {
  const { done, total, failed } = campaign.progress;
  if (campaign.state !== 'preparing' && failed === 0) return null;
  return (
    <div className="mut-progress">
      {campaign.state === 'preparing' && (
        <>
          <progress max={Math.max(total, 1)} value={done} aria-label={t('mut.board.progress')} />
          <span role="status">{t('mut.board.preparing', { done: formatCount(done), total: formatCount(total) })}</span>
          <span className="mut-hint">{t('mut.board.leaveNote')}</span>
        </>
      )}
      {failed > 0 && <span className="notice notice--warn">{t('mut.board.preparingFailed', { count: formatCount(failed) })}</span>}
    </div>
  );
}
