import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../lib/api-context';
import { mapSettingsQuery } from '../lib/map-settings';
import { useSettings } from '../lib/settings';
import { ru } from '../i18n/ru';
import { mountFloors } from './floors-widget';
import { PointMap, type PointMapProps } from './point-map';
import { whenNear } from './when-near';

interface VenueMapProps extends PointMapProps {
  /** Spec "Point views": the contacts view always shows the ordinary map. */
  view?: 'contacts';
}

/**
 * The points' map. When the brand sets `complexId` and the deployment configures the floors widget's script,
 * the complex's indoor floors show instead (spec "Point views"); when that script cannot load (offline, blocked,
 * a broken loader) the ordinary map takes its place.
 */
export function VenueMap({ view, ...props }: VenueMapProps) {
  const { complexId } = useSettings();
  const widgetUrl = useQuery(mapSettingsQuery(useApi())).data?.floorsWidgetUrl;
  const [failed, setFailed] = useState(false);
  if (!complexId || !widgetUrl || view === 'contacts' || failed || props.points.length === 0) {
    return <PointMap {...props} />;
  }
  const focus = props.points.find((p) => p.id === props.focusId);
  // One firm on show (a named point, or the only one) opens at the closer zoom with its card.
  const firm = focus ?? (props.points.length === 1 ? props.points[0] : undefined);
  return (
    <FloorsBox
      url={widgetUrl}
      complexId={complexId}
      firmId={firm?.firmId}
      label={props.label ?? ru.map.label}
      whenVisible={props.whenVisible ?? false}
      onFail={setFailed}
    />
  );
}

interface FloorsBoxProps {
  url: string;
  complexId: string;
  firmId: number | undefined;
  label: string;
  whenVisible: boolean;
  /** A state setter, so its identity is stable and the widget is not rebuilt on every render. */
  onFail: (failed: boolean) => void;
}

/** The widget's 600 px box; the server draws it empty and the script fills it after hydration. */
function FloorsBox({ url, complexId, firmId, label, whenVisible, onFail }: FloorsBoxProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let cancelled = false;
    const mount = () =>
      void mountFloors(element, url, { complexId, firmId }).catch(() => {
        if (!cancelled) onFail(true);
      });
    const watcher = whenVisible ? whenNear(element, mount) : (mount(), null);
    return () => {
      cancelled = true;
      watcher?.disconnect();
      element.replaceChildren();
    };
  }, [url, complexId, firmId, whenVisible, onFail]);
  return <div ref={box} className="floors-widget" role="region" aria-label={label} />;
}
