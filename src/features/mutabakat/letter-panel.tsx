/**
 * One letter's panel on the board (?mektup=): its figures, the answer, its event history (never
 * rewritten), and the actions its state allows — resend, remind now, record an answer that came by
 * phone / fax / e-mail / KEP / noter, mark a difference resolved, cancel.
 */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { letterAction, mutabakatQueries, type LetterAction } from '../../api/mutabakat';
import type { LetterEvent, LetterRow } from '../../api/mutabakat-types';
import { userMessageOf } from '../../domain/errors';
import { ErrorState, Loading } from '../../components/feedback';
import { DownloadLink } from '../../components/mutabakat/download-link';
import { answerText, AttachmentCell, StateCell } from '../../components/mutabakat/letter-columns';
import { eventLabel } from '../../components/mutabakat/labels';
import { MoneyList } from '../../components/mutabakat/money-list';
import { BabsFiguresList } from '../../components/mutabakat/babs-columns';
import { t } from '../../i18n';
import { formatDateTime } from '../../domain/format';
import { AnswerForm } from './answer-form';
import { NoteForm } from './note-form';
import type { BoardState } from './use-board';

type Mode = null | 'answer' | 'resolve' | 'cancel';

export function LetterPanel({ letterId, board, onClose }: { letterId: string; board: BoardState; onClose: () => void }) {
  const query = useQuery(mutabakatQueries.letter(letterId));
  const [mode, setMode] = useState<Mode>(null);
  const [done, setDone] = useState<LetterAction | null>(null);
  const action = useMutation({
    mutationFn: ({ kind, body }: { kind: LetterAction; body?: Parameters<typeof letterAction>[2] }) => letterAction(letterId, kind, body),
    onSuccess: (_letter, { kind }) => {
      setMode(null);
      setDone(kind);
      void board.refresh();
    },
  });
  const run = (kind: LetterAction, body?: Parameters<typeof letterAction>[2]) => {
    setDone(null);
    action.mutate({ kind, body });
  };
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { letter, events } = query.data;
  const s = letter.state;
  /** No letter was made yet (or it could not be): nothing to answer, no PDF. */
  const unmade = s === 'preparing' || s === 'prepare_failed';
  return (
    <section className="mut-panel" aria-labelledby="mut-letter-title">
      <h2 id="mut-letter-title">{t('mut.letter.title', { name: letter.accountName, id: letter.accountId })}</h2>
      <Figures letter={letter} />
      <div className="mut-actions">
        {(s === 'sent' || s === 'failed' || s === 'no_address') && (
          <ActionButton label={t('mut.letter.resend')} onClick={() => run('resend')} busy={action.isPending} />
        )}
        {s === 'sent' && <ActionButton label={t('mut.letter.remind')} onClick={() => run('remind')} busy={action.isPending} />}
        {s !== 'cancelled' && !unmade && <ActionButton label={t('mut.letter.record')} onClick={() => setMode('answer')} busy={action.isPending} />}
        {s === 'disagreed' && !letter.resolved && <ActionButton label={t('mut.letter.resolve')} onClick={() => setMode('resolve')} busy={action.isPending} />}
        {s !== 'agreed' && s !== 'disagreed' && s !== 'cancelled' && (
          <ActionButton label={t('mut.letter.cancel')} onClick={() => setMode('cancel')} busy={action.isPending} />
        )}
        {!unmade && (
          <DownloadLink className="button button--small" href={letter.pdfUrl} fileName={`Mutabakat_${letter.accountId}.pdf`}>
            {t('mut.row.pdf')}
          </DownloadLink>
        )}
        {letter.babs && !unmade && (
          <DownloadLink className="button button--small" href={letter.babs.docsPdfUrl} fileName={`BA-BS_belgeler_${letter.accountId}.pdf`}>
            {t('babs.mut.docsPdf')}
          </DownloadLink>
        )}
        <button type="button" className="button button--small button--ghost" onClick={onClose}>
          {t('mut.letter.close')}
        </button>
      </div>
      {done && <p role="status">{t(`mut.letter.done.${done}`)}</p>}
      {action.isError && (
        <p className="form-error" role="alert">
          {userMessageOf(action.error)}
        </p>
      )}
      {mode === 'answer' && <AnswerForm letter={letter} busy={action.isPending} onSubmit={(body) => run('answer', body)} onCancel={() => setMode(null)} />}
      {mode === 'resolve' && (
        <NoteForm
          label={t('mut.form.resolveNote')}
          required
          submitLabel={t('mut.form.save')}
          busy={action.isPending}
          onSubmit={(note) => run('resolve', { note })}
          onCancel={() => setMode(null)}
        />
      )}
      {mode === 'cancel' && (
        <NoteForm
          label={t('mut.form.cancelNote')}
          submitLabel={t('mut.letter.cancelConfirm')}
          busy={action.isPending}
          onSubmit={(note) => run('cancel', { note })}
          onCancel={() => setMode(null)}
        />
      )}
      <Events events={events} />
    </section>
  );
}

