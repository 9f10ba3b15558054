/**
 * The list an account's pages were opened from. The accounts page opens an account with
 * `{ from: '/accounts?q=…' }` in the history entry's state; every page of the account carries that on —
 * through its own URL rewrites (date range, as-of date: `replace` keeps no state unless given) and its
 * links to the account's other pages and back — so "← Cari listesine dön" returns to the list the user
 * came from, search and filters included, not to the whole list.
 */
import { useLocation } from 'react-router-dom';

export type ListReturnState = { from: string } | undefined;

export function useListReturn(): { backTo: string; state: ListReturnState } {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const ok = typeof from === 'string' && (from === '/accounts' || from.startsWith('/accounts?'));
  return ok ? { backTo: from, state: { from } } : { backTo: '/accounts', state: undefined };
}
