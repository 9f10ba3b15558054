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
  return (
    <form className="invoice-search no-print" role="search" onSubmit={f.onSubmit}>
      <TextField
        id="invoice-no"
        type="search"
        label={t('invoices.search.no')}
        value={f.draftNo}
        onValueChange={f.setDraftNo}
        error={f.noError}
        placeholder={t('invoices.search.no.placeholder')}
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        id="invoice-firma"
        type="search"
        label={t('invoices.search.firma')}
        value={f.draftFirma}
        onValueChange={f.setDraftFirma}
        error={f.firmaError}
        placeholder={t('invoices.search.firma.placeholder')}
        autoComplete="off"
      />
      <button type="submit" className="button button--primary">
        {t('invoices.search.submit')}
      </button>
      <p className="invoice-search__hint">{t('invoices.search.hint')}</p>
    </form>
  );
}
