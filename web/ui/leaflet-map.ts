// Loaded only by PointMap after hydration: Leaflet, its clustering plugin and their styles never reach a page
// without a map, and never run on the server.
import * as leaflet from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { MapSettings } from '#common/contract/map';
import type { Point } from '#common/contract/content';
import { ru } from '../i18n/ru';
import { telHref } from '../lib/formats';
import { yieldToMain } from './after-first-paint';

/** Spec section 9. */
const DEFAULT_ZOOM = 10;

interface MountOptions extends MapSettings {
  points: Point[];
  focusId?: number;
}

// leaflet.markercluster is a UMD script that extends a global `L`; a mutable copy of the module stands in.
type Leaflet = typeof leaflet;
let withClusters: Promise<Leaflet> | null = null;
function loadLeaflet(): Promise<Leaflet> {
  withClusters ??= (async () => {
    const L = { ...leaflet } as Leaflet;
    (globalThis as { L?: Leaflet }).L = L;
    await import('leaflet.markercluster');
    return L;
  })();
  return withClusters;
}

/** A div icon in the brand colour (CSS) whose element carries an accessible name (Leaflet gives it role=button). */
function labelledIcon(L: Leaflet, className: string, label: string, html = '', anchorY = 32) {
  const icon = L.divIcon({
    className,
    html,
    iconSize: [32, 32],
    iconAnchor: [16, anchorY],
    popupAnchor: [0, 2 - anchorY],
  });
  const create = icon.createIcon.bind(icon);
  icon.createIcon = (old) => {
    const element = create(old);
    element.setAttribute('aria-label', label);
    return element;
  };
  return icon;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Spec "Map marker popup": title, address, phone, rating stars, 'Бонусирование: N%'. Built as DOM, never HTML. */
function popupContent(point: Point): HTMLElement {
  const root = element('div', 'map-popup');
  root.tabIndex = -1;
  root.append(element('p', 'map-popup__title', point.title));
  const stars = Math.max(0, Math.min(5, Math.round(point.rating)));
  const rating = element('span', 'rating');
  rating.setAttribute('role', 'img');
  rating.setAttribute('aria-label', ru.content.rating(stars));
  for (let i = 0; i < 5; i++) {
    const star = element('span', i < stars ? 'rating__star rating__star--on' : 'rating__star', '★');
    star.setAttribute('aria-hidden', 'true');
    rating.append(star);
  }
  root.append(rating);
  const { city, street, house } = point.address;
  root.append(element('p', 'map-popup__address', [city, street, house].filter(Boolean).join(', ')));
  if (point.phone) {
    const phone = element('a', 'map-popup__phone', point.phone);
    phone.href = telHref(point.phone);
    root.append(phone);
  }
  root.append(element('p', 'map-popup__bonus', ru.content.bonus(point.currentBonus)));
  return root;
}

function centreOf(points: Point[]): [number, number] {
  let lat = 0;
  let lng = 0;
  for (const p of points) {
    lat += p.address.latitude!;
    lng += p.address.longitude!;
  }
  return [lat / points.length, lng / points.length];
}

/** Builds the map in `host`; returns what removes it. */
export function mountMap(host: HTMLElement, options: MountOptions): () => void {
  let map: leaflet.Map | null = null;
  let removed = false;
  // Built in three tasks with a paint between them (the map and its controls, the tiles, the markers), so none of
  // them is long enough to hold up a tap (decision 035: one task of about 360 ms at a phone's speed before).
  void (async () => {
    const L = await loadLeaflet();
    if (removed) return;
    const focus = options.points.find((p) => p.id === options.focusId);
    map = L.map(host, {
      zoomControl: false,
      // Added with the tiles, whose attribution it shows: an empty control filled a task later would move.
      attributionControl: false,
      center: centreOf(focus ? [focus] : options.points),
      zoom: DEFAULT_ZOOM,
    });
    L.control.zoom({ zoomInTitle: ru.map.zoomIn, zoomOutTitle: ru.map.zoomOut }).addTo(map);
    await yieldToMain();
    if (removed || !map) return;
    // Without a reachable tile server the tiles fail quietly; markers and popups work all the same.
    L.control.attribution().addTo(map);
    L.tileLayer(options.tileUrl, { attribution: options.attribution, maxZoom: 19 }).addTo(map);
    await yieldToMain();
    if (removed || !map) return;
    const shown = map;
    const clusters = L.markerClusterGroup({
      showCoverageOnHover: false,
      iconCreateFunction: (cluster) => {
        const count = cluster.getChildCount();
        return labelledIcon(L, 'map-cluster', ru.map.cluster(count), `<span>${count}</span>`, 16);
      },
    });
    let focused: leaflet.Marker | null = null;
    let opener: leaflet.Marker | null = null;
    for (const point of options.points) {
      const marker = L.marker([point.address.latitude!, point.address.longitude!], {
        icon: labelledIcon(L, 'map-marker', point.title),
        title: point.title,
        keyboard: true,
      });
      marker.bindPopup(() => popupContent(point), { maxWidth: 260 });
      marker.on('popupopen', () => (opener = marker));
      clusters.addLayer(marker);
      if (point.id === focus?.id) focused = marker;
    }
    shown.addLayer(clusters);
    shown.on('popupopen', (event) => {
      const popup = event.popup.getElement();
      popup?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', ru.map.closePopup);
      // A keyboard user lands in the popup; Escape closes it and Leaflet returns to the map.
      if (host.contains(document.activeElement)) popup?.querySelector<HTMLElement>('.map-popup')?.focus();
    });
    // Leaflet closes a popup on Escape only while the map itself has focus; a marker or the popup may have it.
    host.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !opener?.isPopupOpen()) return;
      map?.closePopup();
      opener.getElement()?.focus();
    });
    if (focused) clusters.zoomToShowLayer(focused, () => focused?.openPopup());
  })();
  return () => {
    removed = true;
    map?.remove();
  };
}
