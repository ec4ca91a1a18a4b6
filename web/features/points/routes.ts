import { mapSettingsQuery } from '#web/lib/map-settings';
import { loadPointsMap } from '#web/lib/points-map';
import { lazyPage, orNotFound, type PageKit, type PageRoute } from '#web/lib/page-routes';
import { pointQuery } from './api';

const pointsPage = lazyPage('points-page', () =>
  import('./points-page').then((m) => ({ Component: m.PointsPage })),
);
const pointPage = lazyPage('point-page', () =>
  import('./point-page').then((m) => ({ Component: m.PointPage })),
);

/** `/points` with the map, and `/points/:id` with its own (an unknown id is 404). */
export function pointsRoutes(kit: PageKit): PageRoute[] {
  const { page, ensure, api } = kit;
  return [
    page('points', { module: 'points' }, pointsPage, () => loadPointsMap(kit)),
    page('points/:id', { module: 'points' }, pointPage, ({ id = '' }) =>
      Promise.all([orNotFound(ensure(pointQuery(api, id))), ensure(mapSettingsQuery(api))]),
    ),
  ];
}
