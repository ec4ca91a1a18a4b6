import { Link } from '#web/lib/router/links';
import { useSearchParams } from '#web/lib/router/hooks';
import { ru } from '#web/i18n/ru';
import { ruPages } from '#web/i18n/ru-pages';
import { useSettings } from '#web/lib/settings';
import { EmptyState } from '#web/ui/empty-state';
import { PageMeta } from '#web/ui/page-meta';

/**
 * /bonus: the partner pages of the settings (iframePages). Each is a link (`?page=id`, so a page can be shared
 * and the back button works); the chosen one is framed below.
 */
export function BonusPage() {
  const settings = useSettings();
  const pages = settings.iframePages;
  const [params] = useSearchParams();
  const selected = pages.find((p) => p.id === params.get('page')) ?? pages[0];
  return (
    <div className="container page">
      <PageMeta title={ruPages.titles.bonus} brand={settings.title} description={ru.bonus.lead} />
      <h1 className="page__title">{ruPages.titles.bonus}</h1>
      {!selected ? (
        <EmptyState title={ruPages.titles.bonusEmpty} />
      ) : (
        <>
          {pages.length > 1 && (
            <nav aria-label={ru.bonus.pages}>
              <ul className="bonus-pages">
                {pages.map((p) => (
                  <li key={p.id}>
                    <Link
                      className="bonus-pages__link"
                      to={`?page=${encodeURIComponent(p.id)}`}
                      aria-current={p.id === selected.id ? 'page' : undefined}
                    >
                      {p.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <iframe
            key={selected.id}
            className="bonus-frame"
            src={selected.url}
            title={selected.title}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            // A partner's page may run its scripts and forms and open its own windows, but never navigate this
            // site or reach it (its origin is different, so allow-same-origin keeps only its own storage).
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
          />
          <p className="bonus-frame__fallback">
            <a href={selected.url} target="_blank" rel="noopener noreferrer">
              {ru.bonus.openInNewTab(selected.title)}
            </a>
          </p>
        </>
      )}
    </div>
  );
}
