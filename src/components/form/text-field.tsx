import type { InputHTMLAttributes } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Inline validation message under the box (the box is marked invalid). */
  error?: string;
}

/** A labelled text box: the one way forms on every page lay out a field ("field" class in styles.css). */
export function TextField({ id, label, value, onValueChange, error, ...input }: TextFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error && (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
