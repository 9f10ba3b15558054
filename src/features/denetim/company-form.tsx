/** The company's authorisation of an audit firm (Denetçi modu): firm, engagement, period end, the auditor, scope, validity. */
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createEngagement, type NewEngagement, type Side } from '../../api/denetim';
import { MutabakatError } from '../../api/mutabakat';
import { userMessageOf } from '../../domain/errors';
import { TextField } from '../../components/form/text-field';
import { DateField } from '../../components/form/date-field';
import type { IsoDate } from '../../domain/types';
import { t } from '../../i18n';

export function CompanyForm() {
  const id = useId();
  const client = useQueryClient();
  const [v, setV] = useState({ firm: '', engagementNo: '', auditorName: '', auditorEmail: '', validDays: '180', accounts: '' });
  const [periodEnd, setPeriodEnd] = useState<IsoDate | null>(null);
  const [sides, setSides] = useState<Side[]>(['B', 'A']);
  const [done, setDone] = useState<{ firm: string; email: string; inviteUrl?: string } | null>(null);
  const set = (k: keyof typeof v) => (value: string) => setV((x) => ({ ...x, [k]: value }));
  const create = useMutation({
    mutationFn: (input: NewEngagement) => createEngagement(input),
    onSuccess: (r) => {
      setDone({ firm: r.engagement.firm, email: r.engagement.auditorEmail, inviteUrl: r.inviteUrl });
      void client.invalidateQueries({ queryKey: ['denetim', 'engagements'] });
    },
  });
  const problems = create.error instanceof MutabakatError ? Object.fromEntries(create.error.problems.map((p) => [p.field, p.message])) : {};
  const submit = () => {
    const ids = v.accounts
      .split(/[\s,;]+/)
      .map((x) => x.trim())
      .filter(Boolean);
    create.mutate({ ...v, periodEnd: periodEnd ?? '', validDays: Number(v.validDays), sides, accountIds: ids.length ? ids : null });
  };
  const toggle = (s: Side) => setSides((x) => (x.includes(s) ? x.filter((y) => y !== s) : [...x, s]));
  return (
    <section className="mut-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('den.company.form')}</h2>
      <form
        className="mut-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField id={`${id}-firm`} label={t('den.company.firm')} value={v.firm} onValueChange={set('firm')} error={problems.firm} />
        <TextField
          id={`${id}-no`}
          label={t('den.company.engagementNo')}
          value={v.engagementNo}
          onValueChange={set('engagementNo')}
          error={problems.engagementNo}
        />
        <div className="field">
          <DateField label={t('den.company.periodEnd')} value={periodEnd} onCommit={setPeriodEnd} id={`${id}-pe`} />
          {problems.periodEnd && (
            <span className="field__error" role="alert">
              {problems.periodEnd}
            </span>
          )}
        </div>
        <TextField
          id={`${id}-name`}
          label={t('den.company.auditorName')}
          value={v.auditorName}
          onValueChange={set('auditorName')}
          error={problems.auditorName}
        />
        <TextField
          id={`${id}-email`}
          label={t('den.company.auditorEmail')}
          inputMode="email"
          value={v.auditorEmail}
          onValueChange={set('auditorEmail')}
          error={problems.auditorEmail}
        />
        <TextField
          id={`${id}-days`}
          label={t('den.company.validDays')}
          inputMode="numeric"
          value={v.validDays}
          onValueChange={set('validDays')}
          error={problems.validDays}
        />
        <fieldset className="field mut-wide">
          <legend>{t('den.company.sides')}</legend>
          {(['B', 'A'] as const).map((s) => (
            <label key={s} className="mut-check">
              <input type="checkbox" checked={sides.includes(s)} onChange={() => toggle(s)} /> {t(s === 'B' ? 'den.company.sideB' : 'den.company.sideA')}
            </label>
          ))}
          {problems.sides && (
            <span className="field__error" role="alert">
              {problems.sides}
            </span>
          )}
        </fieldset>
        <div className="field mut-wide">
          <label htmlFor={`${id}-acc`}>{t('den.company.accounts')}</label>
          <textarea id={`${id}-acc`} rows={2} value={v.accounts} onChange={(e) => set('accounts')(e.target.value)} />
          {problems.accountIds && (
            <span className="field__error" role="alert">
              {problems.accountIds}
            </span>
          )}
        </div>
        {create.error && !Object.keys(problems).length && (
          <p className="field__error mut-wide" role="alert">
            {userMessageOf(create.error)}
          </p>
        )}
        <div className="mut-actions mut-wide">
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {t('den.company.submit')}
          </button>
        </div>
      </form>
      {done && (
        <div className="notice" role="status">
          <p>{t('den.company.created', { firm: done.firm, email: done.email })}</p>
          {done.inviteUrl && (
            <p>
              {t('den.company.inviteDemo')}: <a href={done.inviteUrl}>{done.inviteUrl}</a>
            </p>
          )}
        </div>
      )}
    </section>
  );
}
