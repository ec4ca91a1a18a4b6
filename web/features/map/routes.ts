import { loadPointsMap } from '#web/lib/points-map';
import { lazyPage, notFound, type Load, type PageKit, type PageRoute } from '#web/lib/page-routes';

const mapPage = lazyPage('map-page', () => import('./map-page').then((m) => ({ Component: m.MapPage })));

/** `/map` and `/map/:title` (a point by its title or id, else 404): the points and the map's tiles. */
export function mapRoutes(kit: PageKit): PageRoute[] {
  const { page } = kit;
  const loadMapPoint: Load = async ({ title = '' }) => {
    const [{ points }] = await loadPointsMap(kit);
    if (!points.some((p) => p.title === title || String(p.id) === title)) throw notFound();
  };
  return [
    page('map', { module: 'points' }, mapPage, () => loadPointsMap(kit)),
    page('map/:title', { module: 'points' }, mapPage, loadMapPoint),
  ];
}
