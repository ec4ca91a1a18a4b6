import { lazy, Suspense } from 'react';
import type { Point } from '../../../common/contract/content';
import { ru } from '../../i18n/ru';

// The map component comes in its own chunk, so the home page's first-load JavaScript does not grow; the server
// renders it in full, and in the browser the box stays as the server drew it until the chunk arrives.
const PointMap = lazy(() => import('../../ui/point-map').then((m) => ({ default: m.PointMap })));

/** The demo points on the map; Leaflet itself loads only when the box comes near the viewport. */
export function HomeMap({ points }: { points: Point[] }) {
  return (
    <Suspense fallback={<div className="point-map" aria-hidden="true" />}>
      <PointMap points={points} label={ru.map.pointsLabel} whenVisible />
    </Suspense>
  );
}
