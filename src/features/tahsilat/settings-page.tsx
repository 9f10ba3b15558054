/**
 * /tahsilat/ayarlar — collections settings: the promise grace, the minimum interval between two
 * reminders, and the reminder levels with their Turkish templates; the fields a template may use are
 * listed, a template is previewed with a real customer from the worklist, and an unknown field is
 * refused by name (nothing saved).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { saveSettings, settingsQuery, type CollectSettings } from '../../api/tahsilat';
import { ErrorState } from '../../components/feedback';
import { PageHeader } from '../../components/layout/page-header';
import { t } from '../../i18n';
import { Problem } from './problem';
import { LevelForm } from './level-form';
import { TemplatePreview } from './template-preview';
import './tahsilat.css';

export default function SettingsPage() {
  const qc = useQueryClient();
  const q = useQuery(settingsQuery());
  const [form, setForm] = useState<CollectSettings | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (q.data && !form) setForm(q.data.settings);
  }, [q.data, form]);
  if (q.error) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!form || !q.data) return <div aria-busy="true">…</div>;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSaved(false);
    try {
      const r = await saveSettings(form);
      qc.setQueryData(settingsQuery().queryKey, r);
      setForm(r.settings);
      setSaved(true);
    } catch (err) {
      setError(err);
    }
  };
  return (
    <div className="col-page">
      <PageHeader title={t('col.set.title')}>
        <Link className="button button--small" to="/tahsilat">
          {t('col.title')}
        </Link>
        <Link className="button button--small" to="/tahsilat/hatirlatmalar">
          {t('col.rem.title')}
        </Link>
      </PageHeader>
      <div className="col-settings">
        <form className="col-form" onSubmit={(e) => void submit(e)} aria-label={t('col.set.title')}>
          <label>
            {t('col.set.grace')}
            <input type="number" min={0} value={form.graceDays} onChange={(e) => setForm({ ...form, graceDays: Number(e.target.value) })} />
          </label>
          <label>
            {t('col.set.interval')}
            <input type="number" min={1} value={form.minIntervalDays} onChange={(e) => setForm({ ...form, minIntervalDays: Number(e.target.value) })} />
          </label>
          {form.levels.map((l, i) => (
            <LevelForm key={l.level} level={l} onChange={(n) => setForm({ ...form, levels: form.levels.map((x, k) => (k === i ? n : x)) })} />
          ))}
          <div>
            <button className="button" type="submit">
              {t('col.set.save')}
            </button>
            {saved && <span role="status"> {t('col.set.saved')}</span>}
          </div>
          <Problem error={error} />
        </form>
        <aside>
          <section aria-label={t('col.set.fields')}>
            <h2>{t('col.set.fields')}</h2>
            <dl className="col-fields">
              {q.data.fields.map((f) => (
                <div key={f.name}>
                  <dt>
                    <code>{`{${f.name}}`}</code>
                  </dt>
                  <dd>{f.help}</dd>
                </div>
              ))}
            </dl>
          </section>
          <TemplatePreview levels={form.levels} />
        </aside>
      </div>
    </div>
  );
}
