/**
 * "BA/BS mutabakatı başlat" on the BA/BS list (?baslat=1): the month's counterparts as the list is
 * filtered (its month and threshold; reportable ones unless "sınırın altındakiler" is on), on both
 * forms or one. Those without a VKN/TCKN or an address are named (their letters are still made and
 * listed); lines without a Firma ID cannot get a letter and are named too — nothing skipped silently.
 */
import { useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { createCampaign, mutabakatQueries } from '../../api/mutabakat';
import type { BabsLine } from '../../domain/babs/compute';
import { monthName, monthRange } from '../../domain/babs/month';
import { addDays } from '../../domain/dates';
import { userMessageOf } from '../../domain/errors';
import { formatCount } from '../../domain/format';
import type { IsoDate, Minor } from '../../domain/types';
import { t } from '../../i18n';
import { useUrlParams } from '../../lib/search-params';
import { ParamLink } from '../param-link';
import { DateField } from '../form/date-field';
import { TextField } from '../form/text-field';
import { boardHref } from './account-history';
import { parseReminderDays } from './use-campaign-start';
import './mutabakat.css';

type Forms = 'both' | 'bs' | 'ba';

export function BabsCampaignStartButton() {
  const [params] = useUrlParams();
  const open = params.get('baslat') === '1';
  return (
    <ParamLink className="button no-print" aria-expanded={open} patch={{ baslat: open ? null : '1' }} replace>
      {t('babs.start.open')}
    </ParamLink>
  );
}

export interface BabsStartProps {
  month: string;
  threshold: Minor;
  lines: readonly BabsLine[];
  showAll: boolean;
  today: IsoDate;
  taxIdOf: (accountId: string) => string;
}

export function BabsCampaignStart(props: BabsStartProps) {
  const [params] = useUrlParams();
  if (params.get('baslat') !== '1') return null;
  return <StartForm {...props} />;
}

/** The lines a campaign takes: on the chosen forms, reportable (or any document when the list shows all). */
export function babsCandidates(lines: readonly BabsLine[], forms: Forms, showAll: boolean): BabsLine[] {
  const fs = forms === 'both' ? (['bs', 'ba'] as const) : ([forms] as const);
  return lines.filter((l) => fs.some((f) => l[f].count > 0 && (showAll || l[f].reportable)));
}

function StartForm({ month, threshold, lines, showAll, today, taxIdOf }: BabsStartProps) {
  const navigate = useNavigate();
  const [forms, setForms] = useState<Forms>('both');
  const end = monthRange(month).to;
  const [deadline, setDeadline] = useState<IsoDate | null>(() => addDays(today > end ? today : end, 30));
  const [reminders, setReminders] = useState('7, 14');
  const [touched, setTouched] = useState(false);
  const contacts = useQuery(mutabakatQueries.contacts());
  const chosen = useMemo(() => babsCandidates(lines, forms, showAll), [lines, forms, showAll]);
  const withId = chosen.filter((l) => l.accountId);
  const noId = chosen.filter((l) => !l.accountId);
  const withAddress = useMemo(() => new Set((contacts.data ?? []).filter((c) => c.to.length > 0).map((c) => c.accountId)), [contacts.data]);
  const noAddress = contacts.data ? withId.filter((l) => !withAddress.has(l.accountId)) : [];
  const noTaxId = withId.filter((l) => !taxIdOf(l.accountId));
  const reminderDays = parseReminderDays(reminders);
  const errors = {
    deadline: !deadline ? t('mut.form.dateRequired') : deadline < end ? t('mut.start.deadlineBefore') : undefined,
    reminders: reminderDays === null ? t('mut.start.remindersInvalid') : undefined,
  };
  const mutation = useMutation({
    mutationFn: () =>
      createCampaign({
        kind: 'babs',
        month,
        threshold,
        forms: forms === 'both' ? ['bs', 'ba'] : [forms],
        accountIds: withId.map((l) => l.accountId),
        deadline: deadline!,
        reminderDays: reminderDays!,
        name: t('babs.start.defaultName', { month: monthName(month) }),
      }),
    onSuccess: (campaign) => void navigate(boardHref(campaign.id)),
  });
  const shown: typeof errors = touched ? errors : { deadline: undefined, reminders: undefined };
  const formsText = forms === 'both' ? 'Ba veya Bs' : forms === 'bs' ? 'Bs' : 'Ba';
  return (
    <section className="mut-panel mut-babs-start no-print" aria-labelledby="babs-start-title">
      <h2 id="babs-start-title">{t('babs.start.title', { month: monthName(month) })}</h2>
      <p data-testid="babs-start-scope">
        {t('babs.start.scope', {
          count: formatCount(withId.length),
          forms: formsText,
          which: t(showAll ? 'babs.start.which.all' : 'babs.start.which.reportable'),
        })}
      </p>
      <form
        className="mut-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!errors.deadline && !errors.reminders && withId.length > 0) mutation.mutate();
        }}
      >
        <div className="field">
          <label htmlFor="babs-start-forms">{t('babs.start.forms')}</label>
          <select id="babs-start-forms" value={forms} onChange={(e) => setForms(e.target.value as Forms)}>
            {(['both', 'bs', 'ba'] as const).map((f) => (
              <option key={f} value={f}>
                {t(`babs.start.forms.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <DateField label={t('mut.start.deadline')} value={deadline} onCommit={setDeadline} />
          {shown.deadline && (
            <span className="field__error" role="alert">
              {shown.deadline}
            </span>
          )}
        </div>
        <TextField
          id="babs-start-reminders"
          label={t('mut.start.reminders')}
          value={reminders}
          onValueChange={setReminders}
          error={shown.reminders}
          inputMode="numeric"
        />
        <Named testId="babs-start-no-address" title={t('babs.start.noAddress', { count: formatCount(noAddress.length) })} lines={noAddress} link />
        <Named testId="babs-start-no-taxid" title={t('babs.start.noTaxId', { count: formatCount(noTaxId.length) })} lines={noTaxId} link />
        <Named testId="babs-start-no-id" title={t('babs.start.noId', { count: formatCount(noId.length) })} lines={noId} />
        <div className="mut-actions mut-wide">
          <button type="submit" className="button button--primary" disabled={withId.length === 0 || mutation.isPending || contacts.isPending}>
            {mutation.isPending ? t('mut.start.submitting') : t('babs.start.submit', { count: formatCount(withId.length) })}
          </button>
        </div>
        {withId.length === 0 && <p className="notice mut-wide">{t('babs.start.none')}</p>}
        {contacts.isError && (
          <p className="form-error mut-wide" role="alert">
            {userMessageOf(contacts.error)}
          </p>
        )}
        {mutation.isError && (
          <p className="form-error mut-wide" role="alert">
            {userMessageOf(mutation.error)}
          </p>
        )}
      </form>
    </section>
  );
}

function Named({ title, lines, link, testId }: { title: string; lines: readonly BabsLine[]; link?: boolean; testId: string }) {
  if (lines.length === 0) return null;
  return (
    <details className="notice notice--warn mut-wide" data-testid={testId} open={lines.length <= 10}>
      <summary>{title}</summary>
      <ul>
        {lines.slice(0, 50).map((l) => (
          <li key={l.key}>
            {link && l.accountId ? <Link to={`/accounts/${encodeURIComponent(l.accountId)}?mutabakat=1`}>{`${l.name} (${l.accountId})`}</Link> : l.name}
          </li>
        ))}
        {lines.length > 50 && <li>… {formatCount(lines.length - 50)}</li>}
      </ul>
    </details>
  );
}
