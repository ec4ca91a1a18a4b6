import { Link } from '#web/lib/router/links';
import { ru } from '#web/i18n/ru';
import { useModuleEnabled, useSettings } from '#web/lib/settings';
import { PageMeta } from '#web/ui/page-meta';
import { HomeNews, HomePoints } from './home-content';
import { HomeCampaigns } from './home-campaigns';
import { HomeHero } from './home-hero';

/** The home page (module main): what the programme gives, the way into the cabinet, and its sections. */
export function HomePage() {
  const settings = useSettings();
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
      <HomeHero />
      <HomeCampaigns />
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
