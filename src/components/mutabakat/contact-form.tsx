/**
 * An account's mutabakat addresses (To, Cc) and named person, editable: every address is checked
 * before it is sent (the message names it), the server's own refusals are shown on their field,
 * and what was typed stays on screen after a failure.
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MutabakatError, mutabakatQueries, saveContact } from '../../api/mutabakat';
import type { Contact } from '../../api/mutabakat-types';
import { userMessageOf } from '../../domain/errors';
import { ErrorState } from '../feedback';
import { TextField } from '../form/text-field';
import { t } from '../../i18n';
import { formatDateTime } from '../../domain/format';
import { isAddress, splitAddresses } from './labels';
import { checkTaxId } from '../../domain/babs/tax-id';

type Field = 'to' | 'cc' | 'person' | 'taxId';
type Errors = Partial<Record<Field, string>>;

function check(to: string, cc: string, taxId: string): Errors {
  const errors: Errors = {};
  const tax = checkTaxId(taxId);
  if (!tax.ok) errors.taxId = tax.message;
  for (const [field, text] of [
    ['to', to],
    ['cc', cc],
  ] as const) {
    const bad = splitAddresses(text).find((a) => !isAddress(a));
    if (bad) errors[field] = t('mut.contact.invalid', { address: bad });
  }
  return errors;
}

/** The server's problems ("to[0]", "cc", "person") on the fields they name. */
function serverErrors(error: unknown): Errors {
  if (!(error instanceof MutabakatError)) return {};
  const out: Errors = {};
  for (const p of error.problems) {
    const field = p.field.replace(/\[\d+\]$/, '') as Field;
    if (field === 'to' || field === 'cc' || field === 'person' || field === 'taxId') out[field] ??= p.message;
  }
  return out;
}

function useContactForm(accountId: string) {
  const queryClient = useQueryClient();
  const query = useQuery(mutabakatQueries.contact(accountId));
  const [to, setTo] = useState('');
  const [cc, setCc] = useState('');
  const [person, setPerson] = useState('');
  const [taxId, setTaxId] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const loaded = query.data;
  useEffect(() => {
    if (!loaded) return;
    setTo(loaded.to.join('; '));
    setCc(loaded.cc.join('; '));
    setPerson(loaded.person);
    setTaxId(loaded.taxId ?? '');
  }, [loaded]);
  const mutation = useMutation({
    mutationFn: () => saveContact(accountId, { to: splitAddresses(to), cc: splitAddresses(cc), person: person.trim(), taxId: taxId.trim() }),
    onSuccess: (contact: Contact) => {
      queryClient.setQueryData(mutabakatQueries.contact(accountId).queryKey, contact);
      setSaved(true);
    },
    onError: (error) => setErrors(serverErrors(error)),
  });
  const submit = () => {
    setSaved(false);
    const found = check(to, cc, taxId);
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate();
  };
  const edit = (set: (v: string) => void) => (v: string) => {
    set(v);
    setSaved(false);
  };
  return {
    query,
    to,
    cc,
    person,
    setTo: edit(setTo),
    setCc: edit(setCc),
    setPerson: edit(setPerson),
    taxId,
    setTaxId: edit(setTaxId),
    errors,
    saved,
    submit,
    mutation,
  };
}

export function ContactForm({ accountId }: { accountId: string }) {
  const f = useContactForm(accountId);
  if (f.query.isError) return <ErrorState error={f.query.error} onRetry={() => void f.query.refetch()} />;
  const c = f.query.data;
  const fieldErrors = Object.keys(f.errors).length > 0;
  return (
    <form
      className="mut-contact"
      aria-label={t('mut.contact.title')}
      onSubmit={(e) => {
        e.preventDefault();
        f.submit();
      }}
    >
      <TextField
        id={`mut-to-${accountId}`}
        label={t('mut.contact.to')}
        value={f.to}
        onValueChange={f.setTo}
        error={f.errors.to}
        disabled={!c}
        type="text"
        inputMode="email"
      />
      <TextField
        id={`mut-cc-${accountId}`}
        label={t('mut.contact.cc')}
        value={f.cc}
        onValueChange={f.setCc}
        error={f.errors.cc}
        disabled={!c}
        type="text"
        inputMode="email"
      />
      <TextField
        id={`mut-person-${accountId}`}
        label={t('mut.contact.person')}
        value={f.person}
        onValueChange={f.setPerson}
        error={f.errors.person}
        disabled={!c}
      />
      <TextField
        id={`mut-taxid-${accountId}`}
        label={t('babs.contact.taxId')}
        value={f.taxId}
        onValueChange={f.setTaxId}
        error={f.errors.taxId}
        disabled={!c}
        inputMode="numeric"
        autoComplete="off"
      />
      <p className="mut-hint">{t('mut.contact.hint')}</p>
      <div className="mut-actions">
        <button type="submit" className="button button--primary button--small" disabled={!c || f.mutation.isPending}>
          {f.mutation.isPending ? t('mut.form.saving') : t('mut.contact.save')}
        </button>
        {f.saved && <span role="status">{t('mut.contact.saved')}</span>}
      </div>
      {f.mutation.isError && !fieldErrors && (
        <p className="form-error" role="alert">
          {userMessageOf(f.mutation.error)}
        </p>
      )}
      {c && c.to.length === 0 && <p className="notice notice--warn">{t('mut.contact.none')}</p>}
      {c?.updatedAt && <p className="mut-hint">{t('mut.contact.updated', { user: c.updatedBy ?? '', at: formatDateTime(new Date(c.updatedAt)) })}</p>}
    </form>
  );
}
