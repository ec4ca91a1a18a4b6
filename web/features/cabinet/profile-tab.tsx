import { useState } from 'react';
import type { UserInfo } from '../../../common/contract/cabinet';
import { ru } from '../../i18n/ru';
import { formatPhone } from '../../lib/formats';
import { useEditProfile } from './api';
import { ProfileForm, serverFailure, type FieldErrors } from './profile-form';

/** Profile editing: names and e-mail; the phone is read-only, and so is the birth date once set. */
export function ProfileTab({ info }: { info: UserInfo }) {
  const edit = useEditProfile();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const { firstName, lastName, middleName, email, birthDate } = info;
  return (
    <section className="cabinet-section" aria-labelledby="profile-title">
      <h2 className="cabinet-section__title" id="profile-title">
        {ru.cabinet.profileTitle}
      </h2>
      <ProfileForm
        initial={{ firstName, lastName, middleName, email, birthDate }}
        phone={formatPhone(info.phone)}
        birthDateLocked={birthDate !== ''}
        submitText={ru.cabinet.save}
        pending={edit.isPending}
        errors={errors}
        onErrors={setErrors}
        onSubmit={(values) => {
          setNotice(null);
          edit.mutate(values, {
            onSuccess: () => setNotice({ ok: true, text: ru.cabinet.saved }),
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
