/**
 * The board's state: the campaign and its rows from the server (polled while it is being prepared
 * or its mails are on their way), the count whose rows are shown (?durum=), the search (?q=) and
 * the letter whose panel is open (?mektup=) — both in the URL, so a count is a link and Back works.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { mutabakatQueries } from '../../api/mutabakat';
import { LETTER_STATES, type BoardFilter, type Counts } from '../../api/mutabakat-types';
import { useUrlParams, withParams } from '../../lib/search-params';

/** The board's counts in the order shown, each with the filter its link sets. */
export const COUNT_LINKS: readonly { key: keyof Counts; filter: BoardFilter }[] = [
  { key: 'preparing', filter: 'preparing' },
  { key: 'prepareFailed', filter: 'prepare_failed' },
  { key: 'sent', filter: 'sent' },
  { key: 'failed', filter: 'failed' },
  { key: 'agreed', filter: 'agreed' },
  { key: 'disagreed', filter: 'disagreed' },
  { key: 'noAnswer', filter: 'noAnswer' },
  { key: 'monthPassed', filter: 'monthPassed' },
  { key: 'noAddress', filter: 'no_address' },
  { key: 'cancelled', filter: 'cancelled' },
];

const FILTERS = new Set<string>([...LETTER_STATES, 'noAnswer', 'monthPassed']);
export const parseFilter = (v: string | null): BoardFilter | null => (v && FILTERS.has(v) ? (v as BoardFilter) : null);

export function useBoard() {
  const { campaignId = '' } = useParams();
  const [params, setParams] = useUrlParams();
  const queryClient = useQueryClient();
  const filter = parseFilter(params.get('durum'));
  const letterId = params.get('mektup');
  const q = params.get('q') ?? '';
  const setQ = (v: string) => setParams((prev) => withParams(prev, { q: v || null }), { replace: true });
  const board = useQuery(mutabakatQueries.board(campaignId, filter));
  const status = useQuery(mutabakatQueries.status());
  const hrefFor = (patch: Record<string, string | null>) => `?${withParams(params, patch).toString()}`;
  const openLetter = (id: string | null) => setParams((prev) => withParams(prev, { mektup: id }), { replace: false });
  /** After an action: every mutabakat answer is asked again (counts, rows, history, outbox). */
  const refresh = () => queryClient.invalidateQueries({ queryKey: mutabakatQueries.all });
  return { campaignId, filter, letterId, q, setQ, board, status, hrefFor, openLetter, refresh };
}
export type BoardState = ReturnType<typeof useBoard>;
