/**
 * Keyboard: the grid is ONE tab stop (aria-activedescendant points at the active row); arrows,
 * PageUp/PageDown, Home/End move the active row, Enter opens it. "/" anywhere on the page (outside
 * inputs) focuses the table's search box. From the search box, ↓ moves into the rows (first row
 * active); Enter opens the row when the search leaves exactly one, else moves into the rows like ↓
 * (a second Enter opens the first row) — never a guess among several matches. A new keyboard shortcut goes here: a key on the focused
 * grid in onGridKeyDown's switch, a page-wide key in the document listener below it.
 */
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { isTypingTarget } from '../../lib/keyboard';
import { FALLBACK_VIEWPORT, FOOTER_HEIGHT, HEADER_HEIGHT, ROW_HEIGHT } from './use-virtual-rows';

export function useKeyboardNavigation<T>(opts: {
  data: readonly T[];
  order: Int32Array;
  onRowOpen: ((row: T) => void) | undefined;
  onRowFocus: ((row: T) => void) | undefined;
  searchInputRef: RefObject<HTMLInputElement | null> | undefined;
  scrollRef: RefObject<HTMLDivElement | null>;
  /** The grid element (focused when ↓ or Enter leaves the search box). */
  gridRef: RefObject<HTMLTableElement | null>;
  hasTotals: boolean;
  rowHeight?: number;
  /** Brings the row at `pos` into view. */
  scrollToPos: (pos: number) => void;
}) {
  const { data, order, onRowOpen, searchInputRef, scrollRef, gridRef, hasTotals, scrollToPos, rowHeight = ROW_HEIGHT } = opts;
  // ---- keyboard focus (aria-activedescendant on the grid: one tab stop) ----
  // While the grid has the focus there is always an active row (the last one, else the first), so
  // Enter right after Tab opens a row — also when the rows arrived after the focus.
  const [activeRaw, setActive] = useState(-1);
  const [gridFocused, setGridFocused] = useState(false);
  const active = activeRaw < 0 ? (gridFocused && order.length > 0 ? 0 : -1) : Math.min(activeRaw, order.length - 1);
  const rowAt = (pos: number): T => data[order[pos] as number] as T;
  const activeRow = active >= 0 ? rowAt(active) : undefined;

  const onRowFocusRef = useRef(opts.onRowFocus);
  useEffect(() => {
    onRowFocusRef.current = opts.onRowFocus;
  });
  useEffect(() => {
    if (activeRow !== undefined) onRowFocusRef.current?.(activeRow);
  }, [activeRow]);

  const moveTo = (pos: number) => {
    setActive(pos);
    scrollToPos(pos);
  };
  const pageSize = () => {
    const h = scrollRef.current?.clientHeight || FALLBACK_VIEWPORT;
    return Math.max(1, Math.floor((h - HEADER_HEIGHT - (hasTotals ? FOOTER_HEIGHT : 0)) / rowHeight) - 1);
  };
  const onGridKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    if (e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
    const n = order.length;
    if (n === 0) return;
    let next: number;
    switch (e.key) {
      case 'ArrowDown':
        next = Math.min(n - 1, active + 1);
        break;
      case 'ArrowUp':
        next = Math.max(0, active - 1);
        break;
      case 'PageDown':
        next = Math.min(n - 1, Math.max(0, active) + pageSize());
        break;
      case 'PageUp':
        next = Math.max(0, active - pageSize());
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = n - 1;
        break;
      case 'Enter':
        if (active >= 0 && onRowOpen) {
          e.preventDefault();
          onRowOpen(rowAt(active));
        }
        return;
      default:
        return;
    }
    e.preventDefault();
    moveTo(next);
  };
  const onGridFocus = (e: FocusEvent<HTMLTableElement>) => {
    if (e.target === e.currentTarget) setGridFocused(true);
  };
  const onGridBlur = (e: FocusEvent<HTMLTableElement>) => {
    if (e.target === e.currentTarget) setGridFocused(false);
  };

  // "/" focuses the page's search box (unless typing somewhere already).
  useEffect(() => {
    if (!searchInputRef) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      if (isTypingTarget(e.target)) return;
      const input = searchInputRef.current;
      if (!input) return;
      e.preventDefault();
      input.focus();
      input.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [searchInputRef]);

  // From the search box into the rows: ↓ (first row active), Enter (opens the only match).
  const fromSearch = useRef<(e: globalThis.KeyboardEvent) => void>(() => {});
  fromSearch.current = (e) => {
    if ((e.key !== 'ArrowDown' && e.key !== 'Enter') || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.isComposing) return;
    const n = order.length;
    if (n === 0) return;
    e.preventDefault();
    if (e.key === 'Enter' && n === 1 && onRowOpen) {
      onRowOpen(rowAt(0));
      return;
    }
    gridRef.current?.focus();
    moveTo(0);
  };
  useEffect(() => {
    const input = searchInputRef?.current;
    if (!input) return;
    const onKey = (e: globalThis.KeyboardEvent) => fromSearch.current(e);
    input.addEventListener('keydown', onKey);
    return () => input.removeEventListener('keydown', onKey);
  });

  return { active, setActive, onGridKeyDown, onGridFocus, onGridBlur };
}
