import type { RouteObject } from 'react-router';
import { ru } from '../../i18n/ru';
import { lazyPage, type PageKit } from '../../lib/page-routes';
import { joinQuery } from './api';

const joinPage = lazyPage('join-page', () => import('./join-page').then((m) => ({ Component: m.JoinPage })));

/** `/join`: how to become a member, rendered on the server. */
export function joinRoutes({ page, ensure, api }: PageKit): RouteObject[] {
  return [page('join', { module: 'join', title: ru.pages.join }, joinPage, () => ensure(joinQuery(api)))];
}
