import type { RouteObject } from 'react-router';
import { ru } from '../../i18n/ru';
import { lazyPage, type PageKit } from '../../lib/page-routes';
import { rulesQuery } from './api';

const aboutPage = lazyPage('about-page', () =>
  import('./about-page').then((m) => ({ Component: m.AboutPage })),
);

/** `/about`: the programme's rules, rendered on the server. */
export function aboutRoutes({ page, ensure, api }: PageKit): RouteObject[] {
  return [page('about', { title: ru.pages.about }, aboutPage, () => ensure(rulesQuery(api)))];
}
