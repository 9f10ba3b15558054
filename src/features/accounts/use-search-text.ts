/**
 * The accounts page's search box and its ?q=: the list follows the box at once, the URL after a
 * pause (SEARCH_DEBOUNCE_MS, replacing the entry), and the box follows a URL changed from outside
 * (Back/Forward, a link).
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigation, type SetURLSearchParams } from 'react-router-dom';
import { withParams } from '../../lib/search-params';

export const SEARCH_DEBOUNCE_MS = 300;

export function useSearchText(urlQ: string, setParams: SetURLSearchParams) {
  const [input, setInput] = useState(urlQ);
  /** The last query this page wrote into the URL itself. */
  const pushedQ = useRef(urlQ);
  useEffect(() => {
    // The URL changed from outside (Back/Forward, a link): show its query.
    if (urlQ !== pushedQ.current) {
      pushedQ.current = urlQ;
      setInput(urlQ);
    }
  }, [urlQ]);
  // A navigation under way (opening an account, a menu link) wins: the pending URL update is
  // dropped (it would replace that navigation and pull the user back to the list), and comes
  // again if the navigation ends on this page.
  const navigating = useNavigation().state !== 'idle';
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (input === urlQ || navigating) return;
    const handle = setTimeout(() => {
      pushedQ.current = input;
      setParams((prev) => withParams(prev, { q: input }), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    debounce.current = handle;
    return () => clearTimeout(handle);
  }, [input, urlQ, setParams, navigating]);

  return {
    input,
    setInput,
    /** The box's text goes into the URL another way now (opening a row writes it first): no write after the pause. */
    writingNow: () => {
      clearTimeout(debounce.current);
      pushedQ.current = input;
    },
  };
}
