import { lazyPage, type PageKit, type PageRoute } from '#web/lib/page-routes';

const bonusPage = lazyPage('bonus-page', () =>
  import('./bonus-page').then((m) => ({ Component: m.BonusPage })),
);

/** `/bonus`: the partners' pages (from the settings, already loaded). */
export function bonusRoutes({ page }: PageKit): PageRoute[] {
  return [page('bonus', {}, bonusPage)];
}
