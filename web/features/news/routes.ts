import { loadPointsMap } from '#web/lib/points-map';
import { lazyPage, orNotFound, type PageKit, type PageRoute } from '#web/lib/page-routes';
import { newsItemQuery, newsListQuery } from './api';

const newsListPage = lazyPage('news-list-page', () =>
  import('./news-list-page').then((m) => ({ Component: m.NewsListPage })),
);
const newsItemPage = lazyPage('news-item-page', () =>
  import('./news-item-page').then((m) => ({ Component: m.NewsItemPage })),
);

/** `/news` and `/news/:id` (an unknown id is 404); an item also renders its points' map. */
export function newsRoutes(kit: PageKit): PageRoute[] {
  const { page, ensure, api } = kit;
  return [
    page('news', { module: 'news' }, newsListPage, () => ensure(newsListQuery(api))),
    page('news/:id', { module: 'news' }, newsItemPage, ({ id = '' }) =>
      Promise.all([orNotFound(ensure(newsItemQuery(api, id))), loadPointsMap(kit)]),
    ),
  ];
}
