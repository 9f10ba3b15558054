/** One facet of the account list (category, province): a checkbox per value with its count. */
import { memo } from 'react';
import { t } from '../../i18n';
import { useStableCallback } from '../../lib/use-stable-callback';
import { formatCount } from '../../domain/format';
import { titleCaseTr } from '../../domain/turkish';
import { facetKey, type FacetCount } from './account-facets';

/** Title-cased labels, kept (a facet list re-renders on every keystroke; its values rarely change). */
const titled = new Map<string, string>();
function titleOf(value: string): string {
  let label = titled.get(value);
  if (label === undefined) {
    label = titleCaseTr(value);
    if (titled.size >= 5000) titled.clear();
    titled.set(value, label);
  }
  return label;
}

export function FacetGroup({
  legend,
  facets,
  selected,
  onToggle,
  scroll = false,
  titleCase = false,
}: {
  legend: string;
  facets: readonly FacetCount[];
  selected: readonly string[];
  onToggle: (value: string, on: boolean) => void;
  scroll?: boolean;
  /** Show every value in one tr-TR title-case form ("ANTALYA" and "Adana" → "Antalya", "Adana"). */
  titleCase?: boolean;
}) {
  const toggle = useStableCallback(onToggle);
  if (facets.length === 0) return null;
  const isOn = (v: string) => selected.some((s) => facetKey(s) === facetKey(v));
  return (
    <fieldset className="facet">
      <legend>{legend}</legend>
      <ul className={`facet__list${scroll ? ' facet__list--scroll' : ''}`}>
        {facets.map((f) => (
          <li key={f.value}>
            <label>
              <FacetCheckbox value={f.value} checked={isOn(f.value)} onToggle={toggle} />
              <span className="facet__value">{f.value ? (titleCase ? titleOf(f.value) : f.value) : t('accounts.filters.none')}</span>{' '}
              <span className="facet__count">{formatCount(f.count)}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * A value's checkbox, left alone when only the counts change (a keystroke in the search box). React writes
 * an input it re-renders again even with the same props (its name cleared and set back, its type set):
 * at 100,000 accounts that was 108 DOM writes on the 36 boxes, in every keystroke's frame.
 */
const FacetCheckbox = memo(function FacetCheckbox({
  value,
  checked,
  onToggle,
}: {
  value: string;
  checked: boolean;
  onToggle: (value: string, on: boolean) => void;
}) {
  return <input type="checkbox" checked={checked} onChange={(e) => onToggle(value, e.target.checked)} />;
});
