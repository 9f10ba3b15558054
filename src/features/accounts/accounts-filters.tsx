/** The accounts list's filters (the aside): hide zero, borçlu / alacaklı, the category and province facets. */
import { memo } from 'react';
import { t } from '../../i18n';
import { useStableCallback } from '../../lib/use-stable-callback';
import type { BalanceSide } from './account-list';
import type { FacetCount } from './account-facets';
import { FacetGroup } from './facet-group';

const NO_FACETS: readonly FacetCount[] = [];

export function AccountsFilters(props: {
  hideZero: boolean;
  side?: BalanceSide | null;
  categories: readonly string[];
  provinces: readonly string[];
  categoryFacets: readonly FacetCount[] | undefined;
  provinceFacets: readonly FacetCount[] | undefined;
  setParam: (name: 'hideZero' | 'side', value: string | null) => void;
  toggleFacet: (name: 'category' | 'province', value: string, on: boolean) => void;
  clearFilters: () => void;
}) {
  const { hideZero, side, categories, provinces, toggleFacet } = props;
  const setParam = useStableCallback(props.setParam);
  const anyFilter = categories.length > 0 || provinces.length > 0 || hideZero || side != null;
  return (
    <aside className="accounts-filters no-print" aria-label={t('accounts.filters.label')}>
      <SideAndZero hideZero={hideZero} side={side ?? null} setParam={setParam} />
      <FacetGroup
        legend={t('accounts.filters.category')}
        facets={props.categoryFacets ?? NO_FACETS}
        selected={categories}
        onToggle={(v, on) => toggleFacet('category', v, on)}
      />
      <FacetGroup
        legend={t('accounts.filters.province')}
        facets={props.provinceFacets ?? NO_FACETS}
        selected={provinces}
        onToggle={(v, on) => toggleFacet('province', v, on)}
        scroll
        titleCase
      />
      {anyFilter && (
        <button type="button" className="button button--small" onClick={props.clearFilters}>
          {t('accounts.filters.clear')}
        </button>
      )}
    </aside>
  );
}

/** "Bakiyesi sıfır olanları gizle" and borçlu / alacaklı: not re-rendered by a keystroke (see FacetCheckbox). */
const SideAndZero = memo(function SideAndZero({
  hideZero,
  side,
  setParam,
}: {
  hideZero: boolean;
  side: BalanceSide | null;
  setParam: (name: 'hideZero' | 'side', value: string | null) => void;
}) {
  return (
    <>
      <label className="accounts-filters__check">
        <input type="checkbox" checked={hideZero} onChange={(e) => setParam('hideZero', e.target.checked ? '1' : null)} />
        {t('accounts.filters.hideZero')}
      </label>
      <fieldset className="facet">
        <legend>{t('accounts.filters.side')}</legend>
        <div className="facet__list">
          {([null, 'B', 'A'] as const).map((s) => (
            <label key={s ?? 'all'}>
              <input type="radio" name="accounts-side" checked={side === s} onChange={() => setParam('side', s)} />
              {t(s === 'B' ? 'accounts.filters.side.B' : s === 'A' ? 'accounts.filters.side.A' : 'accounts.filters.side.all')}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
});
