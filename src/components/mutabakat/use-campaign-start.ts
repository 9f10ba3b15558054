/**
 * The "Mutabakat dönemi başlat" form's state: the accounts come from the letters page (its one list
 * pipeline, every account of the filtered list less the unticked ones — no cap), the as-of date and
 * the statement lines from its URL options; deadline, reminder days, name and open items here.
 */
import { useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { createCampaign, mutabakatQueries } from '../../api/mutabakat';
import type { Account } from '../../domain/erp-types';
import { t } from '../../i18n';
import { addDays } from '../../domain/dates';
import { formatDate } from '../../domain/format';
import type { IsoDate } from '../../domain/types';
import type { LetterOptions } from '../reconciliation/letter-options';
import { boardHref } from './account-history';

/** "7, 14" → [7, 14]; null when a part is not a whole number of days in 1..90. */
export function parseReminderDays(text: string): number[] | null {
  const parts = text
    .split(/[,;\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const days = parts.map((p) => (/^\d+$/.test(p) ? Number(p) : NaN));
  if (days.some((d) => !Number.isInteger(d) || d < 1 || d > 90)) return null;
  return [...new Set(days)].sort((a, b) => a - b);
}

export function useCampaignStart(accounts: readonly Account[], options: LetterOptions) {
  const navigate = useNavigate();
  const { asOf, today, withLines, from } = options;
  const [name, setName] = useState('');
  const [deadline, setDeadline] = useState<IsoDate | null>(() => addDays(today, 30));
  const [reminders, setReminders] = useState('7, 14');
  const [openItems, setOpenItems] = useState(false);
  const [touched, setTouched] = useState(false);
  const contacts = useQuery(mutabakatQueries.contacts());
  const withAddress = useMemo(() => new Set((contacts.data ?? []).filter((c) => c.to.length > 0).map((c) => c.accountId)), [contacts.data]);
  const noAddress = useMemo(() => (contacts.data ? accounts.filter((a) => !withAddress.has(a.id)) : []), [accounts, contacts.data, withAddress]);
  const reminderDays = parseReminderDays(reminders);
  const errors: { deadline?: string; reminders?: string } = {
    deadline: !deadline ? t('mut.form.dateRequired') : deadline < asOf ? t('mut.start.deadlineBefore') : undefined,
    reminders: reminderDays === null ? t('mut.start.remindersInvalid') : undefined,
  };
  const valid = !errors.deadline && !errors.reminders && accounts.length > 0;
  const mutation = useMutation({
    mutationFn: () =>
      createCampaign({
        name: name.trim() || t('mut.start.defaultName', { date: formatDate(asOf) }),
        accountIds: accounts.map((a) => a.id),
        asOf,
        deadline: deadline!,
        reminderDays: reminderDays!,
        options: { statementLines: withLines, openItems, from: withLines ? from : null },
      }),
    onSuccess: (campaign) => void navigate(boardHref(campaign.id)),
  });
  const submit = () => {
    setTouched(true);
    if (valid) mutation.mutate();
  };
  return {
    name,
    setName,
    deadline,
    setDeadline,
    reminders,
    setReminders,
    openItems,
    setOpenItems,
    errors: touched ? errors : ({} as typeof errors),
    contacts,
    noAddress,
    submit,
    mutation,
  };
}
