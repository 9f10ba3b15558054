/**
 * The account-list pipeline, pure (no React): every page that lists accounts — /accounts, the bulk
 * mutabakat letters (/mutabakat), the Özet figures that link to them — goes through it, so the same
 * URL gives the same accounts and the same sums everywhere. The hook over it is use-account-list.ts.
 *
 *   1. source   the whole list (get_cari, firma_ismi "") — or, when a settled search finds nothing
 *               in it, the ERP's own answer for firma_ismi = the search (chooseSource: the loaded
 *               list may be capped by the installation, or the ERP may match on fields it does not
 *               return);
 *   2. order    the table's view of the source: sorted, searched — the table model the page makes
 *               (useTableModel) and hands to its DataTable: computed once, read by both;
 *   3. facets   (account-facets.ts) the category / province / hide-zero / side filter as ONE matcher (accountMatcher):
 *               the table's rowFilter and the facet counts both use it. Facet codes (each value's
 *               folded key as a small integer) are built once per list (AccountListIndex), so counting
 *               on a keystroke is typed-array increments, not string folding;
 *   4. totals   (facetView) Σ borçlu, Σ alacaklı, net in integer kuruş, once per (list, search, filter); a sum
 *               past Number.MAX_SAFE_INTEGER kuruş is flagged (`overflow`), never rounded silently.
 *
 * URL state (read by listParams, carried by LIST_PARAMS): q, category (repeatable), province
 * (repeatable), hideZero=1, side=B|A, sort.
 */
import type { BalanceTotals } from '../../domain/balance-totals';
import { queryTokens } from '../../domain/turkish';

// ───────────────────────────── URL parameters ─────────────────────────────

/** Balance side: 'B' borçlu (balance > 0, we are owed), 'A' alacaklı (balance < 0, we owe). */
export type BalanceSide = 'B' | 'A';

export interface AccountFilter {
  categories: readonly string[];
  provinces: readonly string[];
  hideZero: boolean;
  /** Only borçlu or only alacaklı accounts (?side=B / ?side=A); null = both. */
  side?: BalanceSide | null;
}

export interface ListParams extends AccountFilter {
  /** The search text (?q=). */
  q: string;
  /** ?sort= as written (sort-param.ts reads it against the columns). */
  sort: string | null;
}

/** The list's own URL parameters: carried from /accounts to /mutabakat and back. */
export const LIST_PARAMS = ['q', 'category', 'province', 'hideZero', 'side', 'sort'] as const;

/** ?side= read safely: 'B', 'A' or null (anything else). */
export function parseSide(value: string | null | undefined): BalanceSide | null {
  return value === 'B' || value === 'A' ? value : null;
}

export function listParams(params: URLSearchParams): ListParams {
  return {
    q: params.get('q') ?? '',
    categories: params.getAll('category'),
    provinces: params.getAll('province'),
    hideZero: params.get('hideZero') === '1',
    side: parseSide(params.get('side')),
    sort: params.get('sort'),
  };
}

/** A string that changes exactly when the filter does (for memo keys). */
export function filterKey(f: AccountFilter): string {
  return [f.categories.join('\u0000'), f.provinces.join('\u0000'), f.hideZero ? '1' : '', f.side ?? ''].join('\u0001');
}

// ───────────────────────────── 1. source ─────────────────────────────

export type SourceKind =
  /** The loaded list (with its search). */
  | 'list'
  /** The search finds nothing in the loaded list and the ERP is being asked. */
  | 'remote-pending'
  /** The ERP's answer for the search (it found what the loaded list did not have). */
  | 'remote'
  /** The ERP was asked and could not answer: the search has no answer (never "nothing found"). */
  | 'remote-failed';

/**
 * Whether the ERP must be asked: the whole list is in, the search is settled (what the user typed
 * is what the URL holds), it has words, and the loaded list has no match.
 */
export function wantsRemote(opts: { listLoaded: boolean; settledQuery: string | null; listMatches: number }): boolean {
  const { listLoaded, settledQuery, listMatches } = opts;
  return listLoaded && settledQuery !== null && queryTokens(settledQuery).length > 0 && listMatches === 0;
}

/** Which list the page shows, given the ERP search's state (only asked when wantsRemote). */
export function chooseSource(want: boolean, remote: { success: boolean; failed: boolean; rows: number }): SourceKind {
  if (!want) return 'list';
  if (remote.failed) return 'remote-failed';
  if (!remote.success) return 'remote-pending';
  // The ERP found nothing either: the loaded list (with its empty search) says "not found".
  return remote.rows > 0 ? 'remote' : 'list';
}

// ───────────────────────────── 3. facets: account-facets.ts ─────────────────────────────

// ───────────────────────────── 4. totals ─────────────────────────────

export interface AccountTotals extends BalanceTotals {
  count: number;
}
