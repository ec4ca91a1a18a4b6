import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '#web/lib/router/links';
import { ru } from '#web/i18n/ru';
import { ruPages } from '#web/i18n/ru-pages';
import { useApi } from '#web/lib/api-context';
import { useModuleEnabled, useSettings } from '#web/lib/settings';
import { EmptyState } from '#web/ui/empty-state';
import { PageMeta } from '#web/ui/page-meta';
import { joinQuery } from './api';

export function JoinPage() {
  const settings = useSettings();
  const hasCabinet = useModuleEnabled('cabinet');
  const join = useSuspenseQuery(joinQuery(useApi())).data;
  const title = join.title || ruPages.titles.join;
  return (
    <div className="container page content-page">
      <PageMeta title={title} brand={settings.title} description={join.text || undefined} />
      <h1 className="page__title">{title}</h1>
      {join.text && <p className="page__lead">{join.text}</p>}
      {join.steps.length === 0 && join.benefits.length === 0 ? (
        <EmptyState title={ru.content.empty} />
      ) : (
        <div className="join">
          {join.steps.length > 0 && (
            <section className="info-block" aria-labelledby="join-steps">
              <h2 className="info-block__title" id="join-steps">
                {ru.join.steps}
              </h2>
              <ol className="join__steps">
                {join.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </section>
          )}
          {join.benefits.length > 0 && (
            <section className="info-block" aria-labelledby="join-benefits">
              <h2 className="info-block__title" id="join-benefits">
                {ru.join.benefits}
              </h2>
              <ul className="join__benefits">
                {join.benefits.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
      {hasCabinet && (
        <Link className="button button--accent join__action" to="/registration">
          {ru.join.action}
        </Link>
      )}
    </div>
  );
}
