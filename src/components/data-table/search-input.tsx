import type { RefObject } from 'react';
import { t } from '../../i18n';

/**
 * The table search box: controlled text, Esc clears it, "/" focuses it (pass the same ref to
 * DataTable's `searchInputRef`). Pages keep the value in the URL (?q=...).
 */
export function TableSearch({
  value,
  onChange,
  label = t('common.table.search'),
  placeholder,
  id,
  ref,
}: {
  value: string;
  onChange: (next: string) => void;
  label?: string;
  placeholder?: string;
  id?: string;
  ref?: RefObject<HTMLInputElement | null>;
}) {
  return (
    <input
      ref={ref}
      id={id}
      type="search"
      className="input dt-search"
      aria-label={label}
      aria-keyshortcuts="/"
      title={t('common.table.searchHint')}
      placeholder={placeholder}
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && value) {
          e.preventDefault();
          onChange('');
        }
      }}
    />
  );
}
