/** The board's facts (dates, who started it, reminders, open differences, how mail goes) and its campaign actions. */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { campaignAction } from '../../api/mutabakat';
import type { Campaign } from '../../api/mutabakat-types';
import { userMessageOf } from '../../domain/errors';
import { DownloadLink } from '../../components/mutabakat/download-link';
import { MoneyList } from '../../components/mutabakat/money-list';
import { formsDiffText } from '../../components/mutabakat/babs-columns';
import { monthName } from '../../domain/babs/month';
import { t } from '../../i18n';
import { formatCount, formatDate, formatDateTime } from '../../domain/format';
import type { BoardState } from './use-board';

export function BoardFacts({ campaign, board }: { campaign: Campaign; board: BoardState }) {
  const mail = board.status.data;
  const open = campaign.differences.filter((d) => d.balance !== 0);
  return (
    <>
      <p className="mut-facts">
        <span>
          {campaign.kind === 'babs' && campaign.month
            ? t('babs.mut.month', { month: monthName(campaign.month) })
            : t('mut.board.asOf', { date: formatDate(campaign.asOf) })}
        </span>
        <span>{t('mut.board.deadline', { date: formatDate(campaign.deadline) })}</span>
        <span>{t('mut.board.createdBy', { user: campaign.createdBy, at: formatDateTime(new Date(campaign.createdAt)) })}</span>
        <span>{campaign.reminderDays.length ? t('mut.board.reminders', { days: campaign.reminderDays.join(', ') }) : t('mut.board.noReminders')}</span>
        <span>{t(`mut.campaignState.${campaign.state}`)}</span>
      </p>
      <p className="mut-facts" data-testid="board-differences">
        {campaign.babsDifferences ? (
          formsDiffText(campaign.babsDifferences) ? (
            `${t('babs.mut.differences')} ${formsDiffText(campaign.babsDifferences)}`
          ) : (
            t('mut.board.noDifferences')
          )
        ) : open.length ? (
          <>
            {t('mut.board.differences')} <MoneyList items={open} />
          </>
        ) : (
          t('mut.board.noDifferences')
        )}
      </p>
      {mail?.mail === 'outbox' && (
        <p className="notice">
          {t('mut.board.outboxMode')} <Link to={`/mutabakat/giden-kutusu?donem=${encodeURIComponent(campaign.id)}`}>{t('mut.board.toOutbox')}</Link>
        </p>
      )}
      {mail?.mail === 'disabled' && <p className="notice notice--warn">{t('mut.board.mailProblem', { message: mail.mailProblem ?? '' })}</p>}
      {campaign.counts.failed > 0 && <p className="notice notice--warn">{t('mut.board.failedNote', { count: formatCount(campaign.counts.failed) })}</p>}
    </>
  );
}

export function BoardActions({ campaign, board }: { campaign: Campaign; board: BoardState }) {
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState('');
  const action = useMutation({
    mutationFn: (kind: 'send' | 'cancel' | 'retry-prepare') => campaignAction(campaign.id, kind, kind === 'cancel' ? { note } : undefined),
    onSuccess: () => {
      setConfirming(false);
      void board.refresh();
    },
  });
  const base = `/api/mutabakat/campaigns/${encodeURIComponent(campaign.id)}`;
  const file = `Mutabakat raporu ${formatDate(campaign.asOf)}`;
  return (
    <>
      <DownloadLink className="button button--small" href={`${base}/report.xlsx`} fileName={`${file}.xlsx`}>
        {t('mut.board.reportXlsx')}
      </DownloadLink>
      <DownloadLink className="button button--small" href={`${base}/report.pdf`} fileName={`${file}.pdf`}>
        {t('mut.board.reportPdf')}
      </DownloadLink>
      {campaign.state !== 'cancelled' && campaign.state !== 'preparing' && campaign.counts.prepared > 0 && (
        <button type="button" className="button button--small button--primary" onClick={() => action.mutate('send')} disabled={action.isPending}>
          {t('mut.board.send')}
        </button>
      )}
      {campaign.state !== 'cancelled' && campaign.counts.prepareFailed > 0 && (
        <button type="button" className="button button--small" onClick={() => action.mutate('retry-prepare')} disabled={action.isPending}>
          {t('mut.board.retryPrepare')}
        </button>
      )}
      {campaign.state !== 'cancelled' && !confirming && (
        <button type="button" className="button button--small" onClick={() => setConfirming(true)}>
          {t('mut.board.cancel')}
        </button>
      )}
      {confirming && (
        <span className="mut-panel" role="group" aria-label={t('mut.board.cancel')}>
          <span>{t('mut.board.cancelConfirm')}</span>{' '}
          <label>
            {t('mut.form.cancelNote')} <input value={note} onChange={(e) => setNote(e.target.value)} />
          </label>{' '}
          <button type="button" className="button button--small button--primary" onClick={() => action.mutate('cancel')} disabled={action.isPending}>
            {t('mut.board.cancel')}
          </button>{' '}
          <button type="button" className="button button--small" onClick={() => setConfirming(false)}>
            {t('mut.form.cancel')}
          </button>
        </span>
      )}
      {action.isError && (
        <span className="form-error" role="alert">
          {userMessageOf(action.error)}
        </span>
      )}
    </>
  );
}
