// The indoor floors widget (2GIS FloorsJS): its loader script defines `DG.FloorsWidget.init`, which draws the
// complex's floors into a container (docs.2gis.com/maps/others/floorsjs/reference). How it is addressed is
// recorded in docs/decisions/012-indoor-floors-widget.md.

/** Spec section 9: floors zoom 18, 19 for a single firm; the widget is 600 px high. */
export const FLOORS_ZOOM = 18;
export const FLOORS_FIRM_ZOOM = 19;
export const FLOORS_HEIGHT = '600px';
/** A loader that neither loads nor fails (a hanging network) counts as failed after this long. */
const LOAD_TIMEOUT_MS = 10_000;

interface FloorsInit {
  width: string;
  height: string;
  container: HTMLElement;
  initData: {
    complexId: string;
    options: { locale: 'ru_RU'; initialZoom: number; initialFirm?: string };
  };
}
interface FloorsWidgetApi {
  init(options: FloorsInit): void;
}
type WithDg = typeof globalThis & { DG?: { FloorsWidget?: FloorsWidgetApi } };

// One attempt per script URL and page life: offline, every map on every page would otherwise retry and wait.
const loads = new Map<string, Promise<FloorsWidgetApi>>();

function loadScript(url: string): Promise<FloorsWidgetApi> {
  const ready = () => (globalThis as WithDg).DG?.FloorsWidget;
  const existing = ready();
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    const timer = setTimeout(() => reject(new Error('floors widget: timed out')), LOAD_TIMEOUT_MS);
    script.src = url;
    script.async = true;
    script.onload = () => {
      clearTimeout(timer);
      const api = ready();
      if (api) resolve(api);
      else reject(new Error('floors widget: the script defines no DG.FloorsWidget'));
    };
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('floors widget: the script did not load'));
    };
    document.head.append(script);
  });
}

export interface FloorsOptions {
  complexId: string;
  /** The one firm to open (its card, at the closer zoom); none shows the whole complex. */
  firmId?: number;
}

/** Loads the widget's script (once) and draws the complex into `container`; rejects when it cannot. */
export async function mountFloors(container: HTMLElement, url: string, options: FloorsOptions) {
  let load = loads.get(url);
  if (!load) loads.set(url, (load = loadScript(url)));
  const api = await load;
  const firm = options.firmId ? String(options.firmId) : undefined;
  api.init({
    width: '100%',
    height: FLOORS_HEIGHT,
    container,
    initData: {
      complexId: options.complexId,
      options: {
        locale: 'ru_RU',
        initialZoom: firm ? FLOORS_FIRM_ZOOM : FLOORS_ZOOM,
        ...(firm && { initialFirm: firm }),
      },
    },
  });
}
