/**
 * One letter's evidence for the auditor: where it went and its PDF's SHA-256, the answer with who gave it
 * (verified VKN/TCKN, the code's address, IP and browser), the identity checks in order, and the exception
 * work — notes with documents, the alternative procedure's figures (receipts or payments after the
 * period end from the ERP statement), the conclusion that closes it.
 */
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addNote, closeException, runAlternative, uploadAuditDocument, type Alternative, type AuditorLetter } from '../../api/denetim';
import { fetchFile } from '../../api/mutabakat';
import { userMessageOf } from '../../domain/errors';
import { formatDate, formatDateTime, formatMoney } from '../../domain/format';
import { downloadBlob } from '../../lib/download';
import { useToday } from '../../lib/use-today';
import { DateField } from '../../components/form/date-field';
import { t, type MessageKey } from '../../i18n';
import type { IsoDate } from '../../domain/types';
import { moneyText, stateText } from './audit-text';

const when = (iso: string) => formatDateTime(new Date(iso));
const evText = (type: string) =>
  type.startsWith('code_') || type.startsWith('identity_') || type.startsWith('exception_') || type === 'alternative_procedure'
    ? t(`den.ev.${type}` as MessageKey)
    : type;

export async function download(url: string, fallback: string) {
  const { blob, fileName } = await fetchFile(url);
  downloadBlob(fileName ?? fallback, blob);
}

