import type { InputHTMLAttributes, ReactNode } from 'react';
import { ApiError } from '#web/lib/api-client';
import { ruAdminContent } from '#web/i18n/ru-admin-content';
import { adminErrorText } from '../api';
import { LabelledField } from '../kit/field';
import type { Action } from '../kit/use-action';

/** Field errors of a refused save, by the field's path (`title`, `address.latitude`), as the server's schema named them. */
export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(error: unknown): FieldErrors {
  return error instanceof ApiError && error.body?.fields ? error.body.fields : {};
}

/** The line under a refused form: a pointer to the marked fields, or what went wrong otherwise. */
export function saveFailureText(error: unknown): string {
  return Object.keys(fieldErrorsOf(error)).length > 0 ? ruAdminContent.fixFields : adminErrorText(error);
}

interface Common {
  label: string;
  /** The server's message for this field, shown under it and tied to it for a screen reader. */
  error?: string;
  hint?: ReactNode;
}

/** A labelled input whose value is a string (the kit's field); `onValue` gets the new text. */
export function TextInput({
  label,
  error,
  hint,
  onValue,
  ...input
}: Common & { onValue: (value: string) => void } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'onChange' | 'id'
  >) {
  return (
    <LabelledField label={label} error={error} hint={hint}>
      {(control) => <input {...control} onChange={(e) => onValue(e.target.value)} {...input} />}
    </LabelledField>
  );
}

/** A labelled multi-line text (the kit's field around a textarea). */
export function TextArea({
  label,
  error,
  hint,
  value,
  onValue,
  rows = 4,
  disabled,
}: Common & { value: string; onValue: (value: string) => void; rows?: number; disabled?: boolean }) {
  return (
    <LabelledField label={label} error={error} hint={hint}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          value={value}
          disabled={disabled}
          onChange={(e) => onValue(e.target.value)}
        />
      )}
    </LabelledField>
  );
}

/** How a content form's last save went: "saved" (quiet) or the refusal (an alert), where the form shows it. */
export function SaveStatus({ action }: { action: Pick<Action<never>, 'message' | 'error'> }) {
  if (action.error) {
    return (
      <p className="admin-error" role="alert">
        {action.error}
      </p>
    );
  }
  if (!action.message) return null;
  return (
    <p className="admin-muted" role="status">
      {action.message}
    </p>
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
