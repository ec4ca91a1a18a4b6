import { lazy, Suspense } from 'react';
import type { Point } from '#common/contract/content';
import { ru } from '#web/i18n/ru';

// The map component comes in its own chunk, so the home page's first-load JavaScript does not grow; the server
// renders it in full, and in the browser the box stays as the server drew it until the chunk arrives.
const VenueMap = lazy(() => import('#web/ui/venue-map').then((m) => ({ default: m.VenueMap })));

/** The points on the map (or the complex's floors); either loads only when the box comes near the viewport. */
export function HomeMap({ points }: { points: Point[] }) {
  return (
    <Suspense fallback={<div className="point-map" aria-hidden="true" />}>
      <VenueMap points={points} label={ru.map.pointsLabel} whenVisible />
    </Suspense>
  );
}
