import { useSuspenseQuery } from '@tanstack/react-query';
import { ru } from '#web/i18n/ru';
import { ruPages } from '#web/i18n/ru-pages';
import { useApi } from '#web/lib/api-context';
import { paragraphs, telHref } from '#web/lib/formats';
import { useSettings } from '#web/lib/settings';
import { EmptyState } from '#web/ui/empty-state';
import { PageMeta } from '#web/ui/page-meta';
import { rulesQuery } from './api';
import { BrandPicture } from '#web/ui/brand-picture';

/** The rules page (spec "Rules": about, creators, link, img, phone, email), all from the operator's content. */
export function AboutPage() {
  const settings = useSettings();
  const rules = useSuspenseQuery(rulesQuery(useApi())).data;
  const text = paragraphs(rules.about);
  return (
    <div className="container page content-page">
      <PageMeta title={ruPages.titles.about} brand={settings.title} description={text[0]?.slice(0, 200)} />
      <h1 className="page__title">{ruPages.titles.about}</h1>
      {text.length === 0 ? (
        <EmptyState title={ru.about.empty} />
      ) : (
        <div className="about">
          <div className="prose">
            {text.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
            {rules.link && (
              <p>
                <a href={rules.link} rel="noopener">
                  {ru.about.link}
                </a>
              </p>
            )}
          </div>
          <aside className="about__aside">
            {rules.img && (
              <BrandPicture
                className="about__image"
                src={rules.img}
                alt=""
                width={800}
                height={450}
                sizes="(min-width: 992px) 400px, 100vw"
              />
            )}
            {rules.creators && (
              <section className="info-block">
                <h2 className="info-block__title">{ru.about.creators}</h2>
                <p>{rules.creators}</p>
              </section>
            )}
            {(rules.phone || rules.email) && (
              <section className="info-block">
                <h2 className="info-block__title">{ru.about.support}</h2>
                {rules.phone && <a href={telHref(rules.phone)}>{rules.phone}</a>}
                {rules.email && <a href={`mailto:${rules.email}`}>{rules.email}</a>}
              </section>
            )}
          </aside>
        </div>
      )}
    </div>
  );
}
