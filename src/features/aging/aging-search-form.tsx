/** The aging page's search: the company name (submitted), the side and "only overdue" (applied at once). */
import type { FormEvent } from 'react';
import { TextField } from '../../components/form/text-field';
import type { AgingSide } from '../../domain/aging-buckets';
import { t } from '../../i18n';

export interface AgingSearchFormProps {
  draft: string;
  onDraftChange: (v: string) => void;
  draftError: string | undefined;
  onSubmit: (e: FormEvent) => void;
  side: AgingSide | null;
  onlyOverdue: boolean;
  update: (patch: Record<string, string | null>, replace?: boolean) => void;
}

export function AgingSearchForm({ draft, onDraftChange, draftError, onSubmit, side, onlyOverdue, update }: AgingSearchFormProps) {
  return (
    <form className="search-form no-print" role="search" onSubmit={onSubmit}>
      <TextField
        id="aging-firma"
        type="search"
        label={t('aging.search.label')}
        value={draft}
        onValueChange={onDraftChange}
        error={draftError}
        placeholder={t('aging.search.placeholder')}
        autoComplete="off"
      />
      <button type="submit" className="button button--primary">
        {t('aging.search.submit')}
      </button>
      <label className="date-field">
        {t('aging.side.label')}
        <select value={side ?? ''} onChange={(e) => update({ side: e.target.value || null }, true)}>
          <option value="">{t('aging.side.all')}</option>
          <option value="B">{t('aging.side.B')}</option>
          <option value="A">{t('aging.side.A')}</option>
        </select>
      </label>
      <label className="checkbox-field">
        <input type="checkbox" checked={onlyOverdue} onChange={(e) => update({ overdue: e.target.checked ? '1' : null }, true)} />
        {t('aging.onlyOverdue')}
      </label>
      <p className="search-form__hint">{t('aging.search.hint')}</p>
    </form>
  );
}
