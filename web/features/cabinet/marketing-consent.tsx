import { useId } from 'react';
import { MARKETING_CHANNELS } from '#common/lib/marketing-consent';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { useMarketingConsent, useSwitchConsent } from './marketing-consent-api';

const t = ruCabinet.marketing;

/** 'Рекламные сообщения' in the profile tab: a switch per channel; each change is the member's own (decision 072). */
export function MarketingConsent() {
  const titleId = useId();
  const consent = useMarketingConsent();
  const change = useSwitchConsent();
  return (
    <section className="cabinet-section" aria-labelledby={titleId}>
      <h2 className="cabinet-section__title" id={titleId}>
        {t.title}
      </h2>
      <p className="cabinet-form__lead">{t.lead}</p>
      {consent.isError && <p className="form-error">{t.loadFailed}</p>}
      {consent.data && (
        <div className="marketing-switches">
          {MARKETING_CHANNELS.map((channel) => (
            <label className="switch" key={channel}>
              <input
                type="checkbox"
                role="switch"
                checked={consent.data.channels[channel]}
                disabled={change.isPending}
                onChange={(event) => change.mutate({ channel, granted: event.target.checked })}
              />
              <span className="switch__track" aria-hidden="true" />
              <span className="switch__label">{t.channels[channel]}</span>
            </label>
          ))}
        </div>
      )}
      {change.isError && (
        <p className="form-error" role="alert">
          {t.saveFailed}
        </p>
      )}
    </section>
  );
}
