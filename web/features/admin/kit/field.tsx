import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** What a labelled field shows around its control: the label, a hint under it and the error that refused it. */
export interface FieldFrame {
  label: string;
  hint?: ReactNode;
  /** Why the value was refused, shown under the control and tied to it for a screen reader. */
  error?: string;
}

/** What the control itself must carry so the label, the hint and the error are its own for a screen reader. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * One labelled field of the console's forms around any control (an input, a select): the label names it, the
 * hint and the error describe it (aria-describedby) and an error marks it invalid (aria-invalid).
 */
export function LabelledField({
  label,
  hint,
  error,
  id: givenId,
  children,
}: FieldFrame & { id?: string; children: (control: ControlProps) => ReactNode }) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {hint && (
        <span className="admin-muted" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="admin-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

/** A labelled input: its attributes pass on to the <input>. */
export function Field({
  label,
  hint,
  error,
  ...input
}: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <LabelledField label={label} hint={hint} error={error}>
      {(control) => <input {...input} {...control} />}
    </LabelledField>
  );
}

/** A labelled select of a form read on submit: its first option is "any" (the empty value), then the choices. */
export function SelectField({
  label,
  name,
  any,
  options,
  id,
}: {
  label: string;
  name: string;
  /** The empty choice's text ("any type"). */
  any: string;
  /** The choices as [value, text]. */
  options: [string, string][];
  id?: string;
}) {
  return (
    <LabelledField label={label} id={id}>
      {(control) => (
        <select {...control} name={name} defaultValue="">
          <option value="">{any}</option>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
