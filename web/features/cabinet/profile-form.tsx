import { useState, type FormEvent, type ReactNode } from 'react';
import { checkDate, checkEmail, checkMaxLength, checkRequired, maskDate } from '#common/lib/validation';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { isRefusal } from '#web/lib/api-errors';
import { TextField } from '#web/ui/text-field';
import type { ProfileBody } from './api';

export type ProfileField = keyof ProfileBody;
export type FieldErrors = Partial<Record<string, string>>;

/** Spec section 5: required names, max length, e-mail format, the date mask; the server checks the same. */
export function validateProfile(values: ProfileBody): FieldErrors {
  const errors: FieldErrors = {};
  const check = (field: ProfileField, message: string | null) => {
    if (message) errors[field] = message;
  };
  check('lastName', checkRequired(values.lastName) ?? checkMaxLength(values.lastName, 100));
  check('firstName', checkRequired(values.firstName) ?? checkMaxLength(values.firstName, 100));
  check('middleName', checkMaxLength(values.middleName, 100));
  check('email', checkEmail(values.email.trim()) ?? checkMaxLength(values.email));
  check('birthDate', checkDate(values.birthDate));
  return errors;
}

/** The server's field messages when it sent them, else its message (or the spec's generic text) for the form. */
export function serverFailure(error: unknown): { fields: FieldErrors; message: string } {
  if (isRefusal(error)) {
    return {
      fields: error.body?.fields ?? {},
      message: error.body?.message ? error.message : ruCabinet.failed,
    };
  }
  return { fields: {}, message: ruCabinet.failed };
}

interface ProfileFormProps {
  initial: ProfileBody;
  /** Shown read-only: the phone never changes. */
  phone?: string;
  /** A birth date once stored cannot be changed. */
  birthDateLocked?: boolean;
  submitText: string;
  pending: boolean;
  /** Fields after the profile's own (the registration's card number). */
  extra?: ReactNode;
  /** Extra checks run with the profile's (their errors keyed by field name). */
  validateExtra?: () => FieldErrors;
  errors: FieldErrors;
  onErrors(errors: FieldErrors): void;
  onSubmit(values: ProfileBody): void;
}

/** The customer's data: registration, profile editing and the session page share it. */
export function ProfileForm({
  initial,
  phone,
  birthDateLocked = false,
  submitText,
  pending,
  extra,
  validateExtra,
  errors,
  onErrors,
  onSubmit,
}: ProfileFormProps) {
  const [values, setValues] = useState<ProfileBody>(initial);
  const set = (field: ProfileField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: field === 'birthDate' ? maskDate(value) : value }));
    onErrors({ ...errors, [field]: undefined });
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = { ...validateProfile(values), ...validateExtra?.() };
    if (birthDateLocked) delete found.birthDate;
    onErrors(found);
    if (Object.values(found).some(Boolean)) return;
    onSubmit({ ...values, email: values.email.trim() });
  };
  return (
    <form className="cabinet-form" onSubmit={handleSubmit} noValidate>
      <TextField
        label={ruCabinet.lastName}
        value={values.lastName}
        error={errors.lastName}
        onValue={set('lastName')}
        autoComplete="family-name"
        maxLength={100}
        required
      />
      <TextField
        label={ruCabinet.firstName}
        value={values.firstName}
        error={errors.firstName}
        onValue={set('firstName')}
        autoComplete="given-name"
        maxLength={100}
        required
      />
      <TextField
        label={ruCabinet.middleName}
        value={values.middleName}
        error={errors.middleName}
        onValue={set('middleName')}
        autoComplete="additional-name"
        maxLength={100}
      />
      <TextField
        label={ruCabinet.email}
        type="email"
        value={values.email}
        error={errors.email}
        onValue={set('email')}
        autoComplete="email"
        maxLength={500}
      />
      <TextField
        label={ruCabinet.birthDate}
        value={values.birthDate}
        error={errors.birthDate}
        onValue={set('birthDate')}
        mask="date"
        inputMode="numeric"
        placeholder="ДД.ММ.ГГГГ"
        autoComplete="bday"
        maxLength={10}
        readOnly={birthDateLocked}
        title={birthDateLocked ? ruCabinet.birthDateFixed : undefined}
      />
      {phone !== undefined && (
        <TextField label={ruCabinet.phone} value={phone} onValue={() => {}} readOnly type="tel" />
      )}
      {extra}
      <button type="submit" className="button cabinet-form__submit" disabled={pending} aria-busy={pending}>
        {submitText}
      </button>
    </form>
  );
}
