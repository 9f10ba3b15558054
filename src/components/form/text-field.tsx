import type { InputHTMLAttributes } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
}

/** A labelled text box: the one way forms on every page lay out a field ("field" class in styles.css). */
export function TextField({ id, label, value, onValueChange, ...input }: TextFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} onChange={(e) => onValueChange(e.target.value)} {...input} />
    </div>
  );
}
