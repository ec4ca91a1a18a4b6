import { USER_INFO_CODE } from '#common/contract/codes';
import { ru } from '#web/i18n/ru';
import { ruPages } from '#web/i18n/ru-pages';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { formatPhone } from '#web/lib/formats';
import { useHydrated, useIsLoggedIn } from '#web/lib/session';
import { useSettings } from '#web/lib/settings';
import { PageMeta } from '#web/ui/page-meta';
import { PhoneConfirmation } from './phone-confirmation';
import { useEditSession, useSessionOperations, useUserInfo, type ProfileBody } from './api';
import { OperationsList } from './operations-list';
import { ProfileSection } from './profile-section';

/**
 * `/session`: the session-based view the spec keeps beside the cabinet (`api/session/edit`,
 * `api/session/operations`). It works for a confirmed phone with or without a card: the customer's data and
 * the operations of the session's phone.
 */
export function SessionPage() {
  const settings = useSettings();
  const hydrated = useHydrated();
  const loggedIn = useIsLoggedIn();
  const info = useUserInfo(hydrated && loggedIn);
  const data = info.data;
  const phone = !data ? null : data.code === USER_INFO_CODE.ok ? data.info.phone : data.phone;
  return (
    <div className="container page cabinet-page">
      <PageMeta
        title={ruPages.titles.session}
        brand={settings.title}
        description={ruPages.meta.profile(settings.title)}
      />
      <h1 className="page__title">{ruPages.titles.session}</h1>
      {hydrated && !loggedIn && (
        <div className="auth-card">
          <PhoneConfirmation onConfirmed={() => undefined} />
        </div>
      )}
      {loggedIn && !info.data && (
        <p className="loader-text" role="status">
          {info.isError ? ruCabinet.failed : ru.shell.loading}
        </p>
      )}
      {loggedIn && info.data && phone && (
        <>
          <p className="cabinet-head__phone">
            {ruCabinet.session.lead} <span className="phone">{formatPhone(phone)}</span>
          </p>
          <div className="cabinet-grid">
            <SessionProfile
              initial={
                info.data.code === USER_INFO_CODE.ok
                  ? {
                      firstName: info.data.info.firstName,
                      lastName: info.data.info.lastName,
                      middleName: info.data.info.middleName,
                      email: info.data.info.email,
                      birthDate: info.data.info.birthDate,
                    }
                  : { firstName: '', lastName: '', middleName: '', email: '', birthDate: '' }
              }
              birthDateLocked={info.data.code === USER_INFO_CODE.ok && info.data.info.birthDate !== ''}
            />
            <SessionOperations phone={phone} />
          </div>
        </>
      )}
    </div>
  );
}

function SessionOperations({ phone }: { phone: string }) {
  const operations = useSessionOperations(phone);
  return <OperationsList query={operations} title={ruCabinet.session.operationsTitle} />;
}

function SessionProfile({ initial, birthDateLocked }: { initial: ProfileBody; birthDateLocked: boolean }) {
  const edit = useEditSession();
  return (
    <ProfileSection
      initial={initial}
      birthDateLocked={birthDateLocked}
      pending={edit.isPending}
      save={(values, handlers) => edit.mutate(values, handlers)}
    />
  );
}
