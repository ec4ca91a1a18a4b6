import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from '#web/lib/router/hooks';
import type { Point } from '#common/contract/content';
import { ru } from '#web/i18n/ru';
import { ruPages } from '#web/i18n/ru-pages';
import { useApi } from '#web/lib/api-context';
import { pointsQuery } from '#web/lib/content';
import { useSettings } from '#web/lib/settings';
import { EmptyState } from '#web/ui/empty-state';
import { PageMeta } from '#web/ui/page-meta';
import { PointCard } from '#web/ui/point-card';
import { isPlaced } from '#web/ui/point-map';
import { VenueMap } from '#web/ui/venue-map';

/** /map/{title}: the point whose title (or id) is given; the route's loader answers 404 for none. */
export function findMapPoint(points: Point[], title: string): Point | undefined {
  return points.find((p) => p.title === title || String(p.id) === title);
}

/** /map and /map/{title}: every point with coordinates, clustered; the named point centred and opened. */
export function MapPage() {
  const settings = useSettings();
  const { points } = useSuspenseQuery(pointsQuery(useApi())).data;
  const title = useParams().title;
  const focus = title === undefined ? undefined : findMapPoint(points, title);
  return (
    <div className="container page">
      <PageMeta
        title={focus?.title ?? ruPages.titles.map}
        brand={settings.title}
        description={ru.points.lead}
      />
      <h1 className="page__title">{ruPages.titles.map}</h1>
      {points.some(isPlaced) ? (
        <VenueMap points={points} focusId={focus?.id} />
      ) : (
        <EmptyState title={ru.map.empty} />
      )}
      {focus && (
        <div className="map-page__point">
          <PointCard point={focus} headingLevel={2} />
        </div>
      )}
    </div>
  );
}
