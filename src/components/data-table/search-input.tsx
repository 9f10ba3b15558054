import { startTransition, useState, type RefObject } from 'react';
import { t } from '../../i18n';

/**
 * Up to this many rows a keystroke's list work fits in its own frame (measured at 100,000 accounts:
 * the filter, facet counts and totals are typed-array passes of ~1–2 ms, the rows on screen a few
 * ms more), so the page takes the text at once; a bigger list is given it `deferred`.
 */
export const INSTANT_SEARCH_MAX_ROWS = 150_000;

/**
 * The table search box: controlled text, Esc clears it, "/" focuses it (pass the same ref to
 * DataTable's `searchInputRef`). Pages keep the value in the URL (?q=...).
 *
 * `deferred` (lists past INSTANT_SEARCH_MAX_ROWS): the box shows each character at once (only this component renders for
 * the keystroke) and hands the text to the page in a transition (startTransition), so the list's
 * work for it — search, facet counts, totals, rows — runs after the character is on screen and is
 * interrupted by the next keystroke instead of delaying it. While the page is behind, `value` lags
 * the box: a `value` the box itself sent is not an outside change; any other (Back/Forward, a link)
 * replaces the text.
 */
export function TableSearch({
  value,
  onChange,
  label = t('common.table.search'),
  placeholder,
  id,
  ref,
  deferred = false,
}: {
  value: string;
  onChange: (next: string) => void;
  label?: string;
  placeholder?: string;
  id?: string;
  ref?: RefObject<HTMLInputElement | null>;
  deferred?: boolean;
}) {
  const [text, setText] = useState(value);
  // The last `value` seen, and the texts sent to the page that it has not shown back yet.
  const [track, setTrack] = useState<{ seen: string; sent: readonly string[] }>({ seen: value, sent: [] });
  let shown = deferred ? text : value;
  if (deferred && value !== track.seen) {
    const mine = track.sent.lastIndexOf(value);
    if (mine >= 0) setTrack({ seen: value, sent: track.sent.slice(mine + 1) });
    else {
      setTrack({ seen: value, sent: [] });
      setText(value);
      shown = value;
    }
  }
  const change = (next: string, urgent = false) => {
    if (!deferred) return onChange(next);
    setText(next);
    if (urgent) {
      setTrack({ seen: value, sent: [] });
      onChange(next);
      return;
    }
    setTrack((prev) => ({ seen: prev.seen, sent: [...prev.sent, next] }));
    startTransition(() => onChange(next));
  };
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
      value={shown}
      onChange={(e) => change(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && shown) {
          e.preventDefault();
          change('', true);
        }
      }}
    />
  );
}
