import { useId, type InputHTMLAttributes } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  /** The spec's message for the value, or null; the line under the field is kept so nothing jumps. */
  error?: string | null;
  onValue(value: string): void;
}

/** A labelled input with the spec's required mark (*) and its message under it. */
export function TextField({ label, value, error, onValue, required, readOnly, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {required && !readOnly && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={id}
        className="field__input"
        value={value}
        required={required}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onValue(event.target.value)}
        {...input}
      />
      <p className="field__error field__error--reserved" id={errorId}>
        {error}
      </p>
    </div>
  );
}
