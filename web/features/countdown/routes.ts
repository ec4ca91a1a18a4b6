import type { RouteObject } from 'react-router';
import { ru } from '../../i18n/ru';
import { lazyPage, type PageKit } from '../../lib/page-routes';
import { countdownQuery } from './api';

const countdownPage = lazyPage('countdown-page', () =>
  import('./countdown-page').then((m) => ({ Component: m.CountdownPage })),
);

/** `/countdown`: the sale's countdown, rendered on the server. */
export function countdownRoutes({ page, ensure, api }: PageKit): RouteObject[] {
  return [
    page('countdown', { module: 'countdown', title: ru.pages.countdown }, countdownPage, () =>
      ensure(countdownQuery(api)),
    ),
  ];
}
