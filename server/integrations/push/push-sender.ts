import { eq, sql } from 'drizzle-orm';
import webPush from 'web-push';
import type { Config } from '#server/config';
import type { Clock } from '#server/core/clock';
import type { Db } from '#server/db/client';
import { pushSubscriptions } from '#server/db/schema/push';
import { pushPayload, topicOf, type PushMessage } from './push-message';
import { vapidKeys, vapidSubject } from './vapid-keys';

export type PushDeps = {
  db: Db;
  clock: Clock;
  config: Pick<
    Config,
    | 'isProduction'
    | 'publicUrl'
    | 'pushEnabled'
    | 'vapidPublicKey'
    | 'vapidPrivateKey'
    | 'vapidSubject'
    | 'operatorEmail'
  >;
};

/** RFC 8030 §5.3: how soon the device should wake for it. A service message is `normal`; an offer `low`. */
export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushOptions {
  urgency?: PushUrgency;
  /** RFC 8030 §5.2: how long the push service keeps it for a device that is off; at most 4 weeks. */
  ttlSeconds?: number;
  /** An advertising message's withdrawal link (sendAdvertisingPush puts it). */
  unsubscribeUrl?: string;
}

/**
 * What a send did: `disabled` (PUSH_ENABLED=false: nothing sent), `no-subscriptions` (the member has no browser
 * with notifications on), else `sent`, with how many browsers' push services took it (`delivered`: 201), how
 * many subscriptions were gone and deleted (404/410), and how many failed for now (network, 429, 5xx).
 */
export interface PushDelivery {
  status: 'disabled' | 'no-subscriptions' | 'sent';
  delivered: number;
  removed: number;
  failed: number;
}

const DAY = 86_400;
const MAX_TTL = 28 * DAY;
const TIMEOUT_MS = 10_000;
/** Failures in a row (and no success between) after which a subscription is taken for dead. */
const DEAD_AFTER_FAILURES = 100;

type SubscriptionRow = typeof pushSubscriptions.$inferSelect;
type Outcome = 'delivered' | 'removed' | 'failed';

/**
 * Sends one notification to every browser where the member switched notifications on (decision 077): encrypted
 * to each browser's keys (RFC 8291, aes128gcm) and signed with the installation's VAPID key (RFC 8292) by the
 * `web-push` library, POSTed to the browser's push service (RFC 8030) with a TTL (a day by default) and an
 * urgency (`normal`). A 404 or 410 deletes the subscription; other failures are counted on it. Never throws for
 * a push service's answer; throws `PushMessageError` for a message that cannot be sent (a link off the site).
 *
 * This is the service-message sender: it asks nothing about consent. An advertising push goes through
 * `sendAdvertisingPush` (advertising-push.ts), which asks `mayAdvertise` first.
 */
export async function sendPushToMember(
  deps: PushDeps,
  memberId: string,
  message: PushMessage,
  options: PushOptions = {},
): Promise<PushDelivery> {
  const payload = JSON.stringify(pushPayload(message, deps.config.publicUrl, options.unsubscribeUrl));
  if (!deps.config.pushEnabled) return { status: 'disabled', delivered: 0, removed: 0, failed: 0 };
  const rows = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, memberId));
  if (rows.length === 0) return { status: 'no-subscriptions', delivered: 0, removed: 0, failed: 0 };
  const keys = await vapidKeys(deps.db, deps.config);
  const requestOptions: webPush.RequestOptions = {
    vapidDetails: { subject: vapidSubject(deps.config), ...keys },
    TTL: Math.min(Math.max(Math.round(options.ttlSeconds ?? DAY), 0), MAX_TTL),
    urgency: options.urgency ?? 'normal',
    contentEncoding: 'aes128gcm',
  };
  const topic = topicOf(message.tag);
  if (topic) requestOptions.topic = topic;
  const outcomes = await Promise.all(rows.map((row) => sendToOne(deps, row, payload, requestOptions)));
  const count = (outcome: Outcome) => outcomes.filter((o) => o === outcome).length;
  return {
    status: 'sent',
    delivered: count('delivered'),
    removed: count('removed'),
    failed: count('failed'),
  };
}

/**
 * One browser. web-push builds the request (encryption, VAPID header, TTL, Urgency, Topic); the POST is ours, so
 * the transport is Node's fetch with a timeout and no redirects, and https only in production.
 */
async function sendToOne(
  deps: PushDeps,
  row: SubscriptionRow,
  payload: string,
  options: webPush.RequestOptions,
): Promise<Outcome> {
  let status: number;
  try {
    if (deps.config.isProduction && !row.endpoint.startsWith('https://')) throw new Error('not https');
    const request = webPush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      payload,
      options,
    );
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: new Uint8Array(request.body),
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch {
    status = 0; // the network, a timeout, or keys web-push cannot use
  }
  return recordOutcome(deps, row, status);
}

async function recordOutcome(deps: PushDeps, row: SubscriptionRow, status: number): Promise<Outcome> {
  const byId = eq(pushSubscriptions.id, row.id);
  if (status >= 200 && status < 300) {
    await deps.db.update(pushSubscriptions).set({ lastSuccessAt: deps.clock.now(), failures: 0 }).where(byId);
    return 'delivered';
  }
  // RFC 8030 §7.3: the subscription expired or the browser unsubscribed; it will never take a message again.
  if (status === 404 || status === 410 || row.failures + 1 >= DEAD_AFTER_FAILURES) {
    await deps.db.delete(pushSubscriptions).where(byId);
    return 'removed';
  }
  await deps.db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1` })
    .where(byId);
  return 'failed';
}
