import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '#server/app-deps';
import { pushSubscriptions } from '#server/db/schema/push';
import { AppError } from '#server/errors';
import { vapidKeys } from '#server/integrations/push/vapid-keys';
import { checkPushEndpoint } from './push-endpoint';

type PushDeps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

const USER_AGENT_MAX = 300;

/** The public key the cabinet subscribes with, or null when push is off on this installation. */
export async function pushPublicKey(deps: PushDeps): Promise<{ publicKey: string | null }> {
  if (!deps.config.pushEnabled) return { publicKey: null };
  return { publicKey: (await vapidKeys(deps.db, deps.config)).publicKey };
}

/**
 * Keeps a browser's subscription for the member (decision 077). One row per endpoint: the same browser posting
 * again refreshes its keys, and a browser another member used takes the row over (a device shows the
 * notifications of whoever switched them on last). The failure count starts again.
 */
export async function subscribe(
  deps: PushDeps,
  userId: string,
  body: { endpoint: string; keys: { p256dh: string; auth: string } },
  userAgent: string | undefined,
): Promise<{ subscribed: true }> {
  if (!deps.config.pushEnabled) throw new AppError('PUSH_DISABLED', 'Уведомления на этом сайте отключены');
  const endpoint = await checkPushEndpoint(body.endpoint, { production: deps.config.isProduction });
  const row = {
    userId,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    // A header is Latin-1 text: no surrogates to cut in half.
    userAgent: (userAgent ?? '').slice(0, USER_AGENT_MAX),
    createdAt: deps.clock.now(),
    failures: 0,
  };
  await deps.db
    .insert(pushSubscriptions)
    .values({ endpoint, ...row })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row });
  return { subscribed: true };
}

/** Forgets the member's subscription for a browser; someone else's endpoint is left alone. */
export async function unsubscribe(
  deps: PushDeps,
  userId: string,
  endpoint: string,
): Promise<{ subscribed: false }> {
  let normalised = endpoint;
  try {
    normalised = new URL(endpoint).toString();
  } catch {
    // not a URL: nothing of the member's can match it, the delete below finds nothing
  }
  await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, normalised)));
  return { subscribed: false };
}
