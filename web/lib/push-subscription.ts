import type { ApiClient } from './api-client';

/**
 * The browser's side of web push (decision 077): whether this browser can take notifications from the site, its
 * subscription through the service worker's PushManager, and forgetting it. The cabinet's «Уведомления» switch
 * (web/features/cabinet/push-notifications.tsx) and the logout use it.
 */

/** What the browser can do: push works, or why it does not. */
export type PushSupport = 'supported' | 'ios-not-installed' | 'unsupported';

/** iPhone and iPad (an iPad's Safari says «Macintosh» but has touch). */
function isAppleMobile(): boolean {
  const ua = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
}

export function pushSupport(): PushSupport {
  const supported =
    'serviceWorker' in navigator &&
    typeof window.PushManager === 'function' &&
    typeof window.Notification === 'function';
  if (supported) return 'supported';
  // Safari on iOS 16.4 and later gives push only to a site opened from the home screen (installed).
  return isAppleMobile() ? 'ios-not-installed' : 'unsupported';
}

/** The site's service worker, or null where none runs (a development build, a private window). */
async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  if (!(await navigator.serviceWorker.getRegistration('/'))) return null;
  return navigator.serviceWorker.ready;
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await workerRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** A base64url key as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Subscribes this browser with the site's VAPID key; every push must show a notification (userVisibleOnly). */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscription> {
  const registration = await workerRegistration();
  if (!registration) throw new Error('no service worker');
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
}

/** The subscription as the server takes it (`POST /api/user/push-subscriptions`). */
export function subscriptionBody(subscription: PushSubscription) {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.['p256dh'] ?? '', auth: json.keys?.['auth'] ?? '' },
  };
}

/**
 * On logout: this browser stops taking the member's notifications (the next person on the device must not see
 * them). Best effort: a failure leaves the server's row, which the push service's 410 removes once the browser
 * has unsubscribed.
 */
export async function forgetPushSubscription(api: ApiClient): Promise<void> {
  try {
    const subscription = await currentPushSubscription();
    if (!subscription) return;
    await api
      .request('POST /api/user/push-subscriptions/unsubscribe', { body: { endpoint: subscription.endpoint } })
      .catch(() => undefined);
    await subscription.unsubscribe();
  } catch {
    // no worker or no push here: nothing to forget
  }
}
