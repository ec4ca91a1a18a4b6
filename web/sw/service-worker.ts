/**
 * The site's service worker (docs/decisions/028), bundled by scripts/build.mjs to dist/client/sw.js and served
 * at /sw.js with the build's version and its asset list put in place of the two markers below. What it keeps:
 * the hashed assets (public code and styles), and two pages rendered as a visitor sees them: /profile (the
 * cabinet's shell, which shows the offline card from local storage) and /offline (every other page without a
 * network). No API answer is ever cached: the personal data offline is only the card the page keeps itself.
 * It also shows the site's web push notifications and opens the page a tapped one names (decision 077).
 */

import { openFromNotification, readPushData, showPush, type NotificationScope } from './notifications';

// The DOM library has no service-worker types, and the webworker one clashes with it in one program: the few
// shapes used here are written out.
interface SwExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SwFetchEvent extends SwExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface SwPushEvent extends SwExtendableEvent {
  data: { json(): unknown } | null;
}
interface SwNotificationEvent extends SwExtendableEvent {
  action: string;
  notification: { data: unknown; close(): void };
}
interface SwScope extends Omit<NotificationScope, 'location' | 'clients'> {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: NotificationScope['clients'] & { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: SwExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: SwFetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'push', listener: (event: SwPushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: SwNotificationEvent) => void): void;
}

declare const self: SwScope;
declare const __SW_VERSION__: string;
declare const __SW_ASSETS__: string[];

const ASSETS_CACHE = `kopilka-assets-${__SW_VERSION__}`;
/** web/lib/offline-card.ts clears this one on logout. */
const PAGES_CACHE = 'kopilka-pages-v1';
const PROFILE = '/profile';
const OFFLINE = '/offline';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await (await caches.open(ASSETS_CACHE)).addAll(__SW_ASSETS__);
      const pages = await caches.open(PAGES_CACHE);
      await Promise.all(
        [PROFILE, OFFLINE].map(async (path) => {
          const response = await fetch(path, { cache: 'reload', credentials: 'omit' });
          if (response.ok) await pages.put(path, response);
        }),
      );
    })(),
  );
  // No skipWaiting here: an open page keeps the version it started with until the person agrees to update.
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys())
        if (key.startsWith('kopilka-assets-') && key !== ASSETS_CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') void self.skipWaiting();
});

/** A hashed asset never changes: the cache first, else the network (kept for next time). */
async function asset(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(ASSETS_CACHE)).put(request, response.clone());
  return response;
}

/** A page: the network first (pages follow the brand's settings); without one, the kept /profile or /offline. */
async function page(request: Request, path: string): Promise<Response> {
  try {
    const response = await fetch(request);
    // The cabinet's shell holds no personal data (tokens never reach the server), so it is kept fresh.
    if (path === PROFILE && response.ok && response.status === 200)
      await (await caches.open(PAGES_CACHE)).put(PROFILE, response.clone());
    return response;
  } catch (error) {
    const pages = await caches.open(PAGES_CACHE);
    const kept = (await pages.match(path === PROFILE ? PROFILE : OFFLINE)) ?? (await pages.match(OFFLINE));
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/assets/')) return event.respondWith(asset(request));
  if (request.mode === 'navigate') return event.respondWith(page(request, url.pathname));
  // Everything else (the API, pictures, the sandbox bank) goes to the network untouched.
});
// Web push (decision 077): the notification the server sent, and a tap on it opening the page it names.
self.addEventListener('push', (event) => {
  const { data } = event;
  event.waitUntil(showPush(self, data ? readPushData(() => data.json()) : null));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(self, event.notification.data, event.action));
});
