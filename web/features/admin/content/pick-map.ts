// Loaded only by the points editor's map picker, in the browser: Leaflet never reaches a page without a map.
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { MapSettings } from '#common/contract/map';
import { ruAdminContent } from '#web/i18n/ru-admin-content';
import { ru } from '#web/i18n/ru';

/** Where the map opens for a point without coordinates in a brand with no placed points: Moscow. */
const FALLBACK: [number, number] = [55.751, 37.618];
const ZOOM = 12;
/** A brand's points fitted to the map: close enough for a street, never so close one point fills it. */
const FIT_MAX_ZOOM = 15;

export interface Picker {
  /** Moves the marker to typed coordinates (or removes it for none). */
  setPosition(latitude: number | null, longitude: number | null): void;
  destroy(): void;
}

/** Six decimals: about 10 cm, more than a shop's address needs. */
const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** A map in `host` on which a click sets the point's place: the marker moves there and `onPick` gets it. */
export function mountPicker(
  host: HTMLElement,
  options: MapSettings & {
    at: [number, number] | null;
    /** The brand's placed points: a new point's map opens over them (decision 054), not on Moscow. */
    around: [number, number][];
    onPick: (latitude: number, longitude: number) => void;
  },
): Picker {
  const map = L.map(host, { zoomControl: false });
  if (options.at || !options.around.length) map.setView(options.at ?? FALLBACK, ZOOM);
  else map.fitBounds(L.latLngBounds(options.around), { padding: [24, 24], maxZoom: FIT_MAX_ZOOM });
  L.control.zoom({ zoomInTitle: ru.map.zoomIn, zoomOutTitle: ru.map.zoomOut }).addTo(map);
  // Without a reachable tile server the tiles fail quietly; clicks still give coordinates.
  L.tileLayer(options.tileUrl, { attribution: options.attribution, maxZoom: 19 }).addTo(map);
  const icon = L.divIcon({ className: 'map-marker', iconSize: [32, 32], iconAnchor: [16, 32] });
  let marker: L.Marker | null = null;
  const place = (at: [number, number] | null) => {
    if (!at) {
      marker?.remove();
      marker = null;
      return;
    }
    if (!marker) {
      marker = L.marker(at, { icon, title: ruAdminContent.points.marker, keyboard: false }).addTo(map);
    } else marker.setLatLng(at);
  };
  place(options.at);
  map.on('click', (event: L.LeafletMouseEvent) => {
    const at: [number, number] = [round(event.latlng.lat), round(event.latlng.wrap().lng)];
    place(at);
    options.onPick(at[0], at[1]);
  });
  return {
    setPosition(latitude, longitude) {
      const valid =
        latitude !== null && longitude !== null && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
      place(valid ? [latitude, longitude] : null);
      if (valid && !map.getBounds().contains([latitude, longitude])) map.panTo([latitude, longitude]);
    },
    destroy: () => map.remove(),
  };
}
