import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Point } from '#common/contract/content';
import { ru } from '../i18n/ru';
import { useApi } from '../lib/api-context';
import { mapSettingsQuery } from '../lib/map-settings';
import { afterFirstPaint } from './after-first-paint';
import { whenNear } from './when-near';

export interface PointMapProps {
  points: Point[];
  /** The point to centre on and open (the /map/{title} page). */
  focusId?: number;
  label?: string;
  /** Wait until the box is near the viewport before loading Leaflet (a map far down a page, like home's). */
  whenVisible?: boolean;
}

/** Spec section 2: points without coordinates are not placed on the map. */
export const isPlaced = (p: Point) => p.address.latitude !== null && p.address.longitude !== null;

/**
 * The points on a Leaflet map. The server and the first client render draw only the box (its size is fixed
 * in CSS, so nothing jumps); Leaflet is imported after the first paint, so only pages with a map download it.
 */
export function PointMap({ points, focusId, label = ru.map.label, whenVisible = false }: PointMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const settings = useQuery(mapSettingsQuery(useApi())).data;
  const placed = points.filter(isPlaced);
  const key = placed.map((p) => p.id).join(',');

  useEffect(() => {
    const element = box.current;
    if (!element || !settings) return;
    let destroy: (() => void) | null = null;
    let cancelled = false;
    const mount = () =>
      void import('./leaflet-map').then(({ mountMap }) => {
        if (cancelled) return;
        destroy = mountMap(element, { points: placed, focusId, ...settings });
      });
    // Not in the task that hydrates the page: the map is built after the first paint (decision 035).
    const watcher = whenVisible ? whenNear(element, mount) : null;
    const cancelWait = whenVisible ? null : afterFirstPaint(mount);
    return () => {
      cancelled = true;
      watcher?.disconnect();
      cancelWait?.();
      destroy?.();
    };
    // The points are compared by their ids: a new array with the same points must not rebuild the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, focusId, settings, whenVisible]);

  if (placed.length === 0) return null;
  return <div ref={box} className="point-map" role="region" aria-label={label} />;
}
