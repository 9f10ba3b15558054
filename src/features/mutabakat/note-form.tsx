/** A note and a button (resolve a difference: note required; cancel a letter: note optional). */
import { useId, useState } from 'react';
import { t } from '../../i18n';

export function NoteForm(props: {
  label: string;
  submitLabel: string;
  required?: boolean;
  busy: boolean;
  onSubmit: (note: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="mut-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (props.required && !note.trim()) return setError(t('mut.form.required'));
        setError(null);
        props.onSubmit(note.trim());
      }}
    >
      <div className="field mut-wide">
        <label htmlFor={id}>{props.label}</label>
        <textarea
          id={id}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          rows={2}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-e` : undefined}
        />
        {error && (
          <span id={`${id}-e`} className="field__error" role="alert">
            {error}
          </span>
        )}
      </div>
      <div className="mut-actions mut-wide">
        <button type="submit" className="button button--small button--primary" disabled={props.busy}>
          {props.submitLabel}
        </button>
        <button type="button" className="button button--small" onClick={props.onCancel}>
          {t('mut.form.cancel')}
        </button>
      </div>
    </form>
  );
}
