/** One reminder level in the collections settings form: after how many days, e-mail or by hand, and its Turkish template. */
import type { ReminderLevel } from '../../api/tahsilat';
import { t } from '../../i18n';

export function LevelForm({ level, onChange }: { level: ReminderLevel; onChange: (l: ReminderLevel) => void }) {
  const set = (p: Partial<ReminderLevel>) => onChange({ ...level, ...p });
  return (
    <fieldset className="col-level" aria-label={t('col.set.level', { n: level.level })}>
      <legend>{t('col.set.level', { n: level.level })}</legend>
      <label>
        {t('col.set.days')}
        <input type="number" min={1} value={level.days} onChange={(e) => set({ days: Number(e.target.value) })} />
      </label>
      <label>
        {t('col.set.kind')}
        <select value={level.kind} onChange={(e) => set({ kind: e.target.value as ReminderLevel['kind'] })}>
          <option value="email">{t('col.set.kind.email')}</option>
          <option value="manual">{t('col.set.kind.manual')}</option>
        </select>
      </label>
      {level.kind === 'email' && (
        <>
          <label className="col-check">
            <input type="checkbox" checked={level.auto} onChange={(e) => set({ auto: e.target.checked })} />
            {t('col.set.auto')}
          </label>
          <label>
            {t('col.set.attach')}
            <select
              value={level.attach === 'lateInterest' ? 'lateInterest' : 'openItems'}
              onChange={(e) => set({ attach: e.target.value as ReminderLevel['attach'] })}
            >
              <option value="openItems">{t('col.set.attach.openItems')}</option>
              <option value="lateInterest">{t('col.set.attach.lateInterest')}</option>
            </select>
          </label>
          <label>
            {t('col.set.subject')}
            <input value={level.subject} onChange={(e) => set({ subject: e.target.value })} />
          </label>
        </>
      )}
      <label>
        {t('col.set.body')}
        <textarea rows={level.kind === 'email' ? 8 : 2} value={level.body} onChange={(e) => set({ body: e.target.value })} />
      </label>
    </fieldset>
  );
}
