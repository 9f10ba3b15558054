/** Sending from the engagement (BDS 505 ¶7 (d)): the reply deadline, the reminder days, positive or negative form. */
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { denetimQueries, sendLetters } from '../../api/denetim';
import { userMessageOf } from '../../domain/errors';
import { DateField } from '../../components/form/date-field';
import { TextField } from '../../components/form/text-field';
import type { IsoDate } from '../../domain/types';
import { t } from '../../i18n';

export function SendSection() {
  const id = useId();
  const client = useQueryClient();
  const parties = useQuery(denetimQueries.parties());
  const letters = useQuery(denetimQueries.letters());
  const [deadline, setDeadline] = useState<IsoDate | null>(null);
  const [days, setDays] = useState('7, 14');
  const [form, setForm] = useState<'positive' | 'negative'>('positive');
  const [check, setCheck] = useState<string | null>(null);
  const send = useMutation({ mutationFn: sendLetters, onSuccess: () => void client.invalidateQueries({ queryKey: ['denetci'] }) });
  const n = parties.data?.length ?? 0;
  const sent = (letters.data?.letters.length ?? 0) > 0;
  if (sent)
    return (
      <p className="notice" role="status">
        {t('den.send.done')}
      </p>
    );
  return (
    <section className="mut-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('den.send.title')}</h2>
      <form
        className="mut-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const reminderDays = days
            .split(/[\s,;]+/)
            .filter(Boolean)
            .map(Number);
          if (reminderDays.some((d) => !Number.isInteger(d) || d < 1 || d > 90)) return setCheck(t('den.send.badDays'));
          setCheck(null);
          send.mutate({ deadline: deadline ?? '', reminderDays, form });
        }}
      >
        <DateField label={t('den.send.deadline')} value={deadline} onCommit={setDeadline} id={`${id}-d`} />
        <TextField id={`${id}-r`} label={t('den.send.reminders')} value={days} onValueChange={setDays} />
        <fieldset className="mut-wide">
          <legend>{t('den.send.form')}</legend>
          {(['positive', 'negative'] as const).map((f) => (
            <label key={f} className="mut-check">
              <input type="radio" name={`${id}-form`} checked={form === f} onChange={() => setForm(f)} /> {t(`den.send.${f}`)}
            </label>
          ))}
          {form === 'negative' && <p className="notice notice--warn">{t('den.send.negativeNote')}</p>}
        </fieldset>
        {(check || send.error) && (
          <p className="field__error mut-wide" role="alert">
            {check ?? userMessageOf(send.error)}
          </p>
        )}
        {send.data && (
          <p className="notice mut-wide" role="status">
            {t('den.send.sent')}
          </p>
        )}
        <div className="mut-actions mut-wide">
          <button type="submit" className="button button--primary" disabled={send.isPending || n === 0}>
            {t('den.send.submit', { n })}
          </button>
        </div>
      </form>
    </section>
  );
}
