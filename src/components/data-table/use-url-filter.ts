import { useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { useUrlParams, withParams } from '../../lib/search-params';

const OWN = 'urlFilterEdit';

/**
 * A table filter kept in the URL (?q=…) without losing keystrokes: the box is local state and
 * the URL follows it (replace). The box only re-reads the URL when it changed for another reason
 * (back/forward, a link or another control), never from our own, possibly late, URL updates.
 */
export function useUrlFilter(param = 'q'): [string, (next: string) => void] {
  const [params, setParams] = useUrlParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const urlValue = params.get(param) ?? '';
  const [value, setValue] = useState(urlValue);
  const [seen, setSeen] = useState(urlValue);
  if (seen !== urlValue) {
    setSeen(urlValue);
    const ours = (location.state as Record<string, unknown> | null)?.[OWN] === true && navigationType !== 'POP';
    if (!ours && urlValue !== value) setValue(urlValue);
  }
  const update = (next: string) => {
    setValue(next);
    setParams((prev) => withParams(prev, { [param]: next }), { replace: true, state: { [OWN]: true } });
  };
  return [value, update];
}
