import { Link } from '#web/lib/router/links';
import { ru } from '#web/i18n/ru';
import { useSettings } from '#web/lib/settings';
import { PageMeta } from '#web/ui/page-meta';

/** Spec section 2: an unknown route shows 'Страница не найдена' (and answers HTTP 404). */
export function NotFoundPage() {
  const settings = useSettings();
  return (
    <div className="container page page--centered">
      <PageMeta title={ru.shell.notFound} brand={settings.title} />
      <p className="page__code" aria-hidden="true">
        404
      </p>
      <h1 className="page__title">{ru.shell.notFound}</h1>
      <p className="page__lead">{ru.shell.notFoundText}</p>
      <Link className="button" to="/">
        {ru.shell.toHome}
      </Link>
    </div>
  );
}
