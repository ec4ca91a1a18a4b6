import { lazyPage, type PageKit, type PageRoute } from '#web/lib/page-routes';
import { rulesQuery } from './api';

const aboutPage = lazyPage('about-page', () =>
  import('./about-page').then((m) => ({ Component: m.AboutPage })),
);

/** `/about`: the programme's rules, rendered on the server. */
export function aboutRoutes({ page, ensure, api }: PageKit): PageRoute[] {
  return [page('about', {}, aboutPage, () => ensure(rulesQuery(api)))];
}
