import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { ApiError } from '#web/lib/api-client';
import { ruAdminContent } from '#web/i18n/ru-admin-content';
import { adminErrorText } from '../admin-api';

/** Field errors of a refused save, by the field's path (`title`, `address.latitude`), as the server's schema named them. */
export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(error: unknown): FieldErrors {
  return error instanceof ApiError && error.body?.fields ? error.body.fields : {};
}

/** The line under a refused form: a pointer to the marked fields, or what went wrong otherwise. */
export function saveFailureText(error: unknown): string {
  return Object.keys(fieldErrorsOf(error)).length > 0 ? ruAdminContent.fixFields : adminErrorText(error);
}

// useCan lives in the console's kit now (issue 28); the content editors still import it from here.
export { useCan } from '../kit/can';

interface Common {
  label: string;
  /** The server's message for this field, shown under it and tied to it for a screen reader. */
  error?: string;
  hint?: ReactNode;
}

function Wrap({ id, label, error, hint, children }: Common & { id: string; children: ReactNode }) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {children}
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

const described = (id: string, { error, hint }: Common) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

/** A labelled input whose value is a string; `onValue` gets the new text. */
export function TextInput({
  label,
  error,
  hint,
  onValue,
  ...input
}: Common & { onValue: (value: string) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'>) {
  const id = useId();
  return (
    <Wrap id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, { label, error, hint })}
        onChange={(e) => onValue(e.target.value)}
        {...input}
      />
    </Wrap>
  );
}

/** A labelled multi-line text. */
export function TextArea({
  label,
  error,
  hint,
  value,
  onValue,
  rows = 4,
  disabled,
}: Common & { value: string; onValue: (value: string) => void; rows?: number; disabled?: boolean }) {
  const id = useId();
  return (
    <Wrap id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        rows={rows}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, { label, error, hint })}
        onChange={(e) => onValue(e.target.value)}
      />
    </Wrap>
  );
}

/** `1, 2, 3` ⇄ [1, 2, 3]: ids typed as a list (anything not a number is dropped). */
export const idsToText = (ids: number[]) => ids.join(', ');
export const textToIds = (text: string) =>
  text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

/** A number field's text to a number; empty is null (a cleared coordinate), anything else NaN stays for the server to refuse. */
export const textToNumber = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** The message of the first field error under a path prefix (`address.` for the address's fields). */
export const errorAt = (errors: FieldErrors, path: string) =>
  errors[path] ?? Object.entries(errors).find(([k]) => k.startsWith(`${path}.`))?.[1];
