/**
 * The table's row pipeline, kept out of React and out of react-table's row models so it stays
 * fast at 100k rows. The only entry to this folder; the steps, in order:
 * - table-index.ts  what the steps below fill lazily for one (data, columns) pair (the model owns it);
 * - search-fold.ts  search haystacks folded once (Turkish folding), and the search filter;
 * - text-ranks.ts   Turkish collation ranks of distinct text values (also run in rank-worker.ts,
 *                   started by rank-in-worker.ts);
 * - sort-order.ts   per-column ranks and sort orders (cached), background ranking (prefetchRanks);
 * - viewOrder below: sort, then filter. The result is an Int32Array of data indices in display order.
 */
import { queryTokens } from '../../../domain/turkish';
import type { SortingState } from '../types';
import { filterOrder, wordStartsFirst } from './search-fold';
import { identityOrder, sortedOrder } from './sort-order';
import type { TableIndex } from './table-index';

export { createTableIndex, type TableIndex } from './table-index';
export { buildCharRows, buildHaystacks, buildNextMarks, warmSearch } from './search-fold';
export { textRanks } from './text-ranks';
export { prefetchRanks, sortedOrder } from './sort-order';
export { rankInWorker, workersAvailable } from './rank-in-worker';

/**
 * The rows to show, as data indices in display order: sorted by the first sort entry, filtered by
 * `query`; with `wordStarts` and no sort chosen, the rows where the query starts a word come first
 * (a name search: "öz" → Öztürk before Kozmetik).
 */
export function viewOrder<T>(index: TableIndex<T>, sorting: SortingState, query: string, wordStarts = false): Int32Array {
  const s = sorting[0];
  const col = s ? index.columns.find((c) => c.id === s.id && c.sortable !== false) : undefined;
  const base = col && s ? sortedOrder(index, col, s.desc) : identityOrder(index);
  const baseKey = col && s ? `${col.id}:${s.desc ? 'd' : 'a'}` : '';
  const tokens = queryTokens(query);
  const found = filterOrder(index, base, baseKey, tokens);
  return col || !wordStarts ? found : wordStartsFirst(index, found, tokens);
}
