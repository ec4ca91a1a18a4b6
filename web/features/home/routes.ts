import { isModuleEnabled } from '#common/lib/modules';
import { activeCampaignsQuery, newsListQuery, pointsQuery } from '#web/lib/content';
import { mapSettingsQuery } from '#web/lib/map-settings';
import { lazyPage, type PageKit, type PageRoute } from '#web/lib/page-routes';

const homePage = lazyPage('home-page', () => import('./home-page').then((m) => ({ Component: m.HomePage })));

/** `/`: the home page renders the news strip and the points' map of the modules the brand turned on. */
export function homeRoutes({ page, ensure, api, loadSettings }: PageKit): PageRoute[] {
  const loadHome = async () => {
    const { modules } = await loadSettings();
    await Promise.all([
      ensure(activeCampaignsQuery(api)),
      isModuleEnabled(modules, 'news') && ensure(newsListQuery(api)),
      isModuleEnabled(modules, 'points') && ensure(pointsQuery(api)),
      isModuleEnabled(modules, 'points') && ensure(mapSettingsQuery(api)),
    ]);
  };
  return [page(undefined, { module: 'main' }, homePage, loadHome)];
}
