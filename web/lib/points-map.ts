import { pointsQuery } from './content';
import { mapSettingsQuery } from './map-settings';
import type { RouteDeps } from './page-routes';

/** What a page with the points' map renders on the server: the points and the map's tile settings. */
export const loadPointsMap = ({ queryClient, api }: RouteDeps) =>
  Promise.all([
    queryClient.ensureQueryData(pointsQuery(api)),
    queryClient.ensureQueryData(mapSettingsQuery(api)),
  ]);
