import { useId } from 'react';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { usePushSwitch } from './use-push-switch';

const t = ruCabinet.push;

/**
 * «Уведомления» in the profile tab (decision 077): web push on this device. A browser that cannot take them, or
 * a permission refused, gets a plain explanation instead of a switch that would do nothing.
 */
export function PushNotifications() {
  const titleId = useId();
  const { state, problem, pending, toggle } = usePushSwitch();
  if (state === 'hidden') return null;
  const explanation =
    state === 'ios-not-installed'
      ? t.iosNotInstalled
      : state === 'unsupported'
        ? t.unsupported
        : state === 'denied'
          ? t.denied
          : null;
  return (
    <section className="cabinet-section" aria-labelledby={titleId}>
      <h2 className="cabinet-section__title" id={titleId}>
        {t.title}
      </h2>
      <p className="cabinet-form__lead">{t.lead}</p>
      {explanation ? (
        <p className="push-explanation" role="status">
          {explanation}
        </p>
      ) : (
        <div className="marketing-switches">
          <label className="switch">
            <input
              type="checkbox"
              role="switch"
              checked={state === 'on'}
              disabled={pending || state === 'checking'}
              onChange={(event) => toggle(event.target.checked)}
            />
            <span className="switch__track" aria-hidden="true" />
            <span className="switch__label">{t.switchLabel}</span>
          </label>
        </div>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {t[problem]}
        </p>
      )}
    </section>
  );
}
