import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/*
 * The Programme screen's inputs (docs/decisions/034): a label, the input, and the server's message for that
 * field under it (tied to the input by aria-describedby, so a screen reader reads it with the field).
 */

type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** A labelled input with its field's error (and a hint under it, when given). */
export function ErrorField({
  label,
  error,
  hint,
  ...input
}: { label: string; error?: string | undefined; hint?: string | undefined } & InputProps) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint && (
        <span id={`${id}-hint`} className="admin-muted">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="admin-error admin-field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** A checkbox with its label beside it. */
export function CheckField({
  label,
  checked,
  onChange,
  disabled,
  title,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean | undefined;
  title?: string | undefined;
}) {
  return (
    <label className="admin-check" title={title}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      {label}
    </label>
  );
}

/** A group of checkboxes under a legend, with the group's error. */
export function CheckGroup({
  legend,
  error,
  children,
}: {
  legend: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className="admin-fieldset" aria-describedby={error ? id : undefined}>
      <legend>{legend}</legend>
      <div className="admin-checks">{children}</div>
      {error && (
        <span id={id} className="admin-error admin-field-error">
          {error}
        </span>
      )}
    </fieldset>
  );
}

/** Toggles a value in a list (a weekday, a point). */
export const toggled = <T,>(list: T[], value: T, on: boolean) =>
  on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);
