import { useId, type ReactNode } from 'react';

/*
 * The Programme screen's checkboxes and their groups (docs/decisions/034); its other inputs are the kit's Field,
 * with the server's message for the field under it.
 */

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
