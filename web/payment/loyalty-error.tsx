import { Link } from '../lib/router/links';
import { ruLoyalty } from '../i18n/ru-loyalty';
import { telHref } from '../lib/formats';
import { useSettings } from '../lib/settings';

interface LoyaltyErrorProps {
  title: string;
  text: string;
  /** The HTTP status or the gateway's code (spec section 8: payment errors store it). */
  code?: string | null;
  /** 'Вернуться на страницу оплаты' leads here, when the payment can be started again. */
  backTo?: string | null;
  onBack?(): void;
}

/**
 * Spec section 2 "Error screens": the loyalty error screen: title, text, the help phone and e-mail from the
 * settings when set, and the optional link back to the payment page.
 */
export function LoyaltyError({ title, text, code, backTo, onBack }: LoyaltyErrorProps) {
  const settings = useSettings();
  const hasHelp = Boolean(settings.phone || settings.email);
  return (
    <div className="loyalty-error" role="alert">
      <h2 className="loyalty-error__title">{title}</h2>
      <p>{text}</p>
      {code && <p className="loyalty-error__code">{ruLoyalty.errorCode(code)}</p>}
      {hasHelp && (
        <p className="loyalty-error__help">
          {ruLoyalty.errorHelp} {settings.phone && <a href={telHref(settings.phone)}>{settings.phone}</a>}
          {settings.phone && settings.email && ', '}
          {settings.email && <a href={`mailto:${settings.email}`}>{settings.email}</a>}
        </p>
      )}
      {backTo && (
        <Link className="button" to={backTo} onClick={onBack}>
          {ruLoyalty.backToPayment}
        </Link>
      )}
    </div>
  );
}
