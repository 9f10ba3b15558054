/**
 * One mail as it would go out: its head, its attachment, the reply link, and its own HTML in a
 * sandboxed frame — no scripts, no access to the app (no allow-same-origin); links open in a new
 * tab (allow-popups, <base target="_blank">), so the reply link works as in a mail program.
 */
import { useQuery } from '@tanstack/react-query';
import { mutabakatQueries } from '../../api/mutabakat';
import { ErrorState, Loading } from '../../components/feedback';
import { DownloadLink } from '../../components/mutabakat/download-link';
import { t } from '../../i18n';

/** The mail's HTML with every link opening outside the frame. */
export function framedHtml(html: string): string {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (m) => m + base) : base + html;
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
          <DownloadLink href={`/api/mutabakat/letters/${encodeURIComponent(mail.letterId)}/pdf`} fileName={mail.attachmentName}>
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
      <iframe className="mut-mail-frame" title={t('mut.outbox.frame')} sandbox="allow-popups allow-popups-to-escape-sandbox" srcDoc={framedHtml(html)} />
    </section>
  );
}
