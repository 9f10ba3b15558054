/**
 * A link that changes some of this page's search params (a view, a filter, a panel opened). Its href is
 * the change applied to the URL the page shows (open in a new tab, copy the link); a plain click applies
 * it to the router's current URL (useUrlParams), so a change made just before — not yet on screen on a
 * slow PC — is kept, as with the page's other setters.
 */
import type { MouseEvent } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { useUrlParams, withParams } from '../lib/search-params';

type Props = Omit<LinkProps, 'to'> & { patch: Record<string, string | null> };

export function ParamLink({ patch, replace, onClick, ...rest }: Props) {
  const [params, setParams] = useUrlParams();
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    // A new tab or window, a download: the browser's own, with the href.
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey || (rest.target && rest.target !== '_self')) return;
    e.preventDefault();
    setParams((prev) => withParams(prev, patch), { replace });
  };
  // The href only (a new tab, a copied link): a plain click goes through `click`.
  // eslint-disable-next-line no-restricted-syntax
  return <Link {...rest} to={{ search: withParams(params, patch).toString() }} replace={replace} onClick={click} />;
}
