import { Link } from '#web/lib/router/links';
import { ru } from '#web/i18n/ru';
import { useModuleEnabled, useSettings } from '#web/lib/settings';

/** The programme in one screen: its name, what it gives, the way in; on wide screens, the card itself. */
export function HomeHero() {
  const settings = useSettings();
  const hasCabinet = useModuleEnabled('cabinet');
  return (
    <section className="hero">
      <div className="container hero__inner">
        <div className="hero__text">
          <h1 className="hero__title">{settings.name}</h1>
          <p className="hero__lead">{settings.description || ru.home.lead}</p>
          {hasCabinet && (
            <div className="hero__actions">
              <Link className="button button--accent" to="/registration">
                {ru.nav.register}
              </Link>
              <Link className="button button--ghost" to="/login">
                {ru.nav.login}
              </Link>
            </div>
          )}
        </div>
        {/* A picture of the programme's card: decoration only, so screen readers skip it. */}
        <div className="hero__card" aria-hidden="true">
          <div className="hero__card-top">
            <img className="hero__card-logo" src={settings.logo} alt="" width={140} height={35} />
            <span className="hero__card-chip" />
          </div>
          <span className="hero__card-label">{ru.home.cardLabel}</span>
          <span className="hero__card-number">•••• •••• •••• ••••</span>
        </div>
      </div>
    </section>
  );
}
