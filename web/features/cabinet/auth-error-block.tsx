import { ruCabinet } from '#web/i18n/ru-cabinet';
import { useSettings } from '#web/lib/settings';

/** Spec section 2 "Error screens": the authorization load error with the support contacts. */
export function AuthErrorBlock() {
  const settings = useSettings();
  return (
    <div className="auth-error" role="alert">
      <p className="auth-error__title">{ruCabinet.auth.errorTitle}</p>
      <p>{ruCabinet.auth.errorText}</p>
      <p className="auth-error__contacts">
        {settings.phone && <a href={`tel:${settings.phone.replace(/[^+\d]/g, '')}`}>{settings.phone}</a>}
        {settings.email && <a href={`mailto:${settings.email}`}>{settings.email}</a>}
      </p>
    </div>
  );
}
