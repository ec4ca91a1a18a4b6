import { USER_INFO_CODE } from '#common/contract/codes';
import { useCallback, useState } from 'react';
import { useNavigate } from '#web/lib/router/hooks';
import { checkCardNumber, checkRequired, maskCardNumber } from '#common/lib/validation';
import { ru } from '#web/i18n/ru';
import { ruPages } from '#web/i18n/ru-pages';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { useApi } from '#web/lib/api-context';
import { readReferrer } from '#web/lib/referrer';
import { useSettings } from '#web/lib/settings';
import { PageMeta } from '#web/ui/page-meta';
import { TextField } from '#web/ui/text-field';
import { PhoneConfirmation } from './phone-confirmation';
import { cabinetRegistration, useRegisterCard } from './api';
import { CabinetError } from './cabinet-error';
import { ProfileForm, serverFailure, type FieldErrors } from './profile-form';
import { useCabinetGuard, useCabinetPath } from './use-cabinet-guard';

const EMPTY_PROFILE = { firstName: '', lastName: '', middleName: '', email: '', birthDate: '' };

/**
 * `/registration`: a visitor first confirms the phone; a logged-in phone without a card fills in the form and
 * gets a card (the `creditCard` setting makes the 16-digit number of a plastic card required); a customer who
 * already has one is sent to /profile by the guard.
 */
export function RegistrationPage() {
  const settings = useSettings();
  const guard = useCabinetGuard('registration');
  const api = useApi();
  // The registration step the login screen also runs, so the server knows the phone signed in to the cabinet.
  const handleConfirmed = useCallback(() => void cabinetRegistration(api).catch(() => undefined), [api]);
  return (
    <div className="container page auth-page">
      <PageMeta
        title={ruPages.titles.registration}
        brand={settings.title}
        description={ruPages.meta.registration(settings.title)}
      />
      <div className="auth-card auth-card--wide">
        <h1 className="page__title">{ruPages.titles.registration}</h1>
        {guard.status === 'anonymous' && (
          <>
            <p className="auth-card__subheading">{ruCabinet.registration.phoneLead}</p>
            <PhoneConfirmation confirmText={ruCabinet.registration.continue} onConfirmed={handleConfirmed} />
          </>
        )}
        {guard.status === 'error' && <CabinetError />}
        {guard.status === 'pending' && (
          <p className="loader-text" role="status">
            {ru.shell.loading}
          </p>
        )}
        {guard.status === 'ready' && guard.info.code === USER_INFO_CODE.noCard && (
          <RegistrationForm creditCard={settings.creditCard === true} referral={settings.referralBonus > 0} />
        )}
      </div>
    </div>
  );
}

function RegistrationForm({ creditCard, referral }: { creditCard: boolean; referral: boolean }) {
  const register = useRegisterCard();
  const navigate = useNavigate();
  const pathOf = useCabinetPath();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [cardNum, setCardNum] = useState('');
  // The invite link's referrer (`?referrer=`, kept in the `referer` cookie), shown filled in so the newcomer
  // sees who invited them and may correct it (decision 048). The form renders in the browser only.
  const [referrer, setReferrer] = useState(readReferrer);
  const [failure, setFailure] = useState<string | null>(null);
  // The opt-in to advertising starts unticked: consent is given only by the member's own tick (decision 072).
  const [marketingConsent, setMarketingConsent] = useState(false);
  const checkCard = () => {
    const problem = (creditCard ? checkRequired(cardNum) : null) ?? checkCardNumber(cardNum);
    return problem ? { cardNum: problem } : {};
  };
  return (
    <>
      <p className="auth-card__subheading">{ruCabinet.registration.lead}</p>
      <ProfileForm
        initial={EMPTY_PROFILE}
        submitText={ruCabinet.registration.submit}
        pending={register.isPending}
        errors={errors}
        onErrors={setErrors}
        validateExtra={checkCard}
        extra={
          <>
            <TextField
              label={creditCard ? ruCabinet.cardNumber : ruCabinet.registration.plasticCard}
              value={cardNum}
              error={errors.cardNum}
              onValue={(value) => {
                setCardNum(maskCardNumber(value));
                setErrors((e) => ({ ...e, cardNum: undefined }));
              }}
              inputMode="numeric"
              autoComplete="off"
              maxLength={16}
              required={creditCard}
            />
            {(referral || referrer !== '') && (
              <TextField
                label={ruCabinet.registration.referrer}
                value={referrer}
                error={errors.refererID}
                onValue={(value) => setReferrer(value.replace(/[^A-Za-z0-9_-]/g, ''))}
                autoComplete="off"
                maxLength={40}
              />
            )}
            <label className="checkbox registration-consent">
              <input
                type="checkbox"
                checked={marketingConsent}
                onChange={(event) => setMarketingConsent(event.target.checked)}
              />
              <span>{ruCabinet.registration.marketingConsent}</span>
            </label>
          </>
        }
        onSubmit={(values) => {
          setFailure(null);
          register.mutate(
            { ...values, cardNum, refererID: referrer, marketingConsent },
            {
              // Spec section 4: registration success sets the user and goes to /profile.
              onSuccess: (info) => {
                if (info.code === USER_INFO_CODE.ok) void navigate(pathOf('/profile'), { replace: true });
              },
              onError: (error) => {
                const { fields, message } = serverFailure(error);
                setErrors(fields);
                setFailure(message);
              },
            },
          );
        }}
      />
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
    </>
  );
}
