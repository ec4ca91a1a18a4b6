import { useId, useState } from 'react';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import type { ProfileBody } from './api';
import { ProfileForm, serverFailure, type FieldErrors } from './profile-form';

interface ProfileSectionProps {
  initial: ProfileBody;
  /** Shown read-only when given. */
  phone?: string;
  birthDateLocked: boolean;
  pending: boolean;
  /** Saves the values; the section shows 'Данные сохранены' or the server's message and field errors. */
  save(values: ProfileBody, handlers: { onSuccess(): void; onError(error: unknown): void }): void;
}

/** 'Личные данные': the profile form with its save notice, for the cabinet's profile tab and /session. */
export function ProfileSection({ initial, phone, birthDateLocked, pending, save }: ProfileSectionProps) {
  const titleId = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <section className="cabinet-section" aria-labelledby={titleId}>
      <h2 className="cabinet-section__title" id={titleId}>
        {ruCabinet.profileTitle}
      </h2>
      <ProfileForm
        initial={initial}
        phone={phone}
        birthDateLocked={birthDateLocked}
        submitText={ruCabinet.save}
        pending={pending}
        errors={errors}
        onErrors={setErrors}
        onSubmit={(values) => {
          setNotice(null);
          save(values, {
            onSuccess: () => setNotice({ ok: true, text: ruCabinet.saved }),
            onError: (error) => {
              const failure = serverFailure(error);
              setErrors(failure.fields);
              setNotice({ ok: false, text: failure.message });
            },
          });
        }}
      />
      <p className={notice?.ok ? 'form-success' : 'form-error'} role="status">
        {notice?.text}
      </p>
    </section>
  );
}
