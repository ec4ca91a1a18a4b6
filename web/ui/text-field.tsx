import { useId, type InputHTMLAttributes } from 'react';
import { useInputMask, type InputMask } from './input-masks';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  /** The spec's message for the value, or null; the line under the field is kept so nothing jumps. */
  error?: string | null;
  /** Keeps the spec's phone or date mask while typing, the caret where the person types. */
  mask?: InputMask;
  onValue(value: string): void;
}

/** A labelled input with the spec's required mark (*) and its message under it. */
export function TextField({
  label,
  value,
  error,
  mask,
  onValue,
  required,
  readOnly,
  ...input
}: TextFieldProps) {
  const id = useId();
  const maskRef = useInputMask(readOnly ? undefined : mask);
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
        ref={maskRef}
        onChange={(event) => onValue(event.target.value)}
        onInput={(event) => onValue(event.currentTarget.value)}
        {...input}
      />
      <p className="field__error field__error--reserved" id={errorId}>
        {error}
      </p>
    </div>
  );
}
