/**
 * One mail as it would go out: its head, its attachment, the reply link, and its own HTML cleaned
 * (mail-html.ts) in a shadow root; its links open in a new tab, so the reply link works as in a
 * mail program.
 */
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { mutabakatQueries } from '../../api/mutabakat';
import { ErrorState, Loading } from '../../components/feedback';
import { DownloadLink } from '../../components/mutabakat/download-link';
import { t } from '../../i18n';

import { renderMailHtml } from './mail-html';

function MailBody({ html }: { html: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (el) renderMailHtml(html, el.shadowRoot ?? el.attachShadow({ mode: 'open' }));
  }, [html]);
  return <div ref={host} className="mut-mail-body" role="document" aria-label={t('mut.outbox.frame')} data-testid="mail-body" />;
}

export function MailView({ mailId }: { mailId: string }) {
  const query = useQuery(mutabakatQueries.mail(mailId));
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { mail, html } = query.data;
  return (
    <section aria-label={t('mut.outbox.mail')}>
      <div className="mut-mail-head">
        <p>{t('mut.outbox.from.to', { to: mail.to.join(', ') })}</p>
        {mail.cc.length > 0 && <p>{t('mut.outbox.from.cc', { cc: mail.cc.join(', ') })}</p>}
        <p>
          <strong>{t('mut.outbox.from.subject', { subject: mail.subject })}</strong>
        </p>
        <p>
          <DownloadLink
            href={
              mail.kind === 'tahsilat'
                ? `/api/tahsilat/mails/${encodeURIComponent(mail.id)}/pdf`
                : `/api/mutabakat/letters/${encodeURIComponent(mail.letterId)}/pdf`
            }
            fileName={mail.attachmentName}
          >
            {t('mut.outbox.attachment', { name: mail.attachmentName })}
          </DownloadLink>
        </p>
        {mail.replyUrl && (
          <p>
            <a className="button button--primary button--small" href={mail.replyUrl} target="_blank" rel="noopener noreferrer">
              {t('mut.outbox.reply')}
            </a>
          </p>
        )}
      </div>
      <MailBody html={html} />
    </section>
  );
}
