import { lazyPage, type PageKit, type PageRoute } from '#web/lib/page-routes';
import { countdownQuery } from './api';

const countdownPage = lazyPage('countdown-page', () =>
  import('./countdown-page').then((m) => ({ Component: m.CountdownPage })),
);

/** `/countdown`: the sale's countdown, rendered on the server. */
export function countdownRoutes({ page, ensure, api }: PageKit): PageRoute[] {
  return [page('countdown', { module: 'countdown' }, countdownPage, () => ensure(countdownQuery(api)))];
}
