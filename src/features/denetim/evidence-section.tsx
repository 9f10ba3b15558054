/** Evidence that proves itself: verify the engagement's hash chain, download the ZIP, release the results to the company. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { releaseResults, verifyChain } from '../../api/denetim';
import { userMessageOf } from '../../domain/errors';
import { formatDateTime } from '../../domain/format';
import { t } from '../../i18n';
import { download } from './audit-letter-panel';

export function EvidenceSection({ releasedAt }: { releasedAt: string | null }) {
  const client = useQueryClient();
  const verify = useMutation({ mutationFn: verifyChain });
  const zip = useMutation({ mutationFn: () => download('/api/denetci/evidence.zip', 'teyit-kanitlari.zip') });
  const release = useMutation({ mutationFn: releaseResults, onSuccess: () => void client.invalidateQueries({ queryKey: ['denetci', 'me'] }) });
  return (
    <section className="mut-section">
      <h2>{t('den.ev.title')}</h2>
      <p className="mut-hint">{t('den.ev.intro')}</p>
      <div className="mut-actions">
        <button type="button" className="button button--primary" disabled={verify.isPending} onClick={() => verify.mutate()}>
          {t('den.ev.verify')}
        </button>
        <button type="button" className="button" disabled={zip.isPending} onClick={() => zip.mutate()}>
          {t('den.ev.zip')}
        </button>
        {!releasedAt && (
          <button type="button" className="button" disabled={release.isPending} onClick={() => window.confirm(t('den.ev.releaseConfirm')) && release.mutate()}>
            {t('den.ev.release')}
          </button>
        )}
      </div>
      {verify.data && (
        <p role="status" className={verify.data.ok ? 'den-ok' : 'den-bad'}>
          {verify.data.text}
        </p>
      )}
      {releasedAt && <p className="notice">{t('den.ev.released', { at: formatDateTime(new Date(releasedAt)) })}</p>}
      {[verify.error, zip.error, release.error].filter(Boolean).map((e, i) => (
        <p key={i} className="field__error" role="alert">
          {userMessageOf(e)}
        </p>
      ))}
    </section>
  );
}
