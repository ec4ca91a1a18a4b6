import type { UserInfo } from '#common/contract/cabinet';
import { formatPhone } from '#web/lib/formats';
import { useEditProfile } from './api';
import { MarketingConsent } from './marketing-consent';
import { MyData } from './my-data';
import { ProfileSection } from './profile-section';
import { PushNotifications } from './push-notifications';

/** Profile editing: names and e-mail; the phone is read-only, and so is the birth date once set. */
export function ProfileTab({ info }: { info: UserInfo }) {
  const edit = useEditProfile();
  const { firstName, lastName, middleName, email, birthDate } = info;
  return (
    <>
      <ProfileSection
        initial={{ firstName, lastName, middleName, email, birthDate }}
        phone={formatPhone(info.phone)}
        birthDateLocked={birthDate !== ''}
        pending={edit.isPending}
        save={(values, handlers) => edit.mutate(values, handlers)}
      />
      <PushNotifications />
      <MarketingConsent />
      <MyData info={info} />
    </>
  );
}
