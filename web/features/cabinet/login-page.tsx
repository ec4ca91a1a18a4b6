import { useCallback } from 'react';
import { useLocation, useNavigate } from '#web/lib/router/hooks';
import { ruPages } from '#web/i18n/ru-pages';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { useApi } from '#web/lib/api-context';
import { useSessionLost } from '#web/lib/session';
import { useSettings } from '#web/lib/settings';
import { PageMeta } from '#web/ui/page-meta';
import { AuthErrorBlock } from './auth-error-block';
import { PhoneConfirmation } from './phone-confirmation';

/** Spec section 2 "Login screen": 'Личный кабинет', 'Выполните вход', the phone confirmation block. */
export function LoginPage() {
  const settings = useSettings();
  const navigate = useNavigate();
  const location = useLocation();
  const sessionLost = useSessionLost();
  const clear = new URLSearchParams(location.search).get('view') === 'clear';
  const api = useApi();
  // Spec section 2 "Login screen": once confirmed, the registration step runs with an empty payload, then
  // /profile (whose guard sends a phone without a card on to /registration). A failed step still goes on:
  // the guard reports what is wrong.
  const handleConfirmed = useCallback(() => {
    void api
      .request('POST /api/user/registration', { body: {} })
      .catch(() => undefined)
      .then(() => navigate(clear ? '/profile?view=clear' : '/profile', { replace: true }));
  }, [api, navigate, clear]);
  return (
    <div className="container page auth-page">
      <PageMeta
        title={ruCabinet.auth.heading}
        brand={settings.title}
        description={ruPages.meta.login(settings.title)}
      />
      <div className="auth-card">
        <h1 className="page__title">{ruCabinet.auth.heading}</h1>
        <p className="auth-card__subheading">{ruCabinet.auth.subheading}</p>
        {sessionLost ? <AuthErrorBlock /> : <PhoneConfirmation onConfirmed={handleConfirmed} />}
      </div>
    </div>
  );
}
