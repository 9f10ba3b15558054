/**
 * The column chooser ("Sütunlar" in the toolbar): a disclosure panel listing every column with a
 * checkbox (show/hide) and up/down buttons (order), and "Varsayılana dön". All native controls, so
 * Tab/Space/Enter work; Escape closes the panel and returns to its button. The choice is kept per
 * table (column-prefs.ts); the exports follow the visible columns, and the panel says so.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { t } from '../../i18n';
import { headerText } from './cell-format';
import type { ColumnChoice } from './column-prefs';

export function ColumnChooser<T>({ choice }: { choice: ColumnChoice<T> }) {
  const { arranged, visible, customized, setVisible, move, reset } = choice;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // After a move the list re-renders in the new order: keep the keyboard focus on the moved column's button.
  const [refocus, setRefocus] = useState<{ id: string; delta: -1 | 1 } | null>(null);

  useEffect(() => {
    if (!refocus) return;
    const i = arranged.findIndex((a) => a.col.id === refocus.id);
    const root = rootRef.current;
    const same = root?.querySelector<HTMLButtonElement>(`[data-col-move="${i}:${refocus.delta}"]`);
    const other = root?.querySelector<HTMLButtonElement>(`[data-col-move="${i}:${-refocus.delta}"]`);
    (same && !same.disabled ? same : other)?.focus();
    setRefocus(null);
  }, [refocus, arranged]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <div
      className="dt-cols"
      ref={rootRef}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className="button dt-cols__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        title={t('common.table.columnsTitle')}
        onClick={() => setOpen((o) => !o)}
      >
        {visible.length < arranged.length ? t('common.table.columnsCount', { shown: visible.length, total: arranged.length }) : t('common.table.columns')}
      </button>
      {open && (
        <div id={panelId} className="dt-cols__panel" role="group" aria-label={t('common.table.columns')}>
          <p className="dt-cols__note">{t('common.table.columnsNote')}</p>
          <ul className="dt-cols__list">
            {arranged.map((a, i) => {
              const name = headerText(a.col) || a.col.id;
              const last = a.visible && visible.length === 1;
              return (
                <li key={a.col.id} className="dt-cols__item">
                  <label className="dt-cols__label" title={last ? t('common.table.columnsLast') : undefined}>
                    <input type="checkbox" checked={a.visible} disabled={last} onChange={(e) => setVisible(a.col.id, e.target.checked)} />
                    <span>{name}</span>
                  </label>
                  <button
                    type="button"
                    className="dt-cols__move"
                    data-col-move={`${i}:-1`}
                    aria-label={t('common.table.columnUp', { name })}
                    title={t('common.table.columnUp', { name })}
                    disabled={i === 0}
                    onClick={() => {
                      move(a.col.id, -1);
                      setRefocus({ id: a.col.id, delta: -1 });
                    }}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="dt-cols__move"
                    data-col-move={`${i}:1`}
                    aria-label={t('common.table.columnDown', { name })}
                    title={t('common.table.columnDown', { name })}
                    disabled={i === arranged.length - 1}
                    onClick={() => {
                      move(a.col.id, 1);
                      setRefocus({ id: a.col.id, delta: 1 });
                    }}
                  >
                    ↓
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="dt-cols__actions">
            <button type="button" className="button" onClick={reset} disabled={!customized}>
              {t('common.table.columnsReset')}
            </button>
            <button type="button" className="button" onClick={close}>
              {t('common.table.columnsClose')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
