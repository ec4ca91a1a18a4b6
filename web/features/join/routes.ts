import { lazyPage, type PageKit, type PageRoute } from '#web/lib/page-routes';
import { joinQuery } from './api';

const joinPage = lazyPage('join-page', () => import('./join-page').then((m) => ({ Component: m.JoinPage })));

/** `/join`: how to become a member, rendered on the server. */
export function joinRoutes({ page, ensure, api }: PageKit): PageRoute[] {
  return [page('join', { module: 'join' }, joinPage, () => ensure(joinQuery(api)))];
}
