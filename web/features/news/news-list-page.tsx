import { useSuspenseQuery } from '@tanstack/react-query';
import { ru } from '#web/i18n/ru';
import { ruPages } from '#web/i18n/ru-pages';
import { useApi } from '#web/lib/api-context';
import { useSettings } from '#web/lib/settings';
import { EmptyState } from '#web/ui/empty-state';
import { NewsCard } from '#web/ui/news-card';
import { PageMeta } from '#web/ui/page-meta';
import { newsListQuery } from './api';

export function NewsListPage() {
  const settings = useSettings();
  const { news } = useSuspenseQuery(newsListQuery(useApi())).data;
  return (
    <div className="container page">
      <PageMeta title={ruPages.titles.news} brand={settings.title} description={news[0]?.preview} />
      <h1 className="page__title">{ruPages.titles.news}</h1>
      {news.length === 0 ? (
        <EmptyState title={ru.news.empty} />
      ) : (
        <ul className="card-grid">
          {news.map((item, index) => (
            <li key={item.id}>
              <NewsCard item={item} headingLevel={2} priority={index === 0} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