function AltFigures({ alt }: { alt: Pick<Alternative, 'results'> }) {
  return (
    <ul>
      {alt.results.map((r) => (
        <li key={r.currency}>
          {t('den.panel.altResult', {
            currency: r.currency,
            open: formatMoney(r.openAtPeriodEnd),
            settled: formatMoney(r.settledAfter),
            pct: formatMoney(r.basisPoints),
          })}
          {r.receipts.length > 0 && (
            <ul>
              {r.receipts.map((x, i) => (
                <li key={i}>{`${x.date ? formatDate(x.date) : '—'} ${x.type ?? ''} ${x.documentNo ?? ''}: ${formatMoney(x.applied)}`}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

export function AuditLetterPanel({ letter: l, onClose }: { letter: AuditorLetter; onClose: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const today = useToday();
  const [note, setNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [until, setUntil] = useState<IsoDate>(today);
  const [conclusion, setConclusion] = useState('');
  const refresh = () => void client.invalidateQueries({ queryKey: ['denetci', 'letters'] });
  const noteM = useMutation({
    mutationFn: async () => addNote(l.id, note, file ? [(await uploadAuditDocument(l.id, file)).id] : []),
    onSuccess: () => {
      setNote('');
      setFile(null);
      refresh();
    },
  });
  const alt = useMutation({ mutationFn: () => runAlternative(l.id, until), onSuccess: refresh });
  const close = useMutation({ mutationFn: () => closeException(l.id, conclusion), onSuccess: refresh });
  const a = l.answer;
  return (
    <aside className="den-panel" aria-labelledby={`${id}-h`}>
      <div className="mut-actions">
        <h2 id={`${id}-h`}>{t('den.panel.title', { name: l.accountName, id: l.accountId })}</h2>
        <button type="button" className="button button--small" onClick={onClose}>
          {t('den.panel.close')}
        </button>
      </div>
      <p>{stateText(l.state)}</p>
      <p>{t('den.panel.to', { to: l.to.join(', ') })}</p>
      {l.pdfSha256 && <p className="mut-hint">{t('den.panel.sha', { sha: l.pdfSha256 })}</p>}
      <div className="mut-actions">
        <button type="button" className="button button--small" onClick={() => void download(`/api/denetci/letters/${l.id}/pdf`, 'mektup.pdf')}>
          {t('den.panel.pdf')}
        </button>
        <button type="button" className="button button--small" onClick={() => void download(`/api/denetci/letters/${l.id}/evidence.zip`, 'kanit.zip')}>
          {t('den.panel.zip')}
        </button>
      </div>
      {a && (
        <>
          <h3>{t('den.col.answer')}</h3>
          <p>{t('den.panel.answer', { kind: stateText(a.kind), name: a.name, title: a.title, at: when(a.at) })}</p>
          {a.kind === 'disagreed' && <p>{`${moneyText(a.balances)} — ${t('den.col.difference')}: ${moneyText(l.difference)}`}</p>}
          {a.note && <p>“{a.note}”</p>}
          {a.ip && <p className="mut-hint">{t('den.panel.answerFrom', { ip: a.ip, ua: a.userAgent ?? '' })}</p>}
        </>
      )}
      <h3>{t('den.panel.identity')}</h3>
      {l.identityEvents.length === 0 ? (
        <p>{t('den.panel.noIdentity')}</p>
      ) : (
        <ol className="den-timeline">
          {l.identityEvents.map((e, i) => (
            <li
              key={i}
            >{`${when(e.at)} — ${evText(e.type)}${e.detail.taxId ? ` (VKN/TCKN ${String(e.detail.taxId)})` : ''}${e.detail.given ? ` (girilen ${String(e.detail.given)})` : ''}`}</li>
          ))}
        </ol>
      )}
      {/* The work on an exception — and on any letter not answered: the alternative procedure needs no deadline to pass. */}
      {(l.exceptions.length > 0 || l.work.length > 0 || !a) && (
        <>
          <h3>{t('den.panel.work')}</h3>
          <ul>
            {l.exceptions.map((x) => (
              <li key={x.kind} className="den-bad">
                {x.text}
              </li>
            ))}
          </ul>
          <ol className="den-timeline">
            {l.work.map((w) => (
              <li key={w.id}>
                {`${when(w.at)} — ${evText(w.type)}${w.by ? ` (${w.by})` : ''}: `}
                {w.type === 'alternative_procedure' ? (
                  <AltFigures alt={w.detail as unknown as Alternative} />
                ) : (
                  String(w.detail.note ?? w.detail.conclusion ?? '')
                )}
              </li>
            ))}
          </ol>
          {l.closed ? (
            <p className="den-ok">{t('den.panel.closed', { conclusion: l.closed.conclusion })}</p>
          ) : (
            <div className="den-form">
              <label htmlFor={`${id}-n`}>{t('den.panel.note')}</label>
              <textarea id={`${id}-n`} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
              <label htmlFor={`${id}-f`}>{t('den.panel.file')}</label>
              <input id={`${id}-f`} type="file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
              <button type="button" className="button button--small" disabled={!note.trim() || noteM.isPending} onClick={() => noteM.mutate()}>
                {t('den.panel.addNote')}
              </button>
              {!a && (
                <>
                  <DateField label={`${t('den.panel.alt')} — ${t('den.panel.until')}`} value={until} onCommit={(d) => setUntil(d ?? today)} id={`${id}-u`} />
                  <button type="button" className="button button--small" disabled={alt.isPending} onClick={() => alt.mutate()}>
                    {t('den.panel.runAlt')}
                  </button>
                  {alt.data && <AltFigures alt={alt.data} />}
                </>
              )}
              <label htmlFor={`${id}-c`}>{t('den.panel.conclusion')}</label>
              <textarea id={`${id}-c`} rows={2} value={conclusion} onChange={(e) => setConclusion(e.target.value)} />
              <button
                type="button"
                className="button button--small button--primary"
                disabled={!conclusion.trim() || close.isPending}
                onClick={() => close.mutate()}
              >
                {t('den.panel.close2')}
              </button>
              {[noteM.error, alt.error, close.error].filter(Boolean).map((e, i) => (
                <p key={i} className="field__error" role="alert">
                  {userMessageOf(e)}
                </p>
              ))}
            </div>
          )}
        </>
      )}
    </aside>
  );
}
