import { useEffect, useId, useRef, useState } from 'react';
import { t } from '../../i18n';
import './form.css';
import { MAX_YEAR, MIN_YEAR, parseTypedDate, todayIso } from '../../domain/dates';
import { DateCalendar } from './date-calendar';
import { formatDate } from '../../domain/format';
import type { IsoDate } from '../../domain/types';

/**
 * A business-date box that always reads and shows tr-TR ("31.01.2026"), whatever the browser's
 * locale (a native <input type="date"> shows mm/dd/yyyy in an English browser). The value is
 * committed on Enter or when the box loses focus; an unreadable date is marked, never sent. A year
 * outside 1900–2199 ("0026" typed for "2026") is refused with its own message. Typed the short ways
 * too ("1.1.26", "01012026", "1/1/2026": parseTypedDate), or picked from a calendar (📅, Monday
 * first, Turkish month and day names). `onValidity` hears whether the box holds a refused date: the page
 * then hides or marks the result computed for the previous date (it no longer describes what is shown).
 */
export function DateField({
  label,
  value,
  onCommit,
  id,
  onValidity,
  submitOnEnter = false,
}: {
  label: string;
  value: IsoDate | null;
  onCommit: (iso: IsoDate | null) => void;
  id?: string;
  onValidity?: (refused: boolean) => void;
  /**
   * Enter in the box also sends its form, as a plain text box's Enter does — once the date is
   * committed and the form has it (a refused date sends nothing). Off: Enter only commits the date.
   */
  submitOnEnter?: boolean;
}) {
  const shown = value ? formatDate(value) : '';
  const [text, setText] = useState(shown);
  /** Why the typed text was refused (false = not refused). */
  const [invalid, setInvalid] = useState<false | 'format' | 'year'>(false);
  /** A short year ("1.1.99") read as a full date: said beside the box ("… 01.01.1999 olarak anlaşıldı"). */
  const [understood, setUnderstood] = useState<string | null>(null);
  const errorId = useId();
  const ownId = useId();
  const inputId = id ?? ownId;
  const [calendar, setCalendar] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // Set by commit to the text it read: the next value is this box's own answer (possibly adjusted, e.g. a
  // swapped range), shown even though the box still has focus — unless the text has changed since (the
  // user went on to the next date before the page answered).
  const committed = useRef<string | null>(null);
  const typed = useRef(text);
  typed.current = text;
  const validity = useRef(onValidity);
  validity.current = onValidity;
  const refused = invalid !== false;
  useEffect(() => {
    validity.current?.(refused);
  }, [refused]);
  // A box that goes away (a control switched off) holds nothing refused any more.
  useEffect(() => () => validity.current?.(false), []);
  useEffect(() => {
    // The URL changed (a preset, Back): show it — unless the user is typing in this box.
    const own = committed.current !== null && committed.current === typed.current;
    committed.current = null;
    if (!own && document.activeElement === inputRef.current) return;
    setText(shown);
    setInvalid(false);
    if (!own) setUnderstood(null);
  }, [shown]);
  /** Reads the box; false when the text is refused. */
  const commit = (): boolean => {
    const p = parseTypedDate(text);
    if (p.kind === 'empty') {
      setInvalid(false);
      if (value !== null) {
        committed.current = text;
        onCommit(null);
      }
    } else if (p.kind === 'date') {
      setInvalid(false);
      setUnderstood(/\d{4}/.test(text) ? null : t('common.date.understood', { text: text.trim(), date: formatDate(p.iso) }));
      if (p.iso !== value) {
        committed.current = text;
        onCommit(p.iso);
      } else setText(shown);
    } else {
      setInvalid(p.reason === 'year' ? 'year' : 'format');
      return false;
    }
    return true;
  };
  const pick = (iso: IsoDate) => {
    setCalendar(false);
    setInvalid(false);
    const picked = formatDate(iso);
    setText(picked);
    inputRef.current?.focus();
    if (iso !== value) {
      committed.current = picked;
      onCommit(iso);
    }
  };
  return (
    <span className="date-field">
      <label htmlFor={inputId}>{label}</label>
      <span className="date-field__box">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          inputMode="numeric"
          className="date-field__input"
          placeholder={t('common.date.placeholder')}
          value={text}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              const form = e.currentTarget.form;
              // The form is sent after React has rendered the committed date into it.
              if (commit() && submitOnEnter && form) setTimeout(() => form.requestSubmit(), 0);
            }
          }}
        />
        <button
          type="button"
          className="date-field__pick"
          aria-label={t('common.date.pick', { label })}
          aria-expanded={calendar}
          onClick={() => setCalendar((v) => !v)}
        >
          {/* An outline calendar drawn inline: the 📅 emoji needs an emoji font many office PCs lack (a box). */}
          <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5">
            <rect x="1.75" y="3" width="12.5" height="11" rx="1.5" />
            <path d="M1.75 6.5h12.5M5 1.5v3M11 1.5v3" />
          </svg>
        </button>
        {calendar && (
          <DateCalendar
            value={value}
            fallback={todayIso()}
            label={label}
            onPick={pick}
            onClose={() => {
              setCalendar(false);
              inputRef.current?.focus();
            }}
          />
        )}
      </span>
      {understood && !invalid && (
        <span className="date-field__note" role="status">
          {understood}
        </span>
      )}
      {invalid && (
        <span id={errorId} className="date-field__error" role="alert">
          {invalid === 'year' ? t('common.date.year', { min: String(MIN_YEAR), max: String(MAX_YEAR) }) : t('common.date.invalid')}
        </span>
      )}
    </span>
  );
}