function ActionButton({ label, onClick, busy }: { label: string; onClick: () => void; busy: boolean }) {
  return (
    <button type="button" className="button button--small" onClick={onClick} disabled={busy}>
      {label}
    </button>
  );
}

function Figures({ letter }: { letter: LetterRow }) {
  return (
    <>
      <dl className="mut-facts">
        <div>
          <dt>{t('mut.row.state')}</dt>
          <dd>
            <StateCell letter={letter} />
          </dd>
        </div>
        {!letter.babs && (
          <>
            <div>
              <dt>{t('mut.row.ours')}</dt>
              <dd>
                <MoneyList items={letter.ours} />
              </dd>
            </div>
            <div>
              <dt>{t('mut.row.theirs')}</dt>
              <dd>
                <MoneyList items={letter.theirs} />
              </dd>
            </div>
            <div>
              <dt>{t('mut.row.difference')}</dt>
              <dd>
                <MoneyList items={letter.difference} />
              </dd>
            </div>
          </>
        )}
        <div>
          <dt>{t('mut.row.answer')}</dt>
          <dd>
            {answerText(letter)} {letter.answer?.note && `“${letter.answer.note}”`} <AttachmentCell letter={letter} />
          </dd>
        </div>
        <div>
          <dt>{t('mut.row.to')}</dt>
          <dd>{letter.to.length ? [...letter.to, ...letter.cc].join(', ') : t('mut.row.noAddress')}</dd>
        </div>
      </dl>
      <BabsFiguresList letter={letter} />
      {letter.resolved && (
        <p>{t('mut.letter.resolvedBy', { note: letter.resolved.note, user: letter.resolved.by, at: formatDateTime(new Date(letter.resolved.at)) })}</p>
      )}
      {letter.lastError && (
        <p className="notice notice--warn">
          {t(letter.state === 'prepare_failed' || letter.state === 'preparing' ? 'mut.letter.prepareError' : 'mut.letter.lastError', {
            message: letter.lastError,
          })}
        </p>
      )}
      {letter.maybeTwice && <p className="notice notice--warn">{t('mut.letter.maybeTwice')}</p>}
      {letter.warnings.length > 0 && <p className="notice">{letter.warnings.join(' ')}</p>}
    </>
  );
}

function Events({ events }: { events: readonly LetterEvent[] }) {
  return (
    <>
      <h3>{t('mut.letter.events')}</h3>
      <ol className="mut-events">
        {events.map((e) => (
          <li key={e.id}>
            {formatDateTime(new Date(e.at))} — {eventLabel(e.type)} ({e.by ?? t('mut.event.system')})
            {typeof e.detail.smtp === 'string' && ` · ${e.detail.smtp}`}
            {typeof e.detail.note === 'string' && e.detail.note && ` · ${e.detail.note}`}
          </li>
        ))}
      </ol>
    </>
  );
}
