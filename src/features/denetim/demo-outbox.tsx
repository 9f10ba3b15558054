/** Demo mode only (the in-app outbox sends nothing): the engagement's mails, so one person can play the counterpart — the reply links, the codes in the subjects. */
import { useQuery } from '@tanstack/react-query';
import { denetimQueries } from '../../api/denetim';
import { formatDateTime } from '../../domain/format';
import { t } from '../../i18n';

export function DemoOutbox() {
  const q = useQuery(denetimQueries.outbox());
  const mails = [...(q.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <section className="mut-section" aria-label={t('den.outbox.title')}>
      <h2>{t('den.outbox.title')}</h2>
      <p className="mut-hint">{t('den.outbox.intro')}</p>
      {q.data && mails.length === 0 && <p>{t('den.outbox.empty')}</p>}
      {mails.map((m) => (
        <article key={m.id} className="den-mail" aria-label={m.subject}>
          <strong>{m.subject}</strong>
          <div className="mut-hint">{`${formatDateTime(new Date(m.createdAt))} · ${m.to.join(', ')}`}</div>
          {m.link && /^https?:/.test(m.link) && (
            <a href={m.link} target="_blank" rel="noreferrer">
              {m.kind === 'audit_invite' ? t('den.outbox.openInvite') : t('den.outbox.open')}
            </a>
          )}
          {(m.kind === 'reply_code' || m.kind === 'audit_locked') && <pre>{m.text}</pre>}
        </article>
      ))}
    </section>
  );
}
