/** The invoice search form: number and company, each refused next to its box when too long to ask for. */
import type { FormEvent } from 'react';
import { TextField } from '../../components/form/text-field';
import { t } from '../../i18n';

export interface InvoiceSearchFormProps {
  draftNo: string;
  setDraftNo: (v: string) => void;
  draftFirma: string;
  setDraftFirma: (v: string) => void;
  noError: string | undefined;
  firmaError: string | undefined;
  onSubmit: (e: FormEvent) => void;
}

export function InvoiceSearchForm(f: InvoiceSearchFormProps) {
  // The two boxes differ only in what they hold; an invoice number is not a word (no spell check).
  const fields = [
    {
      id: 'invoice-no',
      label: t('invoices.search.no'),
      value: f.draftNo,
      set: f.setDraftNo,
      error: f.noError,
      placeholder: t('invoices.search.no.placeholder'),
      spellCheck: false,
    },
    {
      id: 'invoice-firma',
      label: t('invoices.search.firma'),
      value: f.draftFirma,
      set: f.setDraftFirma,
      error: f.firmaError,
      placeholder: t('invoices.search.firma.placeholder'),
      spellCheck: undefined,
    },
  ];
  return (
    <form className="invoice-search no-print" role="search" onSubmit={f.onSubmit}>
      {fields.map((x) => (
        <TextField
          key={x.id}
          id={x.id}
          type="search"
          label={x.label}
          value={x.value}
          onValueChange={x.set}
          error={x.error}
          placeholder={x.placeholder}
          autoComplete="off"
          spellCheck={x.spellCheck}
        />
      ))}
      <button type="submit" className="button button--primary">
        {t('invoices.search.submit')}
      </button>
      <p className="invoice-search__hint">{t('invoices.search.hint')}</p>
    </form>
  );
}
