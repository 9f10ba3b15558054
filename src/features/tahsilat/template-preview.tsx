/** The settings page's template preview: an e-mail level's template filled in for a real customer from the worklist. */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { previewTemplate, tahsilatQueries, type ReminderLevel } from '../../api/tahsilat';
import { t } from '../../i18n';
import { Problem } from './problem';

export function TemplatePreview({ levels }: { levels: ReminderLevel[] }) {
  const wl = useQuery(tahsilatQueries.worklist('all'));
  const customers = (wl.data?.rows ?? []).filter((r) => r.overdue.length > 0).slice(0, 200);
  const emailLevels = levels.filter((l) => l.kind === 'email');
  const [accountId, setAccountId] = useState('');
  const [levelNo, setLevelNo] = useState(emailLevels[0]?.level ?? 1);
  const [out, setOut] = useState<{ subject: string; text: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const chosen = accountId || customers[0]?.accountId || '';
  const run = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setOut(null);
    const l = levels.find((x) => x.level === levelNo) ?? emailLevels[0];
    try {
      setOut(await previewTemplate({ accountId: chosen, subject: l?.subject ?? '', body: l?.body ?? '' }));
    } catch (err) {
      setError(err);
    }
  };
  return (
    <section className="col-preview" aria-label={t('col.set.preview')}>
      <h2>{t('col.set.preview')}</h2>
      <form className="col-form col-form--row" onSubmit={(e) => void run(e)}>
        <label>
          {t('col.set.previewFor')}
          <select value={chosen} onChange={(e) => setAccountId(e.target.value)}>
            {customers.map((r) => (
              <option key={r.accountId} value={r.accountId}>
                {r.name || r.accountId}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('col.set.previewLevel')}
          <select value={levelNo} onChange={(e) => setLevelNo(Number(e.target.value))}>
            {emailLevels.map((l) => (
              <option key={l.level} value={l.level}>
                {t('col.set.level', { n: l.level })}
              </option>
            ))}
          </select>
        </label>
        <button className="button button--small" type="submit" disabled={!chosen}>
          {t('col.set.previewButton')}
        </button>
      </form>
      <Problem error={error} />
      {out && (
        <div className="col-mail" data-testid="preview">
          <p>
            <strong>
              {t('col.set.subject')}: {out.subject}
            </strong>
          </p>
          <pre>{out.text}</pre>
        </div>
      )}
    </section>
  );
}
