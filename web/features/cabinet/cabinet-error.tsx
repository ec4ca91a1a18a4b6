import { Link } from '#web/lib/router/links';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { telHref } from '#web/lib/formats';
import { useSettings } from '#web/lib/settings';
import { useCabinetPath } from './use-cabinet-guard';

/** Spec section 2 "Cabinet error screen" for 'Ошибка загрузки данных': title, text, button, help contacts. */
export function CabinetError() {
  const settings = useSettings();
  const pathOf = useCabinetPath();
  return (
    <div className="auth-error cabinet-error" role="alert">
      <h2 className="auth-error__title">{ruCabinet.loadError}</h2>
      <p>{ruCabinet.loadErrorText}</p>
      <p className="cabinet-error__contacts">
        {settings.phone && <a href={telHref(settings.phone)}>{settings.phone}</a>}
        {settings.email && <a href={`mailto:${settings.email}`}>{settings.email}</a>}
      </p>
      <Link className="button" to={pathOf('/login')}>
        {ruCabinet.loginAgain}
      </Link>
    </div>
  );
}
