import { Link } from 'react-router';
import { ru } from '../../i18n/ru';
import { useModuleEnabled, useSettings } from '../../lib/settings';
import { PageMeta } from '../../ui/page-meta';
import { HomeNews, HomePoints } from './home-content';

/** The home page (module main): what the programme gives, the way into the cabinet, and its sections. */
export function HomePage() {
  const settings = useSettings();
  const hasCabinet = useModuleEnabled('cabinet');
  const hasNews = useModuleEnabled('news');
  const hasPoints = useModuleEnabled('points');
  const sections = settings.modules.filter((m) => !m.disabled && m.id !== 'main' && m.id !== 'cabinet');
  return (
    <>
      <PageMeta
        title={null}
        brand={settings.title}
        description={settings.description}
        image={settings.logo}
      />
      <section className="hero">
        <div className="container hero__inner">
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
      </section>
      {hasNews && <HomeNews />}
      {hasPoints && <HomePoints />}
      {sections.length > 0 && (
        <section className="container page" aria-labelledby="home-sections">
          <h2 className="section-title" id="home-sections">
            {ru.home.sections}
          </h2>
          <ul className="tiles">
            {sections.map((m) => (
              <li key={m.id}>
                <Link className="tile" to={m.path}>
                  {m.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
