import type { RouteObject } from 'react-router';
import { ru } from '../../i18n/ru';
import { lazyPage, type PageKit } from '../../lib/page-routes';

const bonusPage = lazyPage('bonus-page', () =>
  import('./bonus-page').then((m) => ({ Component: m.BonusPage })),
);

/** `/bonus`: the partners' pages (from the settings, already loaded). */
export function bonusRoutes({ page }: PageKit): RouteObject[] {
  return [page('bonus', { title: ru.pages.bonus }, bonusPage)];
}
