/**
 * /tahsilat/ayarlar — collections settings: the promise grace, the minimum interval between two
 * reminders, and the reminder levels with their Turkish templates; the fields a template may use are
 * listed, a template is previewed with a real customer from the worklist, and an unknown field is
 * refused by name (nothing saved).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { previewTemplate, saveSettings, settingsQuery, tahsilatQueries, type CollectSettings, type ReminderLevel } from '../../api/tahsilat';
import { ErrorState } from '../../components/feedback';
import { PageHeader } from '../../components/layout/page-header';
import { t } from '../../i18n';
import './tahsilat.css';

const messageOf = (e: unknown) => (e && typeof e === 'object' && 'userMessage' in e ? String((e as { userMessage: string }).userMessage) : 'İşlem yapılamadı.');
const problemsOf = (e: unknown) => (e && typeof e === 'object' && 'problems' in e ? (e as { problems: { message: string }[] }).problems.map((p) => p.message) : []);

function Problem({ error }: { error: unknown }) {
  if (!error) return null;
  const list = problemsOf(error);
  return <div role="alert" className="col-error">{messageOf(error)}{list.length > 0 && <ul>{list.map((m) => <li key={m}>{m}</li>)}</ul>}</div>;
}

function LevelForm({ level, onChange }: { level: ReminderLevel; onChange: (l: ReminderLevel) => void }) {
  const set = (p: Partial<ReminderLevel>) => onChange({ ...level, ...p });
  return (
    <fieldset className="col-level" aria-label={t('col.set.level', { n: level.level })}>
      <legend>{t('col.set.level', { n: level.level })}</legend>
      <label>{t('col.set.days')}<input type="number" min={1} value={level.days} onChange={(e) => set({ days: Number(e.target.value) })} /></label>
      <label>{t('col.set.kind')}
        <select value={level.kind} onChange={(e) => set({ kind: e.target.value as ReminderLevel['kind'] })}>
          <option value="email">{t('col.set.kind.email')}</option>
          <option value="manual">{t('col.set.kind.manual')}</option>
        </select>
      </label>
      {level.kind === 'email' && (
        <>
          <label className="col-check"><input type="checkbox" checked={level.auto} onChange={(e) => set({ auto: e.target.checked })} />{t('col.set.auto')}</label>
          <label>{t('col.set.attach')}
            <select value={level.attach === 'lateInterest' ? 'lateInterest' : 'openItems'} onChange={(e) => set({ attach: e.target.value as ReminderLevel['attach'] })}>
              <option value="openItems">{t('col.set.attach.openItems')}</option>
              <option value="lateInterest">{t('col.set.attach.lateInterest')}</option>
            </select>
          </label>
          <label>{t('col.set.subject')}<input value={level.subject} onChange={(e) => set({ subject: e.target.value })} /></label>
        </>
      )}
      <label>{t('col.set.body')}<textarea rows={level.kind === 'email' ? 8 : 2} value={level.body} onChange={(e) => set({ body: e.target.value })} /></label>
    </fieldset>
  );
}

function Preview({ levels }: { levels: ReminderLevel[] }) {
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
        <label>{t('col.set.previewFor')}
          <select value={chosen} onChange={(e) => setAccountId(e.target.value)}>{customers.map((r) => <option key={r.accountId} value={r.accountId}>{r.name || r.accountId}</option>)}</select>
        </label>
        <label>{t('col.set.previewLevel')}
          <select value={levelNo} onChange={(e) => setLevelNo(Number(e.target.value))}>{emailLevels.map((l) => <option key={l.level} value={l.level}>{t('col.set.level', { n: l.level })}</option>)}</select>
        </label>
        <button className="button button--small" type="submit" disabled={!chosen}>{t('col.set.previewButton')}</button>
      </form>
      <Problem error={error} />
      {out && (
        <div className="col-mail" data-testid="preview">
          <p><strong>{t('col.set.subject')}: {out.subject}</strong></p>
          <pre>{out.text}</pre>
        </div>
      )}
    </section>
  );
}

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
        <Link className="button button--small" to="/tahsilat">{t('col.title')}</Link>
        <Link className="button button--small" to="/tahsilat/hatirlatmalar">{t('col.rem.title')}</Link>
      </PageHeader>
      <div className="col-settings">
        <form className="col-form" onSubmit={(e) => void submit(e)} aria-label={t('col.set.title')}>
          <label>{t('col.set.grace')}<input type="number" min={0} value={form.graceDays} onChange={(e) => setForm({ ...form, graceDays: Number(e.target.value) })} /></label>
          <label>{t('col.set.interval')}<input type="number" min={1} value={form.minIntervalDays} onChange={(e) => setForm({ ...form, minIntervalDays: Number(e.target.value) })} /></label>
          {form.levels.map((l, i) => <LevelForm key={l.level} level={l} onChange={(n) => setForm({ ...form, levels: form.levels.map((x, k) => (k === i ? n : x)) })} />)}
          <div>
            <button className="button" type="submit">{t('col.set.save')}</button>
            {saved && <span role="status"> {t('col.set.saved')}</span>}
          </div>
          <Problem error={error} />
        </form>
        <aside>
          <section aria-label={t('col.set.fields')}>
            <h2>{t('col.set.fields')}</h2>
            <dl className="col-fields">{q.data.fields.map((f) => <div key={f.name}><dt><code>{`{${f.name}}`}</code></dt><dd>{f.help}</dd></div>)}</dl>
          </section>
          <Preview levels={form.levels} />
        </aside>
      </div>
    </div>
  );
}
