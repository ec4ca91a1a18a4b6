/**
 * What the service worker does with a push and a tap on its notification (decision 077), apart from the worker
 * itself so it is tested without one. The server sends JSON: `{title, body, url, tag?, unsubscribeUrl?}`
 * (server/integrations/push/push-message.ts); every link is held to the site's own origin here again.
 */

export interface PushData {
  title: string;
  body: string;
  url: string;
  tag?: string;
  unsubscribeUrl?: string;
}

export interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/** The parts of the worker's global scope these handlers use. */
export interface NotificationScope {
  location: { origin: string };
  registration: { showNotification(title: string, options: Record<string, unknown>): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

/** The brand's icon, as the manifest names it (server/features/site/web-manifest.ts). */
export const NOTIFICATION_ICON = '/api/proxy/pictures/icon-192.png';
const HOME = '/profile';
export const UNSUBSCRIBE_ACTION = 'unsubscribe';

/** A link on the site, absolute; anything elsewhere (or unreadable) becomes the cabinet. */
export function siteUrl(url: unknown, origin: string): string {
  try {
    const target = new URL(typeof url === 'string' ? url : HOME, origin);
    if (target.origin === origin && (target.protocol === 'https:' || target.protocol === 'http:'))
      return target.href;
  } catch {
    // answered below
  }
  return new URL(HOME, origin).href;
}

/** The push's JSON, or null for a push that carries none the site sent. */
export function readPushData(json: () => unknown): PushData | null {
  try {
    const data = json() as Partial<PushData> | null;
    if (typeof data?.title !== 'string' || typeof data.body !== 'string') return null;
    return {
      title: data.title,
      body: data.body,
      url: typeof data.url === 'string' ? data.url : HOME,
      ...(typeof data.tag === 'string' ? { tag: data.tag } : {}),
      ...(typeof data.unsubscribeUrl === 'string' ? { unsubscribeUrl: data.unsubscribeUrl } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * Shows the notification: the title, the text, the brand's icon, and where a tap leads. An advertising message
 * carries its one-step withdrawal (decision 072) as an action. A push the site cannot read still shows a line:
 * a push that shows nothing is what browsers punish (Chrome shows its own "updated in the background").
 */
export function showPush(scope: NotificationScope, data: PushData | null): Promise<void> {
  const origin = scope.location.origin;
  if (!data)
    return scope.registration.showNotification('Новое уведомление', {
      body: 'Откройте личный кабинет',
      icon: NOTIFICATION_ICON,
      data: { url: siteUrl(HOME, origin) },
    });
  const unsubscribeUrl = data.unsubscribeUrl ? siteUrl(data.unsubscribeUrl, origin) : undefined;
  return scope.registration.showNotification(data.title, {
    body: data.body,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_ICON,
    lang: 'ru',
    ...(data.tag ? { tag: data.tag } : {}),
    data: { url: siteUrl(data.url, origin), ...(unsubscribeUrl ? { unsubscribeUrl } : {}) },
    ...(unsubscribeUrl ? { actions: [{ action: UNSUBSCRIBE_ACTION, title: 'Отписаться от рекламы' }] } : {}),
  });
}

/**
 * A tap: the page the notification names (or its withdrawal page for that action), in a window of the site that
 * is already open (focused, and sent there unless it shows that page already), else in a new one.
 */
export async function openFromNotification(
  scope: NotificationScope,
  data: unknown,
  action: string,
): Promise<void> {
  const origin = scope.location.origin;
  const { url, unsubscribeUrl } = (data ?? {}) as { url?: unknown; unsubscribeUrl?: unknown };
  const target = siteUrl(action === UNSUBSCRIBE_ACTION && unsubscribeUrl ? unsubscribeUrl : url, origin);
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((w) => w.url === target);
  if (same) {
    await same.focus();
    return;
  }
  const open = windows.find((w) => w.url.startsWith(`${origin}/`));
  if (open) {
    await open.focus();
    await open.navigate(target);
    return;
  }
  await scope.clients.openWindow(target);
}
